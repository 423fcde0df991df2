import { describe, expect, it } from 'vitest';
import { RETRY_COUNT, RETRY_STATUSES, shouldRetry } from '../../../src/api/retry';

const READ_METHODS = ['GET', 'HEAD', 'OPTIONS', 'get', 'head', 'options', 'Get'];
const WRITE_METHODS = ['POST', 'PUT', 'PATCH', 'DELETE', 'post', 'put', 'patch', 'delete'];
const LISTED = [408, 409, 425, 429, 500, 502, 503, 504];
const UNLISTED = [200, 204, 301, 304, 400, 401, 403, 404, 410, 413, 422, 426, 499, 501, 505, 511];

describe('retry policy constants', () => {
  it('match spec §7 and §9', () => {
    expect([...RETRY_STATUSES]).toEqual(LISTED);
    expect(RETRY_COUNT).toBe(1);
  });
});

describe('shouldRetry', () => {
  describe.each(READ_METHODS)('%s', (method) => {
    it.each(LISTED)('retries %i once', (status) => {
      expect(shouldRetry(method, status, 0)).toBe(true);
      expect(shouldRetry(method, status, 1)).toBe(false);
      expect(shouldRetry(method, status, 2)).toBe(false);
    });

    it.each(UNLISTED)('never retries %i', (status) => {
      expect(shouldRetry(method, status, 0)).toBe(false);
    });

    it('never retries a network error (no status)', () => {
      expect(shouldRetry(method, undefined, 0)).toBe(false);
    });
  });

  describe.each(WRITE_METHODS)('%s', (method) => {
    it.each([...LISTED, ...UNLISTED])('never retries %i', (status) => {
      expect(shouldRetry(method, status, 0)).toBe(false);
    });

    it('never retries a network error', () => {
      expect(shouldRetry(method, undefined, 0)).toBe(false);
    });
  });

  it('treats a missing method as axios does: a GET', () => {
    expect(shouldRetry(undefined, 503, 0)).toBe(true);
    expect(shouldRetry(undefined, 503, 1)).toBe(false);
  });

  it('does not retry unknown methods', () => {
    expect(shouldRetry('TRACE', 503, 0)).toBe(false);
    expect(shouldRetry('CONNECT', 503, 0)).toBe(false);
  });
});
