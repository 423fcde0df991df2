import type { DB } from '../../db/database.js';
import type { SecretBox } from '../../secrets/secret-box.js';
import { decryptIntegrationSecret, encryptIntegrationSecret } from '../integration-repository.js';
import { RateBudget } from './rate-budget.js';
import { CLIO_API_VERSION, clioBaseUrl, isClioRegion, type ClioSettings } from './clio-settings.js';

/** Refresh this long before Clio's expiry: a token that dies mid-push costs a 401 and a second request. */
const REFRESH_MARGIN_MS = 60_000;
/** Clio's pages hold up to 200 records. */
const PAGE_LIMIT = 200;
/** A runaway `next` chain stops here (200 pages × 200 records is far beyond any firm's custom fields). */
const MAX_PAGES = 200;

/** The authorisation is gone (revoked, refresh refused, secret unreadable): only reconnecting helps. */
export class ClioAuthorizationError extends Error {}

/** What Clio answered (or a network failure), never thrown: the caller decides what it means. */
export type ClioAnswer =
  | { kind: 'answered'; status: number; text: string; body: unknown; headers: Headers; method: string; url: string }
  | { kind: 'timeout' | 'network'; message: string; method: string; url: string };

export interface ClioTokenPair {
  accessToken: string;
  refreshToken: string;
  expiresAt: string;
}

interface TokenAnswer {
  access_token?: unknown;
  refresh_token?: unknown;
  expires_in?: unknown;
}

/** Clio's token answer as our stored pair; a refresh that returns no new refresh token keeps the old one. */
export function tokenPairFrom(body: TokenAnswer, previousRefresh: string | undefined, now: number): ClioTokenPair | null {
  if (typeof body.access_token !== 'string' || !body.access_token) return null;
  const refresh = typeof body.refresh_token === 'string' && body.refresh_token ? body.refresh_token : previousRefresh;
  if (!refresh) return null;
  const expiresIn = typeof body.expires_in === 'number' && body.expires_in > 0 ? body.expires_in : 3600;
  return { accessToken: body.access_token, refreshToken: refresh, expiresAt: new Date(now + expiresIn * 1000).toISOString() };
}

export interface ClioCallOptions {
  query?: Record<string, string | number | undefined>;
  body?: unknown;
  /** Called before the request goes out, with a URL that carries no secret (the delivery attempt row). */
  beforeSend?: (method: string, url: string) => Promise<void>;
  signal?: AbortSignal;
  timeoutMs?: number;
}

/**
 * Clio's API for every connection in this process: bearer tokens read from the integration's encrypted secret,
 * refreshed before expiry and once on a 401, one refresh at a time per integration (in this process by a shared
 * promise, across processes by a row lock under which the secret is read again), and a rate budget per connection.
 */
export class ClioClient {
  private readonly refreshing = new Map<string, Promise<ClioTokenPair>>();
  private readonly budgets = new Map<string, RateBudget>();

  constructor(
    private readonly options: { db: DB; secrets: SecretBox; settings: ClioSettings; now?: () => number; fetch?: typeof fetch },
  ) {}

  private get now(): number {
    return (this.options.now ?? Date.now)();
  }

  private get fetch(): typeof fetch {
    return this.options.fetch ?? fetch;
  }

  budget(integrationId: string): RateBudget {
    let budget = this.budgets.get(integrationId);
    if (!budget) {
      budget = new RateBudget(() => this.now);
      this.budgets.set(integrationId, budget);
    }
    return budget;
  }

  /** The integration's base URL (its stored region) and its tokens; throws ClioAuthorizationError when there are none. */
  private async connection(integrationId: string): Promise<{ baseUrl: string; tokens: ClioTokenPair }> {
    const row = await this.options.db
      .selectFrom('account_integrations')
      .select(['id', 'secret', 'config', 'status'])
      .where('id', '=', integrationId)
      .where('kind', '=', 'clio')
      .executeTakeFirst();
    if (!row?.secret || row.status === 'needs_reauth' || row.status === 'disconnected') throw new ClioAuthorizationError('Clio is not connected');
    const tokens = this.openTokens(row.id, row.secret);
    const region = isClioRegion(row.config.region) ? row.config.region : 'us';
    return { baseUrl: clioBaseUrl(this.options.settings, region), tokens };
  }

