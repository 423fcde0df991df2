import { execFile } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { promisify } from 'node:util';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { verifyPassword } from '../../server/auth/passwords.js';
import { createDb } from '../../server/db/database.js';
import { startEmbeddedPostgres } from '../../server/db/embedded-postgres.js';
import { EMBEDDED_DATABASE_NAME } from '../../server/db/open.js';
import { createTestDatabase } from './helpers.js';

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

  it('create-user and set-password store scrypt hashes, with every option', async () => {
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
