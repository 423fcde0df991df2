import { sql, type Kysely } from 'kysely';

/**
 * OAuth `state` values of connections under way (Clio): single use, ten minutes, bound to the browser session and
 * the account that started them. Only a hash of the state is kept: a leaked table lets no one finish a connection.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('oauth_states')
    .addColumn('state_hash', 'text', (col) => col.primaryKey())
    .addColumn('kind', 'text', (col) => col.notNull().check(sql`kind in ('clio')`))
    .addColumn('account_id', 'bigint', (col) => col.notNull().references('accounts.id').onDelete('cascade'))
    .addColumn('user_id', 'bigint', (col) => col.notNull().references('users.id').onDelete('cascade'))
    // The session's binding (a hash of its key), so a state started in one browser cannot be finished in another.
    .addColumn('session_binding', 'text', (col) => col.notNull())
    .addColumn('region', 'text', (col) => col.notNull())
    .addColumn('next_path', 'text')
    .addColumn('expires_at', 'timestamptz', (col) => col.notNull())
    .addColumn('created_at', 'timestamptz', (col) => col.notNull().defaultTo(sql`now()`))
    .execute();
  await db.schema.createIndex('oauth_states_expires').on('oauth_states').column('expires_at').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('oauth_states').ifExists().execute();
}
