/**
 * Client mistakes answer 400 naming the field, never 500 (issue 10, item 10): NUL bytes and lone surrogates anywhere,
 * crafted response-list cursors, page numbers past PostgreSQL's range; a respondent's broken text is kept, not lost.
 * And what must stay private (item 11): no-store on client data, no prefill parameters in the request log.
 */
import { randomUUID } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp, buildLoggerOptions } from '../../server/app.js';
import { loadConfig } from '../../server/config.js';
import { createAccount, createTestDatabase, createUser, json, signedIn, type TestClient } from './helpers.js';
import { startToken, templateBody } from './form-fixtures.js';

let app: FastifyInstance;
let database: Awaited<ReturnType<typeof createTestDatabase>>;
let config: ReturnType<typeof loadConfig>;
let lawyer: TestClient;
let acme: number;
let formId: string;
let nameId: string;
let validAnswers: Record<string, string>;
let prefillId: string;
let responseId: string;
/** The app's log, one parsed JSON line each. */
const logLines: Record<string, unknown>[] = [];

beforeAll(async () => {
  database = await createTestDatabase();
  config = loadConfig({ DATABASE_URL: database.databaseUrl, SECRET_KEY: 'x'.repeat(40), SUBMIT_RATE_LIMIT: '1000' });
  const logger = pino(buildLoggerOptions('info') as pino.LoggerOptions, { write: (line: string) => void logLines.push(JSON.parse(line)) });
  app = await buildApp({ config, db: database.db, pool: database.pool, secretKey: config.SECRET_KEY!, logger });
  await app.ready();
  acme = await createAccount(database.db, 'Acme Law');
  await createUser(database.db, { email: 'lawyer@acme.test', accountId: acme, isStaff: true });
  lawyer = await signedIn(app, 'lawyer@acme.test');
  const created = await lawyer.request({ method: 'POST', url: `/api/${acme}/form-templates/`, ...json(templateBody()) });
  expect(created.statusCode).toBe(201);
  formId = created.json().id;
  const page = created.json().jsonForm[0];
  nameId = page.children[1].id;
  const area = page.children[2].children[0];
  validAnswers = { [nameId]: 'Ada', [area.id]: area.options[0].id };
  prefillId = (await lawyer.request({ method: 'POST', url: `/api/${acme}/form-prefills/`, ...json({ form_template: formId, name: 'P', data: { [nameId]: 'Ada' } }) })).json().id;
  const submitted = await app.inject({
    method: 'POST',
    url: '/api/form-submit/',
    ...json({ form_id: formId, submission_key: randomUUID(), start_token: startToken(config, formId), data: validAnswers }),
  });
  responseId = submitted.json().id;
});
afterAll(async () => {
  await app.close();
  await database.drop();
});

const cursorOf = (text: string) => Buffer.from(text).toString('base64url');

