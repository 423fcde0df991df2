import { randomUUID } from 'node:crypto';
import { sql } from 'kysely';
import { z } from 'zod';
import type { DB } from '../../db/database.js';
import { excerptOf } from '../../delivery/hook-sender.js';
import type { SecretBox } from '../../secrets/secret-box.js';
import type { IntegrationField } from '../../../src/contract/integrations.js';
import { inputsOf, isValidEmail } from '../../../src/domain/answers.js';
import type { FormDocument } from '../../../src/domain/form-document.js';
import { BUILT_IN_FORM_SLUG } from '../../../src/domain/ids.js';
import { describeResponse } from '../../../src/domain/response-view.js';
import type { AdapterContext, IntegrationAdapter, PushIo, PushJob, PushResult } from '../adapter.js';
import { decryptIntegrationSecret, encryptIntegrationSecret } from '../integration-repository.js';
import { ClioAuthorizationError, ClioClient, clioErrorMessage, tokenPairFrom, type ClioAnswer } from './clio-client.js';
import { CLIO_RECORD_TYPES, CUSTOM_FIELD_PREFIX, clioFieldList, type ClioRecordKey } from './clio-fields.js';
import { clioBaseUrl, isClioRegion, type ClioRegion, type ClioSettings } from './clio-settings.js';

/** What the OAuth callback hands over: the code Clio issued for our redirect URI, in the region chosen at authorise. */
export interface ClioConnectInput {
  code: string;
  redirectUri: string;
  region: ClioRegion;
}

/** Clio refused the code exchange or the who_am_i call: shown to the user on the integration page. */
export class ClioConnectError extends Error {}

const conversionRuleRows = z.array(
  z.object({ local: z.object({ id: z.string() }).nullable(), foreign: z.object({ id: z.string() }).nullable() }).loose(),
);
const cachedFields = z.array(z.object({ id: z.string(), name: z.string(), type: z.string(), required: z.boolean(), options: z.array(z.object({ id: z.string(), text: z.string() })).optional() }).loose());

/** The mapped values of one record type: standard fields by Clio's name, custom fields by their Clio id. */
interface MappedValues {
  standard: Map<string, string>;
  custom: { id: number; value: string }[];
}

/** A mapped answer Clio cannot take (a picklist option that no longer exists): a failed delivery naming the field. */
class MappingError extends Error {}

/**
 * Clio Manage (INTEGRATIONS.md "Clio"). A push is up to three calls (find or create the contact, open the matter,
 * attach the note), each created id checkpointed before the next call, so a retry after a crash resumes where it
 * stopped instead of creating a second contact or matter.
 */
export class ClioAdapter implements IntegrationAdapter<ClioConnectInput, { connectedAs: string }> {
  readonly kind = 'clio' as const;
  readonly client: ClioClient;

  constructor(private readonly options: { db: DB; secrets: SecretBox; settings: ClioSettings; fetch?: typeof fetch; now?: () => number }) {
    this.client = new ClioClient(options);
  }

  get settings(): ClioSettings {
    return this.options.settings;
  }

  private get fetch(): typeof fetch {
    return this.options.fetch ?? fetch;
  }

