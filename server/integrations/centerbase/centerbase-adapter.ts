import { sql } from 'kysely';
import { z } from 'zod';
import type { DB } from '../../db/database.js';
import { excerptOf } from '../../delivery/hook-sender.js';
import type { SecretBox } from '../../secrets/secret-box.js';
import type { IntegrationField } from '../../../src/contract/integrations.js';
import { describeResponse } from '../../../src/domain/response-view.js';
import type { AdapterContext, IntegrationAdapter, PushIo, PushJob, PushResult } from '../adapter.js';
import { decryptIntegrationSecret } from '../integration-repository.js';
import {
  CENTERBASE_ERROR_CODES,
  centerbaseRequests,
  centerbaseValueOf,
  fieldTypeOf,
  itemExistsAnswerSchema,
  itemFieldsAnswerSchema,
  itemIdAnswerSchema,
  itemTypesAnswerSchema,
  type CenterbaseRequest,
  type CenterbaseValue,
} from './centerbase-api.js';
import { CenterbaseClient, centerbaseFailureMessage, isCenterbaseFailure, type CallOptions, type CenterbaseAnswer, type CenterbaseFirm } from './centerbase-client.js';

/** What POST/PATCH of the integration hand over: the row the key was stored on, and the firm to sign in to. */
export interface CenterbaseConnectInput {
  integrationId: string;
  subdomain: string;
  apiKey: string;
}

/** Connecting failed; `field` is the request field to blame (400), or null when Centerbase itself failed (502). */
export class CenterbaseConnectError extends Error {
  constructor(
    readonly field: 'api_key' | 'subdomain' | null,
    message: string,
  ) {
    super(message);
  }
}

/** A call that failed while reading record types or fields (not a push): the route answers it. */
class CenterbaseReadError extends Error {}

/** A mapped answer Centerbase cannot take: a failed delivery naming the field, without a request. */
class MappingError extends Error {}

const KEY_REFUSED = 'Centerbase refused the API key';

/** Record types a push gives a role to, by name: Centerbase's types are the firm's own. */
const CONTACT_TYPE = /contact|client|person/i;
const MATTER_TYPE = /matter|case/i;

/** `integration_apis.api_type` of every Centerbase record type (its external key is the item type's GUID). */
const CENTERBASE_API_TYPE = 'item_type';

const cachedFields = z.array(z.object({ id: z.string(), name: z.string(), type: z.string(), required: z.boolean(), options: z.array(z.object({ id: z.string(), text: z.string() })).optional() }).loose());
const conversionRuleRows = z.array(
  z.object({ local: z.object({ id: z.string() }).nullable(), foreign: z.object({ id: z.string() }).nullable() }).loose(),
);

interface MappedType {
  typeId: string;
  name: string;
  values: { fieldId: string; type: string; value: CenterbaseValue }[];
}

/**
 * Centerbase (INTEGRATIONS.md "Centerbase"). A push is: find the contact by email or create it, create the matter,
 * link the two, attach the whole intake as a note; each step's result is checkpointed before the next call, so a
 * retry resumes where the last attempt stopped and never creates a second contact or matter.
 */
export class CenterbaseAdapter implements IntegrationAdapter<CenterbaseConnectInput, { companyName: string }> {
  readonly kind = 'centerbase' as const;
  readonly client: CenterbaseClient;

  constructor(private readonly options: { db: DB; secrets: SecretBox; apiBase: string; fetch?: typeof fetch }) {
    this.client = new CenterbaseClient({ apiBase: options.apiBase, fetch: options.fetch });
  }

