/**
 * The respondent page's reads and submissions (issue 10): an archived form is closed at once (item 12), the fill-time
 * spam check measures from a signed start token (item 14), the form read is compressed and cacheable (item 15).
 */
import { randomUUID } from 'node:crypto';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import * as zlib from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { PublishedForms } from '../../server/submissions/published-forms.js';
import { START_TOKEN_HEADER } from '../../server/submissions/start-token.js';
import { createAccount, createTestContext, createUser, json, signedIn, type TestClient, type TestContext } from './helpers.js';
import { startToken, templateBody } from './form-fixtures.js';

/** Counts brotli runs: the public read must compress once per form version, not per request. */
vi.mock('node:zlib', async (importOriginal) => {
  const original = await importOriginal<typeof zlib>();
  return { ...original, brotliCompress: vi.fn(original.brotliCompress) };
});

let ctx: TestContext;
let lawyer: TestClient;
let acme: number;

beforeAll(async () => {
  ctx = await createTestContext({ SUBMIT_RATE_LIMIT: '1000', SUBMIT_MIN_FILL_MS: '3000' });
  acme = await createAccount(ctx.db, 'Acme Law');
  await createUser(ctx.db, { email: 'lawyer@acme.test', accountId: acme });
  lawyer = await signedIn(ctx.app, 'lawyer@acme.test');
});
afterAll(() => ctx.close());

async function createForm(name = 'Intake') {
  const created = await lawyer.request({ method: 'POST', url: `/api/${acme}/form-templates/`, ...json(templateBody({ name })) });
  expect(created.statusCode).toBe(201);
  const form = created.json();
  const page = form.jsonForm[0];
  const area = page.children[2].children[0];
  return { id: form.id as string, form, nameId: page.children[1].id as string, answers: { [page.children[1].id]: 'Ada', [area.id]: area.options[0].id } };
}

const read = (formId: string, headers: Record<string, string> = {}) => ctx.app.inject({ method: 'GET', url: `/api/public/forms/${formId}/`, headers });
const submit = (formId: string, body: Record<string, unknown>) =>
  ctx.app.inject({ method: 'POST', url: '/api/form-submit/', ...json({ form_id: formId, submission_key: randomUUID(), hp: '', ...body }) });
const stored = (id: string) => ctx.db.selectFrom('form_responses').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
const archive = (formId: string) => lawyer.request({ method: 'DELETE', url: `/api/${acme}/form-templates/${formId}/` });

describe('an archived form is closed at once', () => {
  it('takes no submission, serves no form and no prefill right after archiving, whatever was cached', async () => {
    const { id, nameId, answers } = await createForm();
    const prefill = (await lawyer.request({ method: 'POST', url: `/api/${acme}/form-prefills/`, ...json({ form_template: id, name: 'P', data: { [nameId]: 'Ada' } }) })).json();
    // Warm every cache: the form read, the submit path, the prefill read.
    expect((await read(id)).statusCode).toBe(200);
    expect((await submit(id, { data: answers, start_token: startToken(ctx.config, id) })).statusCode).toBe(201);
    expect((await ctx.app.inject({ method: 'GET', url: `/api/public/forms/${id}/prefills/${prefill.id}/` })).statusCode).toBe(200);

    expect((await archive(id)).statusCode).toBe(204);
    const late = await submit(id, { data: { ...answers, [nameId]: 'Too late' }, start_token: startToken(ctx.config, id) });
    expect(late.statusCode).toBe(404);
    expect(late.json()).toEqual({ detail: 'This form is not available.' });
    const rows = await ctx.db.selectFrom('form_responses').select('data').where('form_template_id', '=', id).execute();
    expect(rows.map((row) => (row.data as Record<string, string>)[nameId])).toEqual(['Ada']);
    expect((await ctx.app.inject({ method: 'GET', url: `/api/public/forms/${id}/prefills/${prefill.id}/` })).statusCode).toBe(404);
    expect((await read(id)).statusCode).toBe(404);
  });

  it('takes no submission right after archiving even when the form read has not been made since', async () => {
    const { id, answers } = await createForm();
    expect((await submit(id, { data: answers, start_token: startToken(ctx.config, id) })).statusCode).toBe(201);
    await archive(id);
    expect((await submit(id, { data: answers, start_token: startToken(ctx.config, id) })).statusCode).toBe(404);
  });
});