  /** Exchanges the authorisation code, labels the connection with its Clio user and stores the tokens encrypted. */
  async connect({ db, secrets, accountId }: AdapterContext, { code, redirectUri, region }: ClioConnectInput): Promise<{ connectedAs: string }> {
    const { clientId, clientSecret } = this.options.settings;
    const base = clioBaseUrl(this.options.settings, region);
    let tokenAnswer: Response;
    try {
      tokenAnswer = await this.fetch(`${base}/oauth/token`, {
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded', accept: 'application/json' },
        body: new URLSearchParams({ grant_type: 'authorization_code', code, redirect_uri: redirectUri, client_id: clientId ?? '', client_secret: clientSecret ?? '' }),
        signal: AbortSignal.timeout(15_000),
        redirect: 'manual',
      });
    } catch {
      throw new ClioConnectError('Clio could not be reached. Please try again.');
    }
    const tokenBody = (await tokenAnswer.json().catch(() => ({}))) as Record<string, unknown>;
    const pair = tokenAnswer.ok ? tokenPairFrom(tokenBody, undefined, Date.now()) : null;
    if (!pair) throw new ClioConnectError(`Clio did not accept the authorisation (${clioErrorMessage(tokenBody) ?? `HTTP ${tokenAnswer.status}`}). Please connect again.`);

    const who = await this.fetch(`${base}/api/v4/users/who_am_i.json?fields=id,name,email`, {
      headers: { authorization: `Bearer ${pair.accessToken}`, 'x-api-version': '4.0.9', accept: 'application/json' },
      signal: AbortSignal.timeout(15_000),
      redirect: 'manual',
    }).catch(() => null);
    const user = who?.ok ? ((await who.json().catch(() => null)) as { data?: { name?: unknown; email?: unknown } } | null)?.data : undefined;
    if (!user) throw new ClioConnectError('Clio did not say which user authorised the connection. Please connect again.');
    const connectedAs = [user.name, user.email].filter((part): part is string => typeof part === 'string' && part !== '').join(' · ') || 'Clio user';

    const id = randomUUID();
    const now = new Date();
    const row = await db
      .insertInto('account_integrations')
      .values({ id, account_id: accountId, kind: 'clio', status: 'connected', config: JSON.stringify({ region, connectedAs }), secret: encryptIntegrationSecret(secrets, id, pair) })
      .onConflict((oc) => oc.columns(['account_id', 'kind']).doNothing())
      .returning('id')
      .executeTakeFirst();
    if (!row) {
      // Reconnecting: the existing row keeps its id (field maps and deliveries hang on it); the secret is bound to it.
      const existing = await db.selectFrom('account_integrations').select(['id', 'config']).where('account_id', '=', accountId).where('kind', '=', 'clio').forUpdate().executeTakeFirstOrThrow();
      await db
        .updateTable('account_integrations')
        .set({ status: 'connected', config: JSON.stringify({ ...existing.config, region, connectedAs }), secret: encryptIntegrationSecret(secrets, existing.id, pair), updated_at: now })
        .where('id', '=', existing.id)
        .execute();
      // What waited for the authorisation goes now, in a new round of the retry schedule.
      await db
        .updateTable('deliveries')
        .set({
          status: 'pending',
          next_attempt_at: now,
          updated_at: now,
          last_error: null,
          progress: sql<string>`progress || jsonb_build_object('roundFrom', attempt_count)`,
        })
        .where('integration_id', '=', existing.id)
        .where('status', '=', 'blocked')
        .execute();
    }
    return { connectedAs };
  }

  /** Revokes the authorisation at Clio (best effort: a token Clio already forgot is as good as revoked), then forgets it. */
  async disconnect({ db, secrets, accountId }: AdapterContext): Promise<void> {
    const row = await db.selectFrom('account_integrations').selectAll().where('account_id', '=', accountId).where('kind', '=', 'clio').executeTakeFirst();
    if (!row) return;
    if (row.secret) {
      let token: string | undefined;
      try {
        token = decryptIntegrationSecret(secrets, row.id, row.secret).accessToken;
      } catch {
        token = undefined;
      }
      const region = isClioRegion(row.config.region) ? row.config.region : 'us';
      if (token) {
        await this.fetch(`${clioBaseUrl(this.options.settings, region)}/oauth/deauthorize`, {
          method: 'POST',
          headers: { authorization: `Bearer ${token}`, 'content-type': 'application/x-www-form-urlencoded' },
          body: new URLSearchParams({ token }),
          signal: AbortSignal.timeout(15_000),
          redirect: 'manual',
        }).catch(() => undefined);
      }
    }
    const { connectedAs: _label, ...config } = row.config;
    await db
      .updateTable('account_integrations')
      .set({ secret: null, status: 'disconnected', config: JSON.stringify(config), updated_at: new Date() })
      .where('id', '=', row.id)
      .execute();
  }

