import { afterEach, describe, expect, it, vi } from 'vitest';
import { newId, uuidV4FromBytes } from '../../../src/domain/ids-factory';

const UUID_V4 = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;

describe('newId', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
  });

  it('gives distinct v4 UUIDs', () => {
    const ids = new Set(Array.from({ length: 200 }, () => newId()));
    expect(ids.size).toBe(200);
    for (const id of ids) expect(id).toMatch(UUID_V4);
  });

  it('uses crypto.randomUUID when the runtime has it', () => {
    vi.stubGlobal('crypto', { randomUUID: () => 'from-random-uuid' });
    expect(newId()).toBe('from-random-uuid');
  });

  it('falls back to getRandomValues outside secure contexts (no randomUUID)', () => {
    vi.stubGlobal('crypto', { getRandomValues: (array: Uint8Array) => array.fill(0xff) });
    expect(newId()).toBe('ffffffff-ffff-4fff-bfff-ffffffffffff');
  });

  it('falls back to Math.random when there is no crypto at all', () => {
    vi.stubGlobal('crypto', undefined);
    const random = vi.spyOn(Math, 'random').mockReturnValue(0);
    try {
      expect(newId()).toBe('00000000-0000-4000-8000-000000000000');
      expect(random).toHaveBeenCalled();
    } finally {
      random.mockRestore();
    }
  });
});

describe('uuidV4FromBytes', () => {
  it('sets the version and variant bits', () => {
    const bytes = Uint8Array.from({ length: 16 }, (_, i) => i * 17);
    const id = uuidV4FromBytes(bytes);
    expect(id).toMatch(UUID_V4);
    expect(id).toBe('00112233-4455-4677-8899-aabbccddeeff');
  });
});
