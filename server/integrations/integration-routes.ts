import { randomUUID } from 'node:crypto';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { DB } from '../db/database.js';
import { badRequest, conflict, HttpError, notFound } from '../errors.js';
import { accountScopeOf } from '../routes/account-scope.js';
import type { SecretBox } from '../secrets/secret-box.js';
import type { ZapierAdapter } from './zapier-adapter.js';
import type { IntegrationAdapter } from './adapter.js';
import { CenterbaseAdapter, CenterbaseConnectError } from './centerbase/centerbase-adapter.js';
import { accountTokenSchema, zapierTokenCreateBodySchema } from '../../src/contract/account-tokens.js';
import { accountParamsSchema, errorResponses } from '../../src/contract/common.js';
import { integrationKindParamsSchema } from '../../src/contract/integration-kinds.js';
import {
  integrationApiPageSchema,
  integrationApiParamsSchema,
  integrationFieldPageSchema,
  integrationFieldSchema,
  integrationPageSchema,
  integrationParamsSchema,
  integrationSchema,
  integrationWriteBodySchema,
  type IntegrationWriteBody,
} from '../../src/contract/integrations.js';
import { renewToken } from './account-tokens.js';
import {
  decryptIntegrationSecret,
  encryptIntegrationSecret,
  findIntegration,
  serializeIntegration,
  type IntegrationRow,
} from './integration-repository.js';

/** Fields only some kinds take: sent to another kind they are a mistake, answered 400 naming the field. */
function refuseForeignFields(kind: IntegrationRow['kind'], body: IntegrationWriteBody): void {
  if (kind === 'centerbase') return;
  const errors: Record<string, string[]> = {};
  if (body.api_key !== undefined) errors.api_key = ['only a Centerbase integration takes an API key'];
  if (body.subdomain !== undefined) errors.subdomain = ['only a Centerbase integration takes a subdomain'];
  if (Object.keys(errors).length) throw badRequest(`Invalid input: ${Object.keys(errors)[0]}: ${Object.values(errors)[0][0]}`, errors);
}

/** The columns a write changes. The secret is encrypted for the row it belongs to; `api_key: null` disconnects. */
function changesOf(secrets: SecretBox, id: string, current: Record<string, unknown>, body: IntegrationWriteBody) {
  const config = { ...current };
  if (body.subdomain !== undefined) config.subdomain = body.subdomain;
  return {
    ...(body.enabled !== undefined ? { enabled: body.enabled } : {}),
    ...(body.push_web_leads !== undefined ? { push_web_leads: body.push_web_leads } : {}),
    ...(body.api_key === null ? { secret: null, status: 'disconnected' as const } : {}),
    ...(typeof body.api_key === 'string' ? { secret: encryptIntegrationSecret(secrets, id, { apiKey: body.api_key }) } : {}),
    config: JSON.stringify(config),
  };
}

/**
 * After a write of a Centerbase integration, in its transaction: a new key or subdomain is checked by signing in
 * (the firm's name and record types come back), and `api_key: null` disconnects. Centerbase refusing the login is
 * the caller's mistake (400 naming the field); Centerbase failing is not (502), and either undoes the write.
 */
async function syncCenterbase(context: { db: DB; secrets: SecretBox; accountId: number }, adapter: IntegrationAdapter | undefined, row: IntegrationRow, body: IntegrationWriteBody): Promise<void> {
  if (row.kind !== 'centerbase' || !(adapter instanceof CenterbaseAdapter)) return;
  if (body.api_key === null) {
    await adapter.disconnect(context);
    return;
  }
  if (body.api_key === undefined && body.subdomain === undefined) return;
  const apiKey = row.secret ? decryptIntegrationSecret(context.secrets, row.id, row.secret).apiKey : undefined;
  const subdomain = typeof row.config.subdomain === 'string' ? row.config.subdomain : undefined;
  if (!apiKey) return;
  if (!subdomain) throw badRequest('Invalid input: subdomain: is required to connect with an API key', { subdomain: ['is required to connect with an API key'] });
  try {
    await adapter.connect(context, { integrationId: row.id, subdomain, apiKey });
  } catch (error) {
    if (!(error instanceof CenterbaseConnectError)) throw error;
    if (error.field) throw badRequest(`Invalid input: ${error.field}: ${error.message}`, { [error.field]: [error.message] });
    throw new HttpError(502, error.message);
  }
}