  /** Signs in with the key (the firm's name comes back), then caches every record type's fields. */
  async connect(context: AdapterContext, { integrationId, subdomain, apiKey }: CenterbaseConnectInput): Promise<{ companyName: string }> {
    this.client.forget(integrationId);
    const login = await this.client.login({ subdomain, apiKey });
    if (!('sessionId' in login)) {
      if (login.kind === 'answered' && login.status === 404) throw new CenterbaseConnectError('subdomain', `No Centerbase site answers for the subdomain "${subdomain}"`);
      if (login.kind === 'answered' && login.status < 500 && login.errorCode !== null && login.errorCode !== CENTERBASE_ERROR_CODES.ok) {
        throw new CenterbaseConnectError('api_key', `Centerbase refused the API key: ${centerbaseFailureMessage(login)}`);
      }
      throw new CenterbaseConnectError(null, `Centerbase could not be reached: ${centerbaseFailureMessage(login)}`);
    }
    const firm = { subdomain, apiKey };
    let apis: { typeId: string; name: string; fields: IntegrationField[] }[];
    try {
      apis = [];
      for (const type of await this.recordTypesOf(integrationId, firm)) {
        apis.push({ typeId: type.externalKey, name: type.name, fields: await this.fieldsOf(integrationId, firm, type.externalKey) });
      }
    } catch (error) {
      if (error instanceof CenterbaseReadError) throw new CenterbaseConnectError(null, error.message);
      throw error;
    }
    const { db } = context;
    const row = await db.selectFrom('account_integrations').select('config').where('id', '=', integrationId).where('account_id', '=', context.accountId).executeTakeFirstOrThrow();
    await db
      .updateTable('account_integrations')
      .set({ status: 'connected', config: JSON.stringify({ ...row.config, subdomain, companyName: login.companyName }), updated_at: new Date() })
      .where('id', '=', integrationId)
      .execute();
    // What waited for a working key goes now, in a new round of the retry schedule.
    const now = new Date();
    await db
      .updateTable('deliveries')
      .set({ status: 'pending', next_attempt_at: now, updated_at: now, last_error: null, progress: sql<string>`progress || jsonb_build_object('roundFrom', attempt_count)` })
      .where('integration_id', '=', integrationId)
      .where('status', '=', 'blocked')
      .execute();
    for (const api of apis) {
      await db
        .insertInto('integration_apis')
        .values({ integration_id: integrationId, api_type: CENTERBASE_API_TYPE, external_key: api.typeId, name: api.name, field_list: JSON.stringify(api.fields) })
        .onConflict((oc) => oc.columns(['integration_id', 'api_type', 'external_key']).doUpdateSet({ name: api.name, field_list: JSON.stringify(api.fields), fetched_at: new Date() }))
        .execute();
    }
    return { companyName: login.companyName };
  }

  /** Forgets the key and the session: nothing more goes to Centerbase until a key is set again. */
  async disconnect({ db, accountId }: AdapterContext): Promise<void> {
    const row = await db.selectFrom('account_integrations').select(['id', 'config']).where('account_id', '=', accountId).where('kind', '=', 'centerbase').executeTakeFirst();
    if (!row) return;
    this.client.forget(row.id);
    const { companyName: _name, ...config } = row.config;
    await db
      .updateTable('account_integrations')
      .set({ secret: null, status: 'disconnected', config: JSON.stringify(config), updated_at: new Date() })
      .where('id', '=', row.id)
      .execute();
  }

  async listRecordTypes(context: AdapterContext): Promise<{ externalKey: string; name: string }[]> {
    const { id, firm } = await this.connection(context);
    return this.recordTypesOf(id, firm);
  }

  async fieldList(context: AdapterContext, recordType: { externalKey: string }): Promise<IntegrationField[]> {
    const { id, firm } = await this.connection(context);
    return this.fieldsOf(id, firm, recordType.externalKey);
  }

  async push(job: PushJob, io: PushIo): Promise<PushResult> {
    const result = await this.pushOnce(job, io);
    if (result.kind === 'not_sent' && result.status === 'blocked' && result.message.startsWith(KEY_REFUSED)) {
      // The stored key stopped working: the integration says so until a new one is saved (which releases the wait).
      await this.options.db.updateTable('account_integrations').set({ status: 'needs_reauth', updated_at: new Date() }).where('id', '=', job.integrationId).where('status', '=', 'connected').execute();
    }
    return result;
  }

