/**
 * Spec §7 and §9: idempotent reads are retried once on transient statuses; writes are never repeated. One home for
 * the policy: the SPA's http client (through axios-retry) and the respondent page's own fetch both read it, and the
 * respondent page may not import src/api (it must stay free of axios and Redux).
 */
export const RETRY_STATUSES: readonly number[] = [408, 409, 425, 429, 500, 502, 503, 504];
export const RETRY_COUNT = 1;
export const RETRY_METHODS: readonly string[] = ['GET', 'HEAD', 'OPTIONS'];
/** Pause before the retry when the server does not say how long to wait. */
export const RETRY_DELAY_MS = 500;
/**
 * A `Retry-After` longer than this is not waited for: the screen fails at once and offers its own "Try again",
 * rather than spinning for a minute behind a rate limit.
 */
export const MAX_RETRY_AFTER_MS = 10_000;
/** The statuses whose `Retry-After` header is honoured (RFC 9110 §10.2.3). */
const RETRY_AFTER_STATUSES: readonly number[] = [429, 503];

export function isRetryMethod(method: string | undefined): boolean {
  // axios leaves the method undefined for a default GET.
  return RETRY_METHODS.includes((method ?? 'GET').toUpperCase());
}

export function isRetryStatus(status: number): boolean {
  return RETRY_STATUSES.includes(status);
}

/** Milliseconds a `Retry-After` value asks for (delta-seconds or an HTTP date), or null when it is absent or unreadable. */
export function parseRetryAfter(value: string | null | undefined, now: number = Date.now()): number | null {
  if (value == null) return null;
  const trimmed = value.trim();
  if (trimmed === '') return null;
  if (/^\d+$/.test(trimmed)) return Number(trimmed) * 1000;
  // An HTTP date names its day and month ('Wed, 21 Oct 2015 07:28:00 GMT'); Date.parse would also take '-1'.
  if (!/[a-z]/i.test(trimmed)) return null;
  const date = Date.parse(trimmed);
  return Number.isNaN(date) ? null : Math.max(0, date - now);
}

/**
 * How long to wait before retrying a response of `status`, or null when it should not be retried because the server
 * asked for a longer pause than MAX_RETRY_AFTER_MS.
 */
export function retryDelayMs(status: number | null, retryAfter: string | null | undefined, now: number = Date.now()): number | null {
  if (status === null || !RETRY_AFTER_STATUSES.includes(status)) return RETRY_DELAY_MS;
  const asked = parseRetryAfter(retryAfter, now);
  if (asked === null) return RETRY_DELAY_MS;
  return asked > MAX_RETRY_AFTER_MS ? null : asked;
}
