import { randomUUID } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import type pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../server/app.js';
import { loadConfig, type Config } from '../../server/config.js';
import type { DB } from '../../server/db/database.js';
import { DeliveryEngine } from '../../server/delivery/delivery-engine.js';
import { CenterbaseAdapter } from '../../server/integrations/centerbase/centerbase-adapter.js';
import { centerbaseAdapterFor } from '../../server/integrations/centerbase/index.js';
import { decryptIntegrationSecret } from '../../server/integrations/integration-repository.js';
import { SecretBox } from '../../server/secrets/secret-box.js';
import type { FormDocument, InputElement } from '../../src/domain/form-document.js';
import { startCenterbaseStandIn, type CenterbaseStandIn } from '../stand-ins/centerbase/centerbase-stand-in.js';
import { input, templateBody } from './form-fixtures.js';
import { createAccount, createTestDatabase, createUser, json, signedIn, type TestClient } from './helpers.js';

/**
 * The Centerbase adapter over real HTTP against the Centerbase stand-in (its requests checked against the assumed
 * contract) and real PostgreSQL: connecting through the integration routes, record types and fields, pushes with
 * checkpoints, error codes in the body and session expiry. Deliveries are inserted and drained directly, so each
 * step is deterministic.
 */

const SUBDOMAIN = 'whitfield-park';
const API_KEY = 'cb-test-api-key';
const COMPANY = 'Whitfield & Park LLP';

let cb: CenterbaseStandIn;
let app: FastifyInstance;
let db: DB;
let pool: pg.Pool;
let config: Config;
let dropDatabase: () => Promise<void>;
let engine: DeliveryEngine;
let secrets: SecretBox;
let acme: number;
let other: number;
let lawyer: TestClient;
let rival: TestClient;
let integrationId: string;

const base = () => `/api/${acme}/integrations/centerbase/`;
const integration = () => db.selectFrom('account_integrations').selectAll().where('account_id', '=', acme).where('kind', '=', 'centerbase').executeTakeFirstOrThrow();
const target = () => `centerbase:${integrationId}`;
const typeNamed = (name: string) => cb.firm().itemTypes.find((t) => t.name === name)!;
const fieldOf = (type: string, name: string) => typeNamed(type).fields.find((f) => f.name === name)!;
const itemsOf = (type: string) => cb.firm().items.filter((item) => item.typeId === typeNamed(type).id);

beforeAll(async () => {
  cb = await startCenterbaseStandIn({
    firms: [
      { subdomain: SUBDOMAIN, apiKey: API_KEY, companyName: COMPANY },
      { subdomain: 'rival-firm', apiKey: 'rival-key', companyName: 'Rival LLP' },
    ],
  });
  const database = await createTestDatabase();
  ({ db, pool } = database);
  dropDatabase = database.drop;
  config = loadConfig({
    DATABASE_URL: database.databaseUrl,
    SECRET_KEY: 'c'.repeat(40),
    SUBMIT_MIN_FILL_MS: '0',
    SUBMIT_RATE_LIMIT: '10000',
    CENTERBASE_BASE_URL: cb.apiBaseUrl,
  });
  secrets = new SecretBox(config.SECRET_KEY!);
  engine = new DeliveryEngine({ db, pool, secrets, hookHosts: [], timeoutMs: 5_000, scheduleScale: 0.001, random: () => 0.5, adapters: [centerbaseAdapterFor(config, db, secrets)] });
  app = await buildApp({ config, db, pool, secretKey: config.SECRET_KEY!, staticDir: '/nonexistent-static', delivery: engine });
  await app.ready();
  acme = await createAccount(db, 'Acme Law');
  other = await createAccount(db, 'Other');
  await createUser(db, { email: 'lawyer@acme.test', accountId: acme });
  await createUser(db, { email: 'rival@other.test', accountId: other });
  lawyer = await signedIn(app, 'lawyer@acme.test');
  rival = await signedIn(app, 'rival@other.test');
}, 120_000);

