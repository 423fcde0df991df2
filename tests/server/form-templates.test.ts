import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FORM_CONFLICT_MESSAGE } from '../../server/forms/form-template-routes.js';
import { createRivalFirms, createTestContext, createUser, json, signedIn, type TestClient, type TestContext } from './helpers.js';
import { sampleDocument, templateBody } from './form-fixtures.js';

let ctx: TestContext;
let acme: number;
let other: number;
let lawyer: TestClient;
let rival: TestClient;
let admin: TestClient;

beforeAll(async () => {
  ctx = await createTestContext();
  ({ acme, other, lawyer, rival } = await createRivalFirms(ctx, 'Other Firm'));
  await createUser(ctx.db, { email: 'admin@acme.test', isStaff: true });
  admin = await signedIn(ctx.app, 'admin@acme.test');
});
afterAll(() => ctx.close());

async function create(client: TestClient, accountId: number, overrides: Record<string, unknown> = {}) {
  return client.request({ method: 'POST', url: `/api/${accountId}/form-templates/`, ...json(templateBody(overrides)) });
}

describe('form templates: create, read, list', () => {
  it('creates a form and reads it back intact, camelCased', async () => {
    const document = sampleDocument();
    const created = await create(lawyer, acme, { jsonForm: document });
    expect(created.statusCode).toBe(201);
    const body = created.json();
    expect(body).toMatchObject({ name: 'Intake', displayName: 'Client intake', customSubmitMessage: 'Thanks, we will call you.', account: acme, deletedAt: null, internalFormSlug: null });
    expect(body.groupId).toBe(body.id);
    const read = await lawyer.get(`/api/${acme}/form-templates/${body.id}/`);
    expect(read.statusCode).toBe(200);
    expect(read.json().jsonForm).toEqual(document);
    expect(read.json().jsonFormStyle.button.submitTextContent).toBe('Send');
  });

  it("requires a name: 'Form name is required'", async () => {
    for (const name of [undefined, '', '   ']) {
      const response = await create(lawyer, acme, { name });
      expect(response.statusCode).toBe(400);
      expect(response.json().detail).toBe('Form name is required');
      expect(response.json().errors.name).toEqual(['Form name is required']);
    }
  });

  it('lists active forms by name, searches, and keeps the built-in form out of the plain list', async () => {
    await create(lawyer, acme, { name: 'zebra crossing claims' });
    await create(lawyer, acme, { name: 'Alpha employment' });
    const list = (await lawyer.get(`/api/${acme}/form-templates/`)).json();
    const names = list.results.map((r: { name: string }) => r.name);
    expect(names).toEqual([...names].sort((a: string, b: string) => a.toLowerCase().localeCompare(b.toLowerCase())));
    expect(names).not.toContain('Mapping for Contacts');
    expect(list.results[0]).not.toHaveProperty('jsonForm');
    const searched = (await lawyer.get(`/api/${acme}/form-templates/?search=ZEBRA`)).json();
    expect(searched.results.map((r: { name: string }) => r.name)).toEqual(['zebra crossing claims']);
  });

  it("provisions the built-in form: alias 'contact-export-form', slug filter, display name", async () => {
    const bySlug = (await lawyer.get(`/api/${acme}/form-templates/?internal_form_slug=contact_export_form`)).json();
    expect(bySlug.count).toBe(1);
    expect(bySlug.results[0]).toMatchObject({ displayName: 'Mapping for Contacts', internalFormSlug: 'contact_export_form' });
    const byAlias = await lawyer.get(`/api/${acme}/form-templates/contact-export-form/`);
    expect(byAlias.statusCode).toBe(200);
    expect(byAlias.json().id).toBe(bySlug.results[0].id);
    expect(byAlias.json().jsonForm[0].children.map((c: { dataName: string }) => c.dataName)).toEqual(['first_name', 'last_name', 'email', 'phone_number']);
    // It cannot be edited, renamed or archived.
    const put = await lawyer.request({ method: 'PUT', url: `/api/${acme}/form-templates/contact-export-form/`, ...json({ ...templateBody(), updated_at: byAlias.json().updatedAt }) });
    expect(put.statusCode).toBe(403);
    expect((await lawyer.request({ method: 'DELETE', url: `/api/${acme}/form-templates/contact-export-form/` })).statusCode).toBe(403);
  });

  it('answers 404 for unknown and malformed ids', async () => {
    expect((await lawyer.get(`/api/${acme}/form-templates/00000000-0000-0000-0000-000000000000/`)).statusCode).toBe(404);
    expect((await lawyer.get(`/api/${acme}/form-templates/not-a-uuid/`)).statusCode).toBe(404);
  });
});

