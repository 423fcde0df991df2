import underPressure from '@fastify/under-pressure';
import type { FastifyInstance, FastifyReply, FastifyRequest, RouteOptions } from 'fastify';
import { HttpError } from '../errors.js';
import { UserSlots } from './user-slots.js';

/**
 * The database-heavy routes (response list and search, a response's previous/next under the list's search, CSV
 * export, form save): what one user runs of these at once is
 * bounded, so one account's burst cannot take every pooled connection or the event loop from the others.
 */
const HEAVY_ROUTES: readonly string[] = [
  'GET /api/:accountId/form-responses/',
  'GET /api/:accountId/form-responses/:id/neighbours/',
  'GET /api/:accountId/form-templates/:id/export-responses/',
  'POST /api/:accountId/form-templates/',
  'PUT /api/:accountId/form-templates/:id/',
];

const USER_BUSY_DETAIL = 'You have too many requests running at once. Wait for them to finish, then try again.';
const PRESSURE_DETAIL = 'The server is busy. Please try again in a few seconds.';
const PRESSURE_RETRY_AFTER_SECONDS = 5;
/** Always answered, even under pressure: a load balancer must still tell a busy server from a dead one. */
const PRESSURE_EXEMPT = new Set(['/api/health/']);

export interface LoadLimitOptions {
  /** Heavy requests one user may have running at once (429 with Retry-After past it). */
  userConcurrency: number;
  /** Shed requests with 503 while the event loop's mean delay exceeds this (0: never). */
  maxEventLoopDelayMs: number;
  /** How often the event loop is sampled (tests shorten it). */
  pressureSampleIntervalMs?: number;
}

/** Call before any route is registered: the heavy routes get their per-user limit as they are added. */
export async function registerLoadLimits(app: FastifyInstance, options: LoadLimitOptions): Promise<void> {
  await app.register(underPressure, {
    maxEventLoopDelay: options.maxEventLoopDelayMs,
    sampleInterval: options.pressureSampleIntervalMs,
    retryAfter: PRESSURE_RETRY_AFTER_SECONDS,
    // Rejecting sends the error through our handler: 503 {detail} with Retry-After, like every other 503.
    pressureHandler: async (request: FastifyRequest) => {
      if (PRESSURE_EXEMPT.has(request.routeOptions.url ?? '')) return;
      throw new HttpError(503, PRESSURE_DETAIL, undefined, { 'retry-after': String(PRESSURE_RETRY_AFTER_SECONDS) });
    },
  });

  const slots = new UserSlots(options.userConcurrency, USER_BUSY_DETAIL);
  // preParsing: after the account guard (onRequest) knows the user, before an 8 MB body is read and parsed.
  const takeSlot = async (request: FastifyRequest, reply: FastifyReply, payload: unknown) => {
    const user = request.accountScope?.user;
    if (user) slots.take(user.id, reply);
    return payload;
  };
  const limited = new Set<string>();
  app.addHook('onRoute', (route: RouteOptions) => {
    for (const method of [route.method].flat()) {
      const key = `${method} ${route.url}`;
      if (!HEAVY_ROUTES.includes(key)) continue;
      limited.add(key);
      route.preParsing = [...[route.preParsing ?? []].flat(), takeSlot] as RouteOptions['preParsing'];
    }
  });
  // A renamed route would silently lose its limit: refuse to start instead.
  app.addHook('onReady', async () => {
    const missing = HEAVY_ROUTES.filter((key) => !limited.has(key));
    if (missing.length) throw new Error(`load limits name routes that do not exist: ${missing.join(', ')}`);
  });
}
