import formbody from '@fastify/formbody';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { sql } from 'kysely';
import * as oidc from 'openid-client';
import { z } from 'zod';
import type { Config } from '../config.js';
import type { DB } from '../db/database.js';
import { renderLoginPage } from './login-page.js';
import { verifyAgainstDummy, verifyPassword } from './passwords.js';
import { safeNextPath } from './safe-next.js';
import { endSession, issueCsrfToken, startSession } from './session.js';
import { clearFailures, recordFailure, throttledForSeconds } from './throttle.js';
import { safeEqual } from '../util/safe-equal.js';

const DEFAULT_NEXT = '/login-redirect';
const OIDC_STATE_COOKIE = 'oidc_state';

interface AuthRouteOptions {
  db: DB;
  config: Config;
  secureCookies: boolean;
}

/*
 * These are HTML pages, not the JSON API: input they cannot use is ignored (`catch`), never answered with a JSON 400.
 * A repeated query parameter arrives as an array, and counts as absent.
 */
const optionalText = z.string().optional().catch(undefined);
const nextQuerySchema = z.object({ next: optionalText });
const loginQuerySchema = z.object({ next: optionalText, notice: optionalText });
const EMPTY_LOGIN = { email: '', password: '', next: undefined, csrfmiddlewaretoken: '' };
const loginFormSchema = z
  .object({
    email: z.string().trim().toLowerCase().max(320).default(''),
    password: z.string().max(1024).default(''),
    next: z.string().optional(),
    csrfmiddlewaretoken: z.string().default(''),
  })
  .catch(EMPTY_LOGIN);

const html = (reply: FastifyReply, status: number, body: string) =>
  reply.status(status).header('content-type', 'text/html; charset=utf-8').header('cache-control', 'no-store').send(body);