describe('form templates: validation of the whole document', () => {
  const cases: [string, (doc: ReturnType<typeof sampleDocument>) => unknown, RegExp][] = [
    ['an unknown input subtype', (doc) => { (doc[0].children[1] as { subtype: string }).subtype = 'slider'; return doc; }, /jsonForm\.0\.children\.1\.subtype/],
    ['a duplicate id', (doc) => { doc[1].id = doc[0].id; return doc; }, /same id as another element/],
    ['an inconsistent parentId', (doc) => { (doc[0].children[1] as { parentId: string }).parentId = doc[1].id; return doc; }, /not inside the page or section it names as its parent/],
    ['a duplicate dataName', (doc) => { (doc[1].children[0] as { dataName: string }).dataName = 'full_name'; return doc; }, /“Email address”: The data name “full_name” is already used by “Full name”\. Change one of them\./],
    ['a choice input without options', (doc) => { const section = doc[0].children[2] as { children: { options: unknown[] }[] }; section.children[0].options = []; return doc; }, /“Practice area”: Add at least one option\./],
    ['a malformed option', (doc) => { const section = doc[0].children[2] as { children: { options: unknown[] }[] }; section.children[0].options = [{ text: 'x' }]; return doc; }, /options\.0\.id/],
    ['a page nested in a page', (doc) => { (doc[0].children as unknown[]).push({ ...doc[1], parentId: doc[0].id }); return doc.slice(0, 1); }, /pages cannot be nested/],
    ['a section nested in a section', (doc) => { const section = doc[0].children[2] as { children: unknown[]; id: string }; section.children.push({ type: 'section', id: 'nested', parentId: section.id, title: 'x', description: '', collapsible: false, collapsed: false, children: [] }); return doc; }, /sections and pages cannot be nested/],
    ['no pages', () => [], /at least one page/],
    ['not an array', () => ({ pages: 'nope' }), /jsonForm/],
  ];

  it.each(cases)('answers 400 naming the bad element for %s', async (_name, mutate, pattern) => {
    const response = await create(lawyer, acme, { jsonForm: mutate(sampleDocument()) });
    expect(response.statusCode).toBe(400);
    const body = response.json();
    expect(`${body.detail} ${JSON.stringify(body.errors)}`).toMatch(pattern);
  });

  it('refuses logic that points at elements that are not in the form', async () => {
    const document = sampleDocument();
    const target = document[1].children[0].id;
    const response = await create(lawyer, acme, {
      jsonForm: document,
      jsonConditionalLogic: {
        conditionMap: {
          [target]: { id: 'cfg', element: { id: target, type: 'input' }, conditions: [{ id: 'c1', expression: [{ id: 'g1', type: 'group', operator: 'AND', rules: [{ id: 'r1', type: 'rule', predicate: 'NOT_EMPTY', triggerId: 'ghost', staticValue: null, referenceValueId: null }] }], actions: [{ key: 'TOGGLE_VISIBILITY', value: 'SHOW' }] }] },
        },
        pageMap: {},
      },
    });
    expect(response.statusCode).toBe(400);
    expect(response.json().detail).toContain('"ghost", which is not an input of this form');
  });

  it('drops incomplete rules on save (spec §5) and refuses circular logic', async () => {
    const document = sampleDocument();
    const name = document[0].children[1];
    const email = document[1].children[0];
    const rule = (id: string, triggerId: string | null, predicate: string | null, staticValue: unknown = null) => ({ id, type: 'rule', predicate, triggerId, staticValue, referenceValueId: null });
    const config = (elementId: string, rules: unknown[]) => ({
      id: `cfg-${elementId}`,
      element: { id: elementId, type: 'input' },
      conditions: [{ id: `c-${elementId}`, expression: [{ id: `g-${elementId}`, type: 'group', operator: 'AND', rules }], actions: [{ key: 'TOGGLE_VISIBILITY', value: 'SHOW' }] }],
    });
    const saved = await create(lawyer, acme, {
      jsonForm: document,
      jsonConditionalLogic: {
        conditionMap: {
          [email.id]: config(email.id, [rule('keep', name.id, 'NOT_EMPTY'), rule('no-value', name.id, 'EQ'), rule('no-predicate', name.id, null)]),
        },
        pageMap: {},
      },
    });
    expect(saved.statusCode).toBe(201);
    const rules = saved.json().jsonConditionalLogic.conditionMap[email.id].conditions[0].expression[0].rules;
    expect(rules.map((r: { id: string }) => r.id)).toEqual(['keep']);

    const circular = await create(lawyer, acme, {
      jsonForm: document,
      jsonConditionalLogic: {
        conditionMap: {
          [email.id]: config(email.id, [rule('a', name.id, 'NOT_EMPTY')]),
          [name.id]: config(name.id, [rule('b', email.id, 'NOT_EMPTY')]),
        },
        pageMap: {},
      },
    });
    expect(circular.statusCode).toBe(400);
    expect(circular.json().detail).toContain('Conditional logic goes round in a circle');
  });

  it('refuses a bad button style naming the field', async () => {
    const response = await create(lawyer, acme, { jsonFormStyle: { button: { bodyColor: 'red; background:url(x)' } } });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({
      detail: 'Button style: The background colour must be a hex colour such as #111928.',
      errors: { 'jsonFormStyle.button.bodyColor': ['The background colour must be a hex colour such as #111928.'] },
    });
  });

  it('stores rich text sanitised', async () => {
    const document = sampleDocument();
    (document[0].children[0] as { content: string }).content = '<h2 onclick="steal()">Hi<script>alert(1)</script></h2>';
    const created = await create(lawyer, acme, { jsonForm: document });
    expect(created.statusCode).toBe(201);
    const stored = created.json().jsonForm[0].children[0].content as string;
    expect(stored).not.toContain('script');
    expect(stored).not.toContain('onclick');
    expect(stored).toContain('Hi');
  });
});

