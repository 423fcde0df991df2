import { resolve } from 'node:path';
import cookie from '@fastify/cookie';
import helmet from '@fastify/helmet';
import Fastify, { type FastifyBaseLogger, type FastifyInstance, type FastifyServerOptions } from 'fastify';
import { authRoutes } from './auth/routes.js';
import { registerSessions } from './auth/session.js';
import { supportEmailOf } from './config.js';
import type { Config } from './config.js';
import type pg from 'pg';
import { createExportPool, type DB } from './db/database.js';
import { DeliveryEngine } from './delivery/delivery-engine.js';
import { trackWebLoad } from './load/web-load.js';
import { registerContract, registerErrorHandler } from './errors.js';
import { accountIntegrationRoutes } from './integrations/account-integration-routes.js';
import { centerbaseAdapterFor } from './integrations/centerbase/index.js';
import { clioAdapterFor } from './integrations/clio/index.js';
import { clioCallbackRoute } from './integrations/clio/clio-routes.js';
import { zapierApiRoutes } from './integrations/zapier-api-routes.js';
import { registerLoadLimits } from './load/load-limits.js';
import { accountRoutes } from './routes/account.js';
import { coreRoutes } from './routes/core.js';
import { SecretBox } from './secrets/secret-box.js';
import { staticRoutes } from './static.js';
import { publicRoutes } from './submissions/public-routes.js';

export interface AppOptions {
  config: Config;
  db: DB;
  /** The pool behind `db`; CSV exports get their own small pool on the same database (closed with the app). */
  pool: pg.Pool;
  secretKey: string;
  /** A pino logger; none in tests. */
  logger?: FastifyBaseLogger;
  /** Directory of the built SPA; defaults to ./dist. */
  staticDir?: string;
  /**
   * The delivery engine submissions enqueue into (its workers are the caller's to start: server.ts, worker.ts).
   * Without one the app makes its own, without workers, and stops it on close.
   */
  delivery?: DeliveryEngine;
}

/** Default request body limit; routes that take large documents raise their own. */
const BODY_LIMIT_BYTES = 1024 * 1024;

/** Never log credentials: cookies, CSRF tokens, auth headers, and OIDC codes in query strings. */
const loggerRedaction = {
  paths: ['req.headers.cookie', 'req.headers.authorization', 'req.headers["x-csrftoken"]', 'res.headers["set-cookie"]'],
  censor: '[redacted]',
};

export function buildLoggerOptions(level: string): FastifyServerOptions['logger'] {
  return {
    level,
    redact: loggerRedaction,
    serializers: {
      req(request: { method: string; url: string; ip?: string }) {
        // Query strings of sign-in (OIDC codes) and public form pages (prefill parameters are client data) stay out.
        const url = /^\/(auth|f|api\/public|integrations)\//.test(request.url) ? request.url.split('?')[0] : request.url;
        return { method: request.method, url, remoteAddress: request.ip };
      },
    },
  };
}

