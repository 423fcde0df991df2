import { randomUUID } from 'node:crypto';
import { Writable } from 'node:stream';
import type { FastifyInstance } from 'fastify';
import { sql } from 'kysely';
import pino from 'pino';
import type pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp, buildLoggerOptions } from '../../server/app.js';
import { loadConfig } from '../../server/config.js';
import { startCenterbaseStandIn, type CenterbaseStandIn } from '../stand-ins/centerbase/centerbase-stand-in.js';
import { hookTargetProblem } from '../../server/integrations/hook-target.js';
import type { DB } from '../../server/db/database.js';
import { SecretBox } from '../../server/secrets/secret-box.js';
import type { FormDocument, InputElement } from '../../src/domain/form-document.js';
import { createAccount, createTestDatabase, createUser, json, moveOutbox, signedIn, type TestClient } from './helpers.js';
import { templateBody } from './form-fixtures.js';

/** Every line the app logged, at trace level: what an operator's log collector would keep. */
const logLines: string[] = [];
let app: FastifyInstance;
let db: DB;
let pool: pg.Pool;
let dropDatabase: () => Promise<void>;
let secretKey: string;
let acme: number;
let lawyer: TestClient;
let rival: TestClient;
let other: number;
let key: string;
let rivalKey: string;
let formId: string;
let rivalFormId: string;
let inputs: InputElement[];
/** Every secret this suite handed out or stored: none may appear in a log line or, in clear, in a table. */
const secrets: string[] = [];

const HOOK_HOSTS = 'hooks.zapier.com,127.0.0.1';
const CENTERBASE_KEY = 'cb-live-key-5d1c0a9e77';
let centerbase: CenterbaseStandIn;

