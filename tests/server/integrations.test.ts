import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SecretBox } from '../../server/secrets/secret-box.js';
import { startCenterbaseStandIn, type CenterbaseStandIn } from '../stand-ins/centerbase/centerbase-stand-in.js';
import { createRivalFirms, createTestContext, json, type TestClient, type TestContext } from './helpers.js';
import { templateBody } from './form-fixtures.js';

let ctx: TestContext;
let acme: number;
let other: number;
let lawyer: TestClient;
let rival: TestClient;
let formId: string;
let rivalFormId: string;

const API_KEY = 'cb-live-key-7f3a9d2e1b';
let centerbase: CenterbaseStandIn;

beforeAll(async () => {
  // Storing a Centerbase key signs in with it (tests/server/centerbase-adapter.test.ts): on loopback here.
  centerbase = await startCenterbaseStandIn({ firms: [{ subdomain: 'acme-law', apiKey: API_KEY, companyName: 'Acme Law LLP' }] });
  ctx = await createTestContext({ ZAPIER_HOOK_HOSTS: 'hooks.zapier.com', CENTERBASE_BASE_URL: centerbase.apiBaseUrl });
  ({ acme, other, lawyer, rival } = await createRivalFirms(ctx));
  formId = (await lawyer.request({ method: 'POST', url: `/api/${acme}/form-templates/`, ...json(templateBody()) })).json().id;
  rivalFormId = (await rival.request({ method: 'POST', url: `/api/${other}/form-templates/`, ...json(templateBody()) })).json().id;
});
afterAll(async () => {
  await ctx.close();
  await centerbase.close();
});

const zapierGet = (token: string, path = 'me/') => ctx.app.inject({ method: 'GET', url: `/api/zapier/${path}`, headers: { 'x-api-key': token } });

/** A cached record type, as an adapter (integrations part 2) will write it. */
async function addRecordType(integrationId: string, name: string, fieldList: unknown = [{ id: 'f1', name: 'First Name', type: 'text', required: true }]) {
  return ctx.db
    .insertInto('integration_apis')
    .values({ integration_id: integrationId, api_type: 'contact', external_key: randomUUID(), name, field_list: JSON.stringify(fieldList) })
    .returning('id')
    .executeTakeFirstOrThrow();
}

