import type { FastifyInstance } from 'fastify';
import type pg from 'pg';
import type { DB } from '../db/database.js';
import { formTemplateRoutes } from '../forms/form-template-routes.js';
import { prefillRoutes } from '../forms/prefill-routes.js';
import { exportRoutes } from '../responses/export-route.js';
import { responseRoutes } from '../responses/response-routes.js';
import { accountScopeOf, resolveAccountScope } from './account-scope.js';

/** Everything under /api/{accountId}/: the guard runs before every route registered here. */
export async function accountRoutes(app: FastifyInstance, { db, pool }: { db: DB; pool: pg.Pool }): Promise<void> {
  app.addHook('onRequest', async (request) => {
    request.accountScope = await resolveAccountScope(db, request);
  });

  app.get('/', async (request) => accountScopeOf(request).account);
  await app.register(formTemplateRoutes, { db });
  await app.register(prefillRoutes, { db });
  await app.register(responseRoutes, { db });
  await app.register(exportRoutes, { db, pool });
}
