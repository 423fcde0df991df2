import { randomBytes } from 'node:crypto';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { brotliCompressSync } from 'node:zlib';
import type { FastifyInstance } from 'fastify';
import { sql } from 'kysely';
import pg from 'pg';
import { inject } from 'vitest';
import { buildApp } from '../../server/app.js';
import { moveOutboxBatch } from '../../server/delivery/delivery-engine.js';
import { hashPassword } from '../../server/auth/passwords.js';
import { loadConfig, type Config } from '../../server/config.js';
import { createDb, migrateToLatest, type DB } from '../../server/db/database.js';

export interface TestContext {
  app: FastifyInstance;
  db: DB;
  pool: pg.Pool;
  config: Config;
  databaseUrl: string;
  close(): Promise<void>;
}

/** A fresh database (migrated) in the suite's PostgreSQL, and the app built on it. */
export async function createTestDatabase(): Promise<{ db: DB; pool: pg.Pool; databaseUrl: string; drop(): Promise<void> }> {
  const server = inject('pgServerUrl');
  const name = `test_${randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: `${server}/postgres` });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name}`);
  await admin.end();
  const databaseUrl = `${server}/${name}`;
  const { db, pool } = createDb(databaseUrl, { max: 10 });
  await migrateToLatest(db);
  return {
    db,
    pool,
    databaseUrl,
    async drop() {
      await db.destroy();
      const client = new pg.Client({ connectionString: `${server}/postgres` });
      await client.connect();
      await client.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await client.end();
    },
  };
}

let staticDir: string | undefined;
function fakeStaticDir(): string {
  if (!staticDir) {
    staticDir = mkdtempSync(join(tmpdir(), 'formbuilder-static-'));
    writeFileSync(join(staticDir, 'index.html'), '<!doctype html><title>Form Builder</title><div id="root"></div>');
    writeFileSync(join(staticDir, 'version.json'), '{"buildId":"test"}');
    writeFileSync(join(staticDir, 'respondent.html'), '<!doctype html><title>Form</title><div id="respondent"></div>');
    const embed = `(()=>{/* embed loader */${' '.repeat(2048)}})();`;
    writeFileSync(join(staticDir, 'embed.js'), embed);
    writeFileSync(join(staticDir, 'embed.js.br'), brotliCompressSync(embed));
  }
  return staticDir;
}

export async function createTestContext(env: Record<string, string> = {}): Promise<TestContext> {
  const database = await createTestDatabase();
  const config = loadConfig({ DATABASE_URL: database.databaseUrl, SECRET_KEY: 'x'.repeat(40), ...env });
  const app = await buildApp({ config, db: database.db, pool: database.pool, secretKey: config.SECRET_KEY!, staticDir: fakeStaticDir() });
  await app.ready();
  return {
    app,
    db: database.db,
    pool: database.pool,
    config,
    databaseUrl: database.databaseUrl,
    async close() {
      await app.close();
      await database.drop();
    },
  };
}

/**
 * What a worker does when woken after a submission: the outbox's rows become their deliveries. Suites whose app runs
 * no workers call it to see a submission's deliveries.
 */
export async function moveOutbox(pool: pg.Pool): Promise<void> {
  // Every non-spam submission leaves a row, whatever its form's integrations: move until the outbox is empty.
  while ((await moveOutboxBatch(pool, new Date())).moved > 0);
}

export async function createAccount(db: DB, name = 'Acme Law'): Promise<number> {
  const row = await db.insertInto('accounts').values({ internal_name: name }).returning('id').executeTakeFirstOrThrow();
  return row.id;
}

// A password hash costs a few hundred ms by design (N = 2^17); tests reuse one hash per password.
const testHashes = new Map<string, Promise<string>>();
function testHash(password: string): Promise<string> {
  let hash = testHashes.get(password);
  if (!hash) testHashes.set(password, (hash = hashPassword(password)));
  return hash;
}