afterAll(async () => {
  await app?.close();
  await engine?.stop();
  await dropDatabase?.();
  await cb?.close();
});

describe('connecting with an API key', () => {
  it('refuses a key Centerbase does not accept with a 400 naming api_key, and an unknown site naming subdomain; nothing is stored', async () => {
    const refused = await lawyer.request({ method: 'POST', url: base(), ...json({ enabled: true, subdomain: SUBDOMAIN, api_key: 'wrong-key' }) });
    expect(refused.statusCode, refused.body).toBe(400);
    expect(refused.json().errors.api_key[0]).toContain('Login failed: the credentials are not valid for this firm');
    expect(refused.body).not.toContain('wrong-key');
    const unknown = await lawyer.request({ method: 'POST', url: base(), ...json({ subdomain: 'no-such-firm', api_key: API_KEY }) });
    expect(unknown.statusCode, unknown.body).toBe(400);
    expect(Object.keys(unknown.json().errors)).toEqual(['subdomain']);
    const noSubdomain = await lawyer.request({ method: 'POST', url: base(), ...json({ api_key: API_KEY }) });
    expect(noSubdomain.statusCode).toBe(400);
    expect(noSubdomain.json().errors).toEqual({ subdomain: ['is required to connect with an API key'] });
    // Centerbase failing is not the caller's mistake: 502, and still nothing stored.
    cb.injectFault('login', { kind: 'status', status: 503 }, { times: 1 });
    const down = await lawyer.request({ method: 'POST', url: base(), ...json({ subdomain: SUBDOMAIN, api_key: API_KEY }) });
    expect(down.statusCode, down.body).toBe(502);
    expect(down.body).not.toContain(API_KEY);
    expect((await lawyer.get(base())).json().results).toEqual([]);
  });

  it('connects: the company name read back, the key stored encrypted and never shown, record types and fields cached', async () => {
    const made = await lawyer.request({ method: 'POST', url: base(), ...json({ enabled: true, push_web_leads: true, subdomain: SUBDOMAIN, api_key: API_KEY }) });
    expect(made.statusCode, made.body).toBe(201);
    const shown = made.json();
    expect(shown).toMatchObject({ kind: 'centerbase', status: 'connected', companyName: COMPANY, subdomain: SUBDOMAIN, apiKeySet: true });
    expect(JSON.stringify(shown)).not.toContain(API_KEY);
    const row = await integration();
    integrationId = row.id;
    expect(row.secret).not.toContain(API_KEY);
    expect(decryptIntegrationSecret(secrets, row.id, row.secret!).apiKey).toBe(API_KEY);
    expect(cb.requests.filter((r) => r.endpoint === 'login').at(-1)).toMatchObject({ subdomain: SUBDOMAIN, status: 200, errorCode: 0 });

    const apis = (await lawyer.get(`${base()}apis/`)).json().results as { id: string; externalKey: string; name: string }[];
    expect(apis.map((a) => a.name).sort()).toEqual(['Contact', 'Matter']);
    expect(apis.find((a) => a.name === 'Matter')!.externalKey).toBe(typeNamed('Matter').id);
    const matterFields = (await lawyer.get(`${base()}apis/${apis.find((a) => a.name === 'Matter')!.id}/field_list/`)).json().results as { id: string; name: string; type: string; required: boolean; options?: { text: string }[] }[];
    expect(matterFields.map((f) => f.name)).toEqual(typeNamed('Matter').fields.map((f) => f.name));
    expect(matterFields.find((f) => f.name === 'Practice Area')).toMatchObject({ id: fieldOf('Matter', 'Practice Area').id, type: 'picklist', required: true });
    expect(matterFields.find((f) => f.name === 'Practice Area')!.options!.map((o) => o.text)).toContain('Family Law');
    // Centerbase's own type names become the field-map vocabulary.
    expect(matterFields.find((f) => f.name === 'Description')!.type).toBe('textarea');
    expect(matterFields.find((f) => f.name === 'Estimated Value')!.type).toBe('numeric');
  });

  it('keeps the other account out of it', async () => {
    expect((await rival.get(base())).statusCode).toBe(403);
    expect((await rival.request({ method: 'PATCH', url: `${base()}${integrationId}/`, ...json({ api_key: null }) })).statusCode).toBe(403);
    expect((await rival.get(`/api/${other}/integrations/centerbase/`)).json().results).toEqual([]);
    // The rival's own PATCH of an id that is not theirs finds nothing.
    expect((await rival.request({ method: 'PATCH', url: `/api/${other}/integrations/centerbase/${integrationId}/`, ...json({ enabled: false }) })).statusCode).toBe(404);
    expect((await integration()).status).toBe('connected');
  });

  it('disconnects (key and company name forgotten), then a new key connects again with the same row; a wrong one leaves it as it was', async () => {
    const off = await lawyer.request({ method: 'PATCH', url: `${base()}${integrationId}/`, ...json({ api_key: null }) });
    expect(off.statusCode, off.body).toBe(200);
    expect(off.json()).toMatchObject({ status: 'disconnected', apiKeySet: false, apiKey: null, companyName: null, subdomain: SUBDOMAIN });
    expect((await integration()).secret).toBeNull();

    const wrong = await lawyer.request({ method: 'PATCH', url: `${base()}${integrationId}/`, ...json({ api_key: 'still-wrong' }) });
    expect(wrong.statusCode).toBe(400);
    expect(Object.keys(wrong.json().errors)).toEqual(['api_key']);
    expect((await integration()).secret).toBeNull();

    const on = await lawyer.request({ method: 'PATCH', url: `${base()}${integrationId}/`, ...json({ api_key: API_KEY }) });
    expect(on.statusCode, on.body).toBe(200);
    expect(on.json()).toMatchObject({ id: integrationId, status: 'connected', companyName: COMPANY, apiKeySet: true });
  });
});

