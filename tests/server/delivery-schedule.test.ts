import { describe, expect, it } from 'vitest';
import { classifyStatus, nextRetryDelay, parseRetryAfter, RETRY_SCHEDULE_MS } from '../../server/delivery/schedule.js';

describe('the retry schedule', () => {
  it('waits 0, 5 s, 30 s, 2 min, 10 min, 30 min, 2 h, 6 h, 12 h, 24 h, then gives up', () => {
    const waits = Array.from({ length: 11 }, (_, made) => nextRetryDelay(made, { random: () => 0.5 }));
    expect(waits).toEqual([0, 5_000, 30_000, 120_000, 600_000, 1_800_000, 7_200_000, 21_600_000, 43_200_000, 86_400_000, null]);
    expect(RETRY_SCHEDULE_MS).toHaveLength(10);
  });

  it('jitters by ±20 % and lets a longer Retry-After win, capped at 24 h', () => {
    expect(nextRetryDelay(1, { random: () => 0 })).toBe(4_000);
    expect(nextRetryDelay(1, { random: () => 1 })).toBe(6_000);
    expect(nextRetryDelay(1, { random: () => 0.5, retryAfterMs: 1_000 })).toBe(5_000);
    expect(nextRetryDelay(1, { random: () => 0.5, retryAfterMs: 60_000 })).toBe(60_000);
    expect(nextRetryDelay(1, { random: () => 0.5, retryAfterMs: 10 * 86_400_000 })).toBe(86_400_000);
    expect(nextRetryDelay(2, { random: () => 0.5, scale: 0.001 })).toBe(30);
  });

  it('reads Retry-After as seconds or an HTTP date', () => {
    const now = new Date('2026-11-25T10:00:00Z');
    expect(parseRetryAfter('120', now)).toBe(120_000);
    expect(parseRetryAfter('Wed, 25 Nov 2026 10:01:00 GMT', now)).toBe(60_000);
    expect(parseRetryAfter('Wed, 25 Nov 2026 09:00:00 GMT', now)).toBe(0);
    expect(parseRetryAfter('soon', now)).toBeNull();
    expect(parseRetryAfter(null, now)).toBeNull();
  });

  it('classifies answers: 2xx succeeds, 408/425/429/5xx retry, 410 is gone, other statuses fail', () => {
    const table = Object.fromEntries([200, 201, 204, 301, 400, 401, 404, 408, 409, 410, 422, 425, 429, 500, 502, 503, 504].map((status) => [status, classifyStatus(status)]));
    expect(table).toEqual({
      200: 'succeeded', 201: 'succeeded', 204: 'succeeded', 301: 'failed', 400: 'failed', 401: 'failed', 404: 'failed', 408: 'retry', 409: 'failed',
      410: 'gone', 422: 'failed', 425: 'retry', 429: 'retry', 500: 'retry', 502: 'retry', 503: 'retry', 504: 'retry',
    });
  });
});
