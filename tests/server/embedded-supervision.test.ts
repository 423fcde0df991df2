import { spawn } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { readdirSync, readFileSync } from 'node:fs';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import type { FormDocument } from '../../src/domain/form-document.js';
import { buildApp } from '../../server/app.js';
import { loadConfig } from '../../server/config.js';
import { createDb, migrateToLatest, type DB } from '../../server/db/database.js';
import { startEmbeddedPostgres, type EmbeddedPostgresHandle } from '../../server/db/embedded-postgres.js';
import { input, templateBody } from './form-fixtures.js';
import { createAccount, createUser, json, signedIn } from './helpers.js';

/** The pids whose parent is `pid` (Linux /proc). */
function childrenOf(pid: number): number[] {
  const children: number[] = [];
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      // /proc/<pid>/stat: "pid (comm) state ppid …"; comm may hold spaces, so read after the last ')'.
      const stat = readFileSync(`/proc/${entry}/stat`, 'utf8');
      const ppid = Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]);
      if (ppid === pid) children.push(Number(entry));
    } catch {
      // gone meanwhile
    }
  }
  return children;
}

const sleep = (ms: number) => new Promise((done) => setTimeout(done, ms));

/** A PostgreSQL of this file's own (durable settings: a kill -9 must not lose a commit), and the app on it. */
let dataDir: string;
let postgres: EmbeddedPostgresHandle;
let db: DB;
let app: FastifyInstance;
let formId: string;
let nameId: string;

beforeAll(async () => {
  dataDir = await mkdtemp(join(tmpdir(), 'formbuilder-supervised-'));
  postgres = await startEmbeddedPostgres({ dataDir, database: 'faults', restartDelayMs: 100 });
  const database = createDb(postgres.connectionString, { connectTimeoutMs: 1_000 });
  db = database.db;
  const pool = database.pool;
  await migrateToLatest(db);
  const config = loadConfig({ DATABASE_URL: postgres.connectionString, SECRET_KEY: 'x'.repeat(40), SUBMIT_RATE_LIMIT: '100000', SUBMIT_MIN_FILL_MS: '0' });
  app = await buildApp({ config, db, pool, secretKey: config.SECRET_KEY! });
  await app.ready();
  const account = await createAccount(db);
  await createUser(db, { email: 'lawyer@acme.test', accountId: account });
  const lawyer = await signedIn(app, 'lawyer@acme.test');
  const pageId = randomUUID();
  const name = input('textInput', pageId, 'Name');
  const document: FormDocument = [{ type: 'page', id: pageId, title: 'Start', children: [name] }];
  const created = await lawyer.request({ method: 'POST', url: `/api/${account}/form-templates/`, ...json(templateBody({ jsonForm: document })) });
  expect(created.statusCode).toBe(201);
  formId = created.json().id;
  nameId = name.id;
}, 60_000);

afterAll(async () => {
  await app?.close().catch(() => {});
  await db?.destroy().catch(() => {});
  await postgres?.stop();
  await rm(dataDir, { recursive: true, force: true });
});

