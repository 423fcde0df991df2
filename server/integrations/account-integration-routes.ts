import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { DB } from '../db/database.js';
import type { DeliveryEngine } from '../delivery/delivery-engine.js';
import { deliveryRoutes } from '../delivery/delivery-routes.js';
import { resolveAccountScope } from '../routes/account-scope.js';
import type { SecretBox } from '../secrets/secret-box.js';
import { accountTokenRoutes } from './account-token-routes.js';
import { clioAccountRoutes } from './clio/clio-routes.js';
import { formMapperRoutes } from './form-mapper-routes.js';
import { integrationRoutes } from './integration-routes.js';

/**
 * The integration platform's routes under /api/{accountId}/, behind the same account guard as every account route
 * (registered apart from server/routes/account.ts so this area stays in its own folder).
 */
export const accountIntegrationRoutes: FastifyPluginAsyncZod<{ db: DB; secrets: SecretBox; delivery: DeliveryEngine; publicUrl: string | undefined }> = async (
  app,
  { db, secrets, delivery, publicUrl },
) => {
  // onRequest, before any validation: a stranger learns nothing about an account's integrations from 400s.
  app.addHook('onRequest', async (request) => {
    request.accountScope = await resolveAccountScope(db, request);
  });
  await app.register(integrationRoutes, { db, secrets, zapier: delivery.zapier, centerbase: delivery.adapter('centerbase') });
  await app.register(accountTokenRoutes, { db });
  await app.register(formMapperRoutes, { db });
  await app.register(deliveryRoutes, { db, delivery });
  await app.register(clioAccountRoutes, { db, secrets, delivery, publicUrl });
};
