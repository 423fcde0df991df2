import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { sql } from 'kysely';
import type { DB } from '../db/database.js';
import { containsPattern } from '../db/like.js';
import { endSession, requireAdmin, requireUser } from '../auth/session.js';
import { ACCOUNTS_PAGE_SIZE, accountListQuerySchema, accountPageSchema } from '../../src/contract/accounts.js';
import { detailSchema, errorResponses } from '../../src/contract/common.js';
import { healthSchema, healthUnavailableSchema, userSchema } from '../../src/contract/me.js';
import { pageUrl } from './pagination.js';

export const coreRoutes: FastifyPluginAsyncZod<{ db: DB }> = async (app, { db }) => {
  app.get('/api/health/', { schema: { response: { 200: healthSchema, 503: healthUnavailableSchema, ...errorResponses } } }, async (_request, reply) => {
    try {
      await sql`select 1`.execute(db);
      return { status: 'ok' as const };
    } catch {
      return reply.status(503).send({ status: 'unavailable', detail: 'The database is not reachable.' });
    }
  });

  app.get('/api/me/', { schema: { response: { 200: userSchema, ...errorResponses } } }, async (request, reply) => {
    const user = await requireUser(request);
    void reply.header('cache-control', 'no-store');
    return user;
  });

  app.post('/api/logout/', { schema: { response: { 200: detailSchema, ...errorResponses } } }, async (request, reply) => {
    await endSession(db, request, reply);
    return { detail: 'Logged out' };
  });

  app.get(
    '/api/accounts/',
    { schema: { querystring: accountListQuerySchema, response: { 200: accountPageSchema, ...errorResponses } } },
    async (request) => {
      await requireAdmin(request);
      const { search, page } = request.query;
      let query = db.selectFrom('accounts');
      if (search) {
        query = query.where((eb) =>
          eb.or([eb(sql`lower(internal_name)`, 'like', containsPattern(search, { lowerCase: true })), eb(sql`id::text`, '=', search)]),
        );
      }
      const [{ count }] = await query.select(sql<number>`count(*)::int`.as('count')).execute();
      const rows = await query
        .select(['id', 'internal_name'])
        // An exact id match first: admins often search by the number a client quoted.
        .orderBy(sql`(id::text = ${search ?? ''}) desc`)
        .orderBy(sql`lower(internal_name)`)
        .orderBy('id')
        .limit(ACCOUNTS_PAGE_SIZE)
        .offset((page - 1) * ACCOUNTS_PAGE_SIZE)
        .execute();
      const pages = Math.max(1, Math.ceil(count / ACCOUNTS_PAGE_SIZE));
      return {
        count,
        next: page < pages ? pageUrl(request, { page: page + 1 }) : null,
        previous: page > 1 ? pageUrl(request, { page: page - 1 }) : null,
        results: rows.map((row) => ({ id: row.id, internalName: row.internal_name })),
      };
    },
  );
};