describe('form templates: update, conflicts, rename, archive', () => {
  it('updates with the loaded updatedAt and refuses a stale one with 409', async () => {
    const created = (await create(lawyer, acme)).json();
    const url = `/api/${acme}/form-templates/${created.id}/`;
    const first = await lawyer.request({ method: 'PUT', url, ...json({ ...templateBody({ name: 'First save' }), id: created.id, updated_at: created.updatedAt }) });
    expect(first.statusCode).toBe(200);
    expect(first.json().name).toBe('First save');
    expect(first.json().updatedAt).not.toBe(created.updatedAt);
    // A colleague who loaded the same version saves later: refused, nothing overwritten.
    const second = await admin.request({ method: 'PUT', url, ...json({ ...templateBody({ name: 'Second save' }), id: created.id, updated_at: created.updatedAt }) });
    expect(second.statusCode).toBe(409);
    expect(second.json().detail).toBe(FORM_CONFLICT_MESSAGE);
    expect((await lawyer.get(url)).json().name).toBe('First save');
  });

  it('requires updated_at on PUT', async () => {
    const created = (await create(lawyer, acme)).json();
    const response = await lawyer.request({ method: 'PUT', url: `/api/${acme}/form-templates/${created.id}/`, ...json(templateBody()) });
    expect(response.statusCode).toBe(400);
    expect(response.json().errors.updated_at[0]).toContain('updated_at is required');
  });

  it('renames with PATCH and refuses an empty name', async () => {
    const created = (await create(lawyer, acme)).json();
    const url = `/api/${acme}/form-templates/${created.id}/`;
    const renamed = await lawyer.request({ method: 'PATCH', url, ...json({ id: created.id, name: 'Renamed' }) });
    expect(renamed.json().name).toBe('Renamed');
    const empty = await lawyer.request({ method: 'PATCH', url, ...json({ id: created.id, name: '' }) });
    expect(empty.statusCode).toBe(400);
    expect(empty.json().errors.name).toEqual(['Form name is required']);
  });

  it("archives (404 'Archived Form' when opened, listed under archived) and unarchives", async () => {
    const created = (await create(lawyer, acme, { name: 'To archive' })).json();
    const url = `/api/${acme}/form-templates/${created.id}/`;
    expect((await lawyer.request({ method: 'DELETE', url })).statusCode).toBe(204);
    const opened = await lawyer.get(url);
    expect(opened.statusCode).toBe(404);
    expect(opened.json()).toEqual({ detail: 'Archived Form' });
    const archived = (await lawyer.get(`/api/${acme}/form-templates/?archived=true`)).json();
    expect(archived.results.map((r: { id: string }) => r.id)).toContain(created.id);
    const active = (await lawyer.get(`/api/${acme}/form-templates/`)).json();
    expect(active.results.map((r: { id: string }) => r.id)).not.toContain(created.id);
    const restored = await lawyer.request({ method: 'PATCH', url: `${url}unarchive/` });
    expect(restored.statusCode).toBe(200);
    expect(restored.json().deletedAt).toBeNull();
    expect((await lawyer.get(url)).statusCode).toBe(200);
  });
});

