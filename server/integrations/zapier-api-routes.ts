import { randomBytes, randomUUID } from 'node:crypto';
import rateLimit from '@fastify/rate-limit';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { DB } from '../db/database.js';
import { badRequest, HttpError, notFound } from '../errors.js';
import { findForm, listForms } from '../forms/form-repository.js';
import { hashToken, type SecretBox } from '../secrets/secret-box.js';
import { errorResponses } from '../../src/contract/common.js';
import {
  hookPayloadListSchema,
  zapierFieldListSchema,
  zapierFormListSchema,
  zapierFormParamsSchema,
  zapierHookCreateBodySchema,
  zapierHookCreatedSchema,
  zapierHookParamsSchema,
  zapierMeSchema,
  zapierResponsesQuerySchema,
} from '../../src/contract/zapier.js';
import type { Answers } from '../../src/domain/answers.js';
import type { ConditionalLogic, FormDocument } from '../../src/domain/form-document.js';
import { buildHookPayload, hookFieldsOf } from '../../src/domain/hook-payload.js';
import { authenticateApiKey, type ApiKeyOwner } from './account-tokens.js';
import { hookTargetProblem } from './hook-target.js';
import { ensureZapierIntegration } from './integration-repository.js';
import { hookSecretPlace } from './zapier-adapter.js';

const API_KEY_HEADER = 'x-api-key';
/** Requests per key per minute: Zapier polls samples and (un)subscribes; a Zap's traffic goes the other way. */
const ZAPIER_RATE_LIMIT = 300;

declare module 'fastify' {
  interface FastifyRequest {
    apiKeyOwner?: ApiKeyOwner;
  }
}


export interface ZapierApiOptions {
  db: DB;
  secrets: SecretBox;
  /** ZAPIER_HOOK_HOSTS. */
  hookHosts: readonly string[];
}

/**
 * `/api/zapier/…` (INTEGRATIONS.md "Zapier-facing API"): authenticated by `X-API-Key` alone, never by the session
 * cookie (so no CSRF check either: see CSRF_EXEMPT), answering 401 rather than redirecting.
 */
