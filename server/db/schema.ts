import type { ColumnType, Generated, Selectable } from 'kysely';

type Timestamp = ColumnType<Date, Date | string, Date | string>;
/** A column the database fills with its default when an insert leaves it out. */
type WithDefault<T> = ColumnType<T, T | undefined, T>;
/** Set by the database's default on insert. */
type CreatedAt = ColumnType<Date, Date | string | undefined, never>;

interface AccountsTable {
  id: Generated<number>;
  internal_name: string;
  /** IANA time zone of the firm; null until a member's browser or a user sets it. */
  time_zone: WithDefault<string | null>;
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

export type IntegrationKind = 'centerbase' | 'zapier' | 'clio';
type IntegrationStatus = 'connected' | 'needs_reauth' | 'error' | 'disconnected';
type UpdatedAt = ColumnType<Date, Date | string | undefined, Date | string>;

export interface AccountIntegrationsTable {
  id: Generated<string>;
  account_id: number;
  kind: IntegrationKind;
  enabled: WithDefault<boolean>;
  push_web_leads: WithDefault<boolean>;
  status: WithDefault<IntegrationStatus>;
  /** Non-secret settings (subdomain, companyName, region, connected user label, accountTokenId). */
  config: ColumnType<Record<string, unknown>, string | undefined, string>;
  /** Ciphertext of server/secrets (JSON inside), bound to this row and column. */
  secret: string | null;
  created_at: CreatedAt;
  updated_at: UpdatedAt;
}

interface IntegrationApisTable {
  id: Generated<string>;
  integration_id: string;
  api_type: string;
  external_key: string;
  name: string;
  field_list: ColumnType<unknown, string | undefined, string>;
  fetched_at: UpdatedAt;
}

export interface FormMappersTable {
  id: Generated<string>;
  account_id: number;
  form_template_id: string;
  integration_api_type: 'centerbase' | 'clio';
  integration_api_id: string | null;
  conversion_rules: ColumnType<unknown, string | undefined, string>;
  enabled: WithDefault<boolean>;
  created_at: CreatedAt;
  updated_at: UpdatedAt;
}

interface AccountTokensTable {
  id: Generated<string>;
  account_id: number;
  name: string;
  token_hash: string;
  token_prefix: string;
  is_active: WithDefault<boolean>;
  last_used_at: Timestamp | null;
  created_at: CreatedAt;
}

interface ZapierHooksTable {
  id: Generated<string>;
  account_id: number;
  account_token_id: string | null;
  form_template_id: string;
  event: 'response.created';
  target_url: string;
  secret: string;
  created_at: CreatedAt;
  deleted_at: Timestamp | null;
  deleted_reason: 'unsubscribed' | 'gone' | null;
}

/** A submission's deliveries still to be made (migration 0010): the workers move these rows into `deliveries`. */
interface DeliveryOutboxTable {
  form_response_id: string;
  queued_at: CreatedAt;
}

type DeliveryStatus = 'pending' | 'sending' | 'succeeded' | 'failed' | 'blocked' | 'cancelled';

interface DeliveriesTable {
  id: Generated<string>;
  account_id: number;
  form_response_id: string;
  integration_id: string;
  /** 'clio', 'centerbase' or 'zapier:{hookId}'. */
  target: string;
  status: WithDefault<DeliveryStatus>;
  trigger: 'submit' | 'attempt_push' | 'send_unsent' | 'replay';
  attempt_count: WithDefault<number>;
  next_attempt_at: Timestamp | null;
  progress: ColumnType<Record<string, unknown>, string | undefined, string>;
  external_ref: string | null;
  last_error: string | null;
  last_status_code: number | null;
  created_at: CreatedAt;
  updated_at: UpdatedAt;
  succeeded_at: Timestamp | null;
}

interface DeliveryAttemptsTable {
  delivery_id: string;
  attempt_no: number;
  started_at: Timestamp;
  duration_ms: number | null;
  request_method: string;
  /** Never holds a secret: built from validated parts, query strings without credentials. */
  request_url: string;
  response_status: number | null;
  /** At most 2 KB, secrets redacted. */
  response_excerpt: string | null;
  error_kind: 'network' | 'timeout' | 'http' | 'auth' | 'validation' | 'rate_limited' | 'config' | null;
  error_message: string | null;
}

interface OAuthStatesTable {
  state_hash: string;
  kind: 'clio';
  account_id: number;
  user_id: number;
  session_binding: string;
  region: string;
  next_path: string | null;
  expires_at: Timestamp;
  created_at: CreatedAt;
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
  account_integrations: AccountIntegrationsTable;
  integration_apis: IntegrationApisTable;
  form_mappers: FormMappersTable;
  account_tokens: AccountTokensTable;
  zapier_hooks: ZapierHooksTable;
  deliveries: DeliveriesTable;
  delivery_outbox: DeliveryOutboxTable;
  delivery_attempts: DeliveryAttemptsTable;
  oauth_states: OAuthStatesTable;
}

export type FormTemplateRow = Selectable<FormTemplatesTable>;