describe('the fill-time spam check measures from a signed start token', () => {
  it('hands out a token with every form read, a 304 included', async () => {
    const { id } = await createForm();
    const first = await read(id);
    expect(first.headers[START_TOKEN_HEADER]).toMatch(/^[0-9a-z]+\.[A-Za-z0-9_-]{43}$/);
    const revalidated = await read(id, { 'if-none-match': String(first.headers.etag) });
    expect(revalidated.statusCode).toBe(304);
    expect(revalidated.headers[START_TOKEN_HEADER]).toMatch(/^[0-9a-z]+\.[A-Za-z0-9_-]{43}$/);
  });

  it('marks as too fast a submission without a token, with a forged one, with another form’s, or sent at once', async () => {
    const { id, answers } = await createForm();
    const other = await createForm('Other');
    const fresh = String((await read(id)).headers[START_TOKEN_HEADER]);
    const [issued, signature] = startToken(ctx.config, id).split('.');
    const cases = {
      missing: {},
      'client clock (started_at) only': { started_at: Date.now() - 60_000 },
      forged: { start_token: `${issued}.${signature.slice(0, -2)}AA` },
      'earlier time, same signature': { start_token: `${(parseInt(issued, 36) - 60_000).toString(36)}.${signature}` },
      "another form's": { start_token: startToken(ctx.config, other.id) },
      'sent at once': { start_token: fresh },
    };
    for (const [name, extra] of Object.entries(cases)) {
      const response = await submit(id, { data: answers, ...extra });
      expect(response.statusCode, name).toBe(201);
      expect(await stored(response.json().id), name).toMatchObject({ is_spam: true, spam_reasons: ['filled-too-fast'] });
    }
    const patient = await submit(id, { data: answers, start_token: startToken(ctx.config, id, 5_000) });
    expect(await stored(patient.json().id)).toMatchObject({ is_spam: false, spam_reasons: [] });
  });

  it('stores a fast prefilled submission, marked with its reason, where the firm sees it', async () => {
    const { id, nameId, answers } = await createForm();
    const prefill = (await lawyer.request({ method: 'POST', url: `/api/${acme}/form-prefills/`, ...json({ form_template: id, name: 'Jane', data: { [nameId]: 'Jane' } }) })).json();
    const token = String((await read(id)).headers[START_TOKEN_HEADER]);
    const response = await submit(id, { data: { ...answers, [nameId]: 'Jane' }, prefill_id: prefill.id, start_token: token });
    expect(response.statusCode).toBe(201);
    const spam = (await lawyer.get(`/api/${acme}/form-responses/?form_template=${id}&is_spam=true`)).json();
    expect(spam.results.map((r: { id: string; prefill: string }) => [r.id, r.prefill])).toEqual([[response.json().id, prefill.id]]);
    const detail = (await lawyer.get(`/api/${acme}/form-responses/${response.json().id}/`)).json();
    expect(detail).toMatchObject({ isSpam: true, spamReasons: ['filled-too-fast'], prefill: { id: prefill.id, name: 'Jane' } });
  });
});

describe('the public form read is compressed and cacheable', () => {
  it('sends brotli or gzip as asked, the same JSON either way', async () => {
    const { id, form } = await createForm();
    const plain = await read(id);
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.headers['content-type']).toBe('application/json; charset=utf-8');
    expect(plain.json()).toEqual({ id, name: 'Client intake', jsonForm: form.jsonForm, jsonConditionalLogic: form.jsonConditionalLogic, jsonFormStyle: form.jsonFormStyle });

    const br = await read(id, { 'accept-encoding': 'gzip, deflate, br' });
    expect(br.headers['content-encoding']).toBe('br');
    expect(JSON.parse(brotliDecompressSync(br.rawPayload).toString())).toEqual(plain.json());
    const gzip = await read(id, { 'accept-encoding': 'gzip;q=1, br;q=0' });
    expect(gzip.headers['content-encoding']).toBe('gzip');
    expect(JSON.parse(gunzipSync(gzip.rawPayload).toString())).toEqual(plain.json());
    expect(br.headers.vary).toBe('accept-encoding');
  });

  it('answers 304 to a matching strong ETag, encodes once per version, and changes the ETag with an edit', async () => {
    const { id, form } = await createForm();
    const brotliRuns = vi.mocked(zlib.brotliCompress).mock.calls.length;
    const first = await read(id, { 'accept-encoding': 'br' });
    const second = await read(id, { 'accept-encoding': 'br' });
    expect(first.headers.etag).toMatch(/^"[A-Za-z0-9_-]+-br"$/);
    expect(second.headers.etag).toBe(first.headers.etag);
    expect(second.rawPayload.equals(first.rawPayload)).toBe(true);
    expect(vi.mocked(zlib.brotliCompress).mock.calls.length - brotliRuns).toBe(1);
    // Revalidate every time: an archive or an edit shows at once.
    expect(first.headers['cache-control']).toBe('no-cache');

    const notModified = await read(id, { 'accept-encoding': 'br', 'if-none-match': String(first.headers.etag) });
    expect(notModified.statusCode).toBe(304);
    expect(notModified.body).toBe('');
    // The same version under another encoding is still not modified.
    expect((await read(id, { 'if-none-match': String(first.headers.etag) })).statusCode).toBe(304);

    const edited = structuredClone(form.jsonForm);
    edited[0].title = 'About you, again';
    const put = await lawyer.request({
      method: 'PUT',
      url: `/api/${acme}/form-templates/${id}/`,
      ...json({ ...templateBody({ jsonForm: edited }), updated_at: form.updatedAt }),
    });
    expect(put.statusCode).toBe(200);
    const changed = await read(id, { 'accept-encoding': 'br', 'if-none-match': String(first.headers.etag) });
    expect(changed.statusCode).toBe(200);
    expect(changed.headers.etag).not.toBe(first.headers.etag);
    expect(JSON.parse(brotliDecompressSync(changed.rawPayload).toString()).jsonForm[0].title).toBe('About you, again');
  });

  it('keeps encoded reads within a memory budget, dropping the least recently read', async () => {
    const [a, b] = [await createForm('A'), await createForm('B')];
    const forms = new PublishedForms(ctx.db, 1000, 2000, 1);
    const formA = (await forms.current(a.id))!;
    const formB = (await forms.current(b.id))!;
    const first = forms.wire(formA);
    expect(forms.wire(formA)).toBe(first);
    forms.wire(formB);
    expect(forms.wire(formA)).not.toBe(first);
  });
});
