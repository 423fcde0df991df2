// Spec §7 and §9: the client retries idempotent reads once on transient statuses; writes are never repeated.
export const RETRY_STATUSES = [408, 409, 425, 429, 500, 502, 503, 504] as const;
export const RETRY_COUNT = 1;

const RETRYABLE_METHODS: ReadonlySet<string> = new Set(['GET', 'HEAD', 'OPTIONS']);
const RETRYABLE_STATUSES: ReadonlySet<number> = new Set(RETRY_STATUSES);

/**
 * @param method the request method; axios leaves it undefined for a default GET
 * @param status the response status; undefined means no response (network error), which is not retried
 * @param attempt how many retries were already made for this request
 */
export function shouldRetry(method: string | undefined, status: number | undefined, attempt: number): boolean {
  if (attempt >= RETRY_COUNT || status === undefined) return false;
  return RETRYABLE_METHODS.has((method ?? 'GET').toUpperCase()) && RETRYABLE_STATUSES.has(status);
}
