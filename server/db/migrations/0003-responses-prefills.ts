import { sql, type Kysely } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  // One row per distinct saved version of a form that received responses: old responses keep their labels and order.
  await db.schema
    .createTable('form_versions')
    .addColumn('id', 'uuid', (col) => col.primaryKey().defaultTo(sql`gen_random_uuid()`))
    .addColumn('form_template_id', 'uuid', (col) => col.notNull().references('form_templates.id').onDelete('cascade'))
    .addColumn('account_id', 'bigint', (col) => col.notNull().references('accounts.id').onDelete('cascade'))
    .addColumn('version_at', 'timestamptz', (col) => col.notNull())
    .addColumn('json_form', 'jsonb', (col) => col.notNull())
    .addColumn('json_conditional_logic', 'jsonb', (col) => col.notNull())
    .addColumn('created_at', 'timestamptz', (col) => col.notNull().defaultTo(sql`now()`))
    .addUniqueConstraint('form_versions_template_version', ['form_template_id', 'version_at'])
    .execute();

  await db.schema
    .createTable('form_prefills')
    .addColumn('id', 'uuid', (col) => col.primaryKey().defaultTo(sql`gen_random_uuid()`))
    .addColumn('account_id', 'bigint', (col) => col.notNull().references('accounts.id').onDelete('cascade'))
    .addColumn('form_template_id', 'uuid', (col) => col.notNull().references('form_templates.id').onDelete('cascade'))
    .addColumn('name', 'text', (col) => col.notNull())
    .addColumn('data', 'jsonb', (col) => col.notNull())
    .addColumn('created_at', 'timestamptz', (col) => col.notNull().defaultTo(sql`now()`))
    .addColumn('updated_at', 'timestamptz', (col) => col.notNull().defaultTo(sql`now()`))
    .execute();
  await db.schema.createIndex('form_prefills_account_form').on('form_prefills').columns(['account_id', 'form_template_id']).execute();

  await db.schema
    .createTable('form_responses')
    .addColumn('id', 'uuid', (col) => col.primaryKey().defaultTo(sql`gen_random_uuid()`))
    .addColumn('account_id', 'bigint', (col) => col.notNull().references('accounts.id').onDelete('cascade'))
    .addColumn('form_template_id', 'uuid', (col) => col.notNull().references('form_templates.id').onDelete('cascade'))
    .addColumn('form_version_id', 'uuid', (col) => col.notNull().references('form_versions.id'))
    .addColumn('submission_key', 'uuid', (col) => col.notNull())
    .addColumn('data', 'jsonb', (col) => col.notNull())
    .addColumn('prefill_id', 'uuid', (col) => col.references('form_prefills.id').onDelete('set null'))
    .addColumn('is_spam', 'boolean', (col) => col.notNull().defaultTo(false))
    .addColumn('spam_reasons', sql`text[]`, (col) => col.notNull().defaultTo(sql`'{}'`))
    .addColumn('submitted_at', 'timestamptz', (col) => col.notNull().defaultTo(sql`now()`))
    .addUniqueConstraint('form_responses_form_submission_key', ['form_template_id', 'submission_key'])
    .execute();
  // Newest-first lists per account (and per form) page by (submitted_at, id) keyset.
  await db.schema.createIndex('form_responses_account_time').on('form_responses').columns(['account_id', 'submitted_at desc', 'id desc']).execute();
  await db.schema
    .createIndex('form_responses_form_time')
    .on('form_responses')
    .columns(['account_id', 'form_template_id', 'submitted_at desc', 'id desc'])
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const table of ['form_responses', 'form_prefills', 'form_versions']) await db.schema.dropTable(table).ifExists().execute();
}
