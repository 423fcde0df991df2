import { sql } from 'kysely';
import type { DB } from '../db/database.js';

/** Failed sign-ins allowed per email, and per client address, within the window. */
export const MAX_FAILURES_PER_EMAIL = 5;
const MAX_FAILURES_PER_IP = 20;
const FAILURE_WINDOW_MS = 15 * 60 * 1000;

/** Seconds until another attempt is allowed, or 0 when not throttled. Kept in PostgreSQL so every server instance agrees. */
export async function throttledForSeconds(db: DB, email: string, ip: string): Promise<number> {
  const since = new Date(Date.now() - FAILURE_WINDOW_MS);
  const row = await db
    .selectFrom('login_failures')
    .select([
      sql<number>`count(*) filter (where email = ${email})::int`.as('by_email'),
      sql<Date | null>`min(created_at) filter (where email = ${email})`.as('oldest_email'),
      sql<number>`count(*) filter (where ip = ${ip})::int`.as('by_ip'),
      sql<Date | null>`min(created_at) filter (where ip = ${ip})`.as('oldest_ip'),
    ])
    .where('created_at', '>', since)
    .where((eb) => eb.or([eb('email', '=', email), eb('ip', '=', ip)]))
    .executeTakeFirstOrThrow();
  const waits: number[] = [];
  if (row.by_email >= MAX_FAILURES_PER_EMAIL && row.oldest_email) waits.push(new Date(row.oldest_email).getTime() + FAILURE_WINDOW_MS);
  if (row.by_ip >= MAX_FAILURES_PER_IP && row.oldest_ip) waits.push(new Date(row.oldest_ip).getTime() + FAILURE_WINDOW_MS);
  if (waits.length === 0) return 0;
  return Math.max(1, Math.ceil((Math.max(...waits) - Date.now()) / 1000));
}

export async function recordFailure(db: DB, email: string, ip: string): Promise<void> {
  await db.insertInto('login_failures').values({ email, ip }).execute();
  await db.deleteFrom('login_failures').where('created_at', '<', new Date(Date.now() - 24 * 60 * 60 * 1000)).execute();
}

export async function clearFailures(db: DB, email: string): Promise<void> {
  await db.deleteFrom('login_failures').where('email', '=', email).execute();
}
