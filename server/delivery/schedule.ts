/**
 * When a delivery is tried again (INTEGRATIONS.md "Retries"), and which answers call for it. Pure: the engine passes
 * its clock and random source, so tests run the whole schedule in milliseconds.
 */

/** The wait before attempt n (n = 1 … 10): immediately, then 5 s … 24 h, about 45 hours in all. */
export const RETRY_SCHEDULE_MS: readonly number[] = [
  0,
  5_000,
  30_000,
  120_000,
  600_000,
  1_800_000,
  7_200_000,
  21_600_000,
  43_200_000,
  86_400_000,
];

const JITTER = 0.2;
/** A Retry-After longer than this is not believed: the schedule's longest wait. */
const MAX_RETRY_AFTER_MS = 86_400_000;

/**
 * The wait before the next attempt, or null when the schedule is spent. `attemptsMade` counts the attempts of this
 * round (a replay starts a new round); `scale` shrinks the schedule (tests, the bench).
 */
export function nextRetryDelay(attemptsMade: number, options: { random: () => number; retryAfterMs?: number | null; scale?: number }): number | null {
  if (attemptsMade >= RETRY_SCHEDULE_MS.length) return null;
  const base = RETRY_SCHEDULE_MS[attemptsMade] * (options.scale ?? 1);
  const jittered = Math.round(base * (1 - JITTER + 2 * JITTER * options.random()));
  // The receiver knows best when it can take more, but never sooner than our own schedule would try.
  const retryAfter = options.retryAfterMs == null ? 0 : Math.min(options.retryAfterMs, MAX_RETRY_AFTER_MS) * (options.scale ?? 1);
  return Math.max(jittered, retryAfter);
}

/** Retry-After as milliseconds (delta-seconds or an HTTP date), or null when absent or unreadable. */
export function parseRetryAfter(value: string | null, now: Date): number | null {
  if (!value) return null;
  if (/^\d+$/.test(value.trim())) return Number(value.trim()) * 1000;
  const date = Date.parse(value);
  return Number.isNaN(date) ? null : Math.max(0, date - now.getTime());
}

export type Outcome = 'succeeded' | 'retry' | 'failed' | 'gone';

/** 2xx succeeds; 408, 425, 429 and 5xx are passing troubles; 410 means the Zap is gone; other answers are final. */
export function classifyStatus(status: number): Outcome {
  if (status >= 200 && status < 300) return 'succeeded';
  if (status === 410) return 'gone';
  if (status === 408 || status === 425 || status === 429 || status >= 500) return 'retry';
  return 'failed';
}