  private async pushOnce(job: PushJob, io: PushIo): Promise<PushResult> {
    const { db, secrets } = this.options;
    const integration = await db.selectFrom('account_integrations').selectAll().where('id', '=', job.integrationId).executeTakeFirst();
    if (!integration) return { kind: 'not_sent', status: 'cancelled', message: 'The Centerbase integration was removed' };
    if (!integration.enabled || !integration.push_web_leads) return { kind: 'not_sent', status: 'blocked', message: 'The Centerbase integration is not enabled to push web leads' };
    const apiKey = integration.secret ? decryptIntegrationSecret(secrets, integration.id, integration.secret).apiKey : undefined;
    const subdomain = typeof integration.config.subdomain === 'string' ? integration.config.subdomain : undefined;
    if (integration.status === 'needs_reauth') {
      return { kind: 'not_sent', status: 'blocked', message: 'Centerbase no longer accepts the saved API key (the delivery waits and goes once a valid key is set)' };
    }
    if (integration.status !== 'connected' || !apiKey || !subdomain) {
      return { kind: 'not_sent', status: 'blocked', message: 'Centerbase is not connected (the delivery waits and goes once an API key is set)' };
    }
    const firm = { subdomain, apiKey };
    let mapped: MappedType[];
    try {
      mapped = await this.mappedTypes(job);
    } catch (error) {
      if (error instanceof MappingError) return { kind: 'not_sent', status: 'failed', errorKind: 'config', message: error.message };
      throw error;
    }
    const contact = mapped.find((type) => CONTACT_TYPE.test(type.name)) ?? null;
    const matter = mapped.find((type) => type !== contact && MATTER_TYPE.test(type.name)) ?? null;
    const progress = { ...job.progress };
    const redact = [apiKey];
    const options: CallOptions = { beforeSend: io.beforeSend, signal: io.signal, timeoutMs: io.timeoutMs };
    const call = (request: CenterbaseRequest) => this.client.call(job.integrationId, firm, request, options);
    const str = (value: unknown) => (typeof value === 'string' ? value : undefined);

    // 1. The contact: the one an earlier attempt found or made, else one with the same email, else a new one.
    if (contact && !str(progress.contactId)) {
      const email = contact.values.find((v) => v.type === 'email' && typeof v.value === 'string' && v.value !== '');
      if (email) {
        const found = await this.findItem(job.integrationId, firm, contact.typeId, email.fieldId, String(email.value), options);
        if ('failure' in found) return this.failure(found.failure, 'finding the contact by email', redact);
        if (found.itemId) progress.contactId = found.itemId;
      }
      if (!str(progress.contactId)) {
        const created = await call(centerbaseRequests.createItem(contact.typeId, contact.values.map((v) => ({ 'field-id': v.fieldId, value: v.value }))));
        if (isCenterbaseFailure(created)) return this.failure(created, 'creating the contact', redact);
        const id = itemIdAnswerSchema.safeParse((created as { body: unknown }).body).data?.['item-id'];
        if (!id) return unexpected(created, 'the new contact has no item-id');
        progress.contactId = id;
      }
      await io.checkpoint({ contactId: progress.contactId });
    }
    // 2. The matter, linked to its contact.
    if (matter && !str(progress.matterId)) {
      const created = await call(centerbaseRequests.createItem(matter.typeId, matter.values.map((v) => ({ 'field-id': v.fieldId, value: v.value }))));
      if (isCenterbaseFailure(created)) return this.failure(created, 'creating the matter', redact);
      const id = itemIdAnswerSchema.safeParse((created as { body: unknown }).body).data?.['item-id'];
      if (!id) return unexpected(created, 'the new matter has no item-id');
      progress.matterId = id;
      await io.checkpoint({ matterId: id });
    }
    if (str(progress.matterId) && str(progress.contactId) && progress.linked !== true) {
      // Link Items is idempotent at Centerbase: linking again after a crash adds nothing.
      const linked = await call(centerbaseRequests.linkItems(str(progress.matterId)!, str(progress.contactId)!));
      if (isCenterbaseFailure(linked)) return this.failure(linked, 'linking the matter to the contact', redact);
      progress.linked = true;
      await io.checkpoint({ linked: true });
    }
    // 3. The whole intake as a note on the matter, or on the contact without one.
    const parentId = str(progress.matterId) ?? str(progress.contactId);
    if (!parentId) return { kind: 'not_sent', status: 'failed', errorKind: 'config', message: 'The form maps no Centerbase contact or matter record type' };
    if (str(progress.noteId)) {
      // Made by an attempt that stopped before recording its success; Centerbase has no call to read a note back,
      // so this attempt only signs in again (its one request) and does not add another note.
      this.client.forget(job.integrationId);
      const login = await this.client.login(firm, options);
      if (!('sessionId' in login)) return this.failure(login, 'signing in', redact);
      return { kind: 'answered', status: 200, excerpt: '', retryAfter: null, message: '', redact };
    }
    const note = await call(centerbaseRequests.createNote(parentId, intakeText(job)));
    if (isCenterbaseFailure(note) || note.kind !== 'answered') return this.failure(note, 'attaching the intake note', redact);
    const noteId = itemIdAnswerSchema.safeParse(note.body).data?.['item-id'];
    if (noteId) await io.checkpoint({ noteId });
    return { kind: 'answered', status: note.status, excerpt: excerptOf(note.text), retryAfter: null, message: '', redact };
  }

