import { describe, expect, it } from 'vitest';
import { sameOriginPath } from '../../../src/domain/same-origin-path';

describe('sameOriginPath', () => {
  it.each([
    ['/1/responses?x=1#top', '/1/responses?x=1#top'],
    ['/login-redirect?next=%2F2', '/login-redirect?next=%2F2'],
    ['/a/./b/../c', '/a/c'],
    ['/a/..', '/'],
  ])('follows the same-origin path %j as %j', (input, expected) => {
    expect(sameOriginPath(input)).toBe(expected);
  });

  it.each([
    'https://evil.test',
    '//evil.test',
    '/\\evil.test',
    '/ok\\path',
    'javascript:alert(1)',
    '',
    '12',
    '/a\nb',
    // Each of these normalises to //evil.test, which a browser reads as another host.
    '/.//evil.test',
    '/..//evil.test',
    '/%2e//evil.test',
    '/%2E%2E//evil.test',
    '/a/..//evil.test',
    '/./..//evil.test',
    `/${'a'.repeat(2001)}`,
  ])('refuses %j', (input) => {
    expect(sameOriginPath(input)).toBeNull();
  });

  it('refuses what is not a string', () => {
    expect(sameOriginPath(undefined)).toBeNull();
    expect(sameOriginPath(null)).toBeNull();
    expect(sameOriginPath(['/a'])).toBeNull();
  });
});