/** A form whose Centerbase field maps fill a contact (names, email) and a matter (name, practice area). */
async function formWithMaps(name: string) {
  const document = templateBody().jsonForm as FormDocument;
  const page = document[0];
  page.children.push(input('textInput', page.id, 'First name', { required: true }), input('textInput', page.id, 'Last name', { required: true }));
  page.children.push(input('dropdown', page.id, 'Area of law', { required: true, options: ['Family Law', 'Personal Injury'].map((text) => ({ id: randomUUID(), text })) }));
  const created = (await lawyer.request({ method: 'POST', url: `/api/${acme}/form-templates/`, ...json(templateBody({ name, jsonForm: document })) })).json();
  const inputs: InputElement[] = [];
  for (const p of created.jsonForm as FormDocument) for (const child of p.children) {
    if (child.type === 'input') inputs.push(child);
    if (child.type === 'section') for (const leaf of child.children) if (leaf.type === 'input') inputs.push(leaf);
  }
  const byLabel = (label: string) => inputs.find((i) => i.label === label)!;
  const apis = (await lawyer.get(`${base()}apis/`)).json().results as { id: string; name: string }[];
  const rule = (local: InputElement, type: string, fieldName: string) => {
    const field = fieldOf(type, fieldName);
    return { id: randomUUID(), local: { id: local.id, name: local.label, type: local.subtype, required: false }, foreign: { id: field.id, name: field.name, type: field.type, required: field.required } };
  };
  const maps = {
    Contact: [rule(byLabel('First name'), 'Contact', 'First Name'), rule(byLabel('Last name'), 'Contact', 'Last Name'), rule(byLabel('Email address'), 'Contact', 'Email')],
    Matter: [rule(byLabel('Full name'), 'Matter', 'Matter Name'), rule(byLabel('Area of law'), 'Matter', 'Practice Area')],
  };
  for (const [typeName, rules] of Object.entries(maps)) {
    const made = await lawyer.request({
      method: 'POST',
      url: `/api/${acme}/form-mappers/`,
      ...json({ form_template: created.id, integration_api_type: 'centerbase', integration_api_id: apis.find((a) => a.name === typeName)!.id, conversion_rules: rules, enabled: true }),
    });
    expect(made.statusCode, made.body).toBe(201);
  }
  return { formId: created.id as string, byLabel };
}

