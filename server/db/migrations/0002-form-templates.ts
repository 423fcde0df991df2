import { sql, type Kysely } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('form_templates')
    .addColumn('id', 'uuid', (col) => col.primaryKey().defaultTo(sql`gen_random_uuid()`))
    .addColumn('group_id', 'uuid', (col) => col.notNull())
    .addColumn('account_id', 'bigint', (col) => col.notNull().references('accounts.id').onDelete('cascade'))
    .addColumn('name', 'text', (col) => col.notNull())
    .addColumn('display_name', 'text', (col) => col.notNull().defaultTo(''))
    .addColumn('description', 'text', (col) => col.notNull().defaultTo(''))
    .addColumn('custom_submit_message', 'text', (col) => col.notNull().defaultTo(''))
    .addColumn('json_form', 'jsonb', (col) => col.notNull())
    .addColumn('json_conditional_logic', 'jsonb', (col) => col.notNull())
    .addColumn('json_form_style', 'jsonb', (col) => col.notNull())
    .addColumn('internal_form_slug', 'text')
    // Millisecond precision: the value travels through JSON and comes back for the conflict check.
    .addColumn('created_at', 'timestamptz', (col) => col.notNull().defaultTo(sql`date_trunc('milliseconds', now())`))
    .addColumn('updated_at', 'timestamptz', (col) => col.notNull().defaultTo(sql`date_trunc('milliseconds', now())`))
    .addColumn('deleted_at', 'timestamptz')
    .execute();
  await db.schema.createIndex('form_templates_account_active').on('form_templates').columns(['account_id', 'deleted_at']).execute();
  await db.schema
    .createIndex('form_templates_account_slug')
    .unique()
    .on('form_templates')
    .columns(['account_id', 'internal_form_slug'])
    .where(sql.ref('internal_form_slug'), 'is not', null)
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('form_templates').ifExists().execute();
}