describe('unstorable text and crafted values answer 400 naming the field', () => {
  it('refuses a NUL or a lone surrogate in a body, at any depth, naming its path', async () => {
    const nul = await lawyer.request({ method: 'POST', url: `/api/${acme}/form-templates/`, ...json(templateBody({ name: 'In\u0000take' })) });
    expect(nul.statusCode).toBe(400);
    expect(nul.json().errors).toEqual({ name: ['must not contain a NUL character'] });

    const body = templateBody();
    (body.jsonForm as { children: { label?: string }[] }[])[0].children[1].label = 'Full \ud800name';
    const surrogate = await lawyer.request({ method: 'POST', url: `/api/${acme}/form-templates/`, ...json(body) });
    expect(surrogate.statusCode).toBe(400);
    expect(surrogate.json().errors).toEqual({ 'jsonForm.0.children.1.label': ['must not contain a lone UTF-16 surrogate (invalid Unicode text)'] });
    // The detail names the input by its label, as every refused form does.
    expect(surrogate.json().detail).toBe('“Full \ud800name”: must not contain a lone UTF-16 surrogate (invalid Unicode text)');

    const prefill = await lawyer.request({ method: 'PATCH', url: `/api/${acme}/form-prefills/${prefillId}/`, ...json({ data: { [nameId]: 'Ada \udc00' } }) });
    expect(prefill.statusCode).toBe(400);
    expect(Object.keys(prefill.json().errors)).toEqual([`data.${nameId}`]);

    const key = await lawyer.request({ method: 'PATCH', url: `/api/${acme}/form-prefills/${prefillId}/`, ...json({ data: { 'a\u0000': 'x' } }) });
    expect(key.statusCode).toBe(400);
    expect(key.json().errors).toEqual({ 'data.a\u0000': ['key must not contain a NUL character'] });
  });

  it('refuses a NUL in a query string', async () => {
    for (const url of [`/api/${acme}/form-templates/?search=a%00b`, `/api/${acme}/form-responses/?search=%00`, `/api/accounts/?search=x%00`]) {
      const response = await lawyer.get(url);
      expect(response.statusCode, url).toBe(400);
      expect(response.json()).toEqual({ detail: 'Invalid query parameters.', errors: { search: ['must not contain a NUL character'] } });
    }
  });

  it('refuses crafted response-list cursors and out-of-range page numbers', async () => {
    const crafted = [
      cursorOf(`n|99999999999999999999|${randomUUID()}`), // past bigint
      cursorOf(`n|999999999999999999|${randomUUID()}`), // a bigint, but no timestamp
      cursorOf(`p|1764000000000000|${'-'.repeat(36)}`), // no UUID
    ];
    for (const cursor of crafted) {
      const response = await lawyer.get(`/api/${acme}/form-responses/?cursor=${cursor}`);
      expect(response.statusCode, cursor).toBe(400);
      expect(response.json().errors).toEqual({ cursor: ['is not a valid cursor; start again from the first page'] });
    }
    const page = await lawyer.get('/api/accounts/?page=1e300');
    expect(page.statusCode).toBe(400);
    expect(Object.keys(page.json().errors)).toEqual(['page']);
  });

  it("keeps a respondent's text with a NUL or a lone surrogate, with U+FFFD in their place", async () => {
    const response = await app.inject({
      method: 'POST',
      url: '/api/form-submit/',
      ...json({ form_id: formId, submission_key: randomUUID(), start_token: startToken(config, formId), data: { ...validAnswers, [nameId]: 'Ada\u0000 Love\ud83dlace' } }),
    });
    expect(response.statusCode).toBe(201);
    const row = await database.db.selectFrom('form_responses').select('data').where('id', '=', response.json().id).executeTakeFirstOrThrow();
    expect((row.data as Record<string, string>)[nameId]).toBe('Ada\ufffd Love\ufffdlace');
  });

  it('logs a client mistake as one line naming the fields, with no stack and no value', async () => {
    logLines.length = 0;
    await lawyer.get(`/api/${acme}/form-templates/?search=secret%00value`);
    const mistakes = logLines.filter((line) => line.msg === 'client mistake');
    expect(mistakes).toHaveLength(1);
    expect(mistakes[0]).toMatchObject({ level: 30, detail: 'Invalid query parameters.', fields: ['search'] });
    expect(JSON.stringify(mistakes)).not.toContain('secret');
    expect(logLines.filter((line) => (line.level as number) >= 50 || 'err' in line)).toEqual([]);
  });
});

describe('client data is neither cached nor logged', () => {
  it('answers Cache-Control: no-store on forms, prefills and responses', async () => {
    const urls = [
      `/api/${acme}/form-templates/`,
      `/api/${acme}/form-templates/${formId}/`,
      `/api/${acme}/form-prefills/`,
      `/api/${acme}/form-prefills/${prefillId}/`,
      `/api/${acme}/form-responses/`,
      `/api/${acme}/form-responses/${responseId}/`,
    ];
    for (const url of urls) {
      const response = await lawyer.get(url);
      expect(response.statusCode, url).toBe(200);
      expect(response.headers['cache-control'], url).toBe('no-store');
    }
    const put = await lawyer.request({ method: 'PUT', url: `/api/${acme}/form-responses/${responseId}/`, ...json({ is_spam: false }) });
    expect(put.headers['cache-control']).toBe('no-store');
    const publicPrefill = await app.inject({ method: 'GET', url: `/api/public/forms/${formId}/prefills/${prefillId}/` });
    expect(publicPrefill.statusCode).toBe(200);
    expect(publicPrefill.headers['cache-control']).toBe('no-store');
  });

  it('logs public form URLs without their query string (prefill parameters are client data)', async () => {
    logLines.length = 0;
    await app.inject({ method: 'GET', url: '/f/some-form?name=Jane%20Doe&email=jane@example.test' });
    await app.inject({ method: 'GET', url: `/api/public/forms/${formId}/?name=Jane%20Doe` });
    await lawyer.get(`/api/${acme}/form-templates/?search=intake`);
    const urls = logLines.map((line) => (line.req as { url?: string } | undefined)?.url).filter(Boolean);
    expect(urls).toEqual(['/f/some-form', `/api/public/forms/${formId}/`, `/api/${acme}/form-templates/?search=intake`]);
    expect(JSON.stringify(logLines)).not.toContain('Jane');
  });
});