/** `/api/{accountId}/integrations/{kind}/…` (spec §7) and the account tokens Zapier connects with. */
export const integrationRoutes: FastifyPluginAsyncZod<{ db: DB; secrets: SecretBox; zapier: ZapierAdapter; centerbase?: IntegrationAdapter }> = async (
  app,
  { db, secrets, zapier, centerbase },
) => {
  const one = { 200: integrationSchema, ...errorResponses };

  app.get(
    '/integrations/:kind/',
    { schema: { params: integrationKindParamsSchema, response: { 200: integrationPageSchema, ...errorResponses } } },
    async (request) => {
      const row = await findIntegration(db, accountScopeOf(request).account.id, request.params.kind);
      const results = row ? [await serializeIntegration(db, row)] : [];
      return { count: results.length, next: null, previous: null, results };
    },
  );

  app.post(
    '/integrations/:kind/',
    { schema: { params: integrationKindParamsSchema, body: integrationWriteBodySchema, response: { 201: integrationSchema, ...errorResponses } } },
    async (request, reply) => {
      const { account } = accountScopeOf(request);
      const { kind } = request.params;
      refuseForeignFields(kind, request.body);
      // The id is made here: the secret is encrypted for this very row.
      const id = randomUUID();
      const row = await db.transaction().execute(async (trx) => {
        const inserted = await trx
          .insertInto('account_integrations')
          .values({ id, account_id: account.id, kind, ...changesOf(secrets, id, {}, request.body) })
          .onConflict((oc) => oc.columns(['account_id', 'kind']).doNothing())
          .returningAll()
          .executeTakeFirst();
        if (!inserted) throw conflict(`This account already has a ${kind} integration; change it with PATCH.`);
        await syncCenterbase({ db: trx, secrets, accountId: account.id }, centerbase, inserted, request.body);
        return (await findIntegration(trx, account.id, kind, id))!;
      });
      return reply.status(201).send(await serializeIntegration(db, row));
    },
  );

  app.patch(
    '/integrations/:kind/:id/',
    { schema: { params: integrationParamsSchema, body: integrationWriteBodySchema, response: one } },
    async (request) => {
      const { account } = accountScopeOf(request);
      const current = await findIntegration(db, account.id, request.params.kind, request.params.id);
      if (!current) throw notFound();
      refuseForeignFields(current.kind, request.body);
      const row = await db.transaction().execute(async (trx) => {
        const updated = await trx
          .updateTable('account_integrations')
          .set({ ...changesOf(secrets, current.id, current.config, request.body), updated_at: new Date() })
          .where('id', '=', current.id)
          .where('account_id', '=', account.id)
          .returningAll()
          .executeTakeFirstOrThrow();
        await syncCenterbase({ db: trx, secrets, accountId: account.id }, centerbase, updated, request.body);
        return (await findIntegration(trx, account.id, current.kind, current.id))!;
      });
      return serializeIntegration(db, row);
    },
  );

  app.get(
    '/integrations/:kind/apis/',
    { schema: { params: integrationKindParamsSchema, response: { 200: integrationApiPageSchema, ...errorResponses } } },
    async (request) => {
      const row = await findIntegration(db, accountScopeOf(request).account.id, request.params.kind);
      const results = row ? (await serializeIntegration(db, row)).apis : [];
      return { count: results.length, next: null, previous: null, results };
    },
  );

  app.get(
    '/integrations/:kind/apis/:id/field_list/',
    { schema: { params: integrationApiParamsSchema, response: { 200: integrationFieldPageSchema, ...errorResponses } } },
    async (request) => {
      const api = await db
        .selectFrom('integration_apis as a')
        .innerJoin('account_integrations as i', 'i.id', 'a.integration_id')
        .select('a.field_list')
        .where('a.id', '=', request.params.id)
        .where('i.account_id', '=', accountScopeOf(request).account.id)
        .where('i.kind', '=', request.params.kind)
        .executeTakeFirst();
      if (!api) throw notFound();
      // A cache written by an adapter: a malformed one reads as a failure to load, not as a partial list.
      const fields = z.array(integrationFieldSchema).safeParse(api.field_list);
      if (!fields.success) throw new HttpError(502, 'The cached field list of this record type is unreadable; fetch it again.');
      return { count: fields.data.length, next: null, previous: null, results: fields.data };
    },
  );

  app.post(
    '/integrations/zapier/create-account-token/',
    { schema: { params: accountParamsSchema, body: zapierTokenCreateBodySchema, response: { 201: accountTokenSchema, ...errorResponses } } },
    async (request, reply) => {
      const { account } = accountScopeOf(request);
      // Generating again replaces the key: the previous one stops working now, as with a renewal.
      const token = await db.transaction().execute((trx) => zapier.connect({ db: trx, secrets, accountId: account.id }, { name: request.body.name }));
      return reply.status(201).send(token);
    },
  );

  app.post(
    '/integrations/zapier/:id/disconnect/',
    { schema: { params: integrationParamsSchema.omit({ kind: true }), response: one } },
    async (request) => {
      const { account } = accountScopeOf(request);
      const integration = await findIntegration(db, account.id, 'zapier', request.params.id);
      if (!integration) throw notFound();
      await db.transaction().execute((trx) => zapier.disconnect({ db: trx, secrets, accountId: account.id }));
      return serializeIntegration(db, (await findIntegration(db, account.id, 'zapier', integration.id))!);
    },
  );

  app.post(
    '/integrations/zapier/:id/renew-account-token/',
    { schema: { params: integrationParamsSchema.omit({ kind: true }), response: { 200: accountTokenSchema, ...errorResponses } } },
    async (request) => {
      const { account } = accountScopeOf(request);
      const integration = await findIntegration(db, account.id, 'zapier', request.params.id);
      if (!integration) throw notFound();
      const tokenId = typeof integration.config.accountTokenId === 'string' ? integration.config.accountTokenId : null;
      const renewed = tokenId ? await renewToken(db, account.id, tokenId) : null;
      if (!renewed) throw notFound('This integration has no API key yet: generate one first.');
      return renewed;
    },
  );
};
