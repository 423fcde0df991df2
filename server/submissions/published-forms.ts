import { sql } from 'kysely';
import type { DB } from '../db/database.js';
import type { ConditionalLogic, FormDocument, FormStyle } from '../../src/domain/form-document.js';
import { compileLogic, type CompiledLogic } from '../../src/domain/logic/index.js';
import { findForm } from '../forms/form-repository.js';

export interface PublishedForm {
  id: string;
  accountId: number;
  name: string;
  displayName: string;
  customSubmitMessage: string;
  updatedAt: Date;
  document: FormDocument;
  logic: ConditionalLogic;
  style: FormStyle;
  compiled: CompiledLogic;
  /** Set once a response was stored against this version. */
  versionId?: string;
}

/**
 * Active, shareable forms compiled once and kept for a second: the ingest path then costs one INSERT.
 * A form edited or archived is seen by submissions at most TTL later; each response records the version it was checked against.
 */
export class PublishedForms {
  private readonly cache = new Map<string, { expires: number; form: PublishedForm | null }>();

  constructor(
    private readonly db: DB,
    private readonly ttlMs = 1000,
    private readonly maxEntries = 2000,
  ) {}

  async get(formId: string): Promise<PublishedForm | null> {
    const now = Date.now();
    const cached = this.cache.get(formId);
    if (cached && cached.expires > now) return cached.form;
    // Active, user-built forms only: archived and built-in forms take no submissions.
    const row = await findForm(this.db, formId, { accountId: null });
    let form: PublishedForm | null = null;
    if (row) {
      const previous = cached?.form;
      const sameVersion = previous && previous.updatedAt.getTime() === row.updated_at.getTime();
      form = sameVersion
        ? previous
        : {
            id: row.id,
            accountId: row.account_id,
            name: row.name,
            displayName: row.display_name,
            customSubmitMessage: row.custom_submit_message,
            updatedAt: row.updated_at,
            document: row.json_form as FormDocument,
            logic: row.json_conditional_logic as ConditionalLogic,
            style: row.json_form_style as FormStyle,
            compiled: compileLogic(row.json_form as FormDocument, row.json_conditional_logic as ConditionalLogic),
          };
    }
    if (this.cache.size >= this.maxEntries) this.cache.delete(this.cache.keys().next().value as string);
    this.cache.delete(formId);
    this.cache.set(formId, { expires: now + this.ttlMs, form });
    return form;
  }

  /** The form_versions row for this form version, made on first use. */
  async versionId(form: PublishedForm): Promise<string> {
    if (form.versionId) return form.versionId;
    const row = await sql<{ id: string }>`
      with inserted as (
        insert into form_versions (form_template_id, account_id, version_at, json_form, json_conditional_logic)
        values (${form.id}, ${form.accountId}, ${form.updatedAt}, ${JSON.stringify(form.document)}, ${JSON.stringify(form.logic)})
        on conflict (form_template_id, version_at) do nothing
        returning id
      )
      select id from inserted
      union all
      select id from form_versions where form_template_id = ${form.id} and version_at = ${form.updatedAt}
      limit 1`.execute(this.db);
    form.versionId =
      row.rows[0]?.id ??
      (await this.db.selectFrom('form_versions').select('id').where('form_template_id', '=', form.id).where('version_at', '=', form.updatedAt).executeTakeFirstOrThrow()).id;
    return form.versionId;
  }
}