/** Submits a response and queues its Centerbase delivery as the engine's enqueue does (target per integration). */
async function submit(form: Awaited<ReturnType<typeof formWithMaps>>, who: { first: string; last: string; email: string; area?: string }): Promise<string> {
  const area = form.byLabel('Area of law');
  const practice = form.byLabel('Practice area');
  const response = await app.inject({
    method: 'POST',
    url: '/api/form-submit/',
    ...json({
      form_id: form.formId,
      data: {
        [form.byLabel('Full name').id]: `${who.first} ${who.last}`,
        [form.byLabel('First name').id]: who.first,
        [form.byLabel('Last name').id]: who.last,
        [form.byLabel('Email address').id]: who.email,
        [practice.id]: practice.options[0].id,
        [area.id]: area.options.find((o) => o.text === (who.area ?? 'Family Law'))!.id,
      },
      submission_key: randomUUID(),
      hp: '',
    }),
  });
  expect(response.statusCode, response.body).toBe(201);
  const responseId = response.json().id as string;
  // What a worker does when woken: the submission's outbox row becomes its delivery.
  await engine.moveOutbox();
  // Where the integration does not push web leads the submission makes no delivery; the tests make one to push.
  const made = await db
    .insertInto('deliveries')
    .values({ account_id: acme, form_response_id: responseId, integration_id: integrationId, target: target(), trigger: 'submit', next_attempt_at: new Date() })
    .onConflict((oc) => oc.columns(['form_response_id', 'target']).doNothing())
    .returning('id')
    .executeTakeFirst();
  madeByTest = made !== undefined;
  return responseId;
}
/** Whether the last `submit` needed the test to make its delivery (false: the submission made it). */
let madeByTest = false;

const deliveryOf = (responseId: string) => db.selectFrom('deliveries').selectAll().where('form_response_id', '=', responseId).where('target', '=', target()).executeTakeFirstOrThrow();
const attemptsOf = (deliveryId: string) => db.selectFrom('delivery_attempts').selectAll().where('delivery_id', '=', deliveryId).orderBy('attempt_no').execute();

