import type { IncomingMessage, ServerResponse } from 'node:http';
import type { z } from 'zod';
import { applyFault, BodyTooLarge, FaultPlan, listenOnLoopback, readBody, sendJson, type Fault } from '../http.js';
import { answerApi, IMPLEMENTED_OPERATIONS, Unimplemented } from './clio-api.js';
import {
  checkClioRequest,
  checkClioResponse,
  clioContractLoadMs,
  compileClioValidators,
  ensureClioContractLoaded,
  matchClioOperation,
  parseClioParams,
  type ContractViolation,
} from './clio-contract.js';
import {
  authorizeQuerySchema,
  consentFormSchema,
  consentPage,
  deauthorizeRequestSchema,
  OAuthState,
  oauthErrorSchema,
  tokenAnswerSchema,
  tokenRequestSchema,
} from './clio-oauth.js';
import { seedClioStore, type ClioStore } from './clio-store.js';

/**
 * A Clio Manage stand-in on loopback for tests without internet: OAuth consent, token and refresh grants, the v4
 * endpoints a push uses, Clio's rate-limit headers and 429s, expiry and revocation, injectable faults. Every
 * request and answer under /api/v4 is checked against Clio's own OpenAPI document and every OAuth exchange against
 * hand-written schemas; what fails is kept in `contractViolations`, and close() refuses to pass over it.
 */

export interface ClioStandInOptions {
  clientId?: string;
  clientSecret?: string;
  /** Registered redirect URIs; when omitted any http(s) URI is accepted (the app's port is often not known yet). */
  redirectUris?: string[];
  /** Clio issues 30-day access tokens; tests shorten this or call expireAccessTokens(). */
  accessTokenTtlSeconds?: number;
  /** A refresh answers a new refresh token and spends the old one (default); false keeps Clio Manage's reusable one. */
  rotateRefreshTokens?: boolean;
  /** Requests per window per access token (Clio: 50 a minute at peak). */
  rateLimit?: { limit: number; windowSeconds: number };
  customFieldCount?: number;
  now?: () => number;
  /** Compile every implemented operation's validators at start (seconds, once per process) instead of on first use. */
  precompileValidators?: boolean;
}

interface RecordedRequest {
  method: string;
  path: string;
  status: number;
  apiVersion: string | undefined;
}

export interface ClioStandIn {
  url: string;
  clientId: string;
  clientSecret: string;
  store: ClioStore;
  /** Every request received, oldest first: counts requests per push and shows the pinned X-API-VERSION. */
  requests: RecordedRequest[];
  contractViolations: ContractViolation[];
  /** How long this process took to load Clio's OpenAPI document (paid once, by the first stand-in). */
  contractLoadMs: number;
  /** How long this start spent compiling validators ahead (0 unless `precompileValidators`). */
  contractCompileMs: number;
  assertNoContractViolations(): void;
  /** The violations so far, forgotten: for tests that provoke one on purpose. */
  takeContractViolations(): ContractViolation[];
  /** The next `times` requests to `path` (any method unless given) suffer `fault`. */
  injectFault(path: string, fault: Fault, options?: { times?: number; method?: string }): void;
  /** Tokens for the seeded user without the browser dance, for tests that start already connected. */
  issueTokens(): { access_token: string; refresh_token: string; expires_in: number };
  expireAccessTokens(): void;
  /** The firm revoked the app in Clio: every access and refresh token stops working. */
  revokeAllTokens(): void;
  setRateLimit(limit: number, windowSeconds: number): void;
  close(): Promise<void>;
}

const SUPPORTED_VERSION = /^4\.0\.(?:[4-9]|10)$/;
const DEFAULT_VERSION = '4.0.9';

type Query = Record<string, string | string[]>;

function queryOf(url: URL): Query {
  const query: Query = {};
  for (const [name, value] of url.searchParams) {
    const existing = query[name];
    query[name] = existing === undefined ? value : [...(Array.isArray(existing) ? existing : [existing]), value];
  }
  return query;
}

