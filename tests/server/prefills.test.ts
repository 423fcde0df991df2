import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FormDocument, InputElement } from '../../src/domain/form-document.js';
import { createRivalFirms, createTestContext, json, type TestClient, type TestContext } from './helpers.js';
import { templateBody } from './form-fixtures.js';

let ctx: TestContext;
let acme: number;
let other: number;
let lawyer: TestClient;
let rival: TestClient;
let formId: string;
let inputs: InputElement[];

beforeAll(async () => {
  ctx = await createTestContext();
  ({ acme, other, lawyer, rival } = await createRivalFirms(ctx));
  const created = (await lawyer.request({ method: 'POST', url: `/api/${acme}/form-templates/`, ...json(templateBody()) })).json();
  formId = created.id;
  const document = created.jsonForm as FormDocument;
  inputs = [];
  for (const page of document) for (const child of page.children) {
    if (child.type === 'input') inputs.push(child);
    if (child.type === 'section') for (const leaf of child.children) if (leaf.type === 'input') inputs.push(leaf);
  }
});
afterAll(() => ctx.close());

const [fullName, area, email] = [0, 1, 2];

describe('form prefills', () => {
  it('creates, lists, reads, updates and deletes a prefill', async () => {
    const created = await lawyer.request({
      method: 'POST',
      url: `/api/${acme}/form-prefills/`,
      ...json({ form_template: formId, name: 'Referral from Smith & Co', data: { [inputs[fullName].id]: '  Jane Doe ', [inputs[area].id]: inputs[area].options[1].id } }),
    });
    expect(created.statusCode).toBe(201);
    const prefill = created.json();
    expect(prefill).toMatchObject({ formTemplate: formId, name: 'Referral from Smith & Co', data: { [inputs[fullName].id]: 'Jane Doe', [inputs[area].id]: inputs[area].options[1].id } });

    const list = (await lawyer.get(`/api/${acme}/form-prefills/?form_template=${formId}`)).json();
    expect(list.results.map((p: { id: string }) => p.id)).toEqual([prefill.id]);

    const patched = await lawyer.request({ method: 'PATCH', url: `/api/${acme}/form-prefills/${prefill.id}/`, ...json({ name: 'Renamed', data: { [inputs[email].id]: 'jane@example.com' } }) });
    expect(patched.statusCode).toBe(200);
    expect(patched.json()).toMatchObject({ name: 'Renamed', data: { [inputs[email].id]: 'jane@example.com' } });

    const publicRead = await ctx.app.inject({ method: 'GET', url: `/api/public/forms/${formId}/prefills/${prefill.id}/` });
    expect(publicRead.json()).toEqual({ id: prefill.id, data: { [inputs[email].id]: 'jane@example.com' } });

    expect((await lawyer.request({ method: 'DELETE', url: `/api/${acme}/form-prefills/${prefill.id}/` })).statusCode).toBe(204);
    expect((await lawyer.get(`/api/${acme}/form-prefills/${prefill.id}/`)).statusCode).toBe(404);
    expect((await ctx.app.inject({ method: 'GET', url: `/api/public/forms/${formId}/prefills/${prefill.id}/` })).statusCode).toBe(404);
  });

  it.each([
    [{ name: '' }, 'name', 'Prefill name is required'],
    [{ data: { nope: 'x' } }, 'data.nope', 'is not an input of this form'],
    [{ data: { EMAIL: 'not-an-email' } }, 'data.EMAIL', 'Enter a valid email address'],
    [{ data: { AREA: 'not-an-option' } }, 'data.AREA', ''],
    [{ form_template: randomUUID() }, 'form_template', 'no such form in this account'],
  ])('refuses bad input %j naming the field', async (overrides, field, message) => {
    const replace = (text: string) => text.replace('EMAIL', inputs[email].id).replace('AREA', inputs[area].id);
    const payload: Record<string, unknown> = { form_template: formId, name: 'x', data: {}, ...overrides };
    if (payload.data && typeof payload.data === 'object') payload.data = Object.fromEntries(Object.entries(payload.data).map(([k, v]) => [replace(k), v]));
    const response = await lawyer.request({ method: 'POST', url: `/api/${acme}/form-prefills/`, ...json(payload) });
    expect(response.statusCode).toBe(400);
    const messages = response.json().errors[replace(field)];
    expect(messages, JSON.stringify(response.json())).toBeDefined();
    expect(messages.join(' ')).toContain(message);
  });

  it("isolates prefills by account on every route", async () => {
    const prefill = (await lawyer.request({ method: 'POST', url: `/api/${acme}/form-prefills/`, ...json({ form_template: formId, name: 'Mine', data: {} }) })).json();
    const attempts = await Promise.all([
      rival.get(`/api/${acme}/form-prefills/`),
      rival.get(`/api/${acme}/form-prefills/${prefill.id}/`),
      rival.request({ method: 'POST', url: `/api/${acme}/form-prefills/`, ...json({ form_template: formId, name: 'x', data: {} }) }),
      rival.request({ method: 'PATCH', url: `/api/${acme}/form-prefills/${prefill.id}/`, ...json({ name: 'x' }) }),
      rival.request({ method: 'DELETE', url: `/api/${acme}/form-prefills/${prefill.id}/` }),
    ]);
    for (const response of attempts) expect(response.statusCode).toBe(403);
    // Through their own account they find nothing and cannot attach to our form.
    expect((await rival.get(`/api/${other}/form-prefills/${prefill.id}/`)).statusCode).toBe(404);
    expect((await rival.get(`/api/${other}/form-prefills/`)).json().count).toBe(0);
    const hijack = await rival.request({ method: 'POST', url: `/api/${other}/form-prefills/`, ...json({ form_template: formId, name: 'x', data: {} }) });
    expect(hijack.statusCode).toBe(400);
    expect((await lawyer.get(`/api/${acme}/form-prefills/${prefill.id}/`)).json().name).toBe('Mine');
  });
});
