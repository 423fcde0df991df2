import { execFile } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from '../../server/config.js';
import type { DB } from '../../server/db/database.js';
import { reencryptSecrets } from '../../server/secrets/rotate.js';
import { keyIdOf, SecretBox, SecretError } from '../../server/secrets/secret-box.js';
import { createAccount, createTestDatabase } from './helpers.js';

const OLD_KEY = 'old-key-'.padEnd(40, 'o');
const NEW_KEY = 'new-key-'.padEnd(40, 'n');
const place = { table: 'account_integrations', column: 'secret', rowId: randomUUID() };

describe('SecretBox', () => {
  const box = new SecretBox(OLD_KEY);

  it('round-trips, with a fresh IV each time and the key id in the value', () => {
    const first = box.encrypt('api-key-123', place);
    const second = box.encrypt('api-key-123', place);
    expect(first).not.toBe(second);
    expect(first).toMatch(/^fbs1\.[0-9a-f]{16}\.[\w-]{16}\.[\w-]+$/);
    expect(first).not.toContain('api-key-123');
    expect(keyIdOf(first)).toBe(box.currentKeyId);
    expect(box.decrypt(first, place)).toBe('api-key-123');
    expect(box.decryptJson(box.encryptJson({ apiKey: 'k', refresh: 'r' }, place), place)).toEqual({ apiKey: 'k', refresh: 'r' });
  });

  it('refuses an edited value', () => {
    const value = box.encrypt('api-key-123', place);
    const parts = value.split('.');
    const body = Buffer.from(parts[3], 'base64url');
    body[0] ^= 1;
    const edited = [...parts.slice(0, 3), body.toString('base64url')].join('.');
    expect(() => box.decrypt(edited, place)).toThrow(SecretError);
    const otherIv = [parts[0], parts[1], Buffer.alloc(12).toString('base64url'), parts[3]].join('.');
    expect(() => box.decrypt(otherIv, place)).toThrow(SecretError);
    expect(() => box.decrypt('plain text', place)).toThrow(SecretError);
    expect(() => box.decrypt(value.slice(0, -4), place)).toThrow(SecretError);
  });

  it('refuses a value moved to another row, column or table', () => {
    const value = box.encrypt('api-key-123', place);
    expect(() => box.decrypt(value, { ...place, rowId: randomUUID() })).toThrow(/does not open/);
    expect(() => box.decrypt(value, { ...place, column: 'config' })).toThrow(/does not open/);
    expect(() => box.decrypt(value, { ...place, table: 'zapier_hooks' })).toThrow(/does not open/);
  });

  it('opens values of a previous key given as a fallback, encrypts with the new one, and names an unknown key', () => {
    const old = box.encrypt('api-key-123', place);
    const rolled = new SecretBox(NEW_KEY, [OLD_KEY]);
    expect(rolled.currentKeyId).not.toBe(box.currentKeyId);
    expect(rolled.decrypt(old, place)).toBe('api-key-123');
    expect(keyIdOf(rolled.encrypt('x', place))).toBe(rolled.currentKeyId);
    expect(() => new SecretBox(NEW_KEY).decrypt(old, place)).toThrow(`encrypted with key ${box.currentKeyId}`);
  });
});

describe('SECRET_KEY_FALLBACKS', () => {
  it('takes previous keys, comma-separated, each as long as a key must be', () => {
    expect(loadConfig({ SECRET_KEY: NEW_KEY }).SECRET_KEY_FALLBACKS).toEqual([]);
    expect(loadConfig({ SECRET_KEY: NEW_KEY, SECRET_KEY_FALLBACKS: ` ${OLD_KEY} , ${NEW_KEY}` }).SECRET_KEY_FALLBACKS).toEqual([OLD_KEY, NEW_KEY]);
    expect(() => loadConfig({ SECRET_KEY: NEW_KEY, SECRET_KEY_FALLBACKS: `${OLD_KEY},short` })).toThrow(ConfigError);
    expect(() => loadConfig({ SECRET_KEY: NEW_KEY, SECRET_KEY_FALLBACKS: 'short' })).toThrow(/SECRET_KEY_FALLBACKS: each key must be at least 32 characters long/);
  });
});

async function seedSecrets(db: DB, box: SecretBox) {
  const accountId = await createAccount(db, 'Rotation LLP');
  const form = await db
    .insertInto('form_templates')
    .values({ group_id: randomUUID(), account_id: accountId, name: 'Intake', json_form: '[]', json_conditional_logic: '{}', json_form_style: '{}' })
    .returning('id')
    .executeTakeFirstOrThrow();
  const integrationId = randomUUID();
  const hookId = randomUUID();
  await db
    .insertInto('account_integrations')
    .values({ id: integrationId, account_id: accountId, kind: 'centerbase', secret: box.encryptJson({ apiKey: 'cb-secret' }, { table: 'account_integrations', column: 'secret', rowId: integrationId }) })
    .execute();
  await db
    .insertInto('zapier_hooks')
    .values({
      id: hookId,
      account_id: accountId,
      form_template_id: form.id,
      event: 'response.created',
      target_url: 'https://hooks.zapier.com/x',
      secret: box.encrypt('whsec_hook', { table: 'zapier_hooks', column: 'secret', rowId: hookId }),
    })
    .execute();
  return { integrationId, hookId };
}

