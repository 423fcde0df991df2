import { createHash, randomBytes } from 'node:crypto';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { sessionBinding } from '../../auth/csrf.js';
import type { DB } from '../../db/database.js';
import type { DeliveryEngine } from '../../delivery/delivery-engine.js';
import { HttpError, notFound } from '../../errors.js';
import { accountScopeOf } from '../../routes/account-scope.js';
import type { SecretBox } from '../../secrets/secret-box.js';
import { accountParamsSchema, errorResponses, uuidSchema } from '../../../src/contract/common.js';
import { CLIO_ERROR_PARAM, clioAuthorizeQuerySchema, clioAuthorizeResponseSchema, clioCallbackQuerySchema } from '../../../src/contract/clio.js';
import { integrationApiPageSchema, integrationSchema } from '../../../src/contract/integrations.js';
import { sameOriginPath } from '../../../src/domain/same-origin-path.js';
import { findIntegration, serializeIntegration } from '../integration-repository.js';
import { ClioAdapter, ClioConnectError } from './clio-adapter.js';
import { ClioAuthorizationError } from './clio-client.js';
import { clioBaseUrl, isClioRegion } from './clio-settings.js';

const STATE_TTL_MS = 10 * 60 * 1000;
const SESSION_COOKIE = 'sessionid';
const CLIO_CALLBACK_PATH = '/integrations/clio/callback/';

const hashState = (state: string) => createHash('sha256').update(state).digest('hex');

/** Where the browser comes back to: PUBLIC_URL when set (what Clio's app registration names), else this host. */
function callbackUrl(request: FastifyRequest, publicUrl: string | undefined): string {
  return `${publicUrl?.replace(/\/$/, '') ?? `${request.protocol}://${request.host}`}${CLIO_CALLBACK_PATH}`;
}

/** The Clio adapter, or 503: without CLIO_CLIENT_ID and CLIO_CLIENT_SECRET there is no Clio app to connect to. */
function configuredClio(delivery: DeliveryEngine): ClioAdapter {
  const adapter = delivery.adapter('clio');
  if (!(adapter instanceof ClioAdapter) || !adapter.settings.clientId || !adapter.settings.clientSecret) {
    throw new HttpError(503, 'Clio is not configured on this server (CLIO_CLIENT_ID and CLIO_CLIENT_SECRET).');
  }
  return adapter;
}

interface ClioRouteOptions {
  db: DB;
  secrets: SecretBox;
  delivery: DeliveryEngine;
  publicUrl: string | undefined;
}

/** `/api/{accountId}/integrations/clio/…`: authorise, disconnect, refresh the record types' field lists. */
export const clioAccountRoutes: FastifyPluginAsyncZod<ClioRouteOptions> = async (app, { db, secrets, delivery, publicUrl }) => {
  app.get(
    '/integrations/clio/authorize/',
    { schema: { params: accountParamsSchema, querystring: clioAuthorizeQuerySchema, response: { 200: clioAuthorizeResponseSchema, ...errorResponses } } },
    async (request) => {
      const { account, user } = accountScopeOf(request);
      const clio = configuredClio(delivery);
      const state = randomBytes(32).toString('base64url');
      const now = new Date();
      // Spent and expired states go as new ones come: the table stays small without a scheduler.
      await db.deleteFrom('oauth_states').where('expires_at', '<', now).execute();
      await db
        .insertInto('oauth_states')
        .values({
          state_hash: hashState(state),
          kind: 'clio',
          account_id: account.id,
          user_id: user.id,
          session_binding: sessionBinding(request.cookies[SESSION_COOKIE]),
          region: request.query.region,
          next_path: sameOriginPath(request.query.next),
          expires_at: new Date(now.getTime() + STATE_TTL_MS),
        })
        .execute();
      const url = new URL(`${clioBaseUrl(clio.settings, request.query.region)}/oauth/authorize`);
      url.searchParams.set('response_type', 'code');
      url.searchParams.set('client_id', clio.settings.clientId ?? '');
      url.searchParams.set('redirect_uri', callbackUrl(request, publicUrl));
      url.searchParams.set('state', state);
      // Without it Clio keeps a declining user on its own page; with it they come back and see why nothing connected.
      url.searchParams.set('redirect_on_decline', 'true');
      return { url: url.href };
    },
  );

  app.post(
    '/integrations/clio/:id/disconnect/',
    { schema: { params: accountParamsSchema.extend({ id: uuidSchema }), response: { 200: integrationSchema, ...errorResponses } } },
    async (request) => {
      const { account } = accountScopeOf(request);
      const integration = await findIntegration(db, account.id, 'clio', request.params.id);
      if (!integration) throw notFound();
      const clio = delivery.adapter('clio');
      if (clio) await clio.disconnect({ db, secrets, accountId: account.id });
      else await db.updateTable('account_integrations').set({ secret: null, status: 'disconnected', updated_at: new Date() }).where('id', '=', integration.id).execute();
      return serializeIntegration(db, (await findIntegration(db, account.id, 'clio', integration.id))!);
    },
  );

  app.post(
    '/integrations/clio/apis/refresh/',
    { schema: { params: accountParamsSchema, response: { 200: integrationApiPageSchema, ...errorResponses } } },
    async (request) => {
      const { account } = accountScopeOf(request);
      const integration = await findIntegration(db, account.id, 'clio');
      if (!integration || integration.status !== 'connected') throw new HttpError(409, 'Connect Clio first.');
      const clio = configuredClio(delivery);
      try {
        await clio.refreshApis({ db, secrets, accountId: account.id });
      } catch (error) {
        if (error instanceof ClioAuthorizationError) {
          await db.updateTable('account_integrations').set({ status: 'needs_reauth', updated_at: new Date() }).where('id', '=', integration.id).execute();
          throw new HttpError(409, 'Clio needs reconnecting.');
        }
        request.log.warn({ reason: error instanceof Error ? error.message : String(error) }, 'Clio field lists could not be fetched');
        throw new HttpError(502, 'Unable to load API fields');
      }
      const results = (await serializeIntegration(db, (await findIntegration(db, account.id, 'clio'))!)).apis;
      return { count: results.length, next: null, previous: null, results };
    },
  );
};

