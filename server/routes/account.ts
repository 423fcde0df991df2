import type { FastifyInstance } from 'fastify';
import type { DB } from '../db/database.js';
import { formTemplateRoutes } from '../forms/form-template-routes.js';
import { prefillRoutes } from '../forms/prefill-routes.js';
import { accountScopeOf, resolveAccountScope } from './account-scope.js';

/** Everything under /api/{accountId}/: the guard runs before every route registered here. */
export async function accountRoutes(app: FastifyInstance, { db }: { db: DB }): Promise<void> {
  app.addHook('onRequest', async (request) => {
    request.accountScope = await resolveAccountScope(db, request);
  });

  app.get('/', async (request) => accountScopeOf(request).account);
  await app.register(formTemplateRoutes, { db });
  await app.register(prefillRoutes, { db });
}