export async function createUser(
  db: DB,
  fields: { email: string; password?: string; accountId?: number | null; isStaff?: boolean; isSuperuser?: boolean },
): Promise<number> {
  const row = await db
    .insertInto('users')
    .values({
      email: fields.email,
      password_hash: await testHash(fields.password ?? 'correct-horse'),
      first_name: 'Test',
      last_name: 'User',
      is_staff: fields.isStaff ?? false,
      is_superuser: fields.isSuperuser ?? false,
      account_id: fields.accountId ?? null,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

/** A browser-like session over app.inject: keeps cookies, sends the CSRF header on unsafe methods. */
export class TestClient {
  readonly cookies = new Map<string, string>();
  constructor(private readonly app: FastifyInstance) {}

  private cookieHeader(): string {
    return [...this.cookies].map(([k, v]) => `${k}=${v}`).join('; ');
  }

  private remember(setCookie: string | string[] | undefined) {
    const all = Array.isArray(setCookie) ? setCookie : setCookie ? [setCookie] : [];
    for (const header of all) {
      const [pair, ...attributes] = header.split(';');
      const [key, ...rest] = pair.split('=');
      const value = rest.join('=');
      const expired = attributes.some((a) => /expires=thu, 01 jan 1970/i.test(a.trim()) || /max-age=0/i.test(a.trim()));
      if (expired || value === '') this.cookies.delete(key.trim());
      else this.cookies.set(key.trim(), value);
    }
  }

  async request(options: { method: string; url: string; payload?: unknown; headers?: Record<string, string>; csrf?: boolean }) {
    const headers: Record<string, string> = { cookie: this.cookieHeader(), ...options.headers };
    if (options.csrf !== false && !['GET', 'HEAD'].includes(options.method) && this.cookies.get('csrftoken')) {
      headers['x-csrftoken'] ??= this.cookies.get('csrftoken')!;
    }
    const response = await this.app.inject({
      method: options.method as 'GET',
      url: options.url,
      payload: options.payload as string,
      headers,
    });
    this.remember(response.headers['set-cookie']);
    return response;
  }

  get(url: string) {
    return this.request({ method: 'GET', url });
  }

  /** Signs in through the real sign-in page (GET for the CSRF cookie, then POST the form). */
  /** Signs out as the SPA's /logout screen does: a form POST with the CSRF token. */
  async signOut(next = '/login') {
    const form = new URLSearchParams({ next, csrfmiddlewaretoken: this.cookies.get('csrftoken') ?? '' });
    return this.request({
      method: 'POST',
      url: '/auth/logout/',
      payload: form.toString(),
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
    });
  }

  async signIn(email: string, password = 'correct-horse', next?: string) {
    await this.get('/auth/login/');
    const form = new URLSearchParams({ email, password, csrfmiddlewaretoken: this.cookies.get('csrftoken') ?? '' });
    if (next !== undefined) form.set('next', next);
    return this.request({
      method: 'POST',
      url: '/auth/login/',
      payload: form.toString(),
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
    });
  }
}

/** `app.inject` / TestClient options sending `payload` as a JSON body. */
export const json = (payload: unknown) => ({ payload: JSON.stringify(payload), headers: { 'content-type': 'application/json' } });

/** A client signed in as `email` (password 'correct-horse', as createUser makes it). */
export async function signedIn(app: FastifyInstance, email: string): Promise<TestClient> {
  const client = new TestClient(app);
  await client.signIn(email);
  return client;
}

/** The cross-account setup: Acme Law with lawyer@acme.test and a second firm with rival@other.test, both signed in. */
export async function createRivalFirms(ctx: TestContext, otherName = 'Other') {
  const acme = await createAccount(ctx.db, 'Acme Law');
  const other = await createAccount(ctx.db, otherName);
  await createUser(ctx.db, { email: 'lawyer@acme.test', accountId: acme });
  await createUser(ctx.db, { email: 'rival@other.test', accountId: other });
  return { acme, other, lawyer: await signedIn(ctx.app, 'lawyer@acme.test'), rival: await signedIn(ctx.app, 'rival@other.test') };
}

export async function countRows(db: DB, table: 'sessions' | 'login_failures' | 'users' | 'accounts'): Promise<number> {
  const row = await db.selectFrom(table).select(sql<number>`count(*)::int`.as('n')).executeTakeFirstOrThrow();
  return row.n;
}
