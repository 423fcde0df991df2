import { describe, expect, it } from 'vitest';
import { containsPattern } from '../../server/db/like.js';
import { safeEqual } from '../../server/util/safe-equal.js';

describe('containsPattern', () => {
  it("takes LIKE's wildcards and escape character literally", () => {
    expect(containsPattern('50%_off\\')).toBe('%50\\%\\_off\\\\%');
  });

  it('lower-cases for columns compared through lower()', () => {
    expect(containsPattern('Smith_LLP', { lowerCase: true })).toBe('%smith\\_llp%');
  });
});

describe('safeEqual', () => {
  it('compares strings and buffers', () => {
    expect(safeEqual('token', 'token')).toBe(true);
    expect(safeEqual('token', 'tokem')).toBe(false);
    expect(safeEqual('token', 'token-longer')).toBe(false);
    expect(safeEqual(Buffer.from('abc'), Buffer.from('abc'))).toBe(true);
  });

  it('never matches a missing or empty secret, not even another empty one', () => {
    expect(safeEqual('', '')).toBe(false);
    expect(safeEqual('token', undefined)).toBe(false);
    expect(safeEqual('token', null)).toBe(false);
  });
});