export const authRoutes: FastifyPluginAsyncZod<AuthRouteOptions> = async (app, { db, config, secureCookies }) => {
  await app.register(formbody, { bodyLimit: 16 * 1024 });

  let oidcConfig: Promise<oidc.Configuration> | undefined;
  const getOidcConfig = () => {
    oidcConfig ??= oidc
      .discovery(new URL(config.OIDC_ISSUER!), config.OIDC_CLIENT_ID!, config.OIDC_CLIENT_SECRET!, undefined, {
        execute: new URL(config.OIDC_ISSUER!).protocol === 'http:' ? [oidc.allowInsecureRequests] : [],
      })
      .catch((error: unknown) => {
        oidcConfig = undefined; // try discovery again next time
        throw error;
      });
    return oidcConfig;
  };
  const publicOrigin = (request: FastifyRequest) => config.PUBLIC_URL?.replace(/\/$/, '') ?? `${request.protocol}://${request.host}`;
  const oidcLink = (next: string) =>
    config.oidcEnabled ? { name: config.OIDC_NAME, href: `/auth/oidc/start/?next=${encodeURIComponent(next)}` } : undefined;

  app.get('/auth/login/', { schema: { querystring: loginQuerySchema } }, async (request, reply) => {
    const { query } = request;
    const next = safeNextPath(query.next, DEFAULT_NEXT);
    if (await request.currentUser()) return reply.redirect(next, 303);
    return html(reply, 200, renderLoginPage({ csrfToken: issueCsrfToken(request, reply, secureCookies), next, oidc: oidcLink(next), notice: query.notice === 'signed-out' ? 'You have been signed out.' : undefined }));
  });

  app.post('/auth/login/', { schema: { body: loginFormSchema } }, async (request, reply) => {
    const { body } = request;
    const next = safeNextPath(body.next, DEFAULT_NEXT);
    const page = (status: number, error: string) =>
      html(reply, status, renderLoginPage({ csrfToken: issueCsrfToken(request, reply, secureCookies), next, email: body.email, error, oidc: oidcLink(next) }));

    if (!safeEqual(body.csrfmiddlewaretoken, request.cookies.csrftoken)) {
      return page(403, 'Your session expired or cookies are blocked. Please try again (cookies must be enabled to sign in).');
    }
    if (!body.email || !body.password) return page(400, 'Enter your email and password.');

    const ip = request.ip;
    const wait = await throttledForSeconds(db, body.email, ip);
    if (wait > 0) {
      void reply.header('retry-after', String(wait));
      return page(429, `Too many failed sign-in attempts. Try again in ${Math.ceil(wait / 60)} minute${wait > 60 ? 's' : ''}.`);
    }

    const user = await db
      .selectFrom('users')
      .select(['id', 'password_hash'])
      .where(sql`lower(email)`, '=', body.email)
      .executeTakeFirst();
    const valid = user ? await verifyPassword(body.password, user.password_hash) : await verifyAgainstDummy(body.password);
    if (!user || !valid) {
      await recordFailure(db, body.email, ip);
      request.log.info({ reason: 'bad-credentials' }, 'sign-in failed');
      return page(401, 'The email or password is incorrect.');
    }
    await clearFailures(db, body.email);
    await startSession(db, reply, user.id, secureCookies);
    return reply.redirect(next, 303);
  });

  app.get('/auth/logout/', { schema: { querystring: nextQuerySchema } }, async (request, reply) => {
    await endSession(db, request, reply);
    const next = safeNextPath(request.query.next, '/login');
    return reply.header('cache-control', 'no-store').redirect(next, 303);
  });

  if (!config.oidcEnabled) return;

  app.get('/auth/oidc/start/', { schema: { querystring: nextQuerySchema } }, async (request, reply) => {
    const next = safeNextPath(request.query.next, DEFAULT_NEXT);
    let configuration: oidc.Configuration;
    try {
      configuration = await getOidcConfig();
    } catch (error) {
      request.log.error({ err: error }, 'OIDC discovery failed');
      return html(reply, 502, renderLoginPage({ csrfToken: issueCsrfToken(request, reply, secureCookies), next, error: `${config.OIDC_NAME} is unreachable right now. Try again shortly.` }));
    }
    const verifier = oidc.randomPKCECodeVerifier();
    const state = oidc.randomState();
    const nonce = oidc.randomNonce();
    const url = oidc.buildAuthorizationUrl(configuration, {
      redirect_uri: `${publicOrigin(request)}/auth/oidc/callback/`,
      scope: 'openid email profile',
      code_challenge: await oidc.calculatePKCECodeChallenge(verifier),
      code_challenge_method: 'S256',
      state,
      nonce,
    });
    void reply.setCookie(OIDC_STATE_COOKIE, JSON.stringify({ verifier, state, nonce, next }), {
      path: '/auth/oidc/',
      httpOnly: true,
      sameSite: 'lax',
      secure: secureCookies,
      signed: true,
      maxAge: 600,
    });
    return reply.redirect(url.href, 302);
  });

  app.get('/auth/oidc/callback/', async (request, reply) => {
    const raw = request.cookies[OIDC_STATE_COOKIE];
    const unsigned = raw ? request.unsignCookie(raw) : { valid: false, value: null };
    void reply.clearCookie(OIDC_STATE_COOKIE, { path: '/auth/oidc/' });
    const fail = (status: number, error: string, next = DEFAULT_NEXT) =>
      html(reply, status, renderLoginPage({ csrfToken: issueCsrfToken(request, reply, secureCookies), next, error, oidc: oidcLink(next) }));
    if (!unsigned.valid || !unsigned.value) return fail(400, 'The sign-in attempt expired. Please try again.');
    const saved = z
      .object({ verifier: z.string(), state: z.string(), nonce: z.string(), next: z.string() })
      .safeParse(JSON.parse(unsigned.value));
    if (!saved.success) return fail(400, 'The sign-in attempt expired. Please try again.');
    const { verifier, state, nonce, next } = saved.data;
    let email: string | undefined;
    try {
      const configuration = await getOidcConfig();
      const currentUrl = new URL(request.url, `${publicOrigin(request)}`);
      const tokens = await oidc.authorizationCodeGrant(configuration, currentUrl, {
        pkceCodeVerifier: verifier,
        expectedState: state,
        expectedNonce: nonce,
        idTokenExpected: true,
      });
      const claims = tokens.claims();
      if (claims?.email_verified === false) return fail(403, 'Your email address is not verified with the identity provider.', next);
      email = typeof claims?.email === 'string' ? claims.email : undefined;
      if (!email) {
        const info = await oidc.fetchUserInfo(configuration, tokens.access_token, claims?.sub ?? oidc.skipSubjectCheck);
        email = typeof info.email === 'string' ? info.email : undefined;
      }
    } catch (error) {
      request.log.warn({ err: error }, 'OIDC callback failed');
      return fail(400, `Sign-in with ${config.OIDC_NAME} failed. Please try again.`, next);
    }
    if (!email) return fail(403, `${config.OIDC_NAME} did not share an email address.`, next);
    const user = await db.selectFrom('users').select('id').where(sql`lower(email)`, '=', email.toLowerCase()).executeTakeFirst();
    if (!user) return fail(403, `No Form Builder user has the email ${email}. Ask your administrator to add you.`, next);
    await startSession(db, reply, user.id, secureCookies);
    return reply.redirect(next, 303);
  });
};
