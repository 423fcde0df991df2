import { sql } from 'kysely';
import type { DB } from '../db/database.js';
import { containsPattern } from '../db/like.js';
import type { FormTemplateRow } from '../db/schema.js';
import { BUILT_IN_FORM_ID, BUILT_IN_FORM_SLUG } from '../../src/domain/ids.js';
import { newId } from '../../src/domain/ids-factory.js';
import { ensureBuiltInForm } from './built-in-form.js';

/** What `findForm` may return besides an active, user-built form. */
interface FormScope {
  /** The account the form must belong to; null on public paths (submit), which know only the form id. */
  accountId: number | null;
  /** Archived forms too (the caller tells them apart by `deleted_at`). */
  archived?: boolean;
  /** The built-in form, by its alias or its own id. Only with an account: the alias names one per account. */
  builtIn?: boolean;
}

/**
 * The form `id` (a UUID, or the built-in form's alias) within a scope: the one lookup behind the template routes, the
 * CSV export, prefills and the public submit. The built-in form is made on first use of its alias.
 */
export async function findForm(db: DB, id: string, scope: FormScope): Promise<FormTemplateRow | undefined> {
  const { accountId, archived = false, builtIn = false } = scope;
  if (id === BUILT_IN_FORM_ID) {
    if (!builtIn || accountId === null) return undefined;
    await ensureBuiltInForm(db, accountId);
  }
  let query = db.selectFrom('form_templates').selectAll();
  if (accountId !== null) query = query.where('account_id', '=', accountId);
  query = id === BUILT_IN_FORM_ID ? query.where('internal_form_slug', '=', BUILT_IN_FORM_SLUG) : query.where('id', '=', id);
  if (!archived) query = query.where('deleted_at', 'is', null);
  if (!builtIn) query = query.where('internal_form_slug', 'is', null);
  return query.executeTakeFirst();
}

interface FormListFilters {
  archived: boolean;
  search?: string;
  /** Forms with this slug (the built-in one); user-built forms only when absent. */
  internalFormSlug?: string;
}

export async function listForms(db: DB, accountId: number, filters: FormListFilters) {
  if (filters.internalFormSlug === BUILT_IN_FORM_SLUG) await ensureBuiltInForm(db, accountId);
  let select = db
    .selectFrom('form_templates')
    .select(['id', 'name', 'display_name', 'description', 'internal_form_slug', 'created_at', 'updated_at', 'deleted_at'])
    .where('account_id', '=', accountId)
    .where('deleted_at', filters.archived ? 'is not' : 'is', null);
  select = filters.internalFormSlug
    ? select.where('internal_form_slug', '=', filters.internalFormSlug)
    : select.where('internal_form_slug', 'is', null);
  if (filters.search) select = select.where(sql`lower(name)`, 'like', containsPattern(filters.search, { lowerCase: true }));
  return select.orderBy(sql`lower(name)`).orderBy('id').execute();
}

/** The stored columns of a checked template body (create and update write the same ones). */
export interface FormColumns {
  name: string;
  display_name: string;
  description: string;
  custom_submit_message: string;
  json_form: string;
  json_conditional_logic: string;
  json_form_style: string;
}

/** The updated_at of a change: now, and always later than the previous one (the save conflict check compares them). */
const NEXT_UPDATED_AT = sql<Date>`greatest(date_trunc('milliseconds', clock_timestamp()), updated_at + interval '1 millisecond')`;

export async function insertForm(db: DB, accountId: number, columns: FormColumns): Promise<FormTemplateRow> {
  const id = newId();
  return db
    .insertInto('form_templates')
    .values({ id, group_id: id, account_id: accountId, ...columns })
    .returningAll()
    .executeTakeFirstOrThrow();
}

/**
 * An atomic compare-and-set on updated_at: of two people saving the same version, the second gets undefined (409).
 */
export async function updateForm(db: DB, accountId: number, id: string, columns: FormColumns, loadedUpdatedAt: Date): Promise<FormTemplateRow | undefined> {
  return db
    .updateTable('form_templates')
    .set({ ...columns, updated_at: NEXT_UPDATED_AT })
    .where('id', '=', id)
    .where('account_id', '=', accountId)
    .where('deleted_at', 'is', null)
    .where('updated_at', '=', loadedUpdatedAt)
    .returningAll()
    .executeTakeFirst();
}

export async function renameForm(db: DB, accountId: number, id: string, name: string): Promise<FormTemplateRow> {
  return db
    .updateTable('form_templates')
    .set({ name, updated_at: NEXT_UPDATED_AT })
    .where('id', '=', id)
    .where('account_id', '=', accountId)
    .returningAll()
    .executeTakeFirstOrThrow();
}

/** Archiving twice keeps the first date. */
export async function archiveForm(db: DB, accountId: number, id: string): Promise<void> {
  await db
    .updateTable('form_templates')
    .set({ deleted_at: sql`coalesce(deleted_at, now())` })
    .where('id', '=', id)
    .where('account_id', '=', accountId)
    .execute();
}

export async function unarchiveForm(db: DB, accountId: number, id: string): Promise<FormTemplateRow> {
  return db
    .updateTable('form_templates')
    .set({ deleted_at: null, updated_at: NEXT_UPDATED_AT })
    .where('id', '=', id)
    .where('account_id', '=', accountId)
    .returningAll()
    .executeTakeFirstOrThrow();
}