async function readSecrets(db: DB, ids: { integrationId: string; hookId: string }) {
  const integration = await db.selectFrom('account_integrations').select('secret').where('id', '=', ids.integrationId).executeTakeFirstOrThrow();
  const hook = await db.selectFrom('zapier_hooks').select('secret').where('id', '=', ids.hookId).executeTakeFirstOrThrow();
  return { integration: integration.secret!, hook: hook.secret };
}

describe('key rotation', () => {
  let database: Awaited<ReturnType<typeof createTestDatabase>>;
  beforeAll(async () => {
    database = await createTestDatabase();
  });
  afterAll(() => database.drop());

  it('re-encrypts every secret under the new key, and a second run finds nothing to do', async () => {
    const ids = await seedSecrets(database.db, new SecretBox(OLD_KEY));
    const rolled = new SecretBox(NEW_KEY, [OLD_KEY]);
    expect(await reencryptSecrets(database.db, rolled)).toEqual({ reencrypted: 2, alreadyCurrent: 0 });
    const after = await readSecrets(database.db, ids);
    const onlyNew = new SecretBox(NEW_KEY);
    expect(onlyNew.decryptJson(after.integration, { table: 'account_integrations', column: 'secret', rowId: ids.integrationId })).toEqual({ apiKey: 'cb-secret' });
    expect(onlyNew.decrypt(after.hook, { table: 'zapier_hooks', column: 'secret', rowId: ids.hookId })).toBe('whsec_hook');
    expect(await reencryptSecrets(database.db, rolled)).toEqual({ reencrypted: 0, alreadyCurrent: 2 });
    await database.db.deleteFrom('accounts').execute();
  });

  it('changes nothing when one secret opens with no known key', async () => {
    const ids = await seedSecrets(database.db, new SecretBox(OLD_KEY));
    const before = await readSecrets(database.db, ids);
    await expect(reencryptSecrets(database.db, new SecretBox(NEW_KEY))).rejects.toThrow(SecretError);
    expect(await readSecrets(database.db, ids)).toEqual(before);
    await database.db.deleteFrom('accounts').execute();
  });

  it('`manage rotate-secret-key` takes the old key from SECRET_KEY_FALLBACKS, or from the DATA_DIR key file', async () => {
    const root = resolve(__dirname, '../..');
    const manage = (env: Record<string, string>, ...args: string[]) =>
      promisify(execFile)(join(root, 'node_modules/.bin/tsx'), [join(root, 'server/cli/manage.ts'), 'rotate-secret-key', ...args], {
        cwd: root,
        env: { ...process.env, LOG_LEVEL: 'silent', DATA_DIR: '', SECRET_KEY_FALLBACKS: '', DATABASE_URL: database.databaseUrl, ...env },
      });
    const ids = await seedSecrets(database.db, new SecretBox(OLD_KEY));
    const fromEnv = await manage({ SECRET_KEY: NEW_KEY, SECRET_KEY_FALLBACKS: OLD_KEY });
    expect(fromEnv.stdout).toContain('Re-encrypted 2 secret(s)');
    const afterEnv = await readSecrets(database.db, ids);
    expect(keyIdOf(afterEnv.integration)).toBe(new SecretBox(NEW_KEY).currentKeyId);

    // The embedded default: the key was generated into DATA_DIR; SECRET_KEY now replaces it.
    const dataDir = await mkdtemp(join(tmpdir(), 'formbuilder-rotate-'));
    try {
      await writeFile(join(dataDir, 'secret-key'), NEW_KEY);
      const third = 'third-key-'.padEnd(40, 't');
      const fromFile = await manage({ SECRET_KEY: third, DATA_DIR: dataDir });
      expect(fromFile.stdout).toContain('Re-encrypted 2 secret(s)');
      const afterFile = await readSecrets(database.db, ids);
      expect(new SecretBox(third).decrypt(afterFile.hook, { table: 'zapier_hooks', column: 'secret', rowId: ids.hookId })).toBe('whsec_hook');

      // Without the old key it names what it cannot open and changes nothing; --old-key-file supplies it.
      const fourth = 'fourth-key-'.padEnd(40, 'f');
      const failed = await manage({ SECRET_KEY: fourth }).then(() => null, (error: { code: number; stderr: string }) => error);
      expect(failed?.code).toBe(1);
      expect(failed?.stderr).toMatch(/account_integrations\.secret of .*encrypted with key/);
      expect(await readSecrets(database.db, ids)).toEqual(afterFile);
      await writeFile(join(dataDir, 'third-key'), `${third}\n`);
      const fromOption = await manage({ SECRET_KEY: fourth }, '--old-key-file', join(dataDir, 'third-key'));
      expect(fromOption.stdout).toContain('Re-encrypted 2 secret(s)');
    } finally {
      await rm(dataDir, { recursive: true, force: true });
    }
  });
});