  /**
   * A failed call as the engine classifies it: no answer, 429 and 5xx are tried again; an error code in the body
   * (Centerbase refused the data) fails the delivery with Centerbase's own message.
   */
  private failure(answer: CenterbaseAnswer, step: string, redact: string[]): PushResult {
    if (answer.kind !== 'answered') return { kind: answer.kind, message: `${answer.message} (${step})`, redact };
    const said = centerbaseFailureMessage(answer);
    if (answer.status === 429 || answer.status >= 500 || answer.status < 200 || answer.status >= 300) {
      return { kind: 'answered', status: answer.status, excerpt: excerptOf(answer.text), retryAfter: null, message: `Centerbase answered HTTP ${answer.status} when ${step}: ${said}`, redact };
    }
    if (answer.errorCode === CENTERBASE_ERROR_CODES.loginFailed || answer.errorCode === CENTERBASE_ERROR_CODES.sessionInvalid) {
      return { kind: 'not_sent', status: 'blocked', message: `${KEY_REFUSED} when ${step}: ${said} (the delivery waits and goes once a valid key is set)` };
    }
    return { kind: 'not_sent', status: 'failed', message: `Centerbase refused ${step}: ${said}` };
  }

  /** The integration's row and credentials; reading record types needs a stored key. */
  private async connection({ db, secrets, accountId }: AdapterContext): Promise<{ id: string; firm: CenterbaseFirm }> {
    const row = await db.selectFrom('account_integrations').selectAll().where('account_id', '=', accountId).where('kind', '=', 'centerbase').executeTakeFirst();
    const apiKey = row?.secret ? decryptIntegrationSecret(secrets, row.id, row.secret).apiKey : undefined;
    const subdomain = typeof row?.config.subdomain === 'string' ? row.config.subdomain : undefined;
    if (!row || !apiKey || !subdomain) throw new CenterbaseReadError('Centerbase is not connected');
    return { id: row.id, firm: { subdomain, apiKey } };
  }

  private async recordTypesOf(integrationId: string, firm: CenterbaseFirm): Promise<{ externalKey: string; name: string }[]> {
    const answer = await this.client.call(integrationId, firm, centerbaseRequests.itemTypes());
    if (isCenterbaseFailure(answer) || answer.kind !== 'answered') throw new CenterbaseReadError(`Centerbase did not list its record types: ${centerbaseFailureMessage(answer)}`);
    const types = itemTypesAnswerSchema.safeParse(answer.body);
    if (!types.success) throw new CenterbaseReadError('Centerbase listed its record types in an unexpected shape');
    return types.data['item-types'].map((type) => ({ externalKey: type['item-type-id'], name: type.name }));
  }

  private async fieldsOf(integrationId: string, firm: CenterbaseFirm, typeId: string): Promise<IntegrationField[]> {
    const answer = await this.client.call(integrationId, firm, centerbaseRequests.itemFields(typeId));
    if (isCenterbaseFailure(answer) || answer.kind !== 'answered') throw new CenterbaseReadError(`Centerbase did not list the fields of a record type: ${centerbaseFailureMessage(answer)}`);
    const fields = itemFieldsAnswerSchema.safeParse(answer.body);
    if (!fields.success) throw new CenterbaseReadError('Centerbase listed the fields of a record type in an unexpected shape');
    return fields.data.fields.map((field) => ({
      id: field['field-id'],
      name: field.name,
      type: fieldTypeOf(field.type),
      required: field.required,
      ...(field.options ? { options: field.options.map((option) => ({ id: option['option-id'], text: option.text })) } : {}),
    }));
  }