/**
 * `GET /integrations/clio/callback/` (outside /api: Clio sends the browser here). Never a 500 for what Clio or the
 * browser brought: every failure redirects to the page that started the connection (or the site's root) with
 * `clio_error`, a message the SPA shows.
 */
export const clioCallbackRoute: FastifyPluginAsyncZod<ClioRouteOptions> = async (app, { db, secrets, delivery, publicUrl }) => {
  app.get(CLIO_CALLBACK_PATH, { schema: { querystring: clioCallbackQuerySchema } }, async (request, reply) => {
    const back = (path: string | null, error?: string) => {
      const url = new URL(path ?? '/', 'http://same-origin.invalid');
      if (error) url.searchParams.set(CLIO_ERROR_PARAM, error);
      return reply.header('cache-control', 'no-store').redirect(`${url.pathname}${url.search}${url.hash}`, 303);
    };
    const { state, code, error } = request.query;
    if (!state) return back(null, 'The Clio connection expired. Please connect again.');
    // Single use: the state is taken out whatever happens next.
    const saved = await db.deleteFrom('oauth_states').where('state_hash', '=', hashState(state)).where('kind', '=', 'clio').returningAll().executeTakeFirst();
    if (!saved || saved.expires_at.getTime() < Date.now()) return back(saved?.next_path ?? null, 'The Clio connection expired. Please connect again.');
    const user = await request.currentUser();
    // Bound to the browser session and the user that started it: a link carried elsewhere connects nothing.
    if (!user || user.id !== saved.user_id || sessionBinding(request.cookies[SESSION_COOKIE]) !== saved.session_binding) {
      return back(null, 'The Clio connection was started in another session. Please connect again.');
    }
    if (error) return back(saved.next_path, error === 'access_denied' ? 'Access to Clio was not allowed.' : 'Clio did not connect. Please try again.');
    if (!code) return back(saved.next_path, 'Clio did not connect. Please try again.');
    const clio = delivery.adapter('clio');
    if (!(clio instanceof ClioAdapter)) return back(saved.next_path, 'Clio is not configured on this server.');
    try {
      await db.transaction().execute((trx) =>
        clio.connect({ db: trx, secrets, accountId: Number(saved.account_id) }, { code, redirectUri: callbackUrl(request, publicUrl), region: isClioRegion(saved.region) ? saved.region : 'us' }),
      );
    } catch (failure) {
      if (failure instanceof ClioConnectError) return back(saved.next_path, failure.message);
      request.log.error({ reason: failure instanceof Error ? failure.message : String(failure) }, 'Clio connection failed');
      return back(saved.next_path, 'Clio did not connect. Please try again.');
    }
    // Deliveries that waited for the authorisation go now.
    const connected = await findIntegration(db, Number(saved.account_id), 'clio');
    if (connected) delivery.kick(`clio:${connected.id}`);
    // The record types' fields are fetched now, so the field-map editor opens with them; a failure here leaves the
    // connection made (the editor can fetch them again).
    await clio.refreshApis({ db, secrets, accountId: Number(saved.account_id) }).catch((failure: unknown) => {
      request.log.warn({ reason: failure instanceof Error ? failure.message : String(failure) }, 'Clio field lists could not be fetched after connecting');
    });
    return back(saved.next_path);
  });
};