function formOrJson(text: string, contentType: string | undefined): unknown {
  if ((contentType ?? '').startsWith('application/json')) return JSON.parse(text);
  return Object.fromEntries(new URLSearchParams(text));
}

function headersOf(req: IncomingMessage): Record<string, string | string[]> {
  const headers: Record<string, string | string[]> = {};
  for (const [name, value] of Object.entries(req.headers)) if (value !== undefined) headers[name] = value;
  return headers;
}

function htmlPage(res: ServerResponse, status: number, title: string, text: string): void {
  const body = `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>${title}</title></head><body><main><h1>${title}</h1><p>${text}</p></main></body></html>`;
  res.writeHead(status, { 'content-type': 'text/html; charset=utf-8', 'content-length': Buffer.byteLength(body) });
  res.end(body);
}

function redirect(res: ServerResponse, target: string, params: Record<string, string | undefined>): void {
  const url = new URL(target);
  for (const [name, value] of Object.entries(params)) if (value !== undefined) url.searchParams.set(name, value);
  res.writeHead(302, { location: url.toString(), 'content-length': 0 });
  res.end();
}

interface Bucket {
  resetAt: number;
  used: number;
}

export async function startClioStandIn(options: ClioStandInOptions = {}): Promise<ClioStandIn> {
  ensureClioContractLoaded();
  const contractCompileMs = options.precompileValidators ? compileClioValidators(IMPLEMENTED_OPERATIONS) : 0;
  const now = options.now ?? Date.now;
  const clientId = options.clientId ?? 'clio-stand-in-client';
  const clientSecret = options.clientSecret ?? 'clio-stand-in-secret';
  const rotate = options.rotateRefreshTokens ?? true;
  const accessTokenTtl = options.accessTokenTtlSeconds ?? 30 * 24 * 3600;
  let rateLimit = options.rateLimit ?? { limit: 50, windowSeconds: 60 };
  const store = seedClioStore(options.customFieldCount);
  const oauth = new OAuthState(now, () => accessTokenTtl);
  const faults = new FaultPlan();
  const violations: ContractViolation[] = [];
  const requests: RecordedRequest[] = [];
  const buckets = new Map<string, Bucket>();
  let baseUrl = '';

  const violation = (v: ContractViolation) => violations.push(v);

  /** Answers a zod-checked OAuth JSON body; an answer off its schema is the stand-in's own drift, so it is recorded. */
  const oauthJson = (res: ServerResponse, path: string, status: number, body: unknown, schema: z.ZodType) => {
    const parsed = schema.safeParse(body);
    if (!parsed.success) {
      violation({ direction: 'response', method: 'POST', path, status, errors: parsed.error.issues.map((i) => `${i.path.join('.')} ${i.message}`) });
    }
    sendJson(res, status, body);
  };
  const oauthError = (res: ServerResponse, path: string, status: number, error: z.infer<typeof oauthErrorSchema>['error'], description: string) =>
    oauthJson(res, path, status, { error, error_description: description }, oauthErrorSchema);

  const redirectAllowed = (uri: string) => options.redirectUris === undefined || options.redirectUris.includes(uri);

  async function authorize(req: IncomingMessage, res: ServerResponse, url: URL): Promise<void> {
    const isDecision = req.method === 'POST';
    const input = isDecision ? formOrJson(await readBody(req), req.headers['content-type']) : Object.fromEntries(url.searchParams);
    const parsed = (isDecision ? consentFormSchema : authorizeQuerySchema).safeParse(input);
    if (!parsed.success) {
      violation({ direction: 'request', method: req.method ?? 'GET', path: url.pathname, errors: parsed.error.issues.map((i) => `${i.path.join('.')} ${i.message}`) });
      htmlPage(res, 400, 'Invalid authorization request', 'The application sent an invalid authorization request.');
      return;
    }
    const query = parsed.data;
    // Per OAuth, a wrong client or redirect URI is shown to the user, never redirected to.
    if (query.client_id !== clientId) return htmlPage(res, 400, 'Unknown application', 'The client_id is not a registered application.');
    if (!redirectAllowed(query.redirect_uri)) return htmlPage(res, 400, 'Invalid redirect URI', 'The redirect_uri is not registered for this application.');
    if (!('decision' in parsed.data)) {
      const body = consentPage(query, 'Form Builder', store.user.name);
      res.writeHead(200, { 'content-type': 'text/html; charset=utf-8', 'content-length': Buffer.byteLength(body) });
      res.end(body);
      return;
    }
    if (parsed.data.decision === 'allow') {
      redirect(res, query.redirect_uri, { code: oauth.issueCode(store.user.id, clientId, query.redirect_uri), state: query.state });
    } else if (query.redirect_on_decline === 'true') {
      redirect(res, query.redirect_uri, { error: 'access_denied', state: query.state });
    } else {
      htmlPage(res, 200, 'Access not granted', 'You declined to connect the application. You can close this window.');
    }
  }

  async function token(req: IncomingMessage, res: ServerResponse, path: string): Promise<void> {
    let input: unknown;
    try {
      input = formOrJson(await readBody(req), req.headers['content-type']);
    } catch {
      return oauthError(res, path, 400, 'invalid_request', 'The body is not valid JSON');
    }
    const grantType = (input as { grant_type?: unknown }).grant_type;
    if (grantType !== 'authorization_code' && grantType !== 'refresh_token') {
      return oauthError(res, path, 400, 'unsupported_grant_type', `grant_type ${JSON.stringify(grantType)} is not supported`);
    }
    const parsed = tokenRequestSchema.safeParse(input);
    if (!parsed.success) {
      const errors = parsed.error.issues.map((i) => `${i.path.join('.')} ${i.message}`);
      violation({ direction: 'request', method: 'POST', path, errors });
      return oauthError(res, path, 400, 'invalid_request', errors.join('; '));
    }
    const request = parsed.data;
    if (request.client_id !== clientId || request.client_secret !== clientSecret) {
      return oauthError(res, path, 401, 'invalid_client', 'Client authentication failed');
    }
    const grant =
      request.grant_type === 'authorization_code'
        ? oauth.redeemCode(request.code, request.client_id, request.redirect_uri)
        : oauth.redeemRefreshToken(request.refresh_token, rotate);
    if (typeof grant === 'string') return oauthError(res, path, 400, 'invalid_grant', grant);
    const withRefreshToken = request.grant_type === 'authorization_code' || rotate;
    oauthJson(res, path, 200, oauth.issueTokens(grant, withRefreshToken), tokenAnswerSchema);
  }

  async function deauthorize(req: IncomingMessage, res: ServerResponse, path: string): Promise<void> {
    let input: unknown;
    try {
      input = formOrJson(await readBody(req), req.headers['content-type']);
    } catch {
      input = {};
    }
    const bearer = /^Bearer (\S+)$/i.exec(req.headers.authorization ?? '')?.[1];
    const parsed = deauthorizeRequestSchema.safeParse(bearer && !(input as { token?: unknown }).token ? { token: bearer } : input);
    if (!parsed.success) {
      violation({ direction: 'request', method: 'POST', path, errors: ['token: an access token in the body or the Authorization header is required'] });
      return oauthError(res, path, 400, 'invalid_request', 'token is required');
    }
    oauth.revokeByToken(parsed.data.token);
    // Like RFC 7009, an unknown or already revoked token is not an error: the outcome the caller wants holds.
    res.writeHead(200, { 'content-length': 0 });
    res.end();
  }

  function rateLimitHeaders(key: string, consume: boolean): { headers: Record<string, string>; retryAfter?: number } {
    const at = now();
    let bucket = buckets.get(key);
    if (!bucket || bucket.resetAt <= at) {
      bucket = { resetAt: at + rateLimit.windowSeconds * 1000, used: 0 };
      buckets.set(key, bucket);
    }
    const exceeded = bucket.used >= rateLimit.limit;
    if (consume && !exceeded) bucket.used += 1;
    const headers = {
      'x-ratelimit-limit': String(rateLimit.limit),
      'x-ratelimit-remaining': String(Math.max(0, rateLimit.limit - bucket.used)),
      'x-ratelimit-reset': String(Math.ceil(bucket.resetAt / 1000)),
    };
    return consume && exceeded ? { headers, retryAfter: Math.max(1, Math.ceil((bucket.resetAt - at) / 1000)) } : { headers };
  }

  async function api(req: IncomingMessage, res: ServerResponse, url: URL): Promise<number> {
    const method = req.method ?? 'GET';
    const path = url.pathname;
    const query = queryOf(url);
    const headers = headersOf(req);
    const text = await readBody(req);
    let body: unknown = undefined;
    if (text !== '') {
      try {
        body = JSON.parse(text);
      } catch {
        violation({ direction: 'request', method, path, errors: ['the body is not valid JSON'] });
        sendJson(res, 400, { error: { type: 'BadRequest', message: 'The body is not valid JSON' } });
        return 400;
      }
    }
    const operation = matchClioOperation(method, path);
    if (!operation) {
      violation({ direction: 'request', method, path, errors: [`Clio's OpenAPI document has no operation ${method} ${path}`] });
      sendJson(res, 404, { error: { type: 'NotFound', message: `No route matches ${method} ${path}` } });
      return 404;
    }
    const operationId = operation.operationId ?? `${method} ${path}`;
    const reply = (status: number, answer: unknown, extra: Record<string, string> = {}) => {
      const errors = checkClioResponse(operation, status, answer);
      if (errors.length > 0) violation({ direction: 'response', method, path, status, operationId, errors });
      sendJson(res, status, answer, extra);
      return status;
    };

    const requestErrors = checkClioRequest(operation, { method, path, query, headers, body });
    const version = req.headers['x-api-version'];
    if (typeof version === 'string' && !SUPPORTED_VERSION.test(version)) {
      violation({ direction: 'request', method, path, operationId, errors: [`X-API-VERSION ${version} is not a version Clio serves`] });
      // Clio's documented answer to an unknown version; 410 is not among the document's statuses, so not checked.
      sendJson(res, 410, { error: { type: 'Gone', message: `API version ${version} is not supported` } });
      return 410;
    }
    if (requestErrors.length > 0) {
      violation({ direction: 'request', method, path, operationId, errors: requestErrors });
      return reply(400, { error: { type: 'BadRequest', message: requestErrors.join('; ') } });
    }

    const auth = oauth.checkAccessToken(req.headers.authorization);
    const bearer = /^Bearer (\S+)$/i.exec(req.headers.authorization ?? '')?.[1] ?? 'anonymous';
    if (!auth.ok) {
      const { headers: limits } = rateLimitHeaders(bearer, false);
      const description = { missing: 'No access token was given', unknown: 'The access token is invalid', expired: 'The access token expired', revoked: 'The access token was revoked' }[auth.reason];
      const challenge = auth.reason === 'missing' ? 'Bearer realm="Clio"' : `Bearer realm="Clio", error="invalid_token", error_description="${description}"`;
      return reply(401, { error: { type: auth.reason === 'missing' ? 'Unauthorized' : 'invalid_token', message: description } }, { ...limits, 'www-authenticate': challenge });
    }
    const limit = rateLimitHeaders(bearer, true);
    if (limit.retryAfter !== undefined) {
      return reply(429, { error: { type: 'RateLimited', message: `Rate limit exceeded. Retry in ${limit.retryAfter} seconds.` } }, { ...limit.headers, 'retry-after': String(limit.retryAfter) });
    }

    let answer;
    try {
      answer = answerApi(store, { operationId, params: parseClioParams(operation, path), query, body, url: `${baseUrl}${path}` }, new Date(now()).toISOString());
    } catch (error) {
      if (!(error instanceof Unimplemented)) throw error;
      violation({ direction: 'request', method, path, operationId, errors: [error.message] });
      sendJson(res, 501, { error: { type: 'NotImplemented', message: error.message } });
      return 501;
    }
    return reply(answer.status, answer.body, { ...limit.headers, 'x-api-version': typeof version === 'string' ? version : DEFAULT_VERSION });
  }

  async function handle(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const url = new URL(req.url ?? '/', baseUrl);
    const method = req.method ?? 'GET';
    const record: RecordedRequest = { method, path: url.pathname, status: 0, apiVersion: req.headers['x-api-version'] as string | undefined };
    requests.push(record);
    const fault = faults.take(method, url.pathname);
    if (fault) {
      record.status = fault.kind === 'status' ? fault.status : -1;
      applyFault(fault, req, res);
      return;
    }
    if (url.pathname === '/oauth/authorize' && (method === 'GET' || method === 'POST')) {
      await authorize(req, res, url);
    } else if (url.pathname === '/oauth/token' && method === 'POST') {
      await token(req, res, url.pathname);
    } else if (url.pathname === '/oauth/deauthorize' && method === 'POST') {
      await deauthorize(req, res, url.pathname);
    } else if (url.pathname.startsWith('/api/v4/')) {
      record.status = await api(req, res, url);
      return;
    } else {
      sendJson(res, 404, { error: { type: 'NotFound', message: `No route matches ${method} ${url.pathname}` } });
    }
    record.status = res.statusCode;
  }

  const server = await listenOnLoopback(handle, (error, req, res) => {
    if (error instanceof BodyTooLarge) {
      if (!res.headersSent) sendJson(res, 413, { error: { type: 'PayloadTooLarge', message: error.message } });
      return;
    }
    // A throw here is a bug in the stand-in: recorded so the test fails, not swallowed as a 500 the client may retry.
    violation({ direction: 'response', method: req.method ?? 'GET', path: req.url ?? '', status: 500, errors: [`stand-in error: ${String(error)}`] });
    if (!res.headersSent) sendJson(res, 500, { error: { type: 'InternalServerError', message: 'stand-in error' } });
    else res.destroy();
  });
  baseUrl = server.url;

  const formatViolations = () =>
    violations.map((v) => `${v.direction} ${v.method} ${v.path}${v.status ? ` → ${v.status}` : ''}: ${v.errors.join('; ')}`).join('\n');

  return {
    url: server.url,
    clientId,
    clientSecret,
    store,
    requests,
    contractViolations: violations,
    contractLoadMs: clioContractLoadMs(),
    contractCompileMs,
    assertNoContractViolations() {
      if (violations.length > 0) throw new Error(`The Clio stand-in saw ${violations.length} contract violation(s):\n${formatViolations()}`);
    },
    takeContractViolations() {
      return violations.splice(0, violations.length);
    },
    injectFault(path, fault, faultOptions) {
      faults.add(path, fault, faultOptions);
    },
    issueTokens() {
      const code = oauth.issueCode(store.user.id, clientId, 'http://127.0.0.1/direct');
      const grant = oauth.redeemCode(code, clientId, 'http://127.0.0.1/direct');
      if (typeof grant === 'string') throw new Error(grant);
      const tokens = oauth.issueTokens(grant, true);
      return { access_token: tokens.access_token, refresh_token: tokens.refresh_token ?? '', expires_in: tokens.expires_in };
    },
    expireAccessTokens() {
      oauth.expireAccessTokens();
    },
    revokeAllTokens() {
      oauth.revokeAll();
    },
    setRateLimit(limitPerWindow, windowSeconds) {
      rateLimit = { limit: limitPerWindow, windowSeconds };
      buckets.clear();
    },
    async close() {
      await server.close();
      if (violations.length > 0) {
        throw new Error(`The Clio stand-in closed with ${violations.length} unasserted contract violation(s):\n${formatViolations()}`);
      }
    },
  };
}