  /** The first active item whose field equals the value, reading every page (up to 500 rows each) until found. */
  private async findItem(integrationId: string, firm: CenterbaseFirm, typeId: string, fieldId: string, value: string, options: CallOptions): Promise<{ itemId: string | null } | { failure: CenterbaseAnswer }> {
    let request = centerbaseRequests.itemExists(typeId, { criteria: [{ fieldId, value }], requestedFields: [fieldId] });
    let read = 0;
    for (;;) {
      const answer = await this.client.call(integrationId, firm, request, options);
      if (isCenterbaseFailure(answer) || answer.kind !== 'answered') return { failure: answer };
      const page = itemExistsAnswerSchema.safeParse(answer.body);
      if (!page.success) return { failure: { ...answer, errorCode: -1, errorMessage: 'Item Exists answered in an unexpected shape' } };
      const match = page.data.items.find((item) => item.fields.some((f) => f['field-id'] === fieldId && String(f.value ?? '').toLowerCase() === value.toLowerCase()));
      if (match) return { itemId: match['item-id'] };
      read += page.data.items.length;
      const resultsId = page.data['results-id'];
      if (!resultsId || page.data.items.length === 0 || read >= page.data['row-total']) return { itemId: null };
      request = centerbaseRequests.itemExists(typeId, { resultsId, rowTotal: page.data['row-total'], startRow: read + 1 });
    }
  }

  /** The enabled Centerbase field maps of the form, their rows resolved to this response's answers as Centerbase takes them. */
  private async mappedTypes(job: PushJob): Promise<MappedType[]> {
    const maps = await this.options.db
      .selectFrom('form_mappers as m')
      .innerJoin('integration_apis as a', 'a.id', 'm.integration_api_id')
      .select(['m.conversion_rules', 'a.external_key', 'a.name', 'a.field_list'])
      .where('m.account_id', '=', job.accountId)
      .where('m.form_template_id', '=', job.form.id)
      .where('m.integration_api_type', '=', 'centerbase')
      .where('m.enabled', '=', true)
      .where('a.integration_id', '=', job.integrationId)
      .execute();
    const answers = new Map(describeResponse(job.document, job.logic, job.response.data).map((row) => [row.inputId, row]));
    const result: MappedType[] = [];
    for (const map of maps) {
      const fields = new Map((cachedFields.safeParse(map.field_list).data ?? []).map((field) => [field.id, field]));
      const mappedType = result.find((t) => t.typeId === map.external_key) ?? { typeId: map.external_key, name: map.name, values: [] };
      if (!result.includes(mappedType)) result.push(mappedType);
      for (const rule of conversionRuleRows.safeParse(map.conversion_rules).data ?? []) {
        if (!rule.local || !rule.foreign) continue;
        const text = answers.get(rule.local.id)?.displayValue.trim() ?? '';
        const field = fields.get(rule.foreign.id);
        if (!text || !field) continue;
        let value: CenterbaseValue;
        if (field.options) {
          const option = field.options.find((candidate) => candidate.text.trim().toLowerCase() === text.toLowerCase());
          if (!option) throw new MappingError(`The Centerbase field "${field.name}" has no option "${text}" any more: update the field map, then push again`);
          value = option.text;
        } else {
          value = centerbaseValueOf(field.type, text);
          if (value === null) throw new MappingError(`The answer "${text}" cannot go into the Centerbase ${field.type} field "${field.name}"`);
        }
        mappedType.values = [...mappedType.values.filter((v) => v.fieldId !== field.id), { fieldId: field.id, type: field.type, value }];
      }
    }
    return result.filter((type) => type.values.length > 0);
  }
}

/** Centerbase said yes but not in the shape we read: a failure to look at, not one to retry blindly. */
function unexpected(answer: CenterbaseAnswer, what: string): PushResult {
  return { kind: 'not_sent', status: 'failed', errorKind: 'config', message: `Centerbase answered ${answer.url} but ${what}` };
}

/** The full intake as the form version labels it (hidden inputs left out, as in the response detail). */
function intakeText(job: PushJob): string {
  const rows = describeResponse(job.document, job.logic, job.response.data);
  const lines = rows.map((row) => `${row.label}: ${row.displayValue || '—'}`);
  return [`Web intake: ${job.form.name}`, `Submitted: ${job.response.submittedAt.toISOString()}`, '', ...lines].join('\n');
}
