import { describe, expect, it } from 'vitest';
import {
  MAX_RETRY_AFTER_MS,
  RETRY_COUNT,
  RETRY_DELAY_MS,
  RETRY_METHODS,
  RETRY_STATUSES,
  isRetryMethod,
  isRetryStatus,
  parseRetryAfter,
  retryDelayMs,
} from '../../../src/domain/retry-policy';

const READ_METHODS = ['GET', 'HEAD', 'OPTIONS', 'get', 'head', 'options', 'Get'];
const WRITE_METHODS = ['POST', 'PUT', 'PATCH', 'DELETE', 'post', 'put', 'patch', 'delete'];
const LISTED = [408, 409, 425, 429, 500, 502, 503, 504];
const UNLISTED = [200, 204, 301, 304, 400, 401, 403, 404, 410, 413, 422, 426, 499, 501, 505, 511];

describe('retry policy constants', () => {
  it('match spec §7 and §9', () => {
    expect([...RETRY_STATUSES]).toEqual(LISTED);
    expect(RETRY_COUNT).toBe(1);
    expect([...RETRY_METHODS]).toEqual(['GET', 'HEAD', 'OPTIONS']);
  });
});

describe('isRetryMethod', () => {
  it.each(READ_METHODS)('retries %s', (method) => expect(isRetryMethod(method)).toBe(true));
  it.each(WRITE_METHODS)('never retries %s', (method) => expect(isRetryMethod(method)).toBe(false));
  it('treats a missing method as axios does: GET', () => expect(isRetryMethod(undefined)).toBe(true));
});

describe('isRetryStatus', () => {
  it.each(LISTED)('retries %i', (status) => expect(isRetryStatus(status)).toBe(true));
  it.each(UNLISTED)('never retries %i', (status) => expect(isRetryStatus(status)).toBe(false));
});

describe('parseRetryAfter', () => {
  const now = Date.parse('2026-01-01T00:00:00.000Z');
  it('reads delta-seconds', () => expect(parseRetryAfter('3', now)).toBe(3000));
  it('reads an HTTP date', () => expect(parseRetryAfter('Thu, 01 Jan 2026 00:00:05 GMT', now)).toBe(5000));
  it('treats a date in the past as no wait', () => expect(parseRetryAfter('Wed, 31 Dec 2025 23:59:00 GMT', now)).toBe(0));
  it.each([null, undefined, '', '  ', 'soon', '-1', '1.5'])('ignores %j', (value) => expect(parseRetryAfter(value, now)).toBeNull());
});

describe('retryDelayMs', () => {
  it('honours Retry-After on 429 and 503', () => {
    expect(retryDelayMs(429, '2')).toBe(2000);
    expect(retryDelayMs(503, '0')).toBe(0);
  });

  it('gives up at once when Retry-After asks for more than the cap', () => {
    expect(retryDelayMs(429, String(MAX_RETRY_AFTER_MS / 1000 + 1))).toBeNull();
    expect(retryDelayMs(503, String(MAX_RETRY_AFTER_MS / 1000))).toBe(MAX_RETRY_AFTER_MS);
  });

  it('uses the default pause without the header, on other statuses, and for a network failure', () => {
    expect(retryDelayMs(429, undefined)).toBe(RETRY_DELAY_MS);
    // Retry-After only means "wait" on 429 and 503 (RFC 9110 §10.2.3).
    expect(retryDelayMs(500, '30')).toBe(RETRY_DELAY_MS);
    expect(retryDelayMs(null, undefined)).toBe(RETRY_DELAY_MS);
  });
});