describe('integrations', () => {
  it('connects Centerbase: stores the API key encrypted, answers only that one is set, and changes the switches', async () => {
    expect((await lawyer.get(`/api/${acme}/integrations/centerbase/`)).json()).toEqual({ count: 0, next: null, previous: null, results: [] });

    const created = await lawyer.request({ method: 'POST', url: `/api/${acme}/integrations/centerbase/`, ...json({ api_key: API_KEY, subdomain: 'Acme-Law', push_web_leads: true }) });
    expect(created.statusCode).toBe(201);
    expect(created.body).not.toContain(API_KEY);
    const integration = created.json();
    expect(integration).toMatchObject({ kind: 'centerbase', account: acme, apiKeySet: true, apiKey: '********', subdomain: 'acme-law', pushWebLeads: true, enabled: false, status: 'connected', companyName: 'Acme Law LLP' });
    // Connecting read the firm's record types.
    expect(integration.apis.map((api: { name: string }) => api.name)).toEqual(['Contact', 'Matter']);

    const row = await ctx.db.selectFrom('account_integrations').selectAll().where('id', '=', integration.id).executeTakeFirstOrThrow();
    expect(row.secret).not.toContain(API_KEY);
    expect(new SecretBox(ctx.config.SECRET_KEY!).decryptJson(row.secret!, { table: 'account_integrations', column: 'secret', rowId: integration.id })).toEqual({ apiKey: API_KEY });

    const list = await lawyer.get(`/api/${acme}/integrations/centerbase/`);
    expect(list.json().results).toEqual([integration]);
    expect(list.body).not.toContain(API_KEY);

    const again = await lawyer.request({ method: 'POST', url: `/api/${acme}/integrations/centerbase/`, ...json({ api_key: 'x' }) });
    expect(again.statusCode).toBe(409);

    const switched = await lawyer.request({ method: 'PATCH', url: `/api/${acme}/integrations/centerbase/${integration.id}/`, ...json({ enabled: true, push_web_leads: false }) });
    expect(switched.statusCode).toBe(200);
    expect(switched.json()).toMatchObject({ enabled: true, pushWebLeads: false, apiKeySet: true, subdomain: 'acme-law' });

    const disconnected = await lawyer.request({ method: 'PATCH', url: `/api/${acme}/integrations/centerbase/${integration.id}/`, ...json({ api_key: null }) });
    expect(disconnected.json()).toMatchObject({ apiKeySet: false, apiKey: null, status: 'disconnected' });
    const reconnected = await lawyer.request({ method: 'PATCH', url: `/api/${acme}/integrations/centerbase/${integration.id}/`, ...json({ api_key: API_KEY }) });
    expect(reconnected.json()).toMatchObject({ apiKeySet: true });
    expect(reconnected.body).not.toContain(API_KEY);
  });

  it.each([
    ['centerbase', { subdomain: 'acme.evil.com/x' }, 'subdomain', 'letters, digits and dashes'],
    ['centerbase', { subdomain: 'a b' }, 'subdomain', 'letters, digits and dashes'],
    ['centerbase', { api_key: '' }, 'api_key', 'must not be empty'],
    ['centerbase', { enabled: 'yes' }, 'enabled', ''],
    ['clio', { api_key: 'k' }, 'api_key', 'only a Centerbase integration takes an API key'],
    ['zapier', { subdomain: 'acme' }, 'subdomain', 'only a Centerbase integration takes a subdomain'],
  ])('refuses bad input to %s %j naming the field', async (kind, body, field, message) => {
    const response = await lawyer.request({ method: 'POST', url: `/api/${acme}/integrations/${kind}/`, ...json(body) });
    expect(response.statusCode).toBe(400);
    expect(response.json().errors[field], JSON.stringify(response.json())).toBeDefined();
    expect(response.json().errors[field].join(' ')).toContain(message);
  });

  it('refuses a bad PATCH naming the field, before looking the integration up', async () => {
    const integration = (await lawyer.get(`/api/${acme}/integrations/centerbase/`)).json().results[0];
    for (const id of [integration.id, randomUUID()]) {
      const response = await lawyer.request({ method: 'PATCH', url: `/api/${acme}/integrations/centerbase/${id}/`, ...json({ subdomain: 'x.y', push_web_leads: 1 }) });
      expect(response.statusCode).toBe(400);
      expect(Object.keys(response.json().errors).sort()).toEqual(['push_web_leads', 'subdomain']);
    }
  });

  it('answers 404 for an unknown kind or integration id', async () => {
    expect((await lawyer.get(`/api/${acme}/integrations/salesforce/`)).statusCode).toBe(404);
    expect((await lawyer.request({ method: 'PATCH', url: `/api/${acme}/integrations/clio/${randomUUID()}/`, ...json({ enabled: true }) })).statusCode).toBe(404);
  });

  it('lists cached record types and their field lists, empty before an adapter fetched any', async () => {
    expect((await lawyer.get(`/api/${acme}/integrations/clio/apis/`)).json()).toEqual({ count: 0, next: null, previous: null, results: [] });
    const integration = (await lawyer.get(`/api/${acme}/integrations/centerbase/`)).json().results[0];
    const api = await addRecordType(integration.id, 'Contact');
    const apis = (await lawyer.get(`/api/${acme}/integrations/centerbase/apis/`)).json();
    // Next to the two record types connecting read from Centerbase.
    expect(apis.results).toHaveLength(3);
    expect(apis.results).toContainEqual(expect.objectContaining({ id: api.id, apiType: 'contact', name: 'Contact' }));
    expect((await lawyer.get(`/api/${acme}/integrations/centerbase/`)).json().results[0].apis).toEqual(apis.results);

    const fields = await lawyer.get(`/api/${acme}/integrations/centerbase/apis/${api.id}/field_list/`);
    expect(fields.json()).toEqual({ count: 1, next: null, previous: null, results: [{ id: 'f1', name: 'First Name', type: 'text', required: true }] });
    // Another kind's path does not reach this record type.
    expect((await lawyer.get(`/api/${acme}/integrations/clio/apis/${api.id}/field_list/`)).statusCode).toBe(404);
  });
});

