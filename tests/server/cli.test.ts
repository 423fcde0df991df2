import { execFile } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { promisify } from 'node:util';
import { sql } from 'kysely';
import { Webhook } from 'standardwebhooks';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { verifyPassword } from '../../server/auth/passwords.js';
import { createDb } from '../../server/db/database.js';
import { startEmbeddedPostgres } from '../../server/db/embedded-postgres.js';
import { EMBEDDED_DATABASE_NAME } from '../../server/db/open.js';
import { DeliveryEngine } from '../../server/delivery/delivery-engine.js';
import { SecretBox } from '../../server/secrets/secret-box.js';
import { createAccount, createTestDatabase } from './helpers.js';

const run = promisify(execFile);
const root = resolve(__dirname, '../..');
const tsx = join(root, 'node_modules/.bin/tsx');

async function manage(env: Record<string, string>, ...args: string[]) {
  try {
    const { stdout, stderr } = await run(tsx, [join(root, 'server/cli/manage.ts'), ...args], {
      cwd: root,
      env: { ...process.env, LOG_LEVEL: 'silent', DATABASE_URL: '', DATA_DIR: '', ...env },
    });
    return { code: 0, stdout: stdout.trim(), stderr: stderr.trim() };
  } catch (error) {
    const failed = error as { code: number; stdout: string; stderr: string };
    return { code: failed.code, stdout: failed.stdout.trim(), stderr: failed.stderr.trim() };
  }
}

describe('management CLI on DATABASE_URL', () => {
  let database: Awaited<ReturnType<typeof createTestDatabase>>;
  let env: Record<string, string>;
  beforeAll(async () => {
    database = await createTestDatabase();
    env = { DATABASE_URL: database.databaseUrl };
  });
  afterAll(() => database.drop());

  it('create-account prints the new id', async () => {
    const result = await manage(env, 'create-account', '--name', 'Acme Law');
    expect(result.code).toBe(0);
    expect(result.stdout).toMatch(/^\d+$/);
    const row = await database.db.selectFrom('accounts').selectAll().where('id', '=', Number(result.stdout)).executeTakeFirst();
    expect(row?.internal_name).toBe('Acme Law');
  });

  // Three CLI processes and four scrypt hashes (N = 2^17): a loaded machine needs more than the default 30 s.
  it('create-user and set-password store scrypt hashes, with every option', { timeout: 90_000 }, async () => {
    const accountId = (await manage(env, 'create-account', '--name', 'Beta LLP')).stdout;
    const created = await manage(env, 'create-user', '--email', 'Ann@Beta.test', '--password', 'first-pass-1', '--account', accountId, '--staff', '--first-name', 'Ann', '--last-name', 'Lee');
    expect(created.code).toBe(0);
    const user = await database.db.selectFrom('users').selectAll().where(sql`lower(email)`, '=', 'ann@beta.test').executeTakeFirstOrThrow();
    expect(user).toMatchObject({ first_name: 'Ann', last_name: 'Lee', is_staff: true, is_superuser: false, account_id: Number(accountId) });
    expect(await verifyPassword('first-pass-1', user.password_hash)).toBe(true);

    expect((await manage(env, 'set-password', '--email', 'ann@beta.test', '--password', 'second-pass-2')).code).toBe(0);
    const updated = await database.db.selectFrom('users').select('password_hash').where('id', '=', user.id).executeTakeFirstOrThrow();
    expect(await verifyPassword('second-pass-2', updated.password_hash)).toBe(true);
  });

  it.each([
    [['create-account'], '--name is required'],
    [['create-user', '--email', 'not-an-email', '--password', 'long-enough'], '--email must be an email address'],
    [['create-user', '--email', 'x@y.test', '--password', 'short', '--superuser'], '--password must be at least 8 characters long'],
    [['create-user', '--email', 'x@y.test', '--password', 'long-enough', '--account', '999999'], 'no account has this id'],
    [['create-user', '--email', 'x@y.test', '--password', 'long-enough'], '--account is required'],
    [['set-password', '--email', 'ghost@y.test', '--password', 'long-enough'], 'no user has this email'],
    [['create-user', '--bogus'], "Unknown option '--bogus'"],
  ])('exits non-zero with a clear message for %j', async (args, message) => {
    const result = await manage(env, ...args);
    expect(result.code).not.toBe(0);
    expect(result.stderr).toContain(message);
  });

  it('refuses a duplicate email', async () => {
    await manage(env, 'create-user', '--email', 'dup@y.test', '--password', 'long-enough', '--superuser');
    const again = await manage(env, 'create-user', '--email', 'DUP@y.test', '--password', 'long-enough', '--superuser');
    expect(again.code).toBe(1);
    expect(again.stderr).toContain('a user with this email already exists');
  });

  it('prints usage for an unknown command', async () => {
    const result = await manage(env, 'launch-rockets');
    expect(result.code).toBe(2);
    expect(result.stderr).toContain('Unknown command: launch-rockets');
    expect(result.stderr).toContain('npm run manage -- create-account --name');
  });
});