export const zapierApiRoutes: FastifyPluginAsyncZod<ZapierApiOptions> = async (app, { db, secrets, hookHosts }) => {
  await app.register(rateLimit, {
    global: true,
    max: ZAPIER_RATE_LIMIT,
    timeWindow: 60_000,
    // Per key (its hash: the key itself stays out of memory dumps); per address for requests without one.
    keyGenerator: (request) => {
      const key = request.headers[API_KEY_HEADER];
      return typeof key === 'string' && key ? `key:${hashToken(key)}` : `ip:${request.ip}`;
    },
    addHeadersOnExceeding: { 'x-ratelimit-limit': false, 'x-ratelimit-remaining': false, 'x-ratelimit-reset': false },
    addHeaders: { 'x-ratelimit-limit': false, 'x-ratelimit-remaining': false, 'x-ratelimit-reset': false, 'retry-after': true },
    errorResponseBuilder: (_request, context) => {
      const wait = Math.max(1, Math.ceil(context.ttl / 1000));
      return new HttpError(context.statusCode, `Too many requests. Try again in ${wait} seconds.`, undefined, { 'retry-after': String(wait) });
    },
  });

  app.addHook('onRequest', async (request) => {
    const key = request.headers[API_KEY_HEADER];
    if (typeof key !== 'string' || !key.trim()) throw new HttpError(401, 'Missing API key: send it in the X-API-Key header.');
    const owner = await authenticateApiKey(db, key.trim());
    if (!owner) throw new HttpError(401, 'Invalid API key.');
    request.apiKeyOwner = owner;
  });
  const ownerOf = (request: { apiKeyOwner?: ApiKeyOwner }): ApiKeyOwner => {
    if (!request.apiKeyOwner) throw new Error('API key hook did not run');
    return request.apiKeyOwner;
  };
  const activeForm = async (accountId: number, formId: string) => {
    const form = await findForm(db, formId, { accountId });
    if (!form) throw notFound('No such form in this account.');
    return form;
  };

  app.get('/me/', { schema: { response: { 200: zapierMeSchema, ...errorResponses } } }, async (request) => ({ account: ownerOf(request).account }));

  app.get('/forms/', { schema: { response: { 200: zapierFormListSchema, ...errorResponses } } }, async (request) => {
    const forms = await listForms(db, ownerOf(request).account.id, { archived: false });
    return forms.map((form) => ({ id: form.id, name: form.name }));
  });

  app.get(
    '/forms/:formId/fields/',
    { schema: { params: zapierFormParamsSchema, response: { 200: zapierFieldListSchema, ...errorResponses } } },
    async (request) => hookFieldsOf((await activeForm(ownerOf(request).account.id, request.params.formId)).json_form as FormDocument),
  );

  app.get(
    '/forms/:formId/responses/',
    { schema: { params: zapierFormParamsSchema, querystring: zapierResponsesQuerySchema, response: { 200: hookPayloadListSchema, ...errorResponses } } },
    async (request) => {
      const { account } = ownerOf(request);
      const form = await activeForm(account.id, request.params.formId);
      // Samples are what hooks will carry: never spam, which is not pushed either.
      const rows = await db
        .selectFrom('form_responses as r')
        .innerJoin('form_versions as v', 'v.id', 'r.form_version_id')
        .select(['r.id', 'r.submitted_at', 'r.data', 'v.json_form', 'v.json_conditional_logic'])
        .where('r.account_id', '=', account.id)
        .where('r.form_template_id', '=', form.id)
        .where('r.is_spam', '=', false)
        .orderBy('r.submitted_at', 'desc')
        .orderBy('r.id', 'desc')
        .limit(request.query.limit)
        .execute();
      return rows.map((row) =>
        buildHookPayload({
          id: row.id,
          timestamp: row.submitted_at.toISOString(),
          form: { id: form.id, name: form.name },
          response: { id: row.id, submittedAt: row.submitted_at.toISOString(), data: row.data as Answers },
          document: row.json_form as FormDocument,
          logic: row.json_conditional_logic as ConditionalLogic,
        }),
      );
    },
  );

  app.post(
    '/hooks/',
    { config: { invalidBody: 'Invalid hook.' }, schema: { body: zapierHookCreateBodySchema, response: { 201: zapierHookCreatedSchema, ...errorResponses } } },
    async (request, reply) => {
      const { account, tokenId } = ownerOf(request);
      const { body } = request;
      const problem = hookTargetProblem(body.target_url, hookHosts);
      if (problem) throw badRequest(`Invalid hook: target_url: ${problem}`, { target_url: [problem] });
      const form = await findForm(db, body.form_id, { accountId: account.id });
      if (!form) throw badRequest('Invalid hook: form_id: no such form in this account', { form_id: ['no such form in this account'] });
      // Standard Webhooks' secret format: the receiver's library takes it as it is.
      const secret = `whsec_${randomBytes(24).toString('base64')}`;
      const id = randomUUID();
      await db.transaction().execute(async (trx) => {
        await ensureZapierIntegration(trx, account.id);
        // A repeated subscribe (its answer was lost) replaces the live hook: its secret never reached Zapier.
        await trx
          .updateTable('zapier_hooks')
          .set({ deleted_at: new Date(), deleted_reason: 'unsubscribed' })
          .where('form_template_id', '=', form.id)
          .where('target_url', '=', body.target_url)
          .where('deleted_at', 'is', null)
          .execute();
        await trx
          .insertInto('zapier_hooks')
          .values({
            id,
            account_id: account.id,
            account_token_id: tokenId,
            form_template_id: form.id,
            event: body.event,
            target_url: body.target_url,
            secret: secrets.encrypt(secret, hookSecretPlace(id)),
          })
          .execute();
      });
      return reply.status(201).send({ id, secret });
    },
  );

  app.delete(
    '/hooks/:id/',
    { schema: { params: zapierHookParamsSchema, response: { 204: z.undefined(), ...errorResponses } } },
    async (request, reply) => {
      const { account } = ownerOf(request);
      const deleted = await db.transaction().execute(async (trx) => {
        const hook = await trx
          .updateTable('zapier_hooks')
          .set({ deleted_at: new Date(), deleted_reason: 'unsubscribed' })
          .where('id', '=', request.params.id)
          .where('account_id', '=', account.id)
          .where('deleted_at', 'is', null)
          .returning('id')
          .executeTakeFirst();
        // Nobody listens any more: what was still waiting to go there is cancelled, not failed.
        if (hook) {
          await trx
            .updateTable('deliveries')
            .set({ status: 'cancelled', next_attempt_at: null, updated_at: new Date() })
            .where('target', '=', `zapier:${hook.id}`)
            .where('status', '=', 'pending')
            .execute();
        }
        return hook;
      });
      if (!deleted) throw notFound();
      return reply.status(204).send();
    },
  );
};
