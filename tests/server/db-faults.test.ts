import { execFile } from 'node:child_process';
import { createServer, type Server, type Socket } from 'node:net';
import { join, resolve } from 'node:path';
import { promisify } from 'node:util';
import { sql } from 'kysely';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../server/app.js';
import { loadConfig } from '../../server/config.js';
import { createDb } from '../../server/db/database.js';
import { freePort } from '../../server/db/embedded-postgres.js';
import { DATABASE_RETRY_AFTER_SECONDS } from '../../server/errors.js';
import { HEALTH_TIMEOUT_MS } from '../../server/routes/core.js';
import { TestClient, createAccount, createTestContext, createUser, type TestContext } from './helpers.js';

/** A TCP server that accepts connections and never answers: from the client's side, a frozen PostgreSQL. */
async function blackHole(): Promise<{ port: number; close(): Promise<void> }> {
  const sockets = new Set<Socket>();
  const server: Server = createServer((socket) => {
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
  });
  await new Promise<void>((done) => server.listen(0, '127.0.0.1', done));
  const address = server.address();
  if (!address || typeof address === 'string') throw new Error('no port');
  return {
    port: address.port,
    close: () =>
      new Promise<void>((done) => {
        for (const socket of sockets) socket.destroy();
        server.close(() => done());
      }),
  };
}

/** The app on a database URL that cannot be reached (connect timeout shortened so the test stays quick). */
async function appOn(databaseUrl: string, connectTimeoutMs = 1_000) {
  const config = loadConfig({ DATABASE_URL: databaseUrl, SECRET_KEY: 'x'.repeat(40), LOG_LEVEL: 'silent' });
  const { db, pool } = createDb(databaseUrl, { max: 2, connectTimeoutMs });
  const app = await buildApp({ config, db, pool, secretKey: config.SECRET_KEY! });
  await app.ready();
  return { app, db, close: async () => { await app.close(); await db.destroy().catch(() => {}); } };
}

describe('connections PostgreSQL drops', () => {
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await createTestContext();
    const accountId = await createAccount(ctx.db);
    await createUser(ctx.db, { email: 'lawyer@acme.test', accountId });
  });
  afterAll(() => ctx.close());

  it('pg_terminate_backend of every connection, one of them checked out mid-transaction, fails that work only', async () => {
    const client = new TestClient(ctx.app);
    await client.signIn('lawyer@acme.test');
    expect((await client.get('/api/me/')).statusCode).toBe(200);

    const admin = new pg.Client({ connectionString: ctx.databaseUrl });
    await admin.connect();
    const uncaught: unknown[] = [];
    const onUncaught = (error: unknown) => uncaught.push(error);
    process.on('uncaughtException', onUncaught);
    try {
      const transaction = ctx.db.transaction().execute(async (trx) => {
        await sql`select 1`.execute(trx);
        // Every connection of this database goes while this transaction's connection is checked out between queries.
        await admin.query('select pg_terminate_backend(pid) from pg_stat_activity where datname = current_database() and pid <> pg_backend_pid()');
        await new Promise((done) => setTimeout(done, 200));
        await sql`select 1`.execute(trx);
      });
      await expect(transaction).rejects.toThrow();
      await new Promise((done) => setTimeout(done, 100));
      expect(uncaught).toEqual([]);
    } finally {
      process.off('uncaughtException', onUncaught);
      await admin.end();
    }

    // The same process serves on, on fresh connections.
    expect((await client.get('/api/me/')).statusCode).toBe(200);
    expect((await client.get('/api/health/')).statusCode).toBe(200);
  });
});

describe('a database that cannot be reached', () => {
  it('answers 503 with Retry-After, never 500, while PostgreSQL is down', async () => {
    // A loopback port nothing listens on: a stopped PostgreSQL.
    const down = await appOn(`postgres://u:p@127.0.0.1:${await freePort()}/db`);
    try {
      const client = new TestClient(down.app);
      const health = await client.get('/api/health/');
      expect(health.statusCode).toBe(503);
      const me = await client.request({ method: 'GET', url: '/api/me/', headers: { cookie: 'sessionid=abc' } });
      expect(me.statusCode).toBe(503);
      expect(me.headers['retry-after']).toBe(String(DATABASE_RETRY_AFTER_SECONDS));
      expect(me.json().detail).toMatch(/try again/i);
      const publicForm = await client.get('/api/public/forms/00000000-0000-4000-8000-000000000000/');
      expect(publicForm.statusCode).toBe(503);
    } finally {
      await down.close();
    }
  });

  it('answers /api/health/ 503 within 2 s when PostgreSQL accepts connections but never answers (frozen)', async () => {
    const hole = await blackHole();
    // A connect timeout longer than the health budget: the health check's own timeout must be what answers.
    const frozen = await appOn(`postgres://u:p@127.0.0.1:${hole.port}/db`, 10_000);
    try {
      const started = performance.now();
      const health = await new TestClient(frozen.app).get('/api/health/');
      const elapsed = performance.now() - started;
      expect(health.statusCode).toBe(503);
      expect(elapsed).toBeLessThan(2_000);
      expect(elapsed).toBeGreaterThanOrEqual(HEALTH_TIMEOUT_MS - 50);
    } finally {
      await hole.close();
      await frozen.close();
    }
  });

  it('stops `npm start` within about 10 s, naming the problem, when DATABASE_URL never answers', async () => {
    const hole = await blackHole();
    try {
      const root = resolve(__dirname, '../..');
      const started = performance.now();
      const result = await promisify(execFile)(join(root, 'node_modules/.bin/tsx'), [join(root, 'server/server.ts')], {
        cwd: root,
        env: { ...process.env, PORT: '0', DATABASE_URL: `postgres://u:secret-password@127.0.0.1:${hole.port}/intake`, SECRET_KEY: 'x'.repeat(40), LOG_LEVEL: 'silent' },
        timeout: 20_000,
      }).catch((error: { code: number; stderr: string }) => error);
      const elapsed = performance.now() - started;
      expect('code' in result && result.code).toBe(1);
      expect(result.stderr).toContain(`Cannot reach PostgreSQL at DATABASE_URL (127.0.0.1:${hole.port}/intake)`);
      expect(result.stderr).not.toContain('secret-password');
      expect(elapsed).toBeLessThan(12_000);
    } finally {
      await hole.close();
    }
  });
});