  async listRecordTypes(): Promise<{ externalKey: string; name: string }[]> {
    return CLIO_RECORD_TYPES.map(({ externalKey, name }) => ({ externalKey, name }));
  }

  async fieldList({ db, accountId }: AdapterContext, recordType: { externalKey: string }): Promise<IntegrationField[]> {
    const integration = await db.selectFrom('account_integrations').select('id').where('account_id', '=', accountId).where('kind', '=', 'clio').executeTakeFirst();
    if (!integration) throw new ClioAuthorizationError('Clio is not connected');
    const key: ClioRecordKey = recordType.externalKey === 'Matter' ? 'Matter' : 'Contact';
    const customFields = await this.client.listAll(integration.id, 'custom_fields.json', {
      parent_type: key.toLowerCase(),
      fields: 'id,name,field_type,required,deleted,picklist_options{id,option,deleted_at}',
    });
    const practiceAreas = key === 'Matter' ? await this.client.listAll(integration.id, 'practice_areas.json', { fields: 'id,name' }) : [];
    return clioFieldList(key, customFields, practiceAreas);
  }

  /** Fetches every record type's field list and caches it in `integration_apis` (what field maps and pushes read). */
  async refreshApis(context: AdapterContext): Promise<void> {
    const integration = await context.db.selectFrom('account_integrations').select('id').where('account_id', '=', context.accountId).where('kind', '=', 'clio').executeTakeFirst();
    if (!integration) throw new ClioAuthorizationError('Clio is not connected');
    for (const type of CLIO_RECORD_TYPES) {
      const fields = await this.fieldList(context, type);
      await context.db
        .insertInto('integration_apis')
        .values({ integration_id: integration.id, api_type: type.apiType, external_key: type.externalKey, name: type.name, field_list: JSON.stringify(fields) })
        .onConflict((oc) => oc.columns(['integration_id', 'api_type', 'external_key']).doUpdateSet({ name: type.name, field_list: JSON.stringify(fields), fetched_at: new Date() }))
        .execute();
    }
  }