describe('management CLI on the embedded database', () => {
  let dataDir: string;
  beforeAll(async () => {
    dataDir = await mkdtemp(join(tmpdir(), 'formbuilder-cli-'));
  });
  afterAll(() => rm(dataDir, { recursive: true, force: true }));

  it('works with the server stopped (starts PostgreSQL itself) and while it runs (joins it)', async () => {
    const first = await manage({ DATA_DIR: dataDir }, 'create-account', '--name', 'Cold Start LLP');
    expect(first.code, first.stderr).toBe(0);

    // Now "the server" holds the cluster: the CLI must use the running PostgreSQL.
    const running = await startEmbeddedPostgres({ dataDir, database: EMBEDDED_DATABASE_NAME });
    try {
      expect(running.owned).toBe(true);
      const second = await manage({ DATA_DIR: dataDir }, 'create-account', '--name', 'Warm LLP');
      expect(second.code, second.stderr).toBe(0);
      const { db } = createDb(running.connectionString, { max: 1 });
      const names = (await db.selectFrom('accounts').select('internal_name').orderBy('id').execute()).map((r) => r.internal_name);
      await db.destroy();
      expect(names).toEqual(['Cold Start LLP', 'Warm LLP']);
    } finally {
      await running.stop();
    }
  }, 60_000);
});

/**
 * The delivery commands against a real database, a real delivery engine and a loopback receiver that verifies every
 * signature with the `standardwebhooks` package. The receiver echoes the hook's secret in its refusal, as a careless
 * one might: the output must still never hold a secret.
 */