/** Drains until this response's delivery is no longer waiting (a scaled retry may be a moment away). */
async function settle(responseId: string, timeoutMs = 10_000) {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    await engine.moveOutbox();
    await engine.drain(target());
    const delivery = await deliveryOf(responseId);
    if ((delivery.status !== 'pending' && delivery.status !== 'sending') || Date.now() > deadline) return delivery;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

describe('pushing a response', () => {
  let form: Awaited<ReturnType<typeof formWithMaps>>;

  beforeAll(async () => {
    form = await formWithMaps('Centerbase intake');
  });

  it('creates the contact, the matter linked to it and a note with the whole intake', async () => {
    const responseId = await submit(form, { first: 'Dana', last: 'Reyes', email: 'dana@example.test' });
    // The submission made its Centerbase delivery itself (its outbox row, in its own statement).
    expect(madeByTest).toBe(false);
    const delivery = await settle(responseId);
    expect(delivery.status, delivery.last_error ?? '').toBe('succeeded');
    const [contact] = itemsOf('Contact');
    const [matter] = itemsOf('Matter');
    expect(contact.values).toMatchObject({ [fieldOf('Contact', 'First Name').id]: 'Dana', [fieldOf('Contact', 'Last Name').id]: 'Reyes', [fieldOf('Contact', 'Email').id]: 'dana@example.test' });
    expect(matter.values).toMatchObject({ [fieldOf('Matter', 'Matter Name').id]: 'Dana Reyes', [fieldOf('Matter', 'Practice Area').id]: 'Family Law' });
    expect(cb.firm().links).toEqual([{ parentId: matter.id, childId: contact.id }]);
    const notes = cb.firm().notes.filter((n) => n.parentId === matter.id);
    expect(notes).toHaveLength(1);
    expect(notes[0].text).toContain('Web intake: Centerbase intake');
    expect(notes[0].text).toContain('Email address: dana@example.test');
    expect(notes[0].text).toContain('Area of law: Family Law');
    expect(delivery.progress).toMatchObject({ contactId: contact.id, matterId: matter.id, linked: true, noteId: notes[0].id });
    const attempts = await attemptsOf(delivery.id);
    expect(attempts).toHaveLength(1);
    expect(attempts[0].request_url).toBe(`${cb.apiBaseUrl.replace('{subdomain}', SUBDOMAIN)}/createnote`);
    expect(JSON.stringify(attempts)).not.toContain(API_KEY);
  });

  it('finds the contact by email instead of making a second one', async () => {
    const before = itemsOf('Contact').length;
    const delivery = await settle(await submit(form, { first: 'Dana', last: 'Reyes', email: 'DANA@example.test', area: 'Personal Injury' }));
    expect(delivery.status, delivery.last_error ?? '').toBe('succeeded');
    expect(itemsOf('Contact')).toHaveLength(before);
    expect(itemsOf('Matter')).toHaveLength(2);
    expect(cb.firm().links.filter((l) => l.childId === itemsOf('Contact')[0].id)).toHaveLength(2);
  });

  it('retries after a failure mid-push without creating the contact or the matter twice', async () => {
    const contacts = itemsOf('Contact').length;
    const matters = itemsOf('Matter').length;
    cb.injectFault('createnote', { kind: 'status', status: 503 }, { times: 1 });
    const responseId = await submit(form, { first: 'Sam', last: 'Okafor', email: 'sam@example.test' });
    const from = cb.requests.length;
    const delivery = await settle(responseId);
    expect(delivery.status, delivery.last_error ?? '').toBe('succeeded');
    const [failed, retried] = await attemptsOf(delivery.id);
    expect(failed).toMatchObject({ response_status: 503, request_url: expect.stringMatching(/\/createnote$/) });
    expect(failed.error_message).toContain('Centerbase answered HTTP 503 when attaching the intake note');
    expect(retried.response_status).toBe(200);
    // The retry resumed at the note: no second search, contact, matter or link.
    const calls = cb.requests.slice(from).map((r) => r.endpoint);
    expect(calls).toEqual(['itemexists', 'createitem', 'createitem', 'linkitems', 'createnote', 'createnote']);
    expect(itemsOf('Contact')).toHaveLength(contacts + 1);
    expect(itemsOf('Matter')).toHaveLength(matters + 1);
    expect(cb.firm().notes.filter((n) => n.parentId === delivery.progress.matterId)).toHaveLength(1);
  });

  it('fails with Centerbase\'s own message when the body carries an error code', async () => {
    const estimated = fieldOf('Matter', 'Estimated Value');
    estimated.required = true;
    try {
      const matters = itemsOf('Matter').length;
      const delivery = await settle(await submit(form, { first: 'Lee', last: 'Chan', email: 'lee@example.test' }));
      expect(delivery.status).toBe('failed');
      expect(delivery.last_error).toBe('Centerbase refused creating the matter: Estimated Value is required (error-code 6)');
      expect(itemsOf('Matter')).toHaveLength(matters);
      const [attempt] = await attemptsOf(delivery.id);
      expect(attempt.error_message).toBe(delivery.last_error);
      expect(cb.requests.filter((r) => r.endpoint === 'createitem').at(-1)).toMatchObject({ status: 200, errorCode: 6 });
    } finally {
      estimated.required = false;
    }
  });

  it('logs in again once when the session expired, and goes on', async () => {
    cb.expireSessions();
    const from = cb.requests.length;
    const delivery = await settle(await submit(form, { first: 'Ana', last: 'Silva', email: 'ana@example.test' }));
    expect(delivery.status, delivery.last_error ?? '').toBe('succeeded');
    const calls = cb.requests.slice(from).map((r) => `${r.endpoint}:${r.errorCode}`);
    expect(calls.slice(0, 3)).toEqual(['itemexists:2', 'login:0', 'itemexists:0']);
    expect(calls.filter((c) => c.startsWith('login'))).toHaveLength(1);
  });

  it('waits, sending nothing, while Centerbase is disconnected', async () => {
    await lawyer.request({ method: 'PATCH', url: `${base()}${integrationId}/`, ...json({ api_key: null }) });
    try {
      const from = cb.requests.length;
      const delivery = await settle(await submit(form, { first: 'Kim', last: 'Park', email: 'kim@example.test' }));
      expect(delivery.status).toBe('blocked');
      expect(cb.requests.length).toBe(from);
    } finally {
      await lawyer.request({ method: 'PATCH', url: `${base()}${integrationId}/`, ...json({ api_key: API_KEY }) });
    }
  });

  it('blocks when Centerbase stops taking the key, and a new key sends what waited', async () => {
    const firm = cb.firm();
    firm.apiKey = 'rotated-key';
    cb.expireSessions();
    try {
      const responseId = await submit(form, { first: 'Rui', last: 'Costa', email: 'rui@example.test' });
      const blocked = await settle(responseId);
      expect(blocked.status).toBe('blocked');
      // The first push to meet the refusal says Centerbase's words; the integration then waits for a new key.
      const refused = await db.selectFrom('deliveries').select('last_error').where('target', '=', target()).where('last_error', 'like', 'Centerbase refused the API key%').execute();
      expect(refused.map((d) => d.last_error)).toEqual(['Centerbase refused the API key when finding the contact by email: Login failed: the credentials are not valid for this firm (error-code 1) (the delivery waits and goes once a valid key is set)']);
      expect((await integration()).status).toBe('needs_reauth');
      expect(blocked.last_error).toMatch(/API key/);
      const saved = await lawyer.request({ method: 'PATCH', url: `${base()}${integrationId}/`, ...json({ api_key: 'rotated-key' }) });
      expect(saved.statusCode, saved.body).toBe(200);
      expect(saved.json().status).toBe('connected');
      const delivery = await settle(responseId);
      expect(delivery.status, delivery.last_error ?? '').toBe('succeeded');
    } finally {
      firm.apiKey = API_KEY;
      await lawyer.request({ method: 'PATCH', url: `${base()}${integrationId}/`, ...json({ api_key: API_KEY }) });
    }
  });

  it('is the adapter the app registers with the engine', () => {
    expect(engine.adapter('centerbase')).toBeInstanceOf(CenterbaseAdapter);
  });
});

describe('CENTERBASE_BASE_URL', () => {
  it('must be an absolute URL with a {subdomain} placeholder; without it calls go to the firm\'s own Centerbase host', () => {
    expect(() => loadConfig({ CENTERBASE_BASE_URL: 'https://api.example/json' })).toThrow(/CENTERBASE_BASE_URL: must be an absolute URL with a \{subdomain\} placeholder/);
    expect(() => loadConfig({ CENTERBASE_BASE_URL: '{subdomain}' })).toThrow(/CENTERBASE_BASE_URL/);
    expect(centerbaseAdapterFor(loadConfig({}), db, secrets).client.urlOf('acme', 'login')).toBe('https://acme.centerbase.com/mobile/api.svc/json/login');
    expect(centerbaseAdapterFor(loadConfig({ CENTERBASE_BASE_URL: 'http://127.0.0.1:4000/{subdomain}/json/' }), db, secrets).client.urlOf('acme', 'login')).toBe('http://127.0.0.1:4000/acme/json/login');
  });
});
