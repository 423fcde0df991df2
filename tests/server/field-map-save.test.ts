/**
 * Saving field maps (spec §5 through `POST` / `PATCH form-mappers/`): every rule answers 400 naming the row's side,
 * nothing is stored while an error remains, and the rows are judged against the form as published and the record
 * type's cached fields.
 */
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { FormDocument, InputElement } from '../../src/domain/form-document.js';
import { FIELD_MAP_MESSAGES } from '../../src/domain/field-map/messages.js';
import { createRivalFirms, createTestContext, json, type TestClient, type TestContext } from './helpers.js';
import { input, templateBody } from './form-fixtures.js';

let ctx: TestContext;
let acme: number;
let other: number;
let lawyer: TestClient;
let rival: TestClient;
let form: { id: string; updatedAt: string };
let name: InputElement;
let email: InputElement;
let area: InputElement;
let age: InputElement;
let matterApi: string;
let unfetchedApi: string;

const FIELDS = [
  { id: 'cf-first', name: 'First Name', type: 'text', required: true },
  { id: 'cf-email', name: 'Email', type: 'email', required: false },
  { id: 'cf-area', name: 'Practice Area', type: 'picklist', required: false, options: [{ id: 'p1', text: 'Family' }, { id: 'p2', text: 'Injury' }] },
  { id: 'cf-notes', name: '', type: 'text_area', required: false },
];
const field = (id: string) => {
  const { options: _options, ...side } = FIELDS.find((f) => f.id === id)! as (typeof FIELDS)[number] & { options?: unknown };
  return side;
};
const sideOf = (element: InputElement) => ({ id: element.id, name: element.label, type: element.subtype, required: element.required });

function document(): FormDocument {
  const page = randomUUID();
  name = input('textInput', page, 'Full name', { required: true });
  email = input('email', page, 'Email address');
  area = input('dropdown', page, 'Practice area');
  age = input('integer', page, 'Age');
  return [{ type: 'page', id: page, title: 'You', children: [name, email, area, age] }];
}

