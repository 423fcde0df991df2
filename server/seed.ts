import { sql } from 'kysely';
import type { Config } from './config.js';
import type { DB } from './db/database.js';
import { generatePassword, hashPassword } from './auth/passwords.js';
import { ensureBuiltInForm } from './forms/built-in-form.js';

const DEMO_ACCOUNT_NAME = 'Demo Law Firm';
const DEFAULT_ADMIN_EMAIL = 'admin@example.com';

export interface SeedResult {
  /** Present when a superuser was created by this start. */
  admin?: { email: string; password?: string; generatedPassword: boolean };
  demoAccountId?: number;
}

/**
 * First run: a demo account and a superuser (ADMIN_EMAIL/ADMIN_PASSWORD, or generated and printed once).
 * Later runs: creates the ADMIN_EMAIL superuser if it does not exist yet; otherwise does nothing.
 */
export async function seed(db: DB, config: Config): Promise<SeedResult> {
  return db.transaction().execute(async (trx) => {
    // Serialise concurrent first starts (two processes on one database).
    await sql`select pg_advisory_xact_lock(74520001)`.execute(trx);
    const anyUser = await trx.selectFrom('users').select('id').limit(1).executeTakeFirst();
    const result: SeedResult = {};
    if (!anyUser) {
      const account = await trx.insertInto('accounts').values({ internal_name: DEMO_ACCOUNT_NAME }).returning('id').executeTakeFirstOrThrow();
      result.demoAccountId = account.id;
      await ensureBuiltInForm(trx, account.id);
    }
    const email = (config.ADMIN_EMAIL ?? (anyUser ? undefined : DEFAULT_ADMIN_EMAIL))?.toLowerCase();
    if (!email) return result;
    const exists = await trx.selectFrom('users').select('id').where(sql`lower(email)`, '=', email).executeTakeFirst();
    if (exists) return result;
    const password = config.ADMIN_PASSWORD ?? generatePassword();
    await trx
      .insertInto('users')
      .values({
        email,
        password_hash: await hashPassword(password),
        first_name: 'Admin',
        last_name: '',
        is_staff: true,
        is_superuser: true,
        account_id: result.demoAccountId ?? null,
      })
      .execute();
    const generatedPassword = !config.ADMIN_PASSWORD;
    result.admin = { email, generatedPassword, ...(generatedPassword ? { password } : {}) };
    return result;
  });
}