  private openTokens(id: string, ciphertext: string): ClioTokenPair {
    let secret;
    try {
      secret = decryptIntegrationSecret(this.options.secrets, id, ciphertext);
    } catch {
      throw new ClioAuthorizationError("Clio's tokens cannot be opened with the server's SECRET_KEY: reconnect Clio");
    }
    if (!secret.accessToken || !secret.refreshToken) throw new ClioAuthorizationError('Clio is not connected');
    return { accessToken: secret.accessToken, refreshToken: secret.refreshToken, expiresAt: secret.expiresAt ?? new Date(0).toISOString() };
  }

  /** A fresh access token, made by one refresh at a time; `stale` is the token that failed (or is about to). */
  refresh(integrationId: string, stale: string): Promise<ClioTokenPair> {
    let running = this.refreshing.get(integrationId);
    if (!running) {
      running = this.refreshNow(integrationId, stale).finally(() => this.refreshing.delete(integrationId));
      this.refreshing.set(integrationId, running);
    }
    return running;
  }

  private async refreshNow(integrationId: string, stale: string): Promise<ClioTokenPair> {
    const { settings, secrets } = this.options;
    return this.options.db.transaction().execute(async (trx) => {
      // The row lock makes another process's refresh of the same connection wait, then read what it saved.
      const row = await trx
        .selectFrom('account_integrations')
        .select(['id', 'secret', 'config', 'status'])
        .where('id', '=', integrationId)
        .forUpdate()
        .executeTakeFirst();
      if (!row?.secret || row.status === 'needs_reauth') throw new ClioAuthorizationError('Clio is not connected');
      const current = this.openTokens(row.id, row.secret);
      if (current.accessToken !== stale && Date.parse(current.expiresAt) - this.now > REFRESH_MARGIN_MS) return current;
      const region = isClioRegion(row.config.region) ? row.config.region : 'us';
      const response = await this.fetch(`${clioBaseUrl(settings, region)}/oauth/token`, {
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded', accept: 'application/json' },
        body: new URLSearchParams({
          grant_type: 'refresh_token',
          refresh_token: current.refreshToken,
          client_id: settings.clientId ?? '',
          client_secret: settings.clientSecret ?? '',
        }),
        signal: AbortSignal.timeout(15_000),
        redirect: 'manual',
      });
      const body = (await response.json().catch(() => ({}))) as TokenAnswer;
      // 400 invalid_grant (and 401): the refresh token was revoked or has expired. Anything else may pass.
      if (response.status === 400 || response.status === 401) throw new ClioAuthorizationError('Clio refused to renew the authorisation: reconnect Clio');
      const pair = response.ok ? tokenPairFrom(body, current.refreshToken, this.now) : null;
      if (!pair) throw new Error(`Clio's token endpoint answered HTTP ${response.status}`);
      await trx
        .updateTable('account_integrations')
        .set({ secret: encryptIntegrationSecret(secrets, row.id, pair), updated_at: new Date() })
        .where('id', '=', row.id)
        .execute();
      return pair;
    });
  }

  /**
   * One call to `{base}/api/v4/{path}` with the pinned API version, waiting for the rate budget first. A 401 refreshes
   * the token once and repeats the call; a second 401 means the authorisation is gone (ClioAuthorizationError).
   */
  async call(integrationId: string, method: string, path: string, options: ClioCallOptions = {}): Promise<ClioAnswer> {
    const connection = await this.connection(integrationId);
    const { baseUrl } = connection;
    let { tokens } = connection;
    if (Date.parse(tokens.expiresAt) - this.now <= REFRESH_MARGIN_MS) tokens = await this.refresh(integrationId, tokens.accessToken);
    const url = new URL(`${baseUrl}/api/v4/${path}`);
    for (const [key, value] of Object.entries(options.query ?? {})) if (value !== undefined) url.searchParams.set(key, String(value));
    // The attempt row shows the endpoint, not the query (a search by email is client data).
    const shownUrl = `${url.origin}${url.pathname}`;
    for (let tries = 0; ; tries += 1) {
      const answer = await this.send(integrationId, method, url, shownUrl, tokens.accessToken, options);
      if (answer.kind !== 'answered' || answer.status !== 401) return answer;
      if (tries > 0) throw new ClioAuthorizationError('Clio refused the renewed authorisation: reconnect Clio');
      tokens = await this.refresh(integrationId, tokens.accessToken);
    }
  }