describe('account tokens', () => {
  it('generates the Zapier key once, masks it on later reads, and a renewal stops the old key at once', async () => {
    const created = await lawyer.request({ method: 'POST', url: `/api/${acme}/integrations/zapier/create-account-token/`, ...json({}) });
    expect(created.statusCode).toBe(201);
    const token = created.json();
    expect(token).toMatchObject({ isActive: true, account: acme, name: 'Zapier' });
    expect(token.token).toMatch(/^fbk_[\w-]{43}$/);
    expect((await zapierGet(token.token)).statusCode).toBe(200);

    const integration = (await lawyer.get(`/api/${acme}/integrations/zapier/`)).json().results[0];
    expect(integration).toMatchObject({ kind: 'zapier', status: 'connected', enabled: true, pushWebLeads: true, restHooks: [] });
    expect(integration.accountToken).toMatchObject({ id: token.id, token: `${token.tokenPrefix}…`, isActive: true });
    expect(JSON.stringify(integration)).not.toContain(token.token);

    const renewed = await lawyer.request({ method: 'POST', url: `/api/${acme}/integrations/zapier/${integration.id}/renew-account-token/`, ...json({}) });
    expect(renewed.statusCode).toBe(200);
    expect(renewed.json()).toMatchObject({ id: token.id, isActive: true });
    expect(renewed.json().token).not.toBe(token.token);
    expect((await zapierGet(token.token)).statusCode).toBe(401);
    expect((await zapierGet(renewed.json().token)).statusCode).toBe(200);

    // Generating again replaces the key too.
    const second = (await lawyer.request({ method: 'POST', url: `/api/${acme}/integrations/zapier/create-account-token/`, ...json({ name: 'Zapier 2' }) })).json();
    expect((await zapierGet(renewed.json().token)).statusCode).toBe(401);
    expect((await zapierGet(second.token)).statusCode).toBe(200);
    expect((await lawyer.get(`/api/${acme}/integrations/zapier/`)).json().results[0].accountToken).toMatchObject({ id: second.id, name: 'Zapier 2' });

    const stored = await ctx.db.selectFrom('account_tokens').selectAll().execute();
    for (const key of [token.token, renewed.json().token, second.token]) expect(JSON.stringify(stored)).not.toContain(key);
  });

  it('disconnects Zapier: the key stops working, every hook is removed and nothing waiting goes out', async () => {
    const key = (await lawyer.request({ method: 'POST', url: `/api/${acme}/integrations/zapier/create-account-token/`, ...json({}) })).json().token;
    const hook = await ctx.app.inject({
      method: 'POST',
      url: '/api/zapier/hooks/',
      headers: { 'x-api-key': key, 'content-type': 'application/json' },
      payload: JSON.stringify({ target_url: 'https://hooks.zapier.com/hooks/standard/1/disconnect-me', event: 'response.created', form_id: formId }),
    });
    expect(hook.statusCode, hook.body).toBe(201);
    const integration = (await lawyer.get(`/api/${acme}/integrations/zapier/`)).json().results[0];
    expect(integration.restHooks).toHaveLength(1);

    const disconnected = await lawyer.request({ method: 'POST', url: `/api/${acme}/integrations/zapier/${integration.id}/disconnect/` });
    expect(disconnected.statusCode, disconnected.body).toBe(200);
    expect(disconnected.json()).toMatchObject({ id: integration.id, status: 'disconnected', restHooks: [], accountToken: null });
    expect((await zapierGet(key)).statusCode).toBe(401);
    const stored = await ctx.db.selectFrom('zapier_hooks').select(['deleted_reason']).where('id', '=', hook.json().id).executeTakeFirstOrThrow();
    expect(stored.deleted_reason).toBe('unsubscribed');
    // A disconnected integration connects again with a new key.
    const again = await lawyer.request({ method: 'POST', url: `/api/${acme}/integrations/zapier/create-account-token/`, ...json({}) });
    expect((await zapierGet(again.json().token)).statusCode).toBe(200);
    expect((await lawyer.get(`/api/${acme}/integrations/zapier/`)).json().results[0].status).toBe('connected');
  });

  it('creates and renews a generic account token', async () => {
    const created = await lawyer.request({ method: 'POST', url: `/api/${acme}/account-tokens/`, ...json({ name: 'Scripts' }) });
    expect(created.statusCode).toBe(201);
    expect(created.json()).toMatchObject({ name: 'Scripts', account: acme, isActive: true, lastUsedAt: null });
    const renewed = await lawyer.request({ method: 'POST', url: `/api/${acme}/account-tokens/${created.json().id}/renew-token/`, ...json({}) });
    expect(renewed.statusCode).toBe(200);
    expect((await zapierGet(created.json().token)).statusCode).toBe(401);
    expect((await zapierGet(renewed.json().token)).statusCode).toBe(200);

    const bad = await lawyer.request({ method: 'POST', url: `/api/${acme}/account-tokens/`, ...json({ name: '' }) });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().errors.name).toEqual(['must not be empty']);
    expect((await lawyer.request({ method: 'POST', url: `/api/${acme}/account-tokens/${randomUUID()}/renew-token/`, ...json({}) })).statusCode).toBe(404);
  });
});

