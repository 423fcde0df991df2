import { createHash, randomBytes } from 'node:crypto';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { DB } from '../db/database.js';
import { forbidden, unauthorized } from '../errors.js';
import { safeEqual } from '../util/safe-equal.js';
import { csrfKeyFrom, csrfTokenValid, newCsrfToken, originAllowed, sessionBinding } from './csrf.js';

const SESSION_COOKIE = 'sessionid';
const CSRF_COOKIE = 'csrftoken';
const CSRF_HEADER = 'x-csrftoken';
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
    /** The CSRF token of this browser for its current session (set as a cookie when it had no valid one). */
    csrfToken: string;
  }
}

/** Per app: the CSRF key and cookie settings, handed to each request by the session hook. */
interface CsrfContext {
  key: Buffer;
  secureCookies: boolean;
  publicOrigin: string | undefined;
}
const csrfContexts = new WeakMap<FastifyRequest, CsrfContext>();
function csrfContext(request: FastifyRequest): CsrfContext {
  const context = csrfContexts.get(request);
  if (!context) throw new Error('registerSessions was not called on this app');
  return context;
}

const UNSAFE_METHODS = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);
/**
 * Endpoints with their own defences instead of CSRF: the public submit (rate limit, honeypot, size limits) and the
 * Zapier-facing API, which authenticates by its X-API-Key header only (a browser cannot be made to send one).
 */
const CSRF_EXEMPT = new Set(['POST /api/form-submit/', 'POST /api/zapier/hooks/', 'DELETE /api/zapier/hooks/:id/']);

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
  secretKey: string;
  /** PUBLIC_URL's origin, when configured: the one origin unsafe requests may come from. */
  publicOrigin?: string;
}

export function registerSessions(app: FastifyInstance, { db, secureCookies, secretKey, publicOrigin }: SessionOptions): void {
  const context: CsrfContext = { key: csrfKeyFrom(secretKey), secureCookies, publicOrigin };
  app.decorateRequest('csrfToken', '');
  app.decorateRequest('currentUser', function (this: FastifyRequest) {
    return Promise.resolve(null as SessionUser | null);
  });

  app.addHook('onRequest', async (request, reply) => {
    const sessionKey = request.cookies[SESSION_COOKIE];
    let lookup: Promise<SessionUser | null> | undefined;
    request.currentUser = () => (lookup ??= sessionKey ? findSessionUser(db, sessionKey) : Promise.resolve(null));

    csrfContexts.set(request, context);
    const existingToken = request.cookies[CSRF_COOKIE];
    request.csrfToken = csrfTokenValid(context.key, sessionBinding(sessionKey), existingToken) ? existingToken : '';
    // Pages and the SPA's first GETs hand out the token; other requests get one only when they render a form.
    if (!request.csrfToken && request.method === 'GET') issueCsrfToken(request, reply);

    // Judged on the route that matched, whatever the spelling of the path (/%61pi/… is /api/…).
    const route = request.routeOptions.url ?? '';
    if (UNSAFE_METHODS.has(request.method) && route.startsWith('/api/') && !CSRF_EXEMPT.has(`${request.method} ${route}`)) {
      const header = request.headers[CSRF_HEADER];
      checkCsrf(request, typeof header === 'string' ? header : undefined);
    }
  });
}

/**
 * The CSRF check of an unsafe request: the origin is ours, and the token sent (header or form field) equals the
 * cookie and was made for this session. Throws 403 with Django's wording.
 */
export function checkCsrf(request: FastifyRequest, sent: string | undefined): void {
  const context = csrfContext(request);
  if (!originAllowed(request, context.publicOrigin)) {
    throw forbidden(`CSRF Failed: Origin checking failed - ${String(request.headers.origin)} does not match any trusted origins.`);
  }
  const cookie = request.cookies[CSRF_COOKIE];
  if (!cookie || !sent) throw forbidden('CSRF Failed: CSRF token missing.');
  if (!safeEqual(sent, cookie) || !request.csrfToken) throw forbidden('CSRF Failed: CSRF token incorrect.');
}

/** Makes sure this browser has a CSRF token for its session (cookie + request.csrfToken), e.g. before rendering a form. */
export function issueCsrfToken(request: FastifyRequest, reply: FastifyReply, options: { rotate?: boolean; sessionKey?: string } = {}): string {
  if (request.csrfToken && !options.rotate) return request.csrfToken;
  const context = csrfContext(request);
  const sessionKey = options.rotate ? options.sessionKey : request.cookies[SESSION_COOKIE];
  request.csrfToken = newCsrfToken(context.key, sessionBinding(sessionKey));
  // Readable by the SPA (double-submit); SameSite keeps it off cross-site requests.
  void reply.setCookie(CSRF_COOKIE, request.csrfToken, { path: '/', sameSite: 'lax', secure: context.secureCookies, httpOnly: false, maxAge: 365 * 24 * 60 * 60 });
  return request.csrfToken;
}

/** Signs the user in: a new session, and a new CSRF token bound to it (the one used to sign in is spent). */
export async function startSession(db: DB, request: FastifyRequest, reply: FastifyReply, userId: number): Promise<void> {
  const { secureCookies } = csrfContext(request);
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
  issueCsrfToken(request, reply, { rotate: true, sessionKey: key });
}

export async function endSession(db: DB, request: FastifyRequest, reply: FastifyReply): Promise<void> {
  const key = request.cookies[SESSION_COOKIE];
  if (key) await db.deleteFrom('sessions').where('id', '=', hashSessionKey(key)).execute();
  void reply.clearCookie(SESSION_COOKIE, { path: '/' });
  // The token of the ended session is spent too.
  if (key) issueCsrfToken(request, reply, { rotate: true, sessionKey: undefined });
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