const zapier = (apiKey: string | undefined, method: string, path: string, body?: unknown) =>
  app.inject({
    method: method as 'GET',
    url: `/api/zapier/${path}`,
    headers: { ...(apiKey === undefined ? {} : { 'x-api-key': apiKey }), ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
    ...(body === undefined ? {} : { payload: JSON.stringify(body) }),
  });

async function submit(data: Record<string, unknown>, form = formId) {
  const response = await app.inject({
    method: 'POST',
    url: '/api/form-submit/',
    ...json({ form_id: form, data, submission_key: randomUUID(), hp: '', started_at: Date.now() - 60_000 }),
  });
  expect(response.statusCode, response.body).toBe(201);
  await moveOutbox(pool);
  return response.json().id as string;
}

beforeAll(async () => {
  const database = await createTestDatabase();
  db = database.db;
  pool = database.pool;
  dropDatabase = database.drop;
  // Storing a Centerbase key signs in with it: on loopback, never the internet.
  centerbase = await startCenterbaseStandIn({ firms: [{ subdomain: 'acme', apiKey: CENTERBASE_KEY, companyName: 'Acme' }] });
  const config = loadConfig({
    DATABASE_URL: database.databaseUrl,
    SECRET_KEY: 'z'.repeat(40),
    ZAPIER_HOOK_HOSTS: HOOK_HOSTS,
    SUBMIT_MIN_FILL_MS: '0',
    CENTERBASE_BASE_URL: centerbase.apiBaseUrl,
  });
  secretKey = config.SECRET_KEY!;
  const stream = new Writable({
    write(chunk: Buffer, _encoding, done) {
      logLines.push(chunk.toString());
      done();
    },
  });
  const logger = pino(buildLoggerOptions('trace') as pino.LoggerOptions, stream);
  app = await buildApp({ config, db, pool: database.pool, secretKey, logger, staticDir: '/nonexistent-static' });
  await app.ready();

  acme = await createAccount(db, 'Acme Law');
  other = await createAccount(db, 'Other');
  await createUser(db, { email: 'lawyer@acme.test', accountId: acme });
  await createUser(db, { email: 'rival@other.test', accountId: other });
  lawyer = await signedIn(app, 'lawyer@acme.test');
  rival = await signedIn(app, 'rival@other.test');
  const created = (await lawyer.request({ method: 'POST', url: `/api/${acme}/form-templates/`, ...json(templateBody()) })).json();
  formId = created.id;
  inputs = [];
  for (const page of created.jsonForm as FormDocument) for (const child of page.children) {
    if (child.type === 'input') inputs.push(child);
    if (child.type === 'section') for (const leaf of child.children) if (leaf.type === 'input') inputs.push(leaf);
  }
  rivalFormId = (await rival.request({ method: 'POST', url: `/api/${other}/form-templates/`, ...json(templateBody({ name: 'Rival intake' })) })).json().id;
  key = (await lawyer.request({ method: 'POST', url: `/api/${acme}/integrations/zapier/create-account-token/`, ...json({}) })).json().token;
  rivalKey = (await rival.request({ method: 'POST', url: `/api/${other}/integrations/zapier/create-account-token/`, ...json({}) })).json().token;
  secrets.push(key, rivalKey);
});
afterAll(async () => {
  await app.close();
  await dropDatabase();
  await centerbase.close();
});

describe('authentication', () => {
  it('answers 401 {detail} for a missing or wrong key, never a redirect, and ignores the session cookie', async () => {
    const missing = await zapier(undefined, 'GET', 'me/');
    expect(missing.statusCode).toBe(401);
    expect(missing.json()).toEqual({ detail: 'Missing API key: send it in the X-API-Key header.' });
    for (const wrong of ['nope', `fbk_${'a'.repeat(43)}`, `${key}x`]) {
      const response = await zapier(wrong, 'GET', 'me/');
      expect(response.statusCode).toBe(401);
      expect(response.json()).toEqual({ detail: 'Invalid API key.' });
    }
    expect((await lawyer.get('/api/zapier/me/')).statusCode).toBe(401);
    const noSlash = await zapier(key, 'GET', 'me');
    expect(noSlash.statusCode).toBe(404);
    expect(noSlash.headers.location).toBeUndefined();
  });

  it("names the key's account (Zapier's connection label) and records when the key was used", async () => {
    const before = await db.selectFrom('account_tokens').select('last_used_at').where('account_id', '=', acme).where('is_active', '=', true).executeTakeFirstOrThrow();
    const me = await zapier(key, 'GET', 'me/');
    expect(me.statusCode).toBe(200);
    expect(me.json()).toEqual({ account: { id: acme, internalName: 'Acme Law' } });
    const after = await db.selectFrom('account_tokens').select('last_used_at').where('account_id', '=', acme).where('is_active', '=', true).executeTakeFirstOrThrow();
    expect(before.last_used_at).toBeNull();
    expect(after.last_used_at).toBeInstanceOf(Date);
  });

  it('rate-limits per key with 429 and Retry-After, other keys unaffected', async () => {
    const token = (await lawyer.request({ method: 'POST', url: `/api/${acme}/account-tokens/`, ...json({ name: 'Flood' }) })).json().token;
    secrets.push(token);
    let last = 0;
    for (let i = 0; i < 301; i += 1) last = (await zapier(token, 'GET', 'me/')).statusCode;
    const limited = await zapier(token, 'GET', 'me/');
    expect(last).toBe(429);
    expect(limited.statusCode).toBe(429);
    expect(Number(limited.headers['retry-after'])).toBeGreaterThan(0);
    expect(limited.json().detail).toMatch(/^Too many requests/);
    expect((await zapier(key, 'GET', 'me/')).statusCode).toBe(200);
  });
});

describe('forms, fields and samples', () => {
  it("lists the key's account's active forms only", async () => {
    const archived = (await lawyer.request({ method: 'POST', url: `/api/${acme}/form-templates/`, ...json(templateBody({ name: 'Old' })) })).json().id;
    await lawyer.request({ method: 'DELETE', url: `/api/${acme}/form-templates/${archived}/` });
    const forms = await zapier(key, 'GET', 'forms/');
    expect(forms.json()).toEqual([{ id: formId, name: 'Intake' }]);
  });

  it('lists a form\'s fields by data name; another account\'s form is 404', async () => {
    const fields = await zapier(key, 'GET', `forms/${formId}/fields/`);
    expect(fields.json()).toEqual([
      { key: 'full_name', label: 'Full name', type: 'string' },
      { key: 'practice_area', label: 'Practice area', type: 'string' },
      { key: 'email_address', label: 'Email address', type: 'string' },
    ]);
    expect((await zapier(key, 'GET', `forms/${rivalFormId}/fields/`)).statusCode).toBe(404);
    expect((await zapier(key, 'GET', `forms/${randomUUID()}/fields/`)).statusCode).toBe(404);
  });

  it('gives the newest non-spam responses first, in the hook payload shape', async () => {
    const [name, area, email] = inputs;
    const ids: string[] = [];
    for (let i = 1; i <= 4; i += 1) {
      ids.push(await submit({ [name.id]: `Client ${i}`, [area.id]: area.options[1].id, [email.id]: `c${i}@example.com` }));
    }
    const spam = await submit({ [name.id]: 'Spammer', [area.id]: area.options[0].id });
    await db.updateTable('form_responses').set({ is_spam: true }).where('id', '=', spam).execute();

    const samples = await zapier(key, 'GET', `forms/${formId}/responses/?limit=3`);
    expect(samples.statusCode).toBe(200);
    const body = samples.json();
    expect(body.map((payload: { responseId: string }) => payload.responseId)).toEqual([ids[3], ids[2], ids[1]]);
    expect(body[0]).toEqual({
      id: ids[3],
      type: 'response.created',
      timestamp: body[0].submittedAt,
      formId,
      formName: 'Intake',
      responseId: ids[3],
      submittedAt: expect.any(String),
      answers: { full_name: 'Client 4', practice_area: 'Injury', email_address: 'c4@example.com' },
    });
    expect((await zapier(key, 'GET', `forms/${formId}/responses/`)).json()).toHaveLength(3);
    const bad = await zapier(key, 'GET', `forms/${formId}/responses/?limit=0`);
    expect(bad.statusCode).toBe(400);
    expect(bad.json().errors.limit).toEqual(['must be 1 or more']);
    expect((await zapier(rivalKey, 'GET', `forms/${formId}/responses/`)).statusCode).toBe(404);
  });
});

describe('hooks', () => {
  it('subscribes without a cookie or CSRF token, keeps the secret encrypted, and unsubscribes', async () => {
    const created = await zapier(key, 'POST', 'hooks/', { target_url: 'https://hooks.zapier.com/hooks/standard/1/abc/', event: 'response.created', form_id: formId });
    expect(created.statusCode, created.body).toBe(201);
    const hook = created.json();
    expect(hook).toEqual({ id: expect.any(String), secret: expect.stringMatching(/^whsec_[A-Za-z0-9+/]{32}$/) });
    secrets.push(hook.secret);

    const row = await db.selectFrom('zapier_hooks').selectAll().where('id', '=', hook.id).executeTakeFirstOrThrow();
    expect(row).toMatchObject({ account_id: acme, form_template_id: formId, event: 'response.created', deleted_at: null });
    expect(row.secret).not.toContain(hook.secret.slice(6));
    expect(new SecretBox(secretKey).decrypt(row.secret, { table: 'zapier_hooks', column: 'secret', rowId: hook.id })).toBe(hook.secret);

    // The firm sees the live hook on its Zapier integration, without its secret or target.
    const integration = (await lawyer.get(`/api/${acme}/integrations/zapier/`)).json().results[0];
    expect(integration.restHooks).toEqual([{ id: hook.id, formTemplate: formId, event: 'response.created', createdAt: expect.any(String) }]);

    // A delivery still waiting for this hook is cancelled with it (the submission made it; no worker runs here).
    const responseId = await submit({ [inputs[0].id]: 'Waiting', [inputs[1].id]: inputs[1].options[0].id });
    const delivery = await db
      .selectFrom('deliveries')
      .select(['id', 'status', 'integration_id'])
      .where('form_response_id', '=', responseId)
      .where('target', '=', `zapier:${hook.id}`)
      .executeTakeFirstOrThrow();
    expect(delivery).toMatchObject({ status: 'pending', integration_id: integration.id });

    expect((await zapier(rivalKey, 'DELETE', `hooks/${hook.id}/`)).statusCode).toBe(404);
    const deleted = await zapier(key, 'DELETE', `hooks/${hook.id}/`);
    expect(deleted.statusCode).toBe(204);
    expect(deleted.body).toBe('');
    const gone = await db.selectFrom('zapier_hooks').select(['deleted_at', 'deleted_reason']).where('id', '=', hook.id).executeTakeFirstOrThrow();
    expect(gone.deleted_reason).toBe('unsubscribed');
    expect(gone.deleted_at).toBeInstanceOf(Date);
    expect((await db.selectFrom('deliveries').select('status').where('id', '=', delivery.id).executeTakeFirstOrThrow()).status).toBe('cancelled');
    expect((await zapier(key, 'DELETE', `hooks/${hook.id}/`)).statusCode).toBe(404);
  });

  it('replaces the live hook when the same target subscribes again', async () => {
    const body = { target_url: 'http://127.0.0.1:8123/receiver', event: 'response.created', form_id: formId };
    const first = (await zapier(key, 'POST', 'hooks/', body)).json();
    const second = await zapier(key, 'POST', 'hooks/', body);
    expect(second.statusCode).toBe(201);
    secrets.push(first.secret, second.json().secret);
    const live = await db.selectFrom('zapier_hooks').select('id').where('target_url', '=', body.target_url).where('deleted_at', 'is', null).execute();
    expect(live).toEqual([{ id: second.json().id }]);
  });

  it.each([
    [{ target_url: 'http://hooks.zapier.com/x' }, 'target_url', 'must use https://'],
    [{ target_url: 'https://evil.example/x' }, 'target_url', 'must be on one of these hosts: hooks.zapier.com, 127.0.0.1'],
    [{ target_url: 'https://user:pw@hooks.zapier.com/x' }, 'target_url', 'must not carry credentials'],
    [{ target_url: 'not a url' }, 'target_url', 'must be an absolute URL'],
    [{ target_url: 'https://hooks.zapier.com.evil.example/x' }, 'target_url', 'must be on one of these hosts'],
    [{ event: 'response.deleted' }, 'event', 'must be response.created'],
    [{ form_id: 'RIVAL' }, 'form_id', 'no such form in this account'],
    [{ form_id: 'nope' }, 'form_id', 'must be a UUID'],
  ])('refuses %j naming the field', async (overrides, field, message) => {
    const body: Record<string, unknown> = { target_url: 'https://hooks.zapier.com/hooks/1/', event: 'response.created', form_id: formId, ...overrides };
    if (body.form_id === 'RIVAL') body.form_id = rivalFormId;
    const response = await zapier(key, 'POST', 'hooks/', body);
    expect(response.statusCode).toBe(400);
    expect(response.json().errors[field], response.body).toBeDefined();
    expect(response.json().errors[field].join(' ')).toContain(message);
  });

  it('refuses every route to a renewed-away key', async () => {
    const integration = (await lawyer.get(`/api/${acme}/integrations/zapier/`)).json().results[0];
    const renewed = (await lawyer.request({ method: 'POST', url: `/api/${acme}/integrations/zapier/${integration.id}/renew-account-token/`, ...json({}) })).json().token;
    secrets.push(renewed);
    for (const [method, path, body] of [
      ['GET', 'me/'],
      ['GET', 'forms/'],
      ['GET', `forms/${formId}/fields/`],
      ['GET', `forms/${formId}/responses/`],
      ['POST', 'hooks/', { target_url: 'https://hooks.zapier.com/1/', event: 'response.created', form_id: formId }],
      ['DELETE', `hooks/${randomUUID()}/`],
    ] as const) {
      expect((await zapier(key, method, path, body)).statusCode, `${method} ${path}`).toBe(401);
    }
    expect((await zapier(renewed, 'GET', 'me/')).statusCode).toBe(200);
    key = renewed;
  });
});

describe('ZAPIER_HOOK_HOSTS', () => {
  it('defaults to hooks.zapier.com and refuses what is not a host list', () => {
    expect(loadConfig({}).ZAPIER_HOOK_HOSTS).toEqual(['hooks.zapier.com']);
    expect(loadConfig({ ZAPIER_HOOK_HOSTS: 'Hooks.Zapier.com, localhost:8080,[::1]' }).ZAPIER_HOOK_HOSTS).toEqual(['hooks.zapier.com', 'localhost:8080', '[::1]']);
    expect(() => loadConfig({ ZAPIER_HOOK_HOSTS: 'https://hooks.zapier.com/' })).toThrow(/ZAPIER_HOOK_HOSTS: must be comma-separated host names/);
  });

  it('allows http only to a listed loopback host, and a host:port entry only on that port', () => {
    const hosts = ['hooks.zapier.com', 'localhost:8080', '[::1]', 'intranet.example'];
    expect(hookTargetProblem('http://localhost:8080/hook', hosts)).toBeNull();
    expect(hookTargetProblem('http://localhost:9090/hook', hosts)).toMatch(/must be on one of these hosts/);
    expect(hookTargetProblem('http://[::1]:5000/hook', hosts)).toBeNull();
    expect(hookTargetProblem('http://intranet.example/hook', hosts)).toBe('must use https://');
    expect(hookTargetProblem('https://intranet.example/hook', hosts)).toBeNull();
    expect(hookTargetProblem('ftp://hooks.zapier.com/x', hosts)).toBe('must use https://');
  });
});

describe('secrets stay secret', () => {
  it('never logs, nor stores in clear, an API key, a token or a hook secret', async () => {
    const centerbase = await lawyer.request({ method: 'POST', url: `/api/${acme}/integrations/centerbase/`, ...json({ api_key: CENTERBASE_KEY, subdomain: 'acme' }) });
    expect(centerbase.statusCode).toBe(201);
    await lawyer.request({ method: 'PATCH', url: `/api/${acme}/integrations/centerbase/${centerbase.json().id}/`, ...json({ api_key: `${CENTERBASE_KEY}-2` }) });
    secrets.push(CENTERBASE_KEY);

    expect(logLines.length).toBeGreaterThan(50);
    const log = logLines.join('');
    expect(log).toContain('/api/zapier/hooks/');
    expect(log).toContain(`/api/${acme}/integrations/centerbase/`);
    for (const secret of secrets) {
      expect(log.includes(secret), `log holds ${secret.slice(0, 8)}…`).toBe(false);
      expect(log.includes(secret.replace(/^whsec_/, '')), `log holds ${secret.slice(0, 8)}…`).toBe(false);
    }

    const tables = ['account_integrations', 'integration_apis', 'form_mappers', 'account_tokens', 'zapier_hooks', 'deliveries', 'delivery_attempts'];
    for (const table of tables) {
      const { rows } = await sql<{ row: unknown }>`select row_to_json(t) as row from ${sql.table(table)} t`.execute(db);
      const dump = JSON.stringify(rows);
      for (const secret of secrets) {
        expect(dump.includes(secret), `${table} holds ${secret.slice(0, 8)}…`).toBe(false);
        expect(dump.includes(secret.replace(/^whsec_/, '')), `${table} holds ${secret.slice(0, 8)}…`).toBe(false);
      }
    }
  });
});