  async push(job: PushJob, io: PushIo): Promise<PushResult> {
    const { db } = this.options;
    const integration = await db.selectFrom('account_integrations').select(['id', 'enabled', 'push_web_leads', 'status']).where('id', '=', job.integrationId).executeTakeFirst();
    if (!integration) return { kind: 'not_sent', status: 'cancelled', message: 'The Clio integration was removed' };
    if (!integration.enabled || !integration.push_web_leads) return { kind: 'not_sent', status: 'blocked', message: 'The Clio integration is not enabled to push web leads' };
    let mapped: Record<ClioRecordKey, MappedValues | null>;
    try {
      mapped = await this.mappedValues(job);
    } catch (error) {
      if (error instanceof MappingError) return { kind: 'not_sent', status: 'failed', errorKind: 'config', message: error.message };
      throw error;
    }
    const progress = { ...job.progress };
    const redact: string[] = [];
    const call = async (method: string, path: string, options: { query?: Record<string, string>; body?: unknown } = {}) =>
      this.client.call(job.integrationId, method, path, { ...options, beforeSend: io.beforeSend, signal: io.signal, timeoutMs: io.timeoutMs });
    try {
      // 1. The contact: the one found or created by an earlier attempt, else found by email, else created.
      if (typeof progress.contactId !== 'number') {
        const contact = mapped.Contact ?? { standard: new Map(), custom: [] };
        const email = contact.standard.get('email') ?? this.firstEmail(job);
        if (email) {
          const found = await call('GET', 'contacts.json', { query: { query: email, type: 'Person', fields: 'id,name,primary_email_address' } });
          if (!isSuccess(found)) return this.failure(found, 'finding the contact by email', redact);
          const match = dataOf(found, true).find((record) => typeof record.primary_email_address === 'string' && record.primary_email_address.toLowerCase() === email.toLowerCase());
          if (match && typeof match.id === 'number') progress.contactId = match.id;
        }
        if (typeof progress.contactId !== 'number') {
          const created = await call('POST', 'contacts.json', { query: { fields: 'id' }, body: { data: contactBody(contact, email, job) } });
          if (!isSuccess(created)) return this.failure(created, 'creating the contact', redact);
          const id = dataOf(created, false)[0]?.id;
          if (typeof id !== 'number') return unexpected(created, 'the new contact has no id');
          progress.contactId = id;
        }
        await io.checkpoint({ contactId: progress.contactId });
      }
      // 2. The matter, when the form maps one, with the contact as its client.
      if (mapped.Matter && typeof progress.matterId !== 'number') {
        const created = await call('POST', 'matters.json', { query: { fields: 'id,display_number' }, body: { data: matterBody(mapped.Matter, progress.contactId, job) } });
        if (!isSuccess(created)) return this.failure(created, 'creating the matter', redact);
        const matter = dataOf(created, false)[0];
        if (typeof matter?.id !== 'number') return unexpected(created, 'the new matter has no id');
        progress.matterId = matter.id;
        await io.checkpoint({ matterId: matter.id, ...(typeof matter.display_number === 'string' ? { matterNumber: matter.display_number } : {}) });
      }
      // 3. The note with the whole intake: on the matter, or on the contact without one.
      const onMatter = typeof progress.matterId === 'number';
      if (typeof progress.noteId === 'number') {
        // Created by an attempt that stopped before recording its success: confirm it is there rather than add another.
        const existing = await call('GET', 'notes.json', {
          query: { ...(onMatter ? { matter_id: String(progress.matterId) } : { contact_id: String(progress.contactId) }), type: onMatter ? 'Matter' : 'Contact', fields: 'id' },
        });
        if (!isSuccess(existing)) return this.failure(existing, 'looking for the intake note', redact);
        if (dataOf(existing, true).some((record) => record.id === progress.noteId)) return this.success(existing, redact);
      }
      const note = await call('POST', 'notes.json', {
        query: { fields: 'id' },
        body: {
          data: {
            type: onMatter ? 'Matter' : 'Contact',
            ...(onMatter ? { matter: { id: progress.matterId } } : { contact: { id: progress.contactId } }),
            subject: `Web intake: ${job.form.name}`.slice(0, 255),
            detail: intakeText(job),
          },
        },
      });
      if (!isSuccess(note)) return this.failure(note, 'attaching the intake note', redact);
      const noteId = dataOf(note, false)[0]?.id;
      if (typeof noteId === 'number') await io.checkpoint({ noteId });
      return this.success(note, redact);
    } catch (error) {
      if (error instanceof ClioAuthorizationError) {
        await db.updateTable('account_integrations').set({ status: 'needs_reauth', updated_at: new Date() }).where('id', '=', job.integrationId).where('status', '=', 'connected').execute();
        return { kind: 'not_sent', status: 'blocked', message: `${error.message} (the delivery waits and goes once Clio is reconnected)` };
      }
      if (io.signal.aborted) return { kind: 'network', message: 'The worker stopped during this push', redact };
      // The token endpoint down, a page chain broken: tried again on the schedule, with what happened.
      return { kind: 'network', message: `Clio could not be reached: ${error instanceof Error ? error.message : String(error)}`, redact };
    }
  }

  private success(answer: Extract<ClioAnswer, { kind: 'answered' }>, redact: string[]): PushResult {
    return { kind: 'answered', status: answer.status, excerpt: excerptOf(answer.text), retryAfter: null, message: '', redact };
  }

