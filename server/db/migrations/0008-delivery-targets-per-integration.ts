import { sql, type Kysely } from 'kysely';

/**
 * Clio and Centerbase deliveries target their integration (`clio:{integrationId}`), as a Zapier delivery targets its
 * hook: the engine keeps one request in flight per target, so one firm's rate-limit wait never holds another's.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`alter table deliveries drop constraint if exists deliveries_target_check`.execute(db);
  await sql`update deliveries set target = target || ':' || integration_id where target in ('clio', 'centerbase')`.execute(db);
  await sql`alter table deliveries add constraint deliveries_target_check
    check (target like 'zapier:%' or target like 'clio:%' or target like 'centerbase:%')`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`alter table deliveries drop constraint if exists deliveries_target_check`.execute(db);
  await sql`update deliveries set target = split_part(target, ':', 1) where target like 'clio:%' or target like 'centerbase:%'`.execute(db);
  await sql`alter table deliveries add constraint deliveries_target_check check (target in ('clio', 'centerbase') or target like 'zapier:%')`.execute(db);
}
