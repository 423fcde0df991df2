import { sql, type Kysely } from 'kysely';

/**
 * A worker claims a target's next delivery in one index probe, however long its backlog: a delivery a dead worker
 * left `sending` first (its `next_attempt_at` is null, so it sorts as -infinity), then the due ones, oldest first.
 * The index of 0005 could find the target's live rows but not give them in that order, so every claim sorted the whole
 * backlog: 105 ms a claim at 20,000 waiting, which made a busy hook drain at ~50 deliveries a second and spent the CPU
 * the submissions needed. This index replaces it (the sweeper and the due check read it too): one index fewer on the
 * submit path's insert.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`create index deliveries_due on deliveries (target, (coalesce(next_attempt_at, '-infinity'::timestamptz)), created_at)
    where status in ('pending', 'sending')`.execute(db);
  await db.schema.dropIndex('deliveries_live_target').ifExists().execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createIndex('deliveries_live_target')
    .on('deliveries')
    .columns(['target', 'next_attempt_at'])
    .where(sql.ref('status'), 'in', sql`('pending', 'sending')`)
    .execute();
  await db.schema.dropIndex('deliveries_due').ifExists().execute();
}