describe('field maps', () => {
  const notes = { id: 'f2', name: 'Notes', type: 'text', required: false };
  /** A map spec §5 accepts (tests/server/field-map-save.test.ts covers the rules): inputs of the form as saved. */
  let rules: unknown[];
  beforeAll(async () => {
    const [page1, page2] = (await lawyer.get(`/api/${acme}/form-templates/${formId}/`)).json().jsonForm;
    const side = (input: { id: string; label: string; subtype: string; required: boolean }) => ({ id: input.id, name: input.label, type: input.subtype, required: input.required });
    rules = [
      { id: 'r1', local: side(page1.children[1]), foreign: { id: 'f1', name: 'First Name', type: 'text', required: true } },
      { id: 'r2', local: side(page2.children[0]), foreign: notes },
    ];
  });

  it('stores and returns the rules; lists by form; toggles; the built-in contact form takes maps too', async () => {
    const integration = (await lawyer.get(`/api/${acme}/integrations/centerbase/`)).json().results[0];
    const api = await addRecordType(integration.id, 'Matter', [{ id: 'f1', name: 'First Name', type: 'text', required: true }, notes]);
    const created = await lawyer.request({
      method: 'POST',
      url: `/api/${acme}/form-mappers/`,
      ...json({ form_template: formId, conversion_rules: rules, integration_api_type: 'centerbase', integration_api_id: api.id }),
    });
    expect(created.statusCode).toBe(201);
    const mapper = created.json();
    expect(mapper).toMatchObject({ formTemplate: formId, conversionRules: rules, integrationApiType: 'centerbase', integrationApiId: api.id, enabled: true });

    expect((await lawyer.get(`/api/${acme}/form-mappers/${mapper.id}/`)).json()).toEqual(mapper);
    expect((await lawyer.get(`/api/${acme}/form-mappers/?form_template=${formId}`)).json().results).toEqual([mapper]);
    expect((await lawyer.get(`/api/${acme}/form-mappers/?form_template=${randomUUID()}`)).json().results).toEqual([]);

    const toggled = await lawyer.request({ method: 'PATCH', url: `/api/${acme}/form-mappers/${mapper.id}/`, ...json({ id: mapper.id, enabled: false, conversion_rules: rules.slice(0, 1) }) });
    expect(toggled.statusCode).toBe(200);
    expect(toggled.json()).toMatchObject({ enabled: false, conversionRules: rules.slice(0, 1), integrationApiId: api.id });

    const duplicate = await lawyer.request({ method: 'POST', url: `/api/${acme}/form-mappers/`, ...json({ form_template: formId, integration_api_type: 'centerbase', integration_api_id: api.id }) });
    expect(duplicate.statusCode).toBe(409);

    const contacts = await lawyer.request({ method: 'POST', url: `/api/${acme}/form-mappers/`, ...json({ form_template: 'contact-export-form', integration_api_type: 'clio' }) });
    expect(contacts.statusCode).toBe(201);
    expect(contacts.json().formTemplate).not.toBe('contact-export-form');
    expect((await lawyer.get(`/api/${acme}/form-mappers/?form_template=contact-export-form`)).json().results).toEqual([contacts.json()]);
  });

  it.each([
    [{ form_template: 'RIVAL' }, 'form_template', 'no such form in this account'],
    [{ form_template: 'not-a-form' }, 'form_template', 'no such form in this account'],
    [{ integration_api_type: 'zapier' }, 'integration_api_type', 'must be centerbase or clio'],
    [{ integration_api_id: randomUUID() }, 'integration_api_id', 'no such centerbase record type in this account'],
    [{ conversion_rules: [{ id: 'r', local: { id: 'x' }, foreign: null }] }, 'conversion_rules.0.local.name', ''],
    [{ conversion_rules: 'all' }, 'conversion_rules', ''],
  ])('refuses bad input %j naming the field', async (overrides, field, message) => {
    const body = { form_template: formId, integration_api_type: 'centerbase', ...overrides };
    if (body.form_template === 'RIVAL') body.form_template = rivalFormId;
    const response = await lawyer.request({ method: 'POST', url: `/api/${acme}/form-mappers/`, ...json(body) });
    expect(response.statusCode).toBe(400);
    expect(response.json().errors[field], JSON.stringify(response.json())).toBeDefined();
    expect(response.json().errors[field].join(' ')).toContain(message);
  });

  it('refuses a PATCH whose id is not the one in the path', async () => {
    const mapper = (await lawyer.get(`/api/${acme}/form-mappers/`)).json().results[0];
    const response = await lawyer.request({ method: 'PATCH', url: `/api/${acme}/form-mappers/${mapper.id}/`, ...json({ id: randomUUID(), enabled: true }) });
    expect(response.statusCode).toBe(400);
    expect(response.json().errors.id).toEqual(['must be the id in the path']);
  });
});