  /** A Clio answer that is not a success, as the engine classifies it (429 and 5xx retry; other 4xx fail). */
  private failure(answer: ClioAnswer, step: string, redact: string[]): PushResult {
    if (answer.kind !== 'answered') return { kind: answer.kind, message: `${answer.message} (${step})`, redact };
    const said = clioErrorMessage(answer.body) ?? (answer.text.trim().slice(0, 300) || `HTTP ${answer.status}`);
    return {
      kind: 'answered',
      status: answer.status,
      excerpt: excerptOf(answer.text),
      retryAfter: answer.headers.get('retry-after'),
      message: `Clio answered HTTP ${answer.status} when ${step}: ${said}`,
      redact,
    };
  }

  private firstEmail(job: PushJob): string | undefined {
    const row = describeResponse(job.document, job.logic, job.response.data).find((answer) => answer.subtype === 'email' && isValidEmail(answer.displayValue));
    return row?.displayValue.trim();
  }

  /**
   * The enabled Clio field maps of the form, their rows resolved to this response's answers. Without a Contact map of
   * its own, the form uses the account's contact mapping: the Contact map of the built-in 'Mapping for Contacts' form,
   * whose inputs (first_name, last_name, email, phone_number) stand for this form's inputs of the same data name.
   */
  private async mappedValues(job: PushJob): Promise<Record<ClioRecordKey, MappedValues | null>> {
    const rows = await this.options.db
      .selectFrom('form_mappers as m')
      .innerJoin('integration_apis as a', 'a.id', 'm.integration_api_id')
      .innerJoin('form_templates as f', 'f.id', 'm.form_template_id')
      .select(['m.form_template_id', 'm.conversion_rules', 'a.external_key', 'a.field_list', 'f.json_form'])
      .where('m.account_id', '=', job.accountId)
      .where((eb) => eb.or([eb('m.form_template_id', '=', job.form.id), eb('f.internal_form_slug', '=', BUILT_IN_FORM_SLUG)]))
      .where('m.integration_api_type', '=', 'clio')
      .where('m.enabled', '=', true)
      .where('a.integration_id', '=', job.integrationId)
      .execute();
    const own = rows.filter((row) => row.form_template_id === job.form.id);
    const contactFallback = own.some((row) => row.external_key !== 'Matter')
      ? []
      : rows.filter((row) => row.form_template_id !== job.form.id && row.external_key !== 'Matter');
    const answers = new Map(describeResponse(job.document, job.logic, job.response.data).map((row) => [row.inputId, row]));
    const inputIdByDataName = new Map(inputsOf(job.document).map(({ input }) => [input.dataName, input.id]));
    const result: Record<ClioRecordKey, MappedValues | null> = { Contact: null, Matter: null };
    const maps = [
      ...own.map((map) => ({ map, localId: (id: string) => id })),
      ...contactFallback.map((map) => {
        // The built-in form's input ids, by data name, then this form's input of that data name.
        const builtInDataNames = new Map(inputsOf(map.json_form as FormDocument).map(({ input }) => [input.id, input.dataName]));
        return { map, localId: (id: string) => inputIdByDataName.get(builtInDataNames.get(id) ?? '') };
      }),
    ];
    for (const { map, localId } of maps) {
      const key: ClioRecordKey = map.external_key === 'Matter' ? 'Matter' : 'Contact';
      const fields = new Map((cachedFields.safeParse(map.field_list).data ?? []).map((field) => [field.id, field]));
      const values: MappedValues = result[key] ?? { standard: new Map(), custom: [] };
      for (const rule of conversionRuleRows.safeParse(map.conversion_rules).data ?? []) {
        if (!rule.local || !rule.foreign) continue;
        const inputId = localId(rule.local.id);
        const text = inputId ? (answers.get(inputId)?.displayValue.trim() ?? '') : '';
        if (!text) continue;
        const field = fields.get(rule.foreign.id);
        let value = text;
        if (field?.options) {
          const option = field.options.find((candidate) => candidate.text.trim().toLowerCase() === text.toLowerCase());
          if (!option) throw new MappingError(`The Clio field "${field.name}" has no option "${text}" any more: update the field map, then push again`);
          // Clio takes a picklist value as the option's id.
          value = option.id;
        }
        if (rule.foreign.id.startsWith(CUSTOM_FIELD_PREFIX)) values.custom.push({ id: Number(rule.foreign.id.slice(CUSTOM_FIELD_PREFIX.length)), value });
        else values.standard.set(rule.foreign.id, String(value));
      }
      result[key] = values;
    }
    return result;
  }
}