describe('form templates: account isolation', () => {
  it('refuses every route of another account with 403 and changes nothing', async () => {
    const created = (await create(lawyer, acme, { name: 'Private' })).json();
    const base = `/api/${acme}/form-templates/`;
    const attempts = [
      rival.get(base),
      rival.get(`${base}${created.id}/`),
      rival.get(`${base}contact-export-form/`),
      create(rival, acme),
      rival.request({ method: 'PUT', url: `${base}${created.id}/`, ...json({ ...templateBody({ name: 'Hacked' }), updated_at: created.updatedAt }) }),
      rival.request({ method: 'PATCH', url: `${base}${created.id}/`, ...json({ name: 'Hacked' }) }),
      rival.request({ method: 'DELETE', url: `${base}${created.id}/` }),
      rival.request({ method: 'PATCH', url: `${base}${created.id}/unarchive/` }),
    ];
    for (const response of await Promise.all(attempts)) expect(response.statusCode).toBe(403);
    const after = (await lawyer.get(`${base}${created.id}/`)).json();
    expect(after.name).toBe('Private');
    expect(after.updatedAt).toBe(created.updatedAt);
  });

  it("does not find another account's form through one's own account", async () => {
    const created = (await create(lawyer, acme, { name: 'Acme only' })).json();
    const response = await rival.get(`/api/${other}/form-templates/${created.id}/`);
    expect(response.statusCode).toBe(404);
    const put = await rival.request({ method: 'PUT', url: `/api/${other}/form-templates/${created.id}/`, ...json({ ...templateBody(), updated_at: created.updatedAt }) });
    expect(put.statusCode).toBe(404);
  });

  it('lets admins work in any account', async () => {
    expect((await create(admin, other, { name: 'Admin made' })).statusCode).toBe(201);
  });
});
