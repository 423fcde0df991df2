import { sql, type Kysely } from 'kysely';

/**
 * A response's account, form and form version are checked by one foreign key instead of three: (form_version_id,
 * form_template_id, account_id) must be a form version's own (id, form_template_id, account_id). That is stronger
 * than before (a response can no longer name a version of another form or account) and costs each submission one
 * key-share lock instead of three. Under a burst every submission locks the same account, form and version rows, and
 * the three checks were about a seventh of a submission's CPU (docs/decisions.md). Deleting an account or a form still
 * deletes its responses: through its versions now (form_versions cascades from both).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`alter table form_versions add constraint form_versions_id_form_account unique (id, form_template_id, account_id)`.execute(db);
  await sql`
    alter table form_responses
      drop constraint form_responses_account_id_fkey,
      drop constraint form_responses_form_template_id_fkey,
      drop constraint form_responses_form_version_id_fkey,
      add constraint form_responses_version_fkey foreign key (form_version_id, form_template_id, account_id)
        references form_versions (id, form_template_id, account_id) on delete cascade`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`
    alter table form_responses
      drop constraint if exists form_responses_version_fkey,
      add constraint form_responses_account_id_fkey foreign key (account_id) references accounts (id) on delete cascade,
      add constraint form_responses_form_template_id_fkey foreign key (form_template_id) references form_templates (id) on delete cascade,
      add constraint form_responses_form_version_id_fkey foreign key (form_version_id) references form_versions (id)`.execute(db);
  await sql`alter table form_versions drop constraint if exists form_versions_id_form_account`.execute(db);
}