/** A cached record type, as an adapter (integrations part 2) writes it. */
async function addRecordType(integrationId: string, fieldList: unknown[]) {
  const row = await ctx.db
    .insertInto('integration_apis')
    .values({ integration_id: integrationId, api_type: 'matter', external_key: randomUUID(), name: 'Matter', field_list: JSON.stringify(fieldList) })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

const mappers = () => ctx.db.selectFrom('form_mappers').selectAll().where('account_id', '=', acme).execute();
const post = (body: Record<string, unknown>) =>
  lawyer.request({ method: 'POST', url: `/api/${acme}/form-mappers/`, ...json({ form_template: form.id, integration_api_type: 'centerbase', integration_api_id: matterApi, ...body }) });
const patch = (id: string, body: Record<string, unknown>) => lawyer.request({ method: 'PATCH', url: `/api/${acme}/form-mappers/${id}/`, ...json(body) });
const validRules = () => [{ id: 'r1', local: sideOf(name), foreign: field('cf-first') }];

beforeAll(async () => {
  ctx = await createTestContext();
  ({ acme, other, lawyer, rival } = await createRivalFirms(ctx));
  form = (await lawyer.request({ method: 'POST', url: `/api/${acme}/form-templates/`, ...json(templateBody({ jsonForm: document() })) })).json();
  const integration = (await lawyer.request({ method: 'POST', url: `/api/${acme}/integrations/centerbase/`, ...json({}) })).json();
  matterApi = await addRecordType(integration.id, FIELDS);
  unfetchedApi = await addRecordType(integration.id, []);
});
afterAll(() => ctx.close());
beforeEach(async () => {
  await ctx.db.deleteFrom('form_mappers').execute();
});

describe('saving a field map', () => {
  it('stores a valid map with sides as their fields stand, rows with neither side dropped, sent errors ignored', async () => {
    const response = await post({
      conversion_rules: [
        { id: 'empty', local: null, foreign: null },
        { id: 'r1', local: { ...sideOf(name), name: 'Stale label', error: 'stale' }, foreign: { ...field('cf-first'), type: 'claimed' } },
        { id: 'r2', local: sideOf(area), foreign: field('cf-area') },
        { id: 'r3', local: sideOf(age), foreign: field('cf-notes') },
      ],
    });
    expect(response.statusCode, response.body).toBe(201);
    const expected = [
      { id: 'r1', local: sideOf(name), foreign: field('cf-first') },
      { id: 'r2', local: sideOf(area), foreign: field('cf-area') },
      { id: 'r3', local: sideOf(age), foreign: field('cf-notes') },
    ];
    expect(response.json().conversionRules).toEqual(expected);
    expect((await mappers())[0].conversion_rules).toEqual(expected);
  });

  const one = (row: Record<string, unknown>) => [...validRules(), { id: 'r2', ...row }];
  it.each([
    ['a row with only a local side', () => one({ local: sideOf(email), foreign: null }), 'conversion_rules.1.foreign', FIELD_MAP_MESSAGES.selectField],
    ['a row with only a foreign side', () => one({ local: null, foreign: field('cf-email') }), 'conversion_rules.1.local', FIELD_MAP_MESSAGES.selectField],
    ['a required row without its local side', () => [{ id: 'r1', local: null, foreign: field('cf-first') }], 'conversion_rules.0.local', FIELD_MAP_MESSAGES.selectField],
    [
      'a required external field onto an input not required on the published form',
      () => [{ id: 'r1', local: { ...sideOf(email), required: true }, foreign: field('cf-first') }],
      'conversion_rules.0.local',
      'This field must be marked as Required on the published form',
    ],
    ['an input not on the published form', () => one({ local: { ...sideOf(email), id: randomUUID() }, foreign: field('cf-email') }), 'conversion_rules.1.local', FIELD_MAP_MESSAGES.inputDeleted],
    [
      'an external field not in the record type',
      () => one({ local: sideOf(email), foreign: { id: 'gone', name: 'Gone', type: 'text', required: false } }),
      'conversion_rules.1.foreign',
      'Field no longer exists on this integration. Select a new field and save',
    ],
    [
      'a required external field not in the record type',
      () => one({ local: sideOf(email), foreign: { id: 'gone', name: 'Gone', type: 'text', required: true } }),
      'conversion_rules.1.foreign',
      'Required field no longer exists on this integration, contact support',
    ],
    ['an incompatible pair', () => one({ local: sideOf(age), foreign: field('cf-email') }), 'conversion_rules.1.foreign', 'This field cannot take answers of type Integer'],
    ['a second row writing the same field', () => one({ local: sideOf(area), foreign: field('cf-first') }), 'conversion_rules.1.foreign', FIELD_MAP_MESSAGES.duplicateForeign],
    ['a required external field without a row', () => [{ id: 'r2', local: sideOf(email), foreign: field('cf-email') }], 'conversion_rules', 'Required field "First Name" is not mapped: Please select a field'],
    ['two rows with one id', () => [...validRules(), { ...validRules()[0] }], 'conversion_rules.1.id', 'must be unique among the rows'],
  ])('refuses %s, naming the side, and stores nothing', async (_case, rules, key, message) => {
    const response = await post({ conversion_rules: rules() });
    expect(response.statusCode, response.body).toBe(400);
    expect(response.json().errors[key]).toEqual([message]);
    expect(response.json().detail).toMatch(/^Invalid field map/);
    expect(await mappers()).toEqual([]);
  });

  it('saves a map that maps nothing yet (a record type chosen, rows to come), though the record type has required fields', async () => {
    const response = await post({ conversion_rules: [{ id: 'empty', local: null, foreign: null }] });
    expect(response.statusCode, response.body).toBe(201);
    expect(response.json().conversionRules).toEqual([]);
  });

  it('reports every error of a map at once', async () => {
    const response = await post({ conversion_rules: [{ id: 'a', local: sideOf(email), foreign: field('cf-first') }, { id: 'b', local: sideOf(age), foreign: null }] });
    expect(response.json().errors).toEqual({
      'conversion_rules.0.local': [FIELD_MAP_MESSAGES.mustBeRequired],
      'conversion_rules.1.foreign': [FIELD_MAP_MESSAGES.selectField],
    });
  });

  it('judges the form as last saved: making the input required on the form lets the map save', async () => {
    const rules = [{ id: 'r1', local: sideOf(email), foreign: field('cf-first') }];
    expect((await post({ conversion_rules: rules })).statusCode).toBe(400);
    const current = (await lawyer.get(`/api/${acme}/form-templates/${form.id}/`)).json();
    const jsonForm = structuredClone(current.jsonForm) as FormDocument;
    const saved = jsonForm[0].children.find((child) => child.id === email.id) as InputElement;
    saved.required = true;
    const put = await lawyer.request({ method: 'PUT', url: `/api/${acme}/form-templates/${form.id}/`, ...json({ ...templateBody({ jsonForm }), id: form.id, updated_at: current.updatedAt }) });
    expect(put.statusCode, put.body).toBe(200);
    try {
      const response = await post({ conversion_rules: rules });
      expect(response.statusCode, response.body).toBe(201);
      expect(response.json().conversionRules[0].local).toEqual({ ...sideOf(email), required: true });
    } finally {
      saved.required = false;
      const back = await lawyer.request({ method: 'PUT', url: `/api/${acme}/form-templates/${form.id}/`, ...json({ ...templateBody({ jsonForm }), id: form.id, updated_at: put.json().updatedAt }) });
      expect(back.statusCode).toBe(200);
      form = back.json();
    }
  });

  it('without a fetched field list: foreign sides as sent, the local side and one-sidedness still judged', async () => {
    const sent = { id: 'remote-1', name: 'Remote', type: 'text', required: false };
    const ok = await post({ integration_api_id: unfetchedApi, conversion_rules: [{ id: 'r1', local: sideOf(email), foreign: sent }] });
    expect(ok.statusCode, ok.body).toBe(201);
    expect(ok.json().conversionRules).toEqual([{ id: 'r1', local: sideOf(email), foreign: sent }]);
    await ctx.db.deleteFrom('form_mappers').execute();

    const bad = await post({
      integration_api_id: null,
      conversion_rules: [
        { id: 'r1', local: { ...sideOf(email), id: 'gone' }, foreign: sent },
        { id: 'r2', local: sideOf(age), foreign: null },
        { id: 'r3', local: sideOf(email), foreign: { ...sent, id: 'remote-2', required: true } },
      ],
    });
    expect(bad.json().errors).toEqual({
      'conversion_rules.0.local': [FIELD_MAP_MESSAGES.inputDeleted],
      'conversion_rules.1.foreign': [FIELD_MAP_MESSAGES.selectField],
      'conversion_rules.2.local': [FIELD_MAP_MESSAGES.mustBeRequired],
    });
    expect(await mappers()).toEqual([]);
  });

  it('the built-in contact form is judged by its own inputs', async () => {
    const contactForm = (await lawyer.get(`/api/${acme}/form-templates/contact-export-form/`)).json();
    const [first, , contactEmail] = contactForm.jsonForm[0].children as InputElement[];
    const ok = await post({ form_template: 'contact-export-form', conversion_rules: [{ id: 'r1', local: sideOf(first), foreign: field('cf-first') }] });
    expect(ok.statusCode, ok.body).toBe(201);
    await ctx.db.deleteFrom('form_mappers').execute();
    const bad = await post({ form_template: 'contact-export-form', conversion_rules: [{ id: 'r1', local: sideOf(contactEmail), foreign: field('cf-first') }] });
    expect(bad.json().errors).toEqual({ 'conversion_rules.0.local': [FIELD_MAP_MESSAGES.mustBeRequired] });
  });
});

describe('updating a field map', () => {
  async function saved() {
    const response = await post({ conversion_rules: [...validRules(), { id: 'r2', local: sideOf(email), foreign: field('cf-email') }] });
    expect(response.statusCode, response.body).toBe(201);
    return response.json();
  }

  it('judges new rows and leaves the map untouched, enabled flag included, when one is wrong', async () => {
    const mapper = await saved();
    const response = await patch(mapper.id, { id: mapper.id, enabled: false, conversion_rules: [{ id: 'r1', local: null, foreign: field('cf-first') }] });
    expect(response.statusCode).toBe(400);
    expect(response.json().errors).toEqual({ 'conversion_rules.0.local': [FIELD_MAP_MESSAGES.selectField] });
    expect((await lawyer.get(`/api/${acme}/form-mappers/${mapper.id}/`)).json()).toEqual(mapper);

    const ok = await patch(mapper.id, { id: mapper.id, conversion_rules: [{ id: 'empty', local: null, foreign: null }, ...validRules()] });
    expect(ok.statusCode, ok.body).toBe(200);
    expect(ok.json().conversionRules).toEqual(validRules());
  });

  it('judges the saved rows again against another record type', async () => {
    const mapper = await saved();
    const integration = (await lawyer.get(`/api/${acme}/integrations/centerbase/`)).json().results[0];
    const contactApi = await addRecordType(integration.id, [{ id: 'other-field', name: 'Other', type: 'text', required: false }]);
    const response = await patch(mapper.id, { integration_api_id: contactApi });
    expect(response.statusCode).toBe(400);
    expect(response.json().errors).toEqual({
      'conversion_rules.0.foreign': [FIELD_MAP_MESSAGES.requiredForeignDeleted],
      'conversion_rules.1.foreign': [FIELD_MAP_MESSAGES.foreignDeleted],
    });
    expect((await mappers())[0].integration_api_id).toBe(matterApi);
  });

  it('the enable toggle (same record type) saves even when the form has moved on since', async () => {
    const mapper = await saved();
    // The form no longer holds the mapped email input: the map opens with the deleted-field error, but can be switched.
    await ctx.db.updateTable('form_mappers').set({ conversion_rules: JSON.stringify([...mapper.conversionRules, { id: 'r3', local: { ...sideOf(email), id: 'removed' }, foreign: field('cf-notes') }]) }).execute();
    const toggled = await patch(mapper.id, { id: mapper.id, enabled: false, integration_api_type: 'centerbase', integration_api_id: matterApi });
    expect(toggled.statusCode, toggled.body).toBe(200);
    expect(toggled.json().enabled).toBe(false);
  });
});

describe('account isolation', () => {
  it("judges a rival's rows against the rival's own form only, and never reaches Acme's record type", async () => {
    const rivalForm = (await rival.request({ method: 'POST', url: `/api/${other}/form-templates/`, ...json(templateBody()) })).json();
    const rows = [{ id: 'r1', local: sideOf(name), foreign: field('cf-first') }];
    const withAcmeApi = await rival.request({ method: 'POST', url: `/api/${other}/form-mappers/`, ...json({ form_template: rivalForm.id, integration_api_type: 'centerbase', integration_api_id: matterApi, conversion_rules: rows }) });
    expect(withAcmeApi.statusCode).toBe(400);
    expect(Object.keys(withAcmeApi.json().errors)).toEqual(['integration_api_id']);
    const acmeInputs = await rival.request({ method: 'POST', url: `/api/${other}/form-mappers/`, ...json({ form_template: rivalForm.id, integration_api_type: 'centerbase', conversion_rules: rows }) });
    expect(acmeInputs.json().errors).toEqual({ 'conversion_rules.0.local': [FIELD_MAP_MESSAGES.inputDeleted] });
    expect(await ctx.db.selectFrom('form_mappers').selectAll().execute()).toEqual([]);
  });
});
