import { sql } from 'kysely';
import type { DB } from '../db/database.js';

/**
 * Sign-in throttling, kept in PostgreSQL so every server instance agrees.
 * - Per email and client address: a person behind a shared office address who mistypes their own password never
 *   locks a colleague out.
 * - Per client address alone, at a much higher bar: an address that is clearly guessing at many accounts.
 * Every attempt is counted BEFORE its password is checked, under a lock per client address, so parallel guesses
 * cannot all pass one stale count (check-then-act); a correct password then removes that pair's rows.
 */
export const MAX_FAILURES_PER_EMAIL_AND_ADDRESS = 5;
const EMAIL_AND_ADDRESS_WINDOW_MS = 15 * 60 * 1000;
export const MAX_FAILURES_PER_ADDRESS = 100;
const ADDRESS_WINDOW_MS = 60 * 60 * 1000;
const KEEP_ROWS_MS = 24 * 60 * 60 * 1000;

export type AttemptAdmission = { admitted: true } | { admitted: false; retryAfterSeconds: number };

/** Admits and counts one sign-in attempt, or says how long this email and address must wait. */
export async function admitAttempt(db: DB, email: string, ip: string): Promise<AttemptAdmission> {
  return db.transaction().execute(async (trx) => {
    // One attempt at a time per address: the count below and the insert after it are one step.
    await sql`select pg_advisory_xact_lock(hashtextextended(${`sign-in:${ip}`}, 0))`.execute(trx);
    const now = Date.now();
    const pairSince = new Date(now - EMAIL_AND_ADDRESS_WINDOW_MS);
    const row = await trx
      .selectFrom('login_failures')
      .select([
        sql<number>`count(*) filter (where email = ${email} and created_at > ${pairSince})::int`.as('by_pair'),
        sql<Date | null>`min(created_at) filter (where email = ${email} and created_at > ${pairSince})`.as('oldest_pair'),
        sql<number>`count(*)::int`.as('by_ip'),
        sql<Date | null>`min(created_at)`.as('oldest_ip'),
      ])
      .where('ip', '=', ip)
      .where('created_at', '>', new Date(now - ADDRESS_WINDOW_MS))
      .executeTakeFirstOrThrow();
    const waitsUntil: number[] = [];
    if (row.by_pair >= MAX_FAILURES_PER_EMAIL_AND_ADDRESS && row.oldest_pair) {
      waitsUntil.push(new Date(row.oldest_pair).getTime() + EMAIL_AND_ADDRESS_WINDOW_MS);
    }
    if (row.by_ip >= MAX_FAILURES_PER_ADDRESS && row.oldest_ip) {
      waitsUntil.push(new Date(row.oldest_ip).getTime() + ADDRESS_WINDOW_MS);
    }
    if (waitsUntil.length > 0) {
      return { admitted: false, retryAfterSeconds: Math.max(1, Math.ceil((Math.max(...waitsUntil) - now) / 1000)) };
    }
    await trx.insertInto('login_failures').values({ email, ip }).execute();
    await trx.deleteFrom('login_failures').where('created_at', '<', new Date(now - KEEP_ROWS_MS)).execute();
    return { admitted: true };
  });
}

/** A correct password: this email and address start over (their counted attempts were not failures after all). */
export async function attemptSucceeded(db: DB, email: string, ip: string): Promise<void> {
  await db.deleteFrom('login_failures').where('email', '=', email).where('ip', '=', ip).execute();
}