describe('management CLI: deliveries, delivery, replay-delivery', () => {
  const SECRET_KEY = 'm'.repeat(40);
  const hookSecret = `whsec_${Buffer.from(randomUUID()).toString('base64')}`;
  const urlSecret = `url-secret-${randomUUID()}`;
  let database: Awaited<ReturnType<typeof createTestDatabase>>;
  let env: Record<string, string>;
  let receiver: Server;
  let answer = { status: 200, body: '{"status":"success"}' };
  const received: { id: string; verified: boolean; status: number }[] = [];
  let worker: DeliveryEngine | undefined;
  let acme: number;
  let other: number;
  let failedId: string;
  let otherId: string;
  let removedId: string;
  let otherFormId: string;
  const outputs: string[] = [];

  const cli = async (...args: string[]) => {
    const result = await manage(env, ...args);
    outputs.push(result.stdout, result.stderr);
    return result;
  };
  const engine = () => new DeliveryEngine({ db: database.db, pool: database.pool, secrets: new SecretBox(SECRET_KEY), hookHosts: ['127.0.0.1'], timeoutMs: 3_000, pollingIntervalSeconds: 0.5, sweepIntervalMs: 200 });

  /** An account's Zapier integration, a one-input form with a hook to the receiver, and one response. */
  async function seed(accountId: number, path: string) {
    const { db } = database;
    await db
      .insertInto('account_integrations')
      .values({ id: randomUUID(), account_id: accountId, kind: 'zapier', enabled: true, push_web_leads: true, status: 'connected' })
      .onConflict((conflict) => conflict.columns(['account_id', 'kind']).doNothing())
      .execute();
    const document = [{ type: 'page', id: randomUUID(), title: 'Intake', children: [] }];
    const logic = { conditionMap: {}, pageMap: {} };
    const form = await db
      .insertInto('form_templates')
      .values({ group_id: randomUUID(), account_id: accountId, name: `Intake ${path}`, json_form: JSON.stringify(document), json_conditional_logic: JSON.stringify(logic), json_form_style: '{"button":{}}' })
      .returning('id')
      .executeTakeFirstOrThrow();
    const version = await db
      .insertInto('form_versions')
      .values({ form_template_id: form.id, account_id: accountId, version_at: new Date(), json_form: JSON.stringify(document), json_conditional_logic: JSON.stringify(logic) })
      .returning('id')
      .executeTakeFirstOrThrow();
    const hookId = randomUUID();
    const port = (receiver.address() as AddressInfo).port;
    await db
      .insertInto('zapier_hooks')
      .values({ id: hookId, account_id: accountId, form_template_id: form.id, event: 'response.created', target_url: `http://127.0.0.1:${port}${path}?token=${urlSecret}`, secret: new SecretBox(SECRET_KEY).encrypt(hookSecret, { table: 'zapier_hooks', column: 'secret', rowId: hookId }) })
      .execute();
    const response = await db
      .insertInto('form_responses')
      .values({ account_id: accountId, form_template_id: form.id, form_version_id: version.id, submission_key: randomUUID(), data: '{}' })
      .returning('id')
      .executeTakeFirstOrThrow();
    const sender = engine();
    try {
      await sender.inTransaction((_client, exec) => sender.enqueue(exec, [response.id], 'submit'));
      await sender.drain(`zapier:${hookId}`);
    } finally {
      await sender.stop();
    }
    const delivery = await db.selectFrom('deliveries').selectAll().where('form_response_id', '=', response.id).executeTakeFirstOrThrow();
    return { delivery, hookId, formId: form.id };
  }

  beforeAll(async () => {
    receiver = createServer((request, response) => {
      const chunks: Buffer[] = [];
      request.on('data', (chunk: Buffer) => chunks.push(chunk));
      request.on('end', () => {
        let verified = true;
        try {
          new Webhook(hookSecret).verify(Buffer.concat(chunks).toString('utf8'), request.headers as Record<string, string>);
        } catch {
          verified = false;
        }
        received.push({ id: String(request.headers['webhook-id']), verified, status: answer.status });
        response.writeHead(answer.status, { 'content-type': 'application/json' }).end(answer.body);
      });
    });
    await new Promise<void>((ready) => receiver.listen(0, '127.0.0.1', ready));
    database = await createTestDatabase();
    env = { DATABASE_URL: database.databaseUrl, SECRET_KEY, ZAPIER_HOOK_HOSTS: '127.0.0.1' };
    acme = await createAccount(database.db, 'Acme Law');
    other = await createAccount(database.db, 'Other LLP');
    // A refusal that is final (422) and quotes the secret back.
    answer = { status: 422, body: JSON.stringify({ message: `Missing field (signed with ${hookSecret})` }) };
    failedId = (await seed(acme, '/hooks/acme')).delivery.id;
    const otherSeed = await seed(other, '/hooks/other');
    otherId = otherSeed.delivery.id;
    otherFormId = otherSeed.formId;
    const removed = await seed(acme, '/hooks/removed');
    removedId = removed.delivery.id;
    await database.db.updateTable('zapier_hooks').set({ deleted_at: new Date(), deleted_reason: 'unsubscribed' }).where('id', '=', removed.hookId).execute();
    answer = { status: 200, body: '{"status":"success"}' };
  }, 60_000);

  afterAll(async () => {
    await worker?.stop();
    await database?.drop();
    await new Promise((closed) => receiver.close(closed));
  });

  it('lists an account\'s deliveries by status, and only that account\'s', async () => {
    const listed = await cli('deliveries', '--account', String(acme), '--status', 'failed');
    expect(listed.code, listed.stderr).toBe(0);
    const [header, ...rows] = listed.stdout.split('\n');
    expect(header.split(/\s{2,}/)).toEqual(['DELIVERY', 'RESPONSE', 'TARGET', 'STATUS', 'ATTEMPTS', 'NEXT TRY', 'LAST ERROR']);
    const delivery = await database.db.selectFrom('deliveries').selectAll().where('id', '=', failedId).executeTakeFirstOrThrow();
    const row = rows.find((line) => line.startsWith(failedId));
    expect(row?.split(/\s{2,}/)).toEqual([failedId, delivery.form_response_id, delivery.target, 'failed', '1', '—', expect.stringMatching(/^HTTP 422: Missing field/)]);
    expect(listed.stdout).not.toContain(otherId);

    const theirs = await cli('deliveries', '--account', String(other));
    expect(theirs.stdout).toContain(otherId);
    expect(theirs.stdout).not.toContain(failedId);
    expect((await cli('deliveries', '--account', String(acme), '--status', 'pending')).stdout).toBe(`No pending deliveries in account ${acme}.`);
  });

  it.each([
    [['deliveries'], '--account is required'],
    [['deliveries', '--account', 'x1'], '--account must be a numeric account id'],
    [['deliveries', '--account', '999999'], 'no account has this id'],
    [['deliveries', '--account', '1', '--status', 'lost'], '--status must be one of pending, sending, succeeded, failed, blocked, cancelled'],
    [['deliveries', '--account', '1', '--limit', '0'], '--limit must be at least 1'],
    [['delivery'], 'give exactly one delivery id'],
    [['delivery', 'not-a-uuid'], 'not-a-uuid: a delivery id must be a UUID'],
    [['delivery', '00000000-0000-4000-8000-000000000000'], 'no delivery has this id'],
    [['replay-delivery', '00000000-0000-4000-8000-000000000000'], 'no delivery has this id'],
  ])('exits non-zero with a clear message for %j', async (args, message) => {
    const result = await cli(...args);
    expect(result.code).toBe(1);
    expect(result.stderr).toContain(message);
  });

  it('refuses a form of another account', async () => {
    const result = await cli('deliveries', '--account', String(acme), '--form', otherFormId);
    expect(result.code).toBe(1);
    expect(result.stderr).toContain(`account ${acme} has no form with this id`);
  });

  it('shows a delivery with its attempts, the receiver\'s answer redacted', async () => {
    const shown = await cli('delivery', failedId);
    expect(shown.code, shown.stderr).toBe(0);
    expect(shown.stdout).toContain(`Delivery ${failedId}`);
    expect(shown.stdout).toMatch(/status\s+failed/);
    expect(shown.stdout).toMatch(/\(hook live\)/);
    const port = (receiver.address() as AddressInfo).port;
    expect(shown.stdout).toMatch(new RegExp(`^1\\s+\\S+\\s+\\d+\\s+POST http://127\\.0\\.0\\.1:${port}/hooks/acme\\s+422\\s+validation: HTTP 422: Missing field`, 'm'));
    expect(shown.stdout).toContain('[redacted]');
  });

  it('replays a failed delivery once through the engine, then refuses to send it again', async () => {
    worker = engine();
    await worker.startWorkers();
    const replayed = await cli('replay-delivery', failedId);
    expect(replayed.code, replayed.stderr).toBe(0);
    expect(replayed.stdout).toContain(`Delivery ${failedId} is queued again, due now (it was failed after 1 attempt(s)).`);
    expect(replayed.stdout).toContain('Outcome: succeeded at attempt 2, last HTTP status 200');
    const row = await database.db.selectFrom('deliveries').selectAll().where('id', '=', failedId).executeTakeFirstOrThrow();
    expect(row).toMatchObject({ status: 'succeeded', trigger: 'replay', attempt_count: 2 });
    expect(received.filter((r) => r.id === failedId)).toEqual([
      { id: failedId, verified: true, status: 422 },
      { id: failedId, verified: true, status: 200 },
    ]);

    const again = await cli('replay-delivery', failedId);
    expect(again.code).toBe(1);
    expect(again.stderr).toContain('a delivery that succeeded is never sent again');
    await new Promise((settle) => setTimeout(settle, 1_000));
    expect(received.filter((r) => r.id === failedId && r.status === 200)).toHaveLength(1);
    expect((await database.db.selectFrom('deliveries').select('attempt_count').where('id', '=', failedId).executeTakeFirstOrThrow()).attempt_count).toBe(2);
  }, 60_000);

  it('says why a delivery whose hook was removed is not queued', async () => {
    await database.db.updateTable('deliveries').set({ status: 'failed' }).where('id', '=', removedId).execute();
    const result = await cli('replay-delivery', removedId, '--wait', '0');
    expect(result.code).toBe(1);
    expect(result.stderr).toContain(`delivery ${removedId} was not queued: its Zapier hook was removed`);
    expect((await database.db.selectFrom('deliveries').select('status').where('id', '=', removedId).executeTakeFirstOrThrow()).status).toBe('failed');
  });

  it('never prints a secret', async () => {
    const ciphertexts = (await database.db.selectFrom('zapier_hooks').select('secret').execute()).map((row) => row.secret);
    const printed = outputs.join('\n');
    expect(printed.length).toBeGreaterThan(0);
    for (const secret of [hookSecret, hookSecret.slice('whsec_'.length), urlSecret, SECRET_KEY, ...ciphertexts]) expect(printed).not.toContain(secret);
  });
});
