import { sql, type Kysely } from 'kysely';

/**
 * A submission to a form with integrations leaves one row here in its own statement: the promise of its deliveries,
 * committed with the response or not at all. The workers turn these rows into `deliveries` in batches (one statement
 * moves up to 500: the delete and the inserts commit together). No index and no foreign key: a submission pays one
 * small heap row instead of a delivery row and its five index entries; the movers read the whole (small) table.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('delivery_outbox')
    .addColumn('form_response_id', 'uuid', (col) => col.notNull())
    .addColumn('queued_at', 'timestamptz', (col) => col.notNull().defaultTo(sql`now()`))
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('delivery_outbox').ifExists().execute();
}
