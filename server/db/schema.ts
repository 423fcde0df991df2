import type { ColumnType, Generated, Selectable } from 'kysely';

type Timestamp = ColumnType<Date, Date | string, Date | string>;
/** A column the database fills with its default when an insert leaves it out. */
type WithDefault<T> = ColumnType<T, T | undefined, T>;
/** Set by the database's default on insert. */
type CreatedAt = ColumnType<Date, Date | string | undefined, never>;

interface AccountsTable {
  id: Generated<number>;
  internal_name: string;
  created_at: CreatedAt;
}

interface UsersTable {
  id: Generated<number>;
  email: string;
  password_hash: string | null;
  first_name: string;
  last_name: string;
  is_staff: boolean;
  is_superuser: boolean;
  account_id: number | null;
  created_at: CreatedAt;
  last_login_at: Timestamp | null;
}

interface SessionsTable {
  /** sha256 of the cookie value: a leaked table does not leak usable cookies. */
  id: string;
  user_id: number;
  created_at: CreatedAt;
  expires_at: Timestamp;
}

interface LoginFailuresTable {
  id: Generated<number>;
  email: string;
  ip: string;
  created_at: CreatedAt;
}

interface FormTemplatesTable {
  id: Generated<string>;
  group_id: string;
  account_id: number;
  name: string;
  display_name: WithDefault<string>;
  description: WithDefault<string>;
  custom_submit_message: WithDefault<string>;
  json_form: ColumnType<unknown, string, string>;
  json_conditional_logic: ColumnType<unknown, string, string>;
  json_form_style: ColumnType<unknown, string, string>;
  internal_form_slug: string | null;
  created_at: CreatedAt;
  updated_at: ColumnType<Date, Date | string | undefined, Date | string>;
  deleted_at: Date | null;
}

interface FormVersionsTable {
  id: Generated<string>;
  form_template_id: string;
  account_id: number;
  version_at: Date;
  json_form: ColumnType<unknown, string, string>;
  json_conditional_logic: ColumnType<unknown, string, string>;
  created_at: CreatedAt;
}

interface FormPrefillsTable {
  id: Generated<string>;
  account_id: number;
  form_template_id: string;
  name: string;
  data: ColumnType<Record<string, unknown>, string, string>;
  created_at: CreatedAt;
  updated_at: ColumnType<Date, Date | string | undefined, Date | string>;
}

interface FormResponsesTable {
  id: Generated<string>;
  account_id: number;
  form_template_id: string;
  form_version_id: string;
  submission_key: string;
  data: ColumnType<Record<string, unknown>, string, string>;
  prefill_id: string | null;
  is_spam: WithDefault<boolean>;
  spam_reasons: WithDefault<string[]>;
  submitted_at: ColumnType<Date, Date | string | undefined, Date | string>;
}

export interface Database {
  accounts: AccountsTable;
  users: UsersTable;
  sessions: SessionsTable;
  login_failures: LoginFailuresTable;
  form_templates: FormTemplatesTable;
  form_versions: FormVersionsTable;
  form_prefills: FormPrefillsTable;
  form_responses: FormResponsesTable;
}

export type FormTemplateRow = Selectable<FormTemplatesTable>;
