import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type pg from 'pg';
import type { DB } from '../db/database.js';
import type { DeliveryEngine } from '../delivery/delivery-engine.js';
import { formTemplateRoutes } from '../forms/form-template-routes.js';
import { prefillRoutes } from '../forms/prefill-routes.js';
import { exportRoutes } from '../responses/export-route.js';
import { responseRoutes } from '../responses/response-routes.js';
import { accountSchema } from '../../src/contract/accounts.js';
import { accountParamsSchema, errorResponses } from '../../src/contract/common.js';
import { accountScopeOf, resolveAccountScope } from './account-scope.js';
import { accountSettingsRoutes } from './account-settings.js';

/** Everything under /api/{accountId}/: the guard runs before every route registered here. */
export const accountRoutes: FastifyPluginAsyncZod<{ db: DB; pool: pg.Pool; delivery: DeliveryEngine }> = async (app, { db, pool, delivery }) => {
  // onRequest, before any validation: a stranger learns nothing about an account's forms from 400s.
  app.addHook('onRequest', async (request) => {
    request.accountScope = await resolveAccountScope(db, request);
  });

  app.get('/', { schema: { params: accountParamsSchema, response: { 200: accountSchema, ...errorResponses } } }, async (request) => accountScopeOf(request).account);
  await app.register(accountSettingsRoutes, { db });
  await app.register(formTemplateRoutes, { db });
  await app.register(prefillRoutes, { db });
  await app.register(responseRoutes, { db, delivery });
  await app.register(exportRoutes, { db, pool });
};