  private async send(integrationId: string, method: string, url: URL, shownUrl: string, accessToken: string, options: ClioCallOptions): Promise<ClioAnswer> {
    const budget = this.budget(integrationId);
    for (let wait = budget.delayMs(); wait > 0; wait = budget.delayMs()) await sleep(wait, options.signal);
    budget.spend();
    await options.beforeSend?.(method, shownUrl);
    const timeout = AbortSignal.timeout(options.timeoutMs ?? 15_000);
    const signal = options.signal ? AbortSignal.any([timeout, options.signal]) : timeout;
    try {
      const response = await this.fetch(url, {
        method,
        headers: {
          authorization: `Bearer ${accessToken}`,
          'x-api-version': CLIO_API_VERSION,
          accept: 'application/json',
          ...(options.body !== undefined ? { 'content-type': 'application/json' } : {}),
        },
        body: options.body !== undefined ? JSON.stringify(options.body) : undefined,
        signal,
        redirect: 'manual',
      });
      const text = await response.text();
      budget.observe(response.status, response.headers);
      let body: unknown = null;
      try {
        body = text ? JSON.parse(text) : null;
      } catch {
        body = null;
      }
      return { kind: 'answered', status: response.status, text, body, headers: response.headers, method, url: shownUrl };
    } catch (error) {
      const timedOut = timeout.aborted;
      return { kind: timedOut ? 'timeout' : 'network', message: timedOut ? 'Clio did not answer in time' : `Clio could not be reached: ${(error as Error).message}`, method, url: shownUrl };
    }
  }

  /** Every record of a list endpoint, following `meta.paging.next` (Clio's cursor paging) to the end. */
  async listAll(integrationId: string, path: string, query: Record<string, string | number | undefined>): Promise<Record<string, unknown>[]> {
    const records: Record<string, unknown>[] = [];
    let answer = await this.call(integrationId, 'GET', path, { query: { ...query, limit: PAGE_LIMIT } });
    for (let page = 0; page < MAX_PAGES; page += 1) {
      if (answer.kind !== 'answered') throw new Error(answer.message);
      if (answer.status !== 200) throw new Error(`Clio answered HTTP ${answer.status} to ${path}: ${clioErrorMessage(answer.body) ?? answer.text.slice(0, 200)}`);
      const body = answer.body as { data?: unknown; meta?: { paging?: { next?: unknown } } } | null;
      if (Array.isArray(body?.data)) records.push(...(body.data as Record<string, unknown>[]));
      const next = body?.meta?.paging?.next;
      if (typeof next !== 'string' || !next) return records;
      // The next page's URL is Clio's: only its query is taken, the host and path stay ours.
      const nextQuery = Object.fromEntries(new URL(next).searchParams);
      answer = await this.call(integrationId, 'GET', path, { query: nextQuery });
    }
    throw new Error(`Clio's ${path} had more than ${MAX_PAGES} pages`);
  }
}

/** Clio's error body (`{error: {type, message}}`), or a bare message. */
export function clioErrorMessage(body: unknown): string | null {
  if (!body || typeof body !== 'object') return null;
  const record = body as { error?: unknown; message?: unknown; error_description?: unknown };
  if (record.error && typeof record.error === 'object') {
    const message = (record.error as { message?: unknown }).message;
    if (typeof message === 'string') return message;
  }
  for (const value of [record.message, record.error_description, record.error]) if (typeof value === 'string' && value) return value;
  return null;
}

function sleep(ms: number, signal?: AbortSignal): Promise<void> {
  return new Promise((resolve, reject) => {
    if (signal?.aborted) return reject(new Error('stopped'));
    const timer = setTimeout(resolve, ms);
    signal?.addEventListener('abort', () => {
      clearTimeout(timer);
      reject(new Error('stopped'));
    }, { once: true });
  });
}