describe('embedded PostgreSQL supervision', () => {
  it('a frozen PostgreSQL (SIGSTOP of all its processes): /api/health/ answers 503 within 2 s, then 200 once it thaws', async () => {
    expect((await app.inject({ method: 'GET', url: '/api/health/' })).statusCode).toBe(200);
    const pid = postgres.pid()!;
    // Every PostgreSQL backend leads its own process group: stop the postmaster and each of its children.
    const frozen = [pid, ...childrenOf(pid)];
    for (const member of frozen) process.kill(member, 'SIGSTOP');
    try {
      const started = performance.now();
      const health = await app.inject({ method: 'GET', url: '/api/health/' });
      expect(health.statusCode).toBe(503);
      expect(performance.now() - started).toBeLessThan(2_000);
    } finally {
      for (const member of frozen) process.kill(member, 'SIGCONT');
    }
    let thawed = false;
    for (let i = 0; i < 50 && !thawed; i++) {
      thawed = (await app.inject({ method: 'GET', url: '/api/health/' })).statusCode === 200;
      if (!thawed) await sleep(100);
    }
    expect(thawed).toBe(true);
    expect(postgres.pid()).toBe(pid); // frozen is not dead: no restart
  }, 30_000);

  it('kill -9 of PostgreSQL under submit load: 503 meanwhile, back by itself within 10 s, no acknowledged submission lost or doubled', async () => {
    const acknowledged = new Map<string, string>(); // response id → submission key
    const refused = new Map<number, number>(); // status → count
    let loading = true;
    const worker = async () => {
      while (loading) {
        const key = randomUUID();
        const response = await app.inject({
          method: 'POST',
          url: '/api/form-submit/',
          payload: JSON.stringify({ form_id: formId, submission_key: key, started_at: Date.now() - 60_000, hp: '', data: { [nameId]: `Client ${key}` } }),
          headers: { 'content-type': 'application/json' },
        });
        if (response.statusCode === 201) acknowledged.set(response.json().id, key);
        else {
          refused.set(response.statusCode, (refused.get(response.statusCode) ?? 0) + 1);
          await sleep(20);
        }
      }
    };
    const workers = Array.from({ length: 8 }, worker);
    await sleep(700);
    const killedPid = postgres.pid();
    expect(killedPid).toBeDefined();
    const ackedBeforeKill = acknowledged.size;
    process.kill(killedPid!, 'SIGKILL');
    const killedAt = performance.now();

    let recoveredAfter: number | undefined;
    while (performance.now() - killedAt < 15_000) {
      const health = await app.inject({ method: 'GET', url: '/api/health/' });
      if (health.statusCode === 200 && postgres.pid() !== undefined && postgres.pid() !== killedPid) {
        recoveredAfter = performance.now() - killedAt;
        break;
      }
      await sleep(100);
    }
    const ackedAtRecovery = acknowledged.size;
    await sleep(700);
    loading = false;
    await Promise.all(workers);

    expect(recoveredAfter).toBeDefined();
    expect(recoveredAfter!).toBeLessThan(10_000);
    expect(ackedBeforeKill).toBeGreaterThan(0);
    expect(acknowledged.size).toBeGreaterThan(ackedAtRecovery); // it serves again after recovering
    // Never a 500: the outage answers 503.
    expect([...refused.keys()].every((status) => status === 503)).toBe(true);
    expect(refused.get(503) ?? 0).toBeGreaterThan(0);

    const ids = [...acknowledged.keys()];
    const stored = await db.selectFrom('form_responses').select(['id', 'submission_key']).where('id', 'in', ids).execute();
    expect(stored).toHaveLength(ids.length);
    for (const row of stored) expect(row.submission_key).toBe(acknowledged.get(row.id));
    const total = await db.selectFrom('form_responses').select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow();
    expect(Number(total.n)).toBe(ids.length); // nothing stored twice, nothing stored that was not acknowledged… or refused
  }, 60_000);

  it('starts despite a stale postmaster.pid naming a live process that is no PostgreSQL', async () => {
    await app.close();
    await db.destroy();
    await postgres.stop();
    const clusterDir = join(dataDir, 'pg');
    // The pid of this test process: alive, and not a postmaster.
    await writeFile(join(clusterDir, 'postmaster.pid'), `${process.pid}\n${clusterDir}\n1700000000\n54321\n\n127.0.0.1\n  1234  5678\nready   \n`);
    postgres = await startEmbeddedPostgres({ dataDir, database: 'faults', adoptOrphan: true });
    expect(postgres.owned).toBe(true);
    expect(postgres.pid()).toBeDefined();
    ({ db } = createDb(postgres.connectionString));
    expect((await db.selectFrom('form_responses').select('id').limit(1).execute()).length).toBe(1);
    await db.destroy();
    await postgres.stop();
  }, 60_000);

  it('owns, after a clean restart, the PostgreSQL a killed server left running', async () => {
    // A server process that starts the embedded PostgreSQL, then is killed with -9.
    const root = resolve(__dirname, '../..');
    const script = join(dataDir, 'start.mts');
    await writeFile(
      script,
      `import { startEmbeddedPostgres } from ${JSON.stringify(join(root, 'server/db/embedded-postgres.ts'))};\n` +
        `const handle = await startEmbeddedPostgres({ dataDir: ${JSON.stringify(dataDir)}, database: 'faults', adoptOrphan: true });\n` +
        `console.log('pid ' + handle.pid());\nsetInterval(() => {}, 1000);\n`,
    );
    const server = spawn(process.execPath, ['--import', 'tsx', script], { cwd: root, stdio: ['ignore', 'pipe', 'inherit'] });
    const orphanPid = await new Promise<number>((done, fail) => {
      let output = '';
      server.stdout.on('data', (chunk: Buffer) => {
        output += chunk.toString();
        const match = /pid (\d+)/.exec(output);
        if (match) done(Number(match[1]));
      });
      server.once('exit', () => fail(new Error(`the server exited early: ${output}`)));
    });
    server.kill('SIGKILL');
    await new Promise((done) => server.once('exit', done));
    expect(() => process.kill(orphanPid, 0)).not.toThrow(); // PostgreSQL outlived its server

    const messages: string[] = [];
    postgres = await startEmbeddedPostgres({ dataDir, database: 'faults', adoptOrphan: true, log: (message) => messages.push(message) });
    expect(postgres.owned).toBe(true);
    expect(postgres.pid()).not.toBe(orphanPid);
    expect(messages.join('\n')).toContain(`left running by a previous server (pid ${orphanPid})`);
    expect(() => process.kill(orphanPid, 0)).toThrow();
    ({ db } = createDb(postgres.connectionString));
    expect((await db.selectFrom('form_responses').select('id').limit(1).execute()).length).toBe(1);
    await db.destroy();
  }, 60_000);
});
