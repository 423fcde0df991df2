import { sql, type Kysely } from 'kysely';

/**
 * The delivery engine's reads: a worker takes the next due delivery of one target, and the sweeper looks for due or
 * orphaned ones. Both touch only live rows (pending, sending), so the index leaves the finished majority out.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createIndex('deliveries_live_target')
    .on('deliveries')
    .columns(['target', 'next_attempt_at'])
    .where(sql.ref('status'), 'in', sql`('pending', 'sending')`)
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropIndex('deliveries_live_target').ifExists().execute();
}