const isSuccess = (answer: ClioAnswer): answer is Extract<ClioAnswer, { kind: 'answered' }> => answer.kind === 'answered' && answer.status >= 200 && answer.status < 300;

function dataOf(answer: Extract<ClioAnswer, { kind: 'answered' }>, list: boolean): Record<string, unknown>[] {
  const data = (answer.body as { data?: unknown } | null)?.data;
  if (list) return Array.isArray(data) ? (data as Record<string, unknown>[]) : [];
  return data && typeof data === 'object' && !Array.isArray(data) ? [data as Record<string, unknown>] : [];
}

/** Clio said yes but not in the shape its API documents: a failure to look at, not one to retry blindly. */
function unexpected(answer: Extract<ClioAnswer, { kind: 'answered' }>, what: string): PushResult {
  return { kind: 'not_sent', status: 'failed', errorKind: 'config', message: `Clio answered HTTP ${answer.status} to ${answer.url} but ${what}` };
}

function contactBody(values: MappedValues, email: string | undefined, job: PushJob): Record<string, unknown> {
  const get = (key: string) => values.standard.get(key);
  const first = get('first_name');
  // Clio needs a name on a Person: the email, or the response, stands in when the form asks for none.
  const last = get('last_name') ?? (first ? undefined : (email ?? `Web lead ${job.response.id.slice(0, 8)}`));
  const address = ['street', 'city', 'province', 'postal_code', 'country'].filter((part) => get(`address.${part}`));
  return {
    type: 'Person',
    name: [first, last].filter(Boolean).join(' '),
    ...(first ? { first_name: first } : {}),
    ...(last ? { last_name: last } : {}),
    ...(get('middle_name') ? { middle_name: get('middle_name') } : {}),
    ...(get('prefix') ? { prefix: get('prefix') } : {}),
    ...(get('title') ? { title: get('title') } : {}),
    ...(get('date_of_birth') ? { date_of_birth: get('date_of_birth') } : {}),
    ...(email ? { email_addresses: [{ name: 'Work', address: email, default_email: true }] } : {}),
    ...(get('phone') ? { phone_numbers: [{ name: 'Work', number: get('phone'), default_number: true }] } : {}),
    ...(address.length ? { addresses: [{ name: 'Home', ...Object.fromEntries(address.map((part) => [part, get(`address.${part}`)])) }] } : {}),
    ...(values.custom.length ? { custom_field_values: values.custom.map(({ id, value }) => ({ custom_field: { id }, value })) } : {}),
  };
}

function matterBody(values: MappedValues, contactId: unknown, job: PushJob): Record<string, unknown> {
  const get = (key: string) => values.standard.get(key);
  const practiceArea = get('practice_area');
  return {
    client: { id: contactId },
    description: (get('description') ?? `Web intake: ${job.form.name}`).slice(0, 255),
    ...(get('client_reference') ? { client_reference: get('client_reference') } : {}),
    ...(get('location') ? { location: get('location') } : {}),
    ...(practiceArea ? { practice_area: { id: Number(practiceArea) } } : {}),
    ...(values.custom.length ? { custom_field_values: values.custom.map(({ id, value }) => ({ custom_field: { id }, value })) } : {}),
  };
}

/** The full intake as the form version labels it (hidden inputs left out, as in the response detail). */
function intakeText(job: PushJob): string {
  const rows = describeResponse(job.document, job.logic, job.response.data);
  const lines = rows.map((row) => `${row.label}: ${row.displayValue || '—'}`);
  return [`Form: ${job.form.name}`, `Submitted: ${job.response.submittedAt.toISOString()}`, '', ...lines].join('\n');
}
