import { parseArgs } from 'node:util';
import { sql } from 'kysely';
import type pg from 'pg';
import { z } from 'zod';
import { hashPassword } from '../auth/passwords.js';
import { createAccountWithDefaults } from '../forms/built-in-form.js';
import { ConfigError, loadConfig, loadDotEnv } from '../config.js';
import { readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { resolveSecretKey } from '../secret-key.js';
import { reencryptSecrets } from '../secrets/rotate.js';
import { SecretBox } from '../secrets/secret-box.js';
import { createDb, migrateToLatest, type DB } from '../db/database.js';
import { openDatabase } from '../db/open.js';
import { listDeliveries, replayDelivery, showDelivery } from './delivery-commands.js';
import { UsageError, parse } from './usage.js';

/**
 * Management commands. They use DATA_DIR / DATABASE_URL like the server, and work whether or not
 * the server is running on the same embedded database (they join its PostgreSQL when it is).
 */

const USAGE = `Usage:
  npm run manage -- create-account --name "Acme Law"
  npm run manage -- create-user --email a@b.test --password P [--account ID] [--staff] [--superuser] [--first-name F] [--last-name L]
  npm run manage -- set-password --email a@b.test --password P
  npm run manage -- rotate-secret-key [--old-key-file PATH]
  npm run manage -- deliveries --account ID [--status failed|blocked|pending|sending|succeeded|cancelled] [--form ID] [--limit N]
  npm run manage -- delivery DELIVERY_ID
  npm run manage -- replay-delivery DELIVERY_ID [--wait SECONDS]`;

const email = z.email({ error: 'must be an email address' }).transform((v) => v.trim().toLowerCase());
const password = z.string({ error: 'is required' }).min(8, 'must be at least 8 characters long').max(1024, 'is too long');

async function createAccount(db: DB, args: string[]): Promise<string> {
  const { values } = parseArgs({ args, options: { name: { type: 'string' } }, strict: true });
  const { name } = parse(z.object({ name: z.string({ error: 'is required' }).trim().min(1, 'must not be empty').max(200, 'is too long') }), values);
  return String(await createAccountWithDefaults(db, name));
}

async function createUser(db: DB, args: string[]): Promise<string> {
  const { values } = parseArgs({
    args,
    strict: true,
    options: {
      email: { type: 'string' },
      password: { type: 'string' },
      account: { type: 'string' },
      staff: { type: 'boolean', default: false },
      superuser: { type: 'boolean', default: false },
      'first-name': { type: 'string', default: '' },
      'last-name': { type: 'string', default: '' },
    },
  });
  const input = parse(
    z.object({
      email,
      password,
      account: z.string().regex(/^\d+$/, 'must be a numeric account id').transform(Number).optional(),
      staff: z.boolean(),
      superuser: z.boolean(),
      first_name: z.string().trim().max(150, 'is too long'),
      last_name: z.string().trim().max(150, 'is too long'),
    }),
    { ...values, first_name: values['first-name'], last_name: values['last-name'] },
  );
  if (input.account !== undefined) {
    const account = await db.selectFrom('accounts').select('id').where('id', '=', input.account).executeTakeFirst();
    if (!account) throw new UsageError(`--account ${input.account}: no account has this id`);
  } else if (!input.staff && !input.superuser) {
    throw new UsageError('--account is required for a user who is neither --staff nor --superuser (ordinary users belong to one account)');
  }
  const existing = await db.selectFrom('users').select('id').where(sql`lower(email)`, '=', input.email).executeTakeFirst();
  if (existing) throw new UsageError(`--email ${input.email}: a user with this email already exists`);
  const row = await db
    .insertInto('users')
    .values({
      email: input.email,
      password_hash: await hashPassword(input.password),
      first_name: input.first_name,
      last_name: input.last_name,
      is_staff: input.staff,
      is_superuser: input.superuser,
      account_id: input.account ?? null,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return `Created user ${input.email} (id ${row.id})`;
}

async function setPassword(db: DB, args: string[]): Promise<string> {
  const { values } = parseArgs({ args, strict: true, options: { email: { type: 'string' }, password: { type: 'string' } } });
  const input = parse(z.object({ email, password }), values);
  const result = await db
    .updateTable('users')
    .set({ password_hash: await hashPassword(input.password) })
    .where(sql`lower(email)`, '=', input.email)
    .executeTakeFirst();
  if (result.numUpdatedRows === 0n) throw new UsageError(`--email ${input.email}: no user has this email`);
  // A new password signs the user out everywhere.
  await db.deleteFrom('sessions').where('user_id', 'in', db.selectFrom('users').select('id').where(sql`lower(email)`, '=', input.email)).execute();
  return `Password updated for ${input.email}`;
}

/**
 * Re-encrypts every integration secret under the current key (SECRET_KEY, else DATA_DIR/secret-key). The old keys
 * are SECRET_KEY_FALLBACKS, the --old-key-file, and DATA_DIR/secret-key when SECRET_KEY now replaces it.
 */
async function rotateSecretKey(db: DB, args: string[]): Promise<string> {
  const { values } = parseArgs({ args, strict: true, options: { 'old-key-file': { type: 'string' } } });
  const config = loadConfig();
  const current = resolveSecretKey(config);
  const readKey = (path: string) => {
    try {
      return readFileSync(path, 'utf8').trim();
    } catch (error) {
      throw new UsageError(`${path}: ${(error as Error).message}`);
    }
  };
  const old = [...config.SECRET_KEY_FALLBACKS];
  if (values['old-key-file'] !== undefined) old.push(readKey(values['old-key-file']));
  if (config.SECRET_KEY) {
    const dataDirKey = join(resolve(config.DATA_DIR), 'secret-key');
    try {
      old.push(readFileSync(dataDirKey, 'utf8').trim());
    } catch {
      // No generated key in DATA_DIR: SECRET_KEY was always set.
    }
  }
  const short = old.find((key) => key.length < 32);
  if (short !== undefined) throw new UsageError('an old key is shorter than 32 characters: not a key this server made');
  const result = await reencryptSecrets(db, new SecretBox(current, old.filter((key) => key !== current)));
  return `Re-encrypted ${result.reencrypted} secret(s) under the current key; ${result.alreadyCurrent} already were.`;
}

const COMMANDS: Record<string, (db: DB, args: string[], pool: pg.Pool) => Promise<string>> = {
  'create-account': createAccount,
  'create-user': createUser,
  'set-password': setPassword,
  'rotate-secret-key': rotateSecretKey,
  deliveries: listDeliveries,
  delivery: showDelivery,
  'replay-delivery': replayDelivery,
};

async function main(argv: string[]): Promise<number> {
  const [command, ...args] = argv;
  const run = command ? COMMANDS[command] : undefined;
  if (!run) {
    console.error(command ? `Unknown command: ${command}\n\n${USAGE}` : USAGE);
    return 2;
  }
  loadDotEnv();
  const config = loadConfig();
  const database = await openDatabase(config);
  const { db, pool } = createDb(database.connectionString, { max: 2 });
  try {
    await migrateToLatest(db);
    console.log(await run(db, args, pool));
    return 0;
  } finally {
    await db.destroy();
    await database.stop();
  }
}

main(process.argv.slice(2)).then(
  (code) => process.exit(code),
  (error: unknown) => {
    if (error instanceof UsageError || error instanceof ConfigError) {
      console.error(`Error: ${error.message}\n\n${USAGE}`);
    } else if (error instanceof Error && 'code' in error && (error as { code: string }).code.startsWith('ERR_PARSE_ARGS')) {
      console.error(`Error: ${error.message}\n\n${USAGE}`);
    } else {
      console.error(error instanceof Error ? `Error: ${error.message}` : error);
    }
    process.exit(1);
  },
);
