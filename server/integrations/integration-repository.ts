import { randomUUID } from 'node:crypto';
import type { Kysely, Selectable } from 'kysely';
import type { DB } from '../db/database.js';
import type { AccountIntegrationsTable, Database, IntegrationKind } from '../db/schema.js';
import type { SecretBox } from '../secrets/secret-box.js';
import type { Integration } from '../../src/contract/integrations.js';
import { findTokenRow, serializeToken } from './account-tokens.js';

export type IntegrationRow = Selectable<AccountIntegrationsTable>;

/** Where an integration's secret lives: it opens only in this row's `secret` column. */
const integrationSecretPlace = (id: string) => ({ table: 'account_integrations', column: 'secret', rowId: id });

/** What an integration's `secret` column holds, encrypted. */
export interface IntegrationSecret {
  apiKey?: string;
  /** OAuth (Clio): the pair and when the access token expires (ISO time). */
  accessToken?: string;
  refreshToken?: string;
  expiresAt?: string;
}

export function encryptIntegrationSecret(secrets: SecretBox, id: string, secret: IntegrationSecret): string {
  return secrets.encryptJson({ ...secret }, integrationSecretPlace(id));
}

export function decryptIntegrationSecret(secrets: SecretBox, id: string, ciphertext: string): IntegrationSecret {
  const value = secrets.decryptJson(ciphertext, integrationSecretPlace(id));
  const text = (key: string) => (typeof value[key] === 'string' ? value[key] : undefined);
  return { apiKey: text('apiKey'), accessToken: text('accessToken'), refreshToken: text('refreshToken'), expiresAt: text('expiresAt') };
}

export async function findIntegration(db: DB, accountId: number, kind: IntegrationKind, id?: string): Promise<IntegrationRow | undefined> {
  let query = db.selectFrom('account_integrations').selectAll().where('account_id', '=', accountId).where('kind', '=', kind);
  if (id !== undefined) query = query.where('id', '=', id);
  return query.executeTakeFirst();
}

/** The account's Zapier integration, made on first use (an API key or a hook needs one to hang deliveries on). */
export async function ensureZapierIntegration(db: Kysely<Database>, accountId: number): Promise<IntegrationRow> {
  await db
    .insertInto('account_integrations')
    .values({ id: randomUUID(), account_id: accountId, kind: 'zapier', enabled: true, push_web_leads: true })
    .onConflict((oc) => oc.columns(['account_id', 'kind']).doNothing())
    .execute();
  return db.selectFrom('account_integrations').selectAll().where('account_id', '=', accountId).where('kind', '=', 'zapier').executeTakeFirstOrThrow();
}

const text = (value: unknown) => (typeof value === 'string' ? value : null);

/** The answer for one integration: secrets never leave, only whether one is set. */
export async function serializeIntegration(db: DB, row: IntegrationRow): Promise<Integration> {
  const apis = await db
    .selectFrom('integration_apis')
    .select(['id', 'api_type', 'external_key', 'name', 'fetched_at'])
    .where('integration_id', '=', row.id)
    .orderBy('api_type')
    .orderBy('name')
    .execute();
  const base = {
    id: row.id,
    account: row.account_id,
    enabled: row.enabled,
    pushWebLeads: row.push_web_leads,
    status: row.status,
    apis: apis.map((api) => ({ id: api.id, apiType: api.api_type, externalKey: api.external_key, name: api.name, fetchedAt: api.fetched_at.toISOString() })),
    createdAt: row.created_at.toISOString(),
    updatedAt: row.updated_at.toISOString(),
  };
  const config = row.config;
  switch (row.kind) {
    case 'centerbase':
      return {
        ...base,
        kind: 'centerbase',
        apiKeySet: row.secret !== null,
        apiKey: row.secret !== null ? '********' : null,
        subdomain: text(config.subdomain),
        companyName: text(config.companyName),
      };
    case 'zapier': {
      const tokenId = text(config.accountTokenId);
      const token = tokenId ? await findTokenRow(db, row.account_id, tokenId) : undefined;
      const hooks = await db
        .selectFrom('zapier_hooks')
        .select(['id', 'form_template_id', 'event', 'created_at'])
        .where('account_id', '=', row.account_id)
        .where('deleted_at', 'is', null)
        .orderBy('created_at')
        .execute();
      return {
        ...base,
        kind: 'zapier',
        accountToken: token ? serializeToken(token) : null,
        restHooks: hooks.map((hook) => ({ id: hook.id, formTemplate: hook.form_template_id, event: hook.event, createdAt: hook.created_at.toISOString() })),
      };
    }
    case 'clio':
      return { ...base, kind: 'clio', connectedAs: text(config.connectedAs), region: text(config.region) };
    default: {
      const unknownKind: never = row.kind;
      throw new Error(`unknown integration kind ${String(unknownKind)}`);
    }
  }
}
