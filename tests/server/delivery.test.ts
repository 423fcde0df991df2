import { spawn, type ChildProcess } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import { Writable } from 'node:stream';
import type { FastifyInstance } from 'fastify';
import { sql } from 'kysely';
import type pg from 'pg';
import pino from 'pino';
import { Webhook } from 'standardwebhooks';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp, buildLoggerOptions } from '../../server/app.js';
import { loadConfig, type Config } from '../../server/config.js';
import type { DB } from '../../server/db/database.js';
import { CLAIM_SQL, DeliveryEngine, type DeliveryEngineOptions } from '../../server/delivery/delivery-engine.js';
import { excerptOf, signatureOf } from '../../server/delivery/hook-sender.js';
import { RETRY_SCHEDULE_MS } from '../../server/delivery/schedule.js';
import type { IntegrationAdapter, PushJob } from '../../server/integrations/adapter.js';
import { SecretBox } from '../../server/secrets/secret-box.js';
import type { FormDocument, InputElement } from '../../src/domain/form-document.js';
import { templateBody } from './form-fixtures.js';
import { createAccount, createTestDatabase, createUser, json, signedIn, type TestClient } from './helpers.js';

/**
 * The delivery engine against real PostgreSQL and a loopback receiver that checks every signature with the
 * `standardwebhooks` package. Each test subscribes its own hook (its own receiver path) and runs the workers it needs.
 */

interface Received {
  path: string;
  id: string;
  body: string;
  verified: boolean;
  answered: number | null;
}

type Answer = { status: number; body?: string; headers?: Record<string, string> };
type Behaviour = (call: number) => Answer | 'hold';

const logLines: string[] = [];
const received: Received[] = [];
/** Per receiver path: what it answers (default 200). */
const behaviours = new Map<string, Behaviour>();
const hookSecrets = new Map<string, string>();
const held: ServerResponse[] = [];
let receiver: Server;
let receiverUrl: string;

let app: FastifyInstance;
let db: DB;
let pool: pg.Pool;
let config: Config;
let databaseUrl: string;
let dropDatabase: () => Promise<void>;
let appEngine: DeliveryEngine;
let logger: pino.Logger;
let acme: number;
let other: number;
let lawyer: TestClient;
let rival: TestClient;
let apiKey: string;
let inputs: InputElement[];

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

async function waitFor<T>(check: () => Promise<T | undefined | false>, what: string, timeoutMs = 15_000): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await check();
    if (value) return value;
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await sleep(50);
  }
}

function startReceiver(): Promise<void> {
  const calls = new Map<string, number>();
  receiver = createServer((request: IncomingMessage, response: ServerResponse) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      const path = request.url ?? '';
      const body = Buffer.concat(chunks).toString('utf8');
      const secret = hookSecrets.get(path);
      let verified = false;
      try {
        if (secret) {
          new Webhook(secret).verify(body, request.headers as Record<string, string>);
          verified = true;
        }
      } catch {
        verified = false;
      }
      const record: Received = { path, id: String(request.headers['webhook-id']), body, verified, answered: null };
      received.push(record);
      const call = (calls.get(path) ?? 0) + 1;
      calls.set(path, call);
      const answer = (behaviours.get(path) ?? ((): Answer => ({ status: 200, body: '{"status":"success"}' })))(call);
      if (answer === 'hold') {
        held.push(response);
        return;
      }
      record.answered = answer.status;
      response.writeHead(answer.status, { 'content-type': 'application/json', ...answer.headers });
      response.end(answer.body ?? '');
    });
  });
  return new Promise((resolve) => {
    receiver.listen(0, '127.0.0.1', () => {
      receiverUrl = `http://127.0.0.1:${(receiver.address() as AddressInfo).port}`;
      resolve();
    });
  });
}

