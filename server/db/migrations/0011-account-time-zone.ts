import { sql, type Kysely } from 'kysely';

/**
 * The firm's time zone (an IANA name such as America/New_York): CSV exports write 'Submitted at' in it, with its
 * offset. Null until set: accounts are made by the CLI and the first start, never in a browser, so the first member
 * of the account to open the app sets it from their browser once (docs/decisions.md "The firm's time zone").
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`alter table accounts add column time_zone text`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`alter table accounts drop column if exists time_zone`.execute(db);
}
