/**
 * Clio's request budget for one access token (Clio's "Rate Limits": X-RateLimit-Limit per 60 s window,
 * X-RateLimit-Remaining, X-RateLimit-Reset as a unix time, and Retry-After in seconds on a 429). Fed by every answer,
 * so the adapter waits for the window instead of spending requests on 429s. Until Clio has said anything, requests go.
 */
export class RateBudget {
  private remaining: number | null = null;
  private resetAt = 0;
  private pausedUntil = 0;

  constructor(private readonly now: () => number = Date.now) {}

  /** How long the next request must wait (0: it may go now). */
  delayMs(): number {
    const now = this.now();
    if (now < this.pausedUntil) return this.pausedUntil - now;
    if (this.remaining !== null && this.remaining <= 0 && now < this.resetAt) return this.resetAt - now;
    return 0;
  }

  /** A request is going out: it spends one of the window's requests before its answer says so. */
  spend(): void {
    if (this.remaining !== null && this.now() >= this.resetAt) this.remaining = null;
    if (this.remaining !== null) this.remaining = Math.max(0, this.remaining - 1);
  }

  observe(status: number, headers: Headers): void {
    const remaining = Number(headers.get('x-ratelimit-remaining') ?? Number.NaN);
    const reset = Number(headers.get('x-ratelimit-reset') ?? Number.NaN);
    if (Number.isFinite(remaining)) this.remaining = remaining;
    if (Number.isFinite(reset)) this.resetAt = reset * 1000;
    if (status === 429) {
      const waitMs = retryAfterMs(headers.get('retry-after'), this.now());
      // A 429 without a usable Retry-After waits for the window's end, or a whole window when that is unknown too.
      this.pausedUntil = this.now() + (waitMs ?? (Number.isFinite(reset) ? Math.max(0, this.resetAt - this.now()) : 60_000));
    }
  }
}

/** Retry-After as seconds or an HTTP date, in milliseconds from `now`; null when absent or unreadable. */
export function retryAfterMs(value: string | null, now: number): number | null {
  if (!value) return null;
  if (/^\d+$/.test(value.trim())) return Number(value.trim()) * 1000;
  const date = Date.parse(value);
  return Number.isNaN(date) ? null : Math.max(0, date - now);
}