const zapier = (method: string, path: string, body?: unknown) =>
  app.inject({
    method: method as 'POST',
    url: `/api/zapier/${path}`,
    headers: { 'x-api-key': apiKey, ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
    ...(body === undefined ? {} : { payload: JSON.stringify(body) }),
  });

/** A new form of Acme's with one hook to its own receiver path. */
async function formWithHook(name: string): Promise<{ formId: string; hookId: string; path: string; target: string }> {
  const created = (await lawyer.request({ method: 'POST', url: `/api/${acme}/form-templates/`, ...json(templateBody({ name })) })).json();
  const path = `/hooks/${name}`;
  const hook = await zapier('POST', 'hooks/', { target_url: `${receiverUrl}${path}`, event: 'response.created', form_id: created.id });
  expect(hook.statusCode, hook.body).toBe(201);
  hookSecrets.set(path, hook.json().secret);
  return { formId: created.id, hookId: hook.json().id, path, target: `zapier:${hook.json().id}` };
}

async function submit(formId: string, answer = 'Jane Doe', extra: Record<string, unknown> = {}, move = true): Promise<string> {
  const [name, area] = inputs;
  const created = (await lawyer.get(`/api/${acme}/form-templates/${formId}/`)).json();
  const document = created.jsonForm as FormDocument;
  const find = (label: string) => {
    for (const page of document) for (const child of page.children) {
      if (child.type === 'input' && child.label === label) return child;
      if (child.type === 'section') for (const leaf of child.children) if (leaf.type === 'input' && leaf.label === label) return leaf;
    }
    throw new Error(label);
  };
  const nameInput = find(name.label);
  const areaInput = find(area.label);
  const response = await app.inject({
    method: 'POST',
    url: '/api/form-submit/',
    ...json({ form_id: formId, data: { [nameInput.id]: answer, [areaInput.id]: areaInput.options[1].id }, submission_key: randomUUID(), hp: '', ...extra }),
  });
  expect(response.statusCode, response.body).toBe(201);
  // What a worker does when woken: the response's outbox row becomes its deliveries (the app's engine runs no workers).
  if (move) await appEngine.moveOutbox();
  return response.json().id as string;
}

const outboxOf = async (responseId: string) =>
  Number((await sql<{ n: string }>`select count(*) as n from delivery_outbox where form_response_id = ${responseId}`.execute(db)).rows[0].n);

const deliveriesOf = (responseId: string) => db.selectFrom('deliveries').selectAll().where('form_response_id', '=', responseId).execute();
const attemptsOf = (deliveryId: string) => db.selectFrom('delivery_attempts').selectAll().where('delivery_id', '=', deliveryId).orderBy('attempt_no').execute();
const jobCount = async () =>
  Number((await sql<{ n: string }>`select count(*) as n from pgboss.job where name = 'deliveries'`.execute(db)).rows[0].n);

/** A worker engine (its own pg-boss instance), on the test database. */
function engine(options: Partial<DeliveryEngineOptions> = {}): DeliveryEngine {
  return new DeliveryEngine({
    db,
    pool,
    secrets: new SecretBox(config.SECRET_KEY!),
    hookHosts: config.ZAPIER_HOOK_HOSTS,
    pollingIntervalSeconds: 0.5,
    sweepIntervalMs: 200,
    timeoutMs: 3_000,
    logger,
    ...options,
  });
}

beforeAll(async () => {
  await startReceiver();
  const database = await createTestDatabase();
  ({ db, pool, databaseUrl } = database);
  dropDatabase = database.drop;
  config = loadConfig({ DATABASE_URL: databaseUrl, SECRET_KEY: 'd'.repeat(40), ZAPIER_HOOK_HOSTS: '127.0.0.1', SUBMIT_MIN_FILL_MS: '0', SUBMIT_RATE_LIMIT: '10000' });
  const stream = new Writable({
    write(chunk: Buffer, _encoding, done) {
      logLines.push(chunk.toString());
      done();
    },
  });
  logger = pino(buildLoggerOptions('trace') as pino.LoggerOptions, stream);
  // The app's engine only enqueues and runs attempt_push; each test starts the workers it needs.
  appEngine = new DeliveryEngine({ db, pool, secrets: new SecretBox(config.SECRET_KEY!), hookHosts: config.ZAPIER_HOOK_HOSTS, logger, timeoutMs: 3_000 });
  app = await buildApp({ config, db, pool, secretKey: config.SECRET_KEY!, logger, staticDir: '/nonexistent-static', delivery: appEngine });
  await app.ready();
  acme = await createAccount(db, 'Acme Law');
  other = await createAccount(db, 'Other');
  await createUser(db, { email: 'lawyer@acme.test', accountId: acme });
  await createUser(db, { email: 'rival@other.test', accountId: other });
  lawyer = await signedIn(app, 'lawyer@acme.test');
  rival = await signedIn(app, 'rival@other.test');
  const created = (await lawyer.request({ method: 'POST', url: `/api/${acme}/form-templates/`, ...json(templateBody({ name: 'Plain' })) })).json();
  inputs = [];
  for (const page of created.jsonForm as FormDocument) for (const child of page.children) {
    if (child.type === 'input') inputs.push(child);
    if (child.type === 'section') for (const leaf of child.children) if (leaf.type === 'input') inputs.push(leaf);
  }
  apiKey = (await lawyer.request({ method: 'POST', url: `/api/${acme}/integrations/zapier/create-account-token/`, ...json({}) })).json().token;
  await appEngine.boss();
}, 60_000);

afterAll(async () => {
  for (const response of held) response.destroy();
  await app?.close();
  await appEngine?.stop();
  await dropDatabase?.();
  await new Promise((resolve) => receiver.close(resolve));
});

describe('hook requests', () => {
  it('signs as the standardwebhooks package does, and cuts excerpts to 2 KB on a character boundary', () => {
    const secret = `whsec_${Buffer.from('k'.repeat(24)).toString('base64')}`;
    const timestamp = new Date();
    const id = randomUUID();
    const body = '{"a":"é"}';
    expect(signatureOf(secret, id, Math.floor(timestamp.getTime() / 1000), body)).toBe(new Webhook(secret).sign(id, timestamp, body));
    const long = 'é'.repeat(2000);
    const cut = excerptOf(long);
    expect(Buffer.byteLength(cut)).toBe(2048);
    expect(cut).toBe('é'.repeat(1024));
    expect(excerptOf(`a${long}`)).toBe(`a${'é'.repeat(1023)}`);
  });
});

describe('enqueue', () => {
  it('gives a form without integrations no delivery: its outbox row is moved into none', async () => {
    const plain = (await lawyer.request({ method: 'POST', url: `/api/${acme}/form-templates/`, ...json(templateBody({ name: 'NoHooks' })) })).json().id;
    const id = await submit(plain, 'Jane Doe', {}, false);
    // The submission does not ask which integrations want it; the mover does, a batch at a time.
    expect(await outboxOf(id)).toBe(1);
    await appEngine.moveOutbox();
    expect(await outboxOf(id)).toBe(0);
    expect(await deliveriesOf(id)).toEqual([]);
  });

  it('decides a response’s deliveries when its outbox row is moved: a hook subscribed in between gets it, a spam mark keeps it back', async () => {
    const plain = (await lawyer.request({ method: 'POST', url: `/api/${acme}/form-templates/`, ...json(templateBody({ name: 'LateHook' })) })).json().id;
    const early = await submit(plain, 'Jane Doe', {}, false);
    const spam = await submit(plain, 'Spam Doe', { hp: 'bot' }, false);
    expect(await outboxOf(spam)).toBe(0);
    const hook = await zapier('POST', 'hooks/', { target_url: `${receiverUrl}/hooks/late`, event: 'response.created', form_id: plain });
    expect(hook.statusCode, hook.body).toBe(201);
    hookSecrets.set('/hooks/late', hook.json().secret);
    const target = `zapier:${hook.json().id}`;
    expect(await appEngine.moveOutbox()).toEqual([target]);
    expect((await deliveriesOf(early)).map((d) => d.target)).toEqual([target]);
    expect(await deliveriesOf(spam)).toEqual([]);
  });

  it('several movers at once make each outbox row’s deliveries exactly once; one marked spam before its move gets none', async () => {
    const [a, b] = await Promise.all(['movers-a', 'movers-b'].map((name) => formWithHook(name)));
    const ids: string[] = [];
    for (let i = 0; i < 40; i += 1) ids.push(await submit(i % 2 ? a.formId : b.formId, `Client ${i}`, {}, false));
    const spam = ids[7];
    expect((await lawyer.request({ method: 'PUT', url: `/api/${acme}/form-responses/${spam}/`, ...json({ is_spam: true }) })).statusCode).toBe(200);
    // 1,000 more rows of the same responses, as if queued again: a move makes a response's deliveries once however often it is queued.
    await sql`insert into delivery_outbox (form_response_id) select id from form_responses, generate_series(1, 25) where id = any(${ids}::uuid[])`.execute(db);
    const movers = [engine(), engine(), engine()];
    const moved = await Promise.all(movers.map((mover) => mover.moveOutbox()));
    expect(new Set(moved.flat())).toEqual(new Set([a.target, b.target]));
    expect(Number((await sql<{ n: string }>`select count(*) as n from delivery_outbox`.execute(db)).rows[0].n)).toBe(0);
    const made = await db.selectFrom('deliveries').select(['form_response_id', 'target']).where('form_response_id', 'in', ids).execute();
    expect(made).toHaveLength(39);
    expect(new Set(made.map((d) => d.form_response_id)).size).toBe(39);
    expect(made.some((d) => d.form_response_id === spam)).toBe(false);
  });

  it('stores the response with its outbox row, wakes the workers once for a burst, and moves the row into its delivery', async () => {
    const { formId, target } = await formWithHook('rollback');
    const jobsBefore = await jobCount();
    // The outbox row is in the submission's own statement: there as soon as the submission is answered.
    const id = await submit(formId, 'Jane Doe', {}, false);
    expect(await outboxOf(id)).toBe(1);
    expect(await deliveriesOf(id)).toEqual([]);
    await waitFor(async () => (await jobCount()) > jobsBefore, 'the wake-up job', 5_000);
    expect(await jobCount()).toBe(jobsBefore + 1);
    // Wake-ups within the batch window share one job.
    appEngine.wakeOutbox();
    appEngine.wakeOutbox();
    await waitFor(async () => (await jobCount()) > jobsBefore + 1, 'the batched wake-up job', 5_000);
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(await jobCount()).toBe(jobsBefore + 2);
    // A worker's move: the row leaves the outbox as its delivery is made, due now.
    expect(await appEngine.moveOutbox()).toEqual([target]);
    expect(await outboxOf(id)).toBe(0);
    expect((await deliveriesOf(id)).map((d) => [d.target, d.status, d.trigger])).toEqual([[target, 'pending', 'submit']]);
    expect(await appEngine.moveOutbox()).toEqual([]);

    // The same enqueue inside a transaction that fails: it did write (seen inside), and nothing of it survives.
    const [version] = await db.selectFrom('form_versions').select('id').where('form_template_id', '=', formId).execute();
    const responseId = randomUUID();
    let seenInside = 0;
    await expect(
      appEngine.inTransaction(async (client, exec) => {
        await client.query(
          `insert into form_responses (id, account_id, form_template_id, form_version_id, submission_key, data, is_spam, spam_reasons) values ($1, $2, $3, $4, $5, '{}', false, '{}')`,
          [responseId, acme, formId, version.id, randomUUID()],
        );
        await appEngine.enqueue(exec, [responseId], 'submit');
        seenInside = Number((await client.query(`select count(*) as n from deliveries where form_response_id = $1`, [responseId])).rows[0].n);
        throw new Error('the submission failed after enqueueing');
      }),
    ).rejects.toThrow('the submission failed after enqueueing');
    expect(seenInside).toBe(1);
    expect(await deliveriesOf(responseId)).toEqual([]);
    expect(await db.selectFrom('form_responses').select('id').where('id', '=', responseId).execute()).toEqual([]);
    expect(await jobCount()).toBe(jobsBefore + 2);
  });

  it('does not push spam until it is un-marked, and cancels what waits when a response is marked', async () => {
    const { formId, path } = await formWithHook('spam');
    const spam = await submit(formId, 'Spammer', { hp: 'bot' });
    expect(await deliveriesOf(spam)).toEqual([]);
    const pushed = await lawyer.request({ method: 'POST', url: `/api/${acme}/form-responses/${spam}/attempt_push/` });
    expect(pushed.statusCode).toBe(409);

    const unmarked = await lawyer.request({ method: 'PUT', url: `/api/${acme}/form-responses/${spam}/`, ...json({ is_spam: false }) });
    expect(unmarked.statusCode).toBe(200);
    expect((await deliveriesOf(spam)).map((d) => d.status)).toEqual(['pending']);

    const later = await submit(formId, 'Later');
    await lawyer.request({ method: 'PUT', url: `/api/${acme}/form-responses/${later}/`, ...json({ is_spam: true }) });
    expect((await deliveriesOf(later)).map((d) => d.status)).toEqual(['cancelled']);

    const worker = engine();
    await worker.startWorkers();
    try {
      await waitFor(async () => (await deliveriesOf(spam))[0].status === 'succeeded', 'the un-marked response delivered');
    } finally {
      await worker.stop();
    }
    expect(received.filter((r) => r.path === path).map((r) => JSON.parse(r.body).answers.full_name)).toEqual(['Spammer']);
  });
});

describe('sending', () => {
  it('delivers a submission with a valid Standard Webhooks signature and logs the attempt', async () => {
    const { formId, path, hookId } = await formWithHook('signed');
    const worker = engine();
    await worker.startWorkers();
    let id: string;
    try {
      id = await submit(formId, 'Ada Lovelace');
      await waitFor(async () => (await deliveriesOf(id))[0]?.status === 'succeeded', 'the delivery');
    } finally {
      await worker.stop();
    }
    const [delivery] = await deliveriesOf(id);
    const got = received.filter((r) => r.path === path);
    expect(got).toHaveLength(1);
    expect(got[0].verified).toBe(true);
    expect(got[0].id).toBe(delivery.id);
    expect(JSON.parse(got[0].body)).toEqual({
      id: delivery.id,
      type: 'response.created',
      timestamp: delivery.created_at.toISOString(),
      formId,
      formName: 'signed',
      responseId: id,
      submittedAt: expect.any(String),
      answers: { full_name: 'Ada Lovelace', practice_area: 'Injury', email_address: null },
    });
    expect(delivery).toMatchObject({ status: 'succeeded', attempt_count: 1, last_error: null, last_status_code: 200, next_attempt_at: null });
    const [attempt] = await attemptsOf(delivery.id);
    expect(attempt).toMatchObject({ attempt_no: 1, request_method: 'POST', request_url: `${receiverUrl}${path}`, response_status: 200, error_kind: null });
    expect(attempt.response_excerpt).toBe('{"status":"success"}');

    const detail = (await lawyer.get(`/api/${acme}/form-responses/${id}/`)).json();
    expect(detail.deliveries).toEqual([
      expect.objectContaining({ kind: 'zapier', target: `zapier:${hookId}`, status: 'succeeded', attemptCount: 1, lastError: null, nextAttemptAt: null }),
    ]);
    expect(detail.deliveries[0].attempts).toEqual([expect.objectContaining({ attemptNo: 1, responseStatus: 200 })]);
    // Another account sees nothing of it.
    expect((await rival.get(`/api/${acme}/form-responses/${id}/`)).statusCode).toBe(403);
  });

  it('retries on the schedule (fake clock, Retry-After honoured), with the same webhook-id, then succeeds once', async () => {
    const { formId, path, target } = await formWithHook('retries');
    let now = new Date(Date.now() + 1_000);
    const clocked = engine({ clock: () => now, random: () => 0.5 });
    behaviours.set(path, (call) => {
      if (call === 1) return { status: 503, body: 'busy' };
      if (call === 2) return { status: 429, body: '', headers: { 'retry-after': '100' } };
      if (call === 3) return { status: 500, body: '{"message":"boom"}' };
      return { status: 200 };
    });
    const id = await submit(formId);
    const [queued] = await deliveriesOf(id);
    const waits: number[] = [];
    for (let attempt = 1; attempt <= 4; attempt += 1) {
      await clocked.drain(target);
      const [row] = await deliveriesOf(id);
      expect(row.attempt_count).toBe(attempt);
      if (attempt < 4) {
        expect(row.status).toBe('pending');
        const wait = row.next_attempt_at!.getTime() - now.getTime();
        waits.push(wait);
        // Not due yet: nothing is sent before its time.
        now = new Date(now.getTime() + wait - 1);
        await clocked.drain(target);
        expect((await deliveriesOf(id))[0].attempt_count).toBe(attempt);
        now = new Date(now.getTime() + 1);
      }
    }
    expect(waits).toEqual([RETRY_SCHEDULE_MS[1], 100_000, RETRY_SCHEDULE_MS[3]]);
    const [done] = await deliveriesOf(id);
    expect(done).toMatchObject({ status: 'succeeded', attempt_count: 4, last_error: null });
    const got = received.filter((r) => r.path === path);
    expect(got.map((r) => r.id)).toEqual([queued.id, queued.id, queued.id, queued.id]);
    expect(got.every((r) => r.verified)).toBe(true);
    expect(got.filter((r) => r.answered === 200)).toHaveLength(1);
    expect((await attemptsOf(queued.id)).map((a) => [a.attempt_no, a.response_status, a.error_kind, a.error_message])).toEqual([
      [1, 503, 'http', 'HTTP 503: busy'],
      [2, 429, 'rate_limited', 'HTTP 429'],
      [3, 500, 'http', 'HTTP 500: boom'],
      [4, 200, null, null],
    ]);
    // Succeeded is final: draining again sends nothing.
    now = new Date(now.getTime() + 86_400_000);
    await clocked.drain(target);
    expect(received.filter((r) => r.path === path)).toHaveLength(4);
    await clocked.stop();
  });

  it('gives up after the tenth attempt (about 45 hours), jitter within ±20 %', async () => {
    const { formId, path, target } = await formWithHook('exhausted');
    let now = new Date(Date.now() + 1_000);
    let random = 0;
    const clocked = engine({ clock: () => now, random: () => random });
    behaviours.set(path, () => ({ status: 502, body: 'bad gateway' }));
    const id = await submit(formId);
    let total = 0;
    for (let attempt = 1; attempt <= 10; attempt += 1) {
      random = attempt % 2 === 0 ? 0 : 0.999_999;
      await clocked.drain(target);
      const [row] = await deliveriesOf(id);
      if (attempt === 10) {
        expect(row).toMatchObject({ status: 'failed', next_attempt_at: null, attempt_count: 10, last_error: 'HTTP 502: bad gateway (gave up after 10 attempts)' });
        break;
      }
      const wait = row.next_attempt_at!.getTime() - now.getTime();
      const base = RETRY_SCHEDULE_MS[attempt];
      expect(wait).toBeGreaterThanOrEqual(Math.floor(base * 0.8));
      expect(wait).toBeLessThanOrEqual(Math.ceil(base * 1.2));
      total += base;
      now = new Date(now.getTime() + wait);
    }
    expect(total / 3_600_000).toBeCloseTo(44.7, 1);
    expect(received.filter((r) => r.path === path)).toHaveLength(10);
    await clocked.stop();
  });

  it('fails on another 4xx with the receiver’s message, without retrying', async () => {
    const { formId, path, target } = await formWithHook('rejected');
    behaviours.set(path, () => ({ status: 422, body: JSON.stringify({ message: 'Missing field email' }) }));
    const id = await submit(formId);
    const direct = engine();
    await direct.drain(target);
    const [row] = await deliveriesOf(id);
    expect(row).toMatchObject({ status: 'failed', last_error: 'HTTP 422: Missing field email', last_status_code: 422, next_attempt_at: null, attempt_count: 1 });
    expect((await attemptsOf(row.id))[0]).toMatchObject({ error_kind: 'validation', response_excerpt: '{"message":"Missing field email"}' });
    await direct.drain(target);
    expect(received.filter((r) => r.path === path)).toHaveLength(1);
    await direct.stop();
  });

  it('fails, without sending, a delivery whose hook secret no longer opens (SECRET_KEY changed)', async () => {
    const { formId, path, target } = await formWithHook('rekeyed');
    const id = await submit(formId);
    const rekeyed = engine({ secrets: new SecretBox('another key'.repeat(4)) });
    await rekeyed.drain(target);
    const [row] = await deliveriesOf(id);
    expect(row).toMatchObject({ status: 'failed', attempt_count: 1 });
    expect(row.last_error).toMatch(/cannot be opened/);
    expect((await attemptsOf(row.id))[0]).toMatchObject({ error_kind: 'config', response_status: null });
    expect(received.filter((r) => r.path === path)).toHaveLength(0);
    await rekeyed.stop();
  });

  it('on 410 removes the hook (gone) and cancels its pending deliveries', async () => {
    const { formId, path, target, hookId } = await formWithHook('gone');
    behaviours.set(path, () => ({ status: 410, body: '' }));
    const first = await submit(formId, 'First');
    const second = await submit(formId, 'Second');
    const direct = engine();
    await direct.drain(target);
    expect(received.filter((r) => r.path === path)).toHaveLength(1);
    for (const id of [first, second]) expect((await deliveriesOf(id))[0].status).toBe('cancelled');
    const hook = await db.selectFrom('zapier_hooks').select(['deleted_at', 'deleted_reason']).where('id', '=', hookId).executeTakeFirstOrThrow();
    expect(hook.deleted_reason).toBe('gone');
    // A later submission has no live hook: no delivery.
    expect(await deliveriesOf(await submit(formId, 'Third'))).toEqual([]);
    await direct.stop();
  });
});

describe('workers', () => {
  it('two workers (two pg-boss instances) deliver N deliveries exactly once each, one in flight per target', async () => {
    const hooks = await Promise.all(['pair-a', 'pair-b', 'pair-c'].map((name) => formWithHook(name)));
    const paths = new Set(hooks.map((h) => h.path));
    let inFlight = 0;
    let maxInFlight = 0;
    for (const hook of hooks) behaviours.set(hook.path, () => ({ status: 200 }));
    // Counts concurrent requests per target by holding each a moment.
    const perTarget = new Map<string, number>();
    const slowServer = receiver.listeners('request')[0] as (req: IncomingMessage, res: ServerResponse) => void;
    receiver.removeAllListeners('request');
    receiver.on('request', (req: IncomingMessage, res: ServerResponse) => {
      const path = req.url ?? '';
      const current = (perTarget.get(path) ?? 0) + 1;
      perTarget.set(path, current);
      inFlight = Math.max(inFlight, current);
      maxInFlight = Math.max(maxInFlight, inFlight);
      res.on('finish', () => perTarget.set(path, (perTarget.get(path) ?? 1) - 1));
      setTimeout(() => slowServer(req, res), 5);
    });
    const workers = [engine(), engine()];
    await Promise.all(workers.map((w) => w.startWorkers()));
    const ids: string[] = [];
    try {
      // Left in the outbox: the workers move it themselves, woken by the app's wake-up jobs.
      for (let i = 0; i < 30; i += 1) ids.push(await submit(hooks[i % 3].formId, `Client ${i}`, {}, false));
      await waitFor(
        async () => (await db.selectFrom('deliveries').select('status').where('form_response_id', 'in', ids).where('status', '=', 'succeeded').execute()).length === 30,
        'every delivery',
        20_000,
      );
    } finally {
      await Promise.all(workers.map((w) => w.stop()));
      receiver.removeAllListeners('request');
      receiver.on('request', slowServer);
    }
    const deliveryIds = (await db.selectFrom('deliveries').select('id').where('form_response_id', 'in', ids).execute()).map((d) => d.id).sort();
    const got = received.filter((r) => paths.has(r.path));
    expect(got.map((r) => r.id).sort()).toEqual(deliveryIds);
    expect(new Set(got.map((r) => r.id)).size).toBe(30);
    expect(maxInFlight).toBe(1);
  });

  it('claims a target’s next delivery in one index probe however long its backlog: an orphaned sending one first, then the earliest due', async () => {
    const { formId, target } = await formWithHook('backlog');
    const [first] = await deliveriesOf(await submit(formId, 'First'));
    // A backlog of 3,000 waiting deliveries on the same target, due in scrambled order, none of them sent.
    const { rows } = await sql<{ id: string }>`
      with responses as (
        insert into form_responses (account_id, form_template_id, form_version_id, submission_key, data)
        select ${acme}, ${formId}, r.form_version_id, gen_random_uuid(), r.data from form_responses r, generate_series(1, 3000) g
        where r.id = ${first.form_response_id}
        returning id
      )
      insert into deliveries (account_id, form_response_id, integration_id, target, trigger, next_attempt_at)
      select ${acme}, id, ${first.integration_id}, ${target}, 'submit', now() - (random() * interval '1 hour') from responses
      returning id`.execute(db);
    await sql`update deliveries set next_attempt_at = now() - interval '2 hours' where id = ${rows[1234].id}`.execute(db);
    await sql`update deliveries set status = 'sending', attempt_count = 1, next_attempt_at = null where id = ${rows[2345].id}`.execute(db);
    await sql`analyze deliveries`.execute(db);
    const claim = async () => {
      const client = await pool.connect();
      try {
        await client.query('begin');
        const plan = JSON.stringify((await client.query(`explain (format json) ${CLAIM_SQL}`, [target, new Date()])).rows);
        const claimed = (await client.query<{ id: string; was_sending: boolean }>(CLAIM_SQL, [target, new Date()])).rows[0];
        return { plan, claimed };
      } finally {
        await client.query('rollback');
        client.release();
      }
    };
    const { plan, claimed } = await claim();
    // Read from the index in its order: no sort of the whole backlog per claim (105 ms a claim at 20,000 waiting).
    expect(plan).toContain('deliveries_due');
    expect(plan).not.toContain('"Sort"');
    expect(claimed).toMatchObject({ id: rows[2345].id, was_sending: true });
    await sql`update deliveries set status = 'cancelled', next_attempt_at = null where id = ${rows[2345].id}`.execute(db);
    expect((await claim()).claimed.id).toBe(rows[1234].id);
    await sql`update deliveries set status = 'cancelled', next_attempt_at = null where target = ${target}`.execute(db);
  });

  it('yields to a saturated web side: waits before each delivery and each batch of the outbox, and goes at full speed otherwise', async () => {
    const { formId, path } = await formWithHook('yield');
    behaviours.set(path, () => ({ status: 200 }));
    const ids = [await submit(formId, 'One'), await submit(formId, 'Two'), await submit(formId, 'Three')];
    const worker = engine();
    let busy = true;
    worker.deferWhile(() => busy);
    const { target } = (await deliveriesOf(ids[0]))[0];
    let started = Date.now();
    await worker.drain(target);
    // 50 ms before each of the three: a lower bound holds however loaded the machine is.
    expect(Date.now() - started).toBeGreaterThanOrEqual(150);
    for (const id of ids) expect((await deliveriesOf(id))[0].status).toBe('succeeded');
    await submit(formId, 'Four', {}, false);
    started = Date.now();
    expect(await worker.moveOutbox()).toEqual([target]);
    expect(Date.now() - started).toBeGreaterThanOrEqual(1_000);
    busy = false;
    await submit(formId, 'Five', {}, false);
    started = Date.now();
    expect(await worker.moveOutbox()).toEqual([target]);
    await worker.drain(target);
    expect(Date.now() - started).toBeLessThan(1_000);
    await worker.stop();
  });

  it('a worker killed mid-push leaves the delivery to another, which sends it again (same webhook-id) and succeeds once', async () => {
    const { formId, path } = await formWithHook('crash');
    behaviours.set(path, (call) => (call === 1 ? 'hold' : { status: 200 }));
    const id = await submit(formId);
    // `node --import tsx`, not the tsx CLI: the CLI runs the script in a grandchild that a kill would not reach.
    const child: ChildProcess = spawn(process.execPath, ['--import', 'tsx', join('server', 'worker.ts')], {
      env: { ...process.env, DATABASE_URL: databaseUrl, SECRET_KEY: config.SECRET_KEY!, ZAPIER_HOOK_HOSTS: '127.0.0.1', LOG_LEVEL: 'warn' },
      stdio: 'ignore',
    });
    let survivor: DeliveryEngine | undefined;
    try {
      await waitFor(async () => received.some((r) => r.path === path), 'the worker process to push', 25_000);
      expect((await deliveriesOf(id))[0].status).toBe('sending');
      child.kill('SIGKILL');
      await new Promise((resolve) => child.once('exit', resolve));
      survivor = engine();
      await survivor.startWorkers();
      await waitFor(async () => (await deliveriesOf(id))[0].status === 'succeeded', 'the survivor to finish the delivery');
    } finally {
      if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
      await survivor?.stop();
    }
    const [row] = await deliveriesOf(id);
    const got = received.filter((r) => r.path === path);
    expect(got.map((r) => r.id)).toEqual([row.id, row.id]);
    expect(got.filter((r) => r.answered === 200)).toHaveLength(1);
    expect(row).toMatchObject({ status: 'succeeded', attempt_count: 2 });
    expect((await attemptsOf(row.id)).map((a) => [a.attempt_no, a.response_status, a.error_kind])).toEqual([
      [1, null, 'network'],
      [2, 200, null],
    ]);
  }, 45_000);
});

describe('adapters', () => {
  it('sends a target through the adapter of its kind, recording the attempt before the request; blocks one without an adapter', async () => {
    const { formId } = await formWithHook('adapter-unused');
    const integrationId = randomUUID();
    await db.insertInto('account_integrations').values({ id: integrationId, account_id: acme, kind: 'clio', enabled: true, push_web_leads: true }).execute();
    const responseId = await submit(formId, 'Ada Adapter');
    const insertClioDelivery = async () =>
      (
        await db
          .insertInto('deliveries')
          .values({ account_id: acme, form_response_id: responseId, integration_id: integrationId, target: `clio:${integrationId}`, trigger: 'replay', next_attempt_at: new Date() })
          .onConflict((oc) => oc.columns(['form_response_id', 'target']).doUpdateSet({ status: 'pending', next_attempt_at: new Date() }))
          .returning('id')
          .executeTakeFirstOrThrow()
      ).id;

    // No Clio adapter yet: the delivery waits, blocked, and nothing is attempted.
    const blockedId = await insertClioDelivery();
    await engine().drain(`clio:${integrationId}`);
    expect((await deliveriesOf(responseId)).find((d) => d.id === blockedId)).toMatchObject({ status: 'blocked', last_error: 'No adapter for this target yet' });
    expect(await attemptsOf(blockedId)).toEqual([]);

    const seen: { job: PushJob; attemptsBeforeSend: number }[] = [];
    const clio: IntegrationAdapter = {
      kind: 'clio',
      connect: async () => undefined,
      disconnect: async () => undefined,
      listRecordTypes: async () => [],
      fieldList: async () => [],
      async push(job, io) {
        await io.beforeSend('POST', 'https://app.clio.com/api/v4/contacts.json');
        seen.push({ job, attemptsBeforeSend: (await attemptsOf(job.deliveryId)).length });
        await io.beforeSend('POST', 'https://app.clio.com/api/v4/matters.json');
        return { kind: 'answered', status: 201, excerpt: '{"data":{"id":7}}', retryAfter: null, message: 'HTTP 201', redact: [] };
      },
    };
    const id = await insertClioDelivery();
    await engine({ adapters: [clio] }).drain(`clio:${integrationId}`);
    expect(seen).toHaveLength(1);
    expect(seen[0].job).toMatchObject({ deliveryId: id, target: `clio:${integrationId}`, attemptNo: 1, response: { id: responseId }, form: { id: formId }, zapierHook: null });
    // The attempt row existed before the request went out.
    expect(seen[0].attemptsBeforeSend).toBe(1);
    expect((await deliveriesOf(responseId)).find((d) => d.id === id)).toMatchObject({ status: 'succeeded' });
    expect(await attemptsOf(id)).toEqual([expect.objectContaining({ attempt_no: 1, request_url: 'https://app.clio.com/api/v4/matters.json', response_status: 201 })]);
  });
});

describe('routes', () => {
  it('attempt_push runs the response’s deliveries now and answers their outcome', async () => {
    const { formId, path } = await formWithHook('push');
    behaviours.set(path, (call) => (call === 1 ? { status: 500, body: '{"error":"Zap errored"}' } : { status: 200 }));
    const id = await submit(formId);
    const failed = await lawyer.request({ method: 'POST', url: `/api/${acme}/form-responses/${id}/attempt_push/` });
    expect(failed.statusCode).toBe(200);
    expect(failed.json()).toEqual({ results: [{ kind: 'zapier', status: 'pending', error: 'HTTP 500: Zap errored' }] });
    const pushed = await lawyer.request({ method: 'POST', url: `/api/${acme}/form-responses/${id}/attempt_push/` });
    expect(pushed.json()).toEqual({ results: [{ kind: 'zapier', status: 'succeeded' }] });
    expect(received.filter((r) => r.path === path)).toHaveLength(2);
    expect((await rival.request({ method: 'POST', url: `/api/${other}/form-responses/${id}/attempt_push/` })).statusCode).toBe(404);
    expect((await rival.request({ method: 'POST', url: `/api/${acme}/form-responses/${id}/attempt_push/` })).statusCode).toBe(403);
  });

  it('send-unsent queues exactly the responses without a success, and the list filters by delivery status', async () => {
    const created = (await lawyer.request({ method: 'POST', url: `/api/${acme}/form-templates/`, ...json(templateBody({ name: 'unsent' })) })).json();
    // Before the hook: no delivery at all.
    const before = await submit(created.id, 'Before hook');
    const path = '/hooks/unsent';
    const hook = (await zapier('POST', 'hooks/', { target_url: `${receiverUrl}${path}`, event: 'response.created', form_id: created.id })).json();
    hookSecrets.set(path, hook.secret);
    const target = `zapier:${hook.id}`;
    behaviours.set(path, (call) => (call === 1 ? { status: 200 } : { status: 400, body: 'bad' }));
    const ok = await submit(created.id, 'Delivered');
    const direct = engine();
    await direct.drain(target);
    const bad = await submit(created.id, 'Rejected');
    await direct.drain(target);
    const spam = await submit(created.id, 'Spam', { hp: 'bot' });
    expect((await deliveriesOf(ok))[0].status).toBe('succeeded');
    expect((await deliveriesOf(bad))[0].status).toBe('failed');

    const list = async (query: string) =>
      ((await lawyer.get(`/api/${acme}/integrations/zapier/form-responses/?form_template=${created.id}${query}`)).json().results as { id: string }[]).map((r) => r.id);
    expect(await list('&status=unsent')).toEqual([bad, before]);
    expect(await list('&status=failed')).toEqual([bad]);
    expect(await list('&status=succeeded')).toEqual([ok]);
    const all = (await lawyer.get(`/api/${acme}/integrations/zapier/form-responses/?form_template=${created.id}&page_size=2`)).json();
    expect(all.results.map((r: { id: string }) => r.id)).toEqual([bad, ok]);
    expect(all.results[0].delivery).toMatchObject({ status: 'failed', attemptCount: 1, lastError: 'HTTP 400: bad' });
    expect(all.next).toContain('page=2');
    const refused = await lawyer.get(`/api/${acme}/integrations/zapier/form-responses/?status=nope&page_size=0`);
    expect(refused.statusCode).toBe(400);
    expect(Object.keys(refused.json().errors).sort()).toEqual(['page_size', 'status']);
    // Isolation: another firm sees none of these responses, and cannot read this account's list.
    const rivalList = (await rival.get(`/api/${other}/integrations/zapier/form-responses/`)).json();
    expect(rivalList.results).toEqual([]);
    expect((await rival.get(`/api/${acme}/integrations/zapier/form-responses/`)).statusCode).toBe(403);
    expect((await rival.request({ method: 'POST', url: `/api/${acme}/integrations/zapier/send-unsent/` })).statusCode).toBe(403);

    // What send-unsent must pick, worked out apart from the engine: non-spam responses of the account on a form with a
    // live hook that have no succeeded delivery to it.
    const expected = (
      await sql<{ id: string }>`
        select distinct r.id from form_responses r join zapier_hooks h on h.form_template_id = r.form_template_id and h.deleted_at is null
        where r.account_id = ${acme} and not r.is_spam
          and not exists (select 1 from deliveries d where d.form_response_id = r.id and d.target = 'zapier:' || h.id and d.status = 'succeeded')`.execute(db)
    ).rows.map((r) => r.id);
    const sent = await lawyer.request({ method: 'POST', url: `/api/${acme}/integrations/zapier/send-unsent/` });
    expect(sent.statusCode).toBe(202);
    const queuedHere = (await deliveriesOf(before)).concat(await deliveriesOf(bad));
    expect(queuedHere.map((d) => [d.status, d.trigger])).toEqual([
      ['pending', 'send_unsent'],
      ['pending', 'send_unsent'],
    ]);
    expect((await deliveriesOf(ok))[0]).toMatchObject({ status: 'succeeded', attempt_count: 1 });
    expect(await deliveriesOf(spam)).toEqual([]);
    const picked = (await db.selectFrom('deliveries').select('form_response_id').distinct().where('trigger', '=', 'send_unsent').execute()).map((d) => d.form_response_id);
    expect(picked.sort()).toEqual(expected.sort());
    expect(picked).toEqual(expect.arrayContaining([before, bad]));
    expect(picked).not.toContain(ok);
    expect(sent.json()).toEqual({ queued: expected.length });
    expect((await rival.request({ method: 'POST', url: `/api/${other}/integrations/zapier/send-unsent/` })).statusCode).toBe(404);
    await direct.stop();
  });

  it('never writes a hook secret to an attempt, a delivery or a log line', async () => {
    const rows = JSON.stringify([
      await db.selectFrom('delivery_attempts').selectAll().execute(),
      await db.selectFrom('deliveries').selectAll().execute(),
      (await sql`select data::text from pgboss.job`.execute(db)).rows,
    ]);
    expect(hookSecrets.size).toBeGreaterThan(5);
    for (const secret of hookSecrets.values()) {
      for (const text of [rows, logLines.join('\n')]) {
        expect(text).not.toContain(secret);
        expect(text).not.toContain(secret.slice('whsec_'.length));
      }
    }
    expect(logLines.some((line) => line.includes('delivery attempt'))).toBe(true);
  });
});
