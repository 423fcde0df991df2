import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { DB } from '../db/database.js';
import { notFound } from '../errors.js';
import { accountScopeOf } from '../routes/account-scope.js';
import { accountTokenCreateBodySchema, accountTokenParamsSchema, accountTokenSchema } from '../../src/contract/account-tokens.js';
import { accountParamsSchema, errorResponses } from '../../src/contract/common.js';
import { createToken, renewToken } from './account-tokens.js';

/** `/api/{accountId}/account-tokens/` (spec §7): the whole key is in these answers only. */
export const accountTokenRoutes: FastifyPluginAsyncZod<{ db: DB }> = async (app, { db }) => {
  app.post(
    '/account-tokens/',
    { schema: { params: accountParamsSchema, body: accountTokenCreateBodySchema, response: { 201: accountTokenSchema, ...errorResponses } } },
    async (request, reply) => reply.status(201).send(await createToken(db, accountScopeOf(request).account.id, request.body.name)),
  );

  app.post(
    '/account-tokens/:id/renew-token/',
    { schema: { params: accountTokenParamsSchema, response: { 200: accountTokenSchema, ...errorResponses } } },
    async (request) => {
      const renewed = await renewToken(db, accountScopeOf(request).account.id, request.params.id);
      if (!renewed) throw notFound();
      return renewed;
    },
  );
};