export async function buildApp(options: AppOptions): Promise<FastifyInstance> {
  const { config, db, pool, secretKey } = options;
  const secureCookies = config.PUBLIC_URL?.startsWith('https://') ?? false;
  const app = Fastify({
    ...(options.logger ? { loggerInstance: options.logger } : { logger: false }),
    bodyLimit: BODY_LIMIT_BYTES,
    trustProxy: config.TRUST_PROXY,
    // Receiving a whole request (headers and body) may take this long; a trickling upload is cut off.
    requestTimeout: config.REQUEST_TIMEOUT_MS,
    // A socket with no traffic either way for this long is closed (a streaming export that is being read is traffic).
    connectionTimeout: config.CONNECTION_TIMEOUT_MS,
    // An idle keep-alive connection is kept this long: above the usual 60 s of load balancers in front.
    keepAliveTimeout: config.KEEP_ALIVE_TIMEOUT_MS,
    routerOptions: { maxParamLength: 200, ignoreTrailingSlash: false },
  });

  registerContract(app);
  registerErrorHandler(app);
  await registerLoadLimits(app, { userConcurrency: config.USER_CONCURRENCY, maxEventLoopDelayMs: config.PRESSURE_MAX_EVENT_LOOP_DELAY_MS });
  const exportPool = createExportPool(pool.options, {
    size: config.EXPORT_POOL_SIZE,
    userConcurrency: config.EXPORT_USER_CONCURRENCY,
    stallTimeoutMs: config.EXPORT_STALL_TIMEOUT_MS,
    acquireTimeoutMs: config.EXPORT_ACQUIRE_TIMEOUT_MS,
    onConnectionError: (error) => app.log.warn({ reason: error.message }, 'export database connection lost'),
  });
  app.addHook('onClose', () => exportPool.end());
  await app.register(cookie, { secret: secretKey });
  await app.register(helmet, {
    contentSecurityPolicy: {
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'"],
        styleSrc: ["'self'", "'unsafe-inline'"],
        imgSrc: ["'self'", 'data:'],
        connectSrc: ["'self'"],
        fontSrc: ["'self'", 'data:'],
        objectSrc: ["'none'"],
        baseUri: ["'self'"],
        formAction: ["'self'", ...(config.OIDC_ISSUER ? [new URL(config.OIDC_ISSUER).origin] : [])],
        // The staff SPA may not be framed (the respondent page, later, may be).
        frameAncestors: ["'none'"],
        upgradeInsecureRequests: secureCookies ? [] : null,
      },
    },
    frameguard: { action: 'deny' },
    strictTransportSecurity: secureCookies,
    crossOriginEmbedderPolicy: false,
    // Not helmet's no-referrer: under it browsers send `Origin: null` with our own form posts (sign-in, sign-out),
    // which the CSRF origin check must refuse. same-origin still keeps URLs (prefill data) from other sites.
    referrerPolicy: { policy: 'same-origin' },
  });
  registerSessions(app, { db, secureCookies, secretKey, publicOrigin: config.PUBLIC_URL ? new URL(config.PUBLIC_URL).origin : undefined });

  const secrets = new SecretBox(secretKey, config.SECRET_KEY_FALLBACKS);
  const delivery =
    options.delivery ?? new DeliveryEngine({ db, pool, secrets, hookHosts: config.ZAPIER_HOOK_HOSTS, logger: app.log, adapters: [clioAdapterFor(config, db, secrets), centerbaseAdapterFor(config, db, secrets)] });
  if (!options.delivery) app.addHook('onClose', () => delivery.stop());
  // Workers running in this process (npm start) push between submissions, not in their way.
  const webLoad = trackWebLoad(app);
  delivery.deferWhile(() => webLoad.saturated());

  await app.register(coreRoutes, { db });
  await app.register(publicRoutes, { db, pool, delivery, submitRateLimit: config.SUBMIT_RATE_LIMIT, minFillMs: config.SUBMIT_MIN_FILL_MS, secretKey });
  await app.register(authRoutes, { db, config, secureCookies });
  // The account routes use a pool only to stream CSV exports.
  await app.register(accountRoutes, { db, pool: exportPool, delivery, prefix: '/api/:accountId' });
  await app.register(accountIntegrationRoutes, { db, secrets, delivery, publicUrl: config.PUBLIC_URL, prefix: '/api/:accountId' });
  // Outside /api: Clio sends the browser back here after it allowed (or refused) the connection.
  await app.register(clioCallbackRoute, { db, secrets, delivery, publicUrl: config.PUBLIC_URL });
  await app.register(zapierApiRoutes, { db, secrets, hookHosts: config.ZAPIER_HOOK_HOSTS, prefix: '/api/zapier' });
  await app.register(staticRoutes, { root: resolve(options.staticDir ?? config.STATIC_DIR ?? 'dist'), supportEmail: supportEmailOf(config) });
  return app;
}
