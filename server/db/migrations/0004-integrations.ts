import { sql, type Kysely } from 'kysely';

/**
 * The integration platform (INTEGRATIONS.md "Data model"): connections, cached record types, field maps, account
 * tokens, Zapier hooks, and the deliveries that are the source of truth for "sent / unsent". Secrets are stored
 * encrypted (server/secrets), token hashes only; every row goes with its account.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('account_integrations')
    .addColumn('id', 'uuid', (col) => col.primaryKey().defaultTo(sql`gen_random_uuid()`))
    .addColumn('account_id', 'bigint', (col) => col.notNull().references('accounts.id').onDelete('cascade'))
    .addColumn('kind', 'text', (col) => col.notNull().check(sql`kind in ('centerbase', 'zapier', 'clio')`))
    .addColumn('enabled', 'boolean', (col) => col.notNull().defaultTo(false))
    .addColumn('push_web_leads', 'boolean', (col) => col.notNull().defaultTo(false))
    .addColumn('status', 'text', (col) =>
      col.notNull().defaultTo('disconnected').check(sql`status in ('connected', 'needs_reauth', 'error', 'disconnected')`),
    )
    .addColumn('config', 'jsonb', (col) => col.notNull().defaultTo(sql`'{}'::jsonb`))
    // Encrypted JSON (API key, OAuth tokens): server/secrets, bound to this table, row and column.
    .addColumn('secret', 'text')
    .addColumn('created_at', 'timestamptz', (col) => col.notNull().defaultTo(sql`now()`))
    .addColumn('updated_at', 'timestamptz', (col) => col.notNull().defaultTo(sql`now()`))
    .addUniqueConstraint('account_integrations_account_kind', ['account_id', 'kind'])
    .execute();

  await db.schema
    .createTable('integration_apis')
    .addColumn('id', 'uuid', (col) => col.primaryKey().defaultTo(sql`gen_random_uuid()`))
    .addColumn('integration_id', 'uuid', (col) => col.notNull().references('account_integrations.id').onDelete('cascade'))
    .addColumn('api_type', 'text', (col) => col.notNull())
    .addColumn('external_key', 'text', (col) => col.notNull())
    .addColumn('name', 'text', (col) => col.notNull())
    .addColumn('field_list', 'jsonb', (col) => col.notNull().defaultTo(sql`'[]'::jsonb`))
    .addColumn('fetched_at', 'timestamptz', (col) => col.notNull().defaultTo(sql`now()`))
    // A refresh upserts by the remote key, so field maps keep pointing at the same row.
    .addUniqueConstraint('integration_apis_remote', ['integration_id', 'api_type', 'external_key'])
    .execute();

  await db.schema
    .createTable('form_mappers')
    .addColumn('id', 'uuid', (col) => col.primaryKey().defaultTo(sql`gen_random_uuid()`))
    .addColumn('account_id', 'bigint', (col) => col.notNull().references('accounts.id').onDelete('cascade'))
    .addColumn('form_template_id', 'uuid', (col) => col.notNull().references('form_templates.id').onDelete('cascade'))
    .addColumn('integration_api_type', 'text', (col) => col.notNull().check(sql`integration_api_type in ('centerbase', 'clio')`))
    .addColumn('integration_api_id', 'uuid', (col) => col.references('integration_apis.id').onDelete('set null'))
    .addColumn('conversion_rules', 'jsonb', (col) => col.notNull().defaultTo(sql`'[]'::jsonb`))
    .addColumn('enabled', 'boolean', (col) => col.notNull().defaultTo(true))
    .addColumn('created_at', 'timestamptz', (col) => col.notNull().defaultTo(sql`now()`))
    .addColumn('updated_at', 'timestamptz', (col) => col.notNull().defaultTo(sql`now()`))
    .execute();
  await db.schema.createIndex('form_mappers_account_form').on('form_mappers').columns(['account_id', 'form_template_id']).execute();
  await db.schema
    .createIndex('form_mappers_one_per_record_type')
    .on('form_mappers')
    .columns(['form_template_id', 'integration_api_type', 'integration_api_id'])
    .unique()
    .execute();

  await db.schema
    .createTable('account_tokens')
    .addColumn('id', 'uuid', (col) => col.primaryKey().defaultTo(sql`gen_random_uuid()`))
    .addColumn('account_id', 'bigint', (col) => col.notNull().references('accounts.id').onDelete('cascade'))
    .addColumn('name', 'text', (col) => col.notNull())
    // SHA-256 (hex) of the token: a leaked table holds no usable key. Tokens are 256 random bits, so no salt or KDF.
    .addColumn('token_hash', 'text', (col) => col.notNull().unique())
    .addColumn('token_prefix', 'text', (col) => col.notNull())
    .addColumn('is_active', 'boolean', (col) => col.notNull().defaultTo(true))
    .addColumn('last_used_at', 'timestamptz')
    .addColumn('created_at', 'timestamptz', (col) => col.notNull().defaultTo(sql`now()`))
    .execute();
  await db.schema.createIndex('account_tokens_account').on('account_tokens').column('account_id').execute();

  await db.schema
    .createTable('zapier_hooks')
    .addColumn('id', 'uuid', (col) => col.primaryKey().defaultTo(sql`gen_random_uuid()`))
    .addColumn('account_id', 'bigint', (col) => col.notNull().references('accounts.id').onDelete('cascade'))
    .addColumn('account_token_id', 'uuid', (col) => col.references('account_tokens.id').onDelete('set null'))
    .addColumn('form_template_id', 'uuid', (col) => col.notNull().references('form_templates.id').onDelete('cascade'))
    .addColumn('event', 'text', (col) => col.notNull().check(sql`event in ('response.created')`))
    .addColumn('target_url', 'text', (col) => col.notNull())
    .addColumn('secret', 'text', (col) => col.notNull())
    .addColumn('created_at', 'timestamptz', (col) => col.notNull().defaultTo(sql`now()`))
    .addColumn('deleted_at', 'timestamptz')
    .addColumn('deleted_reason', 'text', (col) => col.check(sql`deleted_reason in ('unsubscribed', 'gone')`))
    .addCheckConstraint('zapier_hooks_deleted_with_reason', sql`(deleted_at is null) = (deleted_reason is null)`)
    .execute();
  // Submit looks up the live hooks of one form; a re-subscribe of the same target replaces the live one.
  await db.schema
    .createIndex('zapier_hooks_live_target')
    .on('zapier_hooks')
    .columns(['form_template_id', 'target_url'])
    .unique()
    .where(sql.ref('deleted_at'), 'is', null)
    .execute();
  await db.schema.createIndex('zapier_hooks_account').on('zapier_hooks').column('account_id').execute();

  await db.schema
    .createTable('deliveries')
    .addColumn('id', 'uuid', (col) => col.primaryKey().defaultTo(sql`gen_random_uuid()`))
    .addColumn('account_id', 'bigint', (col) => col.notNull().references('accounts.id').onDelete('cascade'))
    .addColumn('form_response_id', 'uuid', (col) => col.notNull().references('form_responses.id').onDelete('cascade'))
    .addColumn('integration_id', 'uuid', (col) => col.notNull().references('account_integrations.id').onDelete('cascade'))
    .addColumn('target', 'text', (col) => col.notNull().check(sql`target in ('clio', 'centerbase') or target like 'zapier:%'`))
    .addColumn('status', 'text', (col) =>
      col.notNull().defaultTo('pending').check(sql`status in ('pending', 'sending', 'succeeded', 'failed', 'blocked', 'cancelled')`),
    )
    .addColumn('trigger', 'text', (col) => col.notNull().check(sql`trigger in ('submit', 'attempt_push', 'send_unsent', 'replay')`))
    .addColumn('attempt_count', 'integer', (col) => col.notNull().defaultTo(0).check(sql`attempt_count >= 0`))
    .addColumn('next_attempt_at', 'timestamptz')
    .addColumn('progress', 'jsonb', (col) => col.notNull().defaultTo(sql`'{}'::jsonb`))
    .addColumn('external_ref', 'text')
    .addColumn('last_error', 'text')
    .addColumn('last_status_code', 'integer')
    .addColumn('created_at', 'timestamptz', (col) => col.notNull().defaultTo(sql`now()`))
    .addColumn('updated_at', 'timestamptz', (col) => col.notNull().defaultTo(sql`now()`))
    .addColumn('succeeded_at', 'timestamptz')
    // One delivery per response and target: a repeated enqueue (send-unsent, attempt_push) finds the existing one.
    .addUniqueConstraint('deliveries_response_target', ['form_response_id', 'target'])
    .execute();
  await db.schema.createIndex('deliveries_integration_status').on('deliveries').columns(['integration_id', 'status']).execute();
  await db.schema.createIndex('deliveries_account_status').on('deliveries').columns(['account_id', 'status']).execute();

  await db.schema
    .createTable('delivery_attempts')
    .addColumn('delivery_id', 'uuid', (col) => col.notNull().references('deliveries.id').onDelete('cascade'))
    .addColumn('attempt_no', 'integer', (col) => col.notNull().check(sql`attempt_no >= 1`))
    .addColumn('started_at', 'timestamptz', (col) => col.notNull())
    .addColumn('duration_ms', 'integer')
    .addColumn('request_method', 'text', (col) => col.notNull())
    .addColumn('request_url', 'text', (col) => col.notNull())
    .addColumn('response_status', 'integer')
    .addColumn('response_excerpt', 'text', (col) => col.check(sql`octet_length(response_excerpt) <= 2048`))
    .addColumn('error_kind', 'text', (col) =>
      col.check(sql`error_kind in ('network', 'timeout', 'http', 'auth', 'validation', 'rate_limited', 'config')`),
    )
    .addColumn('error_message', 'text')
    .addPrimaryKeyConstraint('delivery_attempts_pkey', ['delivery_id', 'attempt_no'])
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const table of ['delivery_attempts', 'deliveries', 'zapier_hooks', 'account_tokens', 'form_mappers', 'integration_apis', 'account_integrations']) {
    await db.schema.dropTable(table).ifExists().execute();
  }
}