describe('account isolation', () => {
  it("refuses another account's integrations, tokens and field maps on every route", async () => {
    const centerbase = (await lawyer.get(`/api/${acme}/integrations/centerbase/`)).json().results[0];
    const zapier = (await lawyer.get(`/api/${acme}/integrations/zapier/`)).json().results[0];
    const token = (await lawyer.request({ method: 'POST', url: `/api/${acme}/account-tokens/`, ...json({}) })).json();
    const mapper = (await lawyer.get(`/api/${acme}/form-mappers/`)).json().results[0];
    const api = centerbase.apis[0];

    const routes: [string, string, unknown?][] = [
      ['GET', 'integrations/centerbase/'],
      ['POST', 'integrations/clio/', {}],
      ['PATCH', `integrations/centerbase/${centerbase.id}/`, { enabled: false }],
      ['GET', 'integrations/centerbase/apis/'],
      ['GET', `integrations/centerbase/apis/${api.id}/field_list/`],
      ['POST', 'integrations/zapier/create-account-token/', {}],
      ['POST', `integrations/zapier/${zapier.id}/renew-account-token/`, {}],
      ['POST', `integrations/zapier/${zapier.id}/disconnect/`],
      ['POST', 'account-tokens/', {}],
      ['POST', `account-tokens/${token.id}/renew-token/`, {}],
      ['GET', 'form-mappers/'],
      ['POST', 'form-mappers/', { form_template: formId, integration_api_type: 'clio' }],
      ['GET', `form-mappers/${mapper.id}/`],
      ['PATCH', `form-mappers/${mapper.id}/`, { enabled: true }],
    ];
    for (const [method, path, body] of routes) {
      // Through the victim's account: 403 before anything is looked up or validated.
      const direct = await rival.request({ method, url: `/api/${acme}/${path}`, ...(body ? json(body) : {}) });
      expect(direct.statusCode, `${method} ${path}`).toBe(403);
      // Through the rival's own account, with the victim's ids: nothing found.
      const own = await rival.request({ method, url: `/api/${other}/${path}`, ...(body ? json(body) : {}) });
      if (path.includes(centerbase.id) || path.includes(zapier.id) || path.includes(token.id) || path.includes(mapper.id) || path.includes(api.id)) {
        expect(own.statusCode, `own ${method} ${path}`).toBe(404);
      }
    }
    // Nothing of Acme's changed, and the rival's own lists hold nothing of Acme's.
    expect((await lawyer.get(`/api/${acme}/integrations/centerbase/`)).json().results[0].enabled).toBe(centerbase.enabled);
    expect((await rival.get(`/api/${other}/integrations/centerbase/`)).json().results).toEqual([]);
    expect((await rival.get(`/api/${other}/form-mappers/?form_template=${formId}`)).json().results).toEqual([]);
    expect((await ctx.app.inject({ method: 'GET', url: `/api/${acme}/integrations/centerbase/` })).statusCode).toBe(401);
  });
});
