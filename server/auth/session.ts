import { createHash, randomBytes } from 'node:crypto';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { DB } from '../db/database.js';
import { forbidden, unauthorized } from '../errors.js';
import { safeEqual } from '../util/safe-equal.js';

const SESSION_COOKIE = 'sessionid';
export const CSRF_COOKIE = 'csrftoken';
export const CSRF_HEADER = 'x-csrftoken';
const SESSION_TTL_MS = 14 * 24 * 60 * 60 * 1000;

export interface SessionUser {
  id: number;
  email: string;
  firstName: string;
  lastName: string;
  isStaff: boolean;
  isSuperuser: boolean;
  account: { id: number; internalName: string } | null;
}

declare module 'fastify' {
  interface FastifyRequest {
    /** The signed-in user, looked up once per request on first use. */
    currentUser(): Promise<SessionUser | null>;
    /** The CSRF token of this browser (set as a cookie when it had none). */
    csrfToken: string;
  }
}

const UNSAFE_METHODS = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);
/** Public endpoints with their own defences (rate limit, honeypot, size limits) instead of CSRF. */
const CSRF_EXEMPT = new Set(['POST /api/form-submit/']);

const hashSessionKey = (key: string) => createHash('sha256').update(key).digest('hex');

export function isAdmin(user: Pick<SessionUser, 'isStaff' | 'isSuperuser'>): boolean {
  return user.isStaff || user.isSuperuser;
}

async function findSessionUser(db: DB, sessionKey: string): Promise<SessionUser | null> {
  const row = await db
    .selectFrom('sessions')
    .innerJoin('users', 'users.id', 'sessions.user_id')
    .leftJoin('accounts', 'accounts.id', 'users.account_id')
    .select([
      'users.id',
      'users.email',
      'users.first_name',
      'users.last_name',
      'users.is_staff',
      'users.is_superuser',
      'accounts.id as account_id',
      'accounts.internal_name as account_name',
    ])
    .where('sessions.id', '=', hashSessionKey(sessionKey))
    .where('sessions.expires_at', '>', new Date())
    .executeTakeFirst();
  if (!row) return null;
  return {
    id: row.id,
    email: row.email,
    firstName: row.first_name,
    lastName: row.last_name,
    isStaff: row.is_staff,
    isSuperuser: row.is_superuser,
    account: row.account_id === null ? null : { id: row.account_id, internalName: row.account_name ?? '' },
  };
}

export interface SessionOptions {
  db: DB;
  secureCookies: boolean;
}

export function registerSessions(app: FastifyInstance, { db, secureCookies }: SessionOptions): void {
  app.decorateRequest('csrfToken', '');
  app.decorateRequest('currentUser', function (this: FastifyRequest) {
    return Promise.resolve(null as SessionUser | null);
  });

  app.addHook('onRequest', async (request, reply) => {
    const sessionKey = request.cookies[SESSION_COOKIE];
    let lookup: Promise<SessionUser | null> | undefined;
    request.currentUser = () => (lookup ??= sessionKey ? findSessionUser(db, sessionKey) : Promise.resolve(null));

    const existingToken = request.cookies[CSRF_COOKIE];
    const validToken = existingToken && /^[A-Za-z0-9_-]{32,64}$/.test(existingToken) ? existingToken : '';
    request.csrfToken = validToken;
    // Pages and the SPA's first GETs hand out the token; other requests get one only when they render a form.
    if (!validToken && request.method === 'GET') issueCsrfToken(request, reply, secureCookies);

    const path = request.url.split('?')[0];
    if (UNSAFE_METHODS.has(request.method) && path.startsWith('/api/') && !CSRF_EXEMPT.has(`${request.method} ${path}`)) {
      const header = request.headers[CSRF_HEADER];
      if (!existingToken || typeof header !== 'string' || header === '') {
        throw forbidden('CSRF Failed: CSRF token missing.');
      }
      if (!safeEqual(header, existingToken)) throw forbidden('CSRF Failed: CSRF token incorrect.');
    }
  });
}

/** Makes sure this browser has a CSRF token (cookie + request.csrfToken), e.g. before rendering the sign-in form. */
export function issueCsrfToken(request: FastifyRequest, reply: FastifyReply, secureCookies: boolean): string {
  if (request.csrfToken) return request.csrfToken;
  request.csrfToken = randomBytes(24).toString('base64url');
  // Readable by the SPA (double-submit); SameSite keeps it off cross-site requests.
  void reply.setCookie(CSRF_COOKIE, request.csrfToken, { path: '/', sameSite: 'lax', secure: secureCookies, httpOnly: false, maxAge: 365 * 24 * 60 * 60 });
  return request.csrfToken;
}

export async function startSession(db: DB, reply: FastifyReply, userId: number, secureCookies: boolean): Promise<void> {
  const key = randomBytes(32).toString('base64url');
  const expiresAt = new Date(Date.now() + SESSION_TTL_MS);
  await db.insertInto('sessions').values({ id: hashSessionKey(key), user_id: userId, expires_at: expiresAt }).execute();
  await db.updateTable('users').set({ last_login_at: new Date() }).where('id', '=', userId).execute();
  // Opportunistic clean-up keeps the table small without a scheduler.
  await db.deleteFrom('sessions').where('expires_at', '<', new Date()).execute();
  void reply.setCookie(SESSION_COOKIE, key, {
    path: '/',
    httpOnly: true,
    sameSite: 'lax',
    secure: secureCookies,
    expires: expiresAt,
  });
}

export async function endSession(db: DB, request: FastifyRequest, reply: FastifyReply): Promise<void> {
  const key = request.cookies[SESSION_COOKIE];
  if (key) await db.deleteFrom('sessions').where('id', '=', hashSessionKey(key)).execute();
  void reply.clearCookie(SESSION_COOKIE, { path: '/' });
}

export async function requireUser(request: FastifyRequest): Promise<SessionUser> {
  const user = await request.currentUser();
  if (!user) throw unauthorized();
  return user;
}

export async function requireAdmin(request: FastifyRequest): Promise<SessionUser> {
  const user = await requireUser(request);
  if (!isAdmin(user)) throw forbidden();
  return user;
}
