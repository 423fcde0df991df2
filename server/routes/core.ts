import type { FastifyInstance } from 'fastify';
import { sql } from 'kysely';
import { z } from 'zod';
import type { DB } from '../db/database.js';
import { DATABASE_RETRY_AFTER_SECONDS, parseInput } from '../errors.js';
import { endSession, requireAdmin, requireUser } from '../auth/session.js';
import { pageUrl } from './pagination.js';

export const ACCOUNTS_PAGE_SIZE = 20;
/** /api/health/ answers 503 within this when the database does not answer (well inside a 2 s probe). */
export const HEALTH_TIMEOUT_MS = 1_500;

const accountListQuery = z.object({
  search: z.string().trim().max(200).optional(),
  page: z.coerce.number({ error: 'must be a number' }).int('must be a whole number').min(1, 'must be 1 or more').default(1),
});

export async function coreRoutes(app: FastifyInstance, { db }: { db: DB }): Promise<void> {
  app.get('/api/health/', async (_request, reply) => {
    // A frozen PostgreSQL never answers: give up after HEALTH_TIMEOUT_MS so a load balancer hears 503 in time.
    let timer: NodeJS.Timeout | undefined;
    const timeout = new Promise<never>((_, reject) => {
      timer = setTimeout(() => reject(new Error('health check timed out')), HEALTH_TIMEOUT_MS);
    });
    try {
      await Promise.race([sql`select 1`.execute(db), timeout]);
      return { status: 'ok' };
    } catch {
      return reply
        .status(503)
        .header('retry-after', String(DATABASE_RETRY_AFTER_SECONDS))
        .send({ status: 'unavailable', detail: 'The database is not reachable.' });
    } finally {
      clearTimeout(timer);
    }
  });

  app.get('/api/me/', async (request, reply) => {
    const user = await requireUser(request);
    void reply.header('cache-control', 'no-store');
    return user;
  });

  app.post('/api/logout/', async (request, reply) => {
    await endSession(db, request, reply);
    return { detail: 'Logged out' };
  });

  app.get('/api/accounts/', async (request) => {
    await requireAdmin(request);
    const { search, page } = parseInput(accountListQuery, request.query, 'Invalid query parameters.');
    let query = db.selectFrom('accounts');
    if (search) {
      const pattern = `%${search.replace(/[\\%_]/g, (ch) => `\\${ch}`)}%`;
      query = query.where((eb) =>
        eb.or([eb(sql`lower(internal_name)`, 'like', pattern.toLowerCase()), eb(sql`id::text`, '=', search)]),
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
  });
}
