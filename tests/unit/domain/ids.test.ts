import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { formIdSchema, uuidSchema } from '../../../src/contract/common';
import {
  BUILT_IN_FORM_DISPLAY_NAME,
  BUILT_IN_FORM_ID,
  BUILT_IN_FORM_SLUG,
  MAX_UUID,
  NIL_UUID,
  accountIdFromPath,
  isAccountId,
  isFormId,
  isUuid,
  parseAccountId,
} from '../../../src/domain/ids';

describe('built-in form constants', () => {
  it('match spec §3', () => {
    expect(BUILT_IN_FORM_ID).toBe('contact-export-form');
    expect(BUILT_IN_FORM_SLUG).toBe('contact_export_form');
    expect(BUILT_IN_FORM_DISPLAY_NAME).toBe('Mapping for Contacts');
    expect(NIL_UUID).toBe('00000000-0000-0000-0000-000000000000');
    expect(MAX_UUID).toBe('ffffffff-ffff-ffff-ffff-ffffffffffff');
  });
});

describe('isAccountId', () => {
  it.each(['1', '42', '007', String(Number.MAX_SAFE_INTEGER)])('accepts %s', (value) => {
    expect(isAccountId(value)).toBe(true);
  });

  it.each([
    ['empty', ''],
    ['zero', '0'],
    ['negative', '-1'],
    ['decimal', '1.5'],
    ['letters', 'abc'],
    ['mixed', '12a'],
    ['spaces', ' 12'],
    ['exponent', '1e3'],
    ['beyond safe integers', '9007199254740993'],
  ])('rejects %s', (_label, value) => {
    expect(isAccountId(value)).toBe(false);
  });

  it.each([12, null, undefined, {}, ['1']])('rejects the non-string %j', (value) => {
    expect(isAccountId(value)).toBe(false);
  });
});

describe('parseAccountId', () => {
  it('returns the number for a valid id', () => {
    expect(parseAccountId('42')).toBe(42);
    expect(parseAccountId('007')).toBe(7);
  });

  it.each(['', 'x1', '1.0', null, undefined])('returns null for %j', (value) => {
    expect(parseAccountId(value)).toBeNull();
  });
});

describe('isFormId', () => {
  it.each([
    ['v4', '3f2b8c1e-9a4d-4e2f-8b6a-1c2d3e4f5a6b'],
    ['v1', 'c232ab00-9414-11ec-b3c8-9f6bdeced846'],
    ['v7', '01890a5d-ac96-774b-bcce-b302099a8057'],
    ['uppercase', '3F2B8C1E-9A4D-4E2F-8B6A-1C2D3E4F5A6B'],
    ['nil', NIL_UUID],
    ['all-f', MAX_UUID],
    ['all-F uppercase', MAX_UUID.toUpperCase()],
    ['built-in alias', 'contact-export-form'],
  ])('accepts a %s id', (_label, value) => {
    expect(isFormId(value)).toBe(true);
  });

  it.each([
    ['empty', ''],
    ['not hex', 'g3f2b8c1-9a4d-4e2f-8b6a-1c2d3e4f5a6b'],
    ['too short', '3f2b8c1e-9a4d-4e2f-8b6a-1c2d3e4f5a6'],
    ['no dashes', '3f2b8c1e9a4d4e2f8b6a1c2d3e4f5a6b'],
    ['braces', '{3f2b8c1e-9a4d-4e2f-8b6a-1c2d3e4f5a6b}'],
    ['trailing text', `${NIL_UUID}x`],
    ['numeric', '123'],
    ['slug instead of alias', 'contact_export_form'],
    ['alias in another case', 'Contact-Export-Form'],
  ])('rejects %s', (_label, value) => {
    expect(isFormId(value)).toBe(false);
  });
});

describe('accountIdFromPath', () => {
  it('prefers the route parameter', () => {
    expect(accountIdFromPath('/9/responses', { accountId: '12' })).toBe(12);
  });

  it('does not fall back to the path when the parameter is not an integer', () => {
    expect(accountIdFromPath('/9/responses', { accountId: 'abc' })).toBeNull();
  });

  it('uses the first path segment without a parameter', () => {
    expect(accountIdFromPath('/12/build/x')).toBe(12);
    expect(accountIdFromPath('/12')).toBe(12);
    expect(accountIdFromPath('12/responses', {})).toBe(12);
  });

  it('counts the first segment only if it is an integer', () => {
    expect(accountIdFromPath('/account-admin')).toBeNull();
    expect(accountIdFromPath('/12abc/responses')).toBeNull();
    expect(accountIdFromPath('/')).toBeNull();
    expect(accountIdFromPath('')).toBeNull();
  });
});

describe('isUuid and the contract agree on what a form id is', () => {
  // Version 0 and variant "c": PostgreSQL's uuid type stores it and the SPA routes to it; zod's z.uuid() refuses it.
  const unusual = '12345678-1234-0234-c234-123456789012';

  it('accepts any version and variant, the nil and the all-f UUID', () => {
    for (const id of [unusual, NIL_UUID, MAX_UUID, 'A0EEBC99-9C0B-4EF8-BB6D-6BB9BD380A11']) {
      expect(isUuid(id)).toBe(true);
      expect(isFormId(id)).toBe(true);
      expect(uuidSchema.safeParse(id).success).toBe(true);
      expect(formIdSchema.safeParse(id).success).toBe(true);
    }
    expect(z.uuid().safeParse(unusual).success).toBe(false);
  });

  it('refuses what is not a UUID, except the built-in alias as a form id', () => {
    for (const id of ['not-a-uuid', `${NIL_UUID}0`, '12345678123412341234123456789012', '']) {
      expect(isUuid(id)).toBe(false);
      expect(uuidSchema.safeParse(id).success).toBe(false);
      expect(formIdSchema.safeParse(id).success).toBe(false);
    }
    expect(formIdSchema.safeParse(BUILT_IN_FORM_ID).success).toBe(true);
    expect(uuidSchema.safeParse(BUILT_IN_FORM_ID).success).toBe(false);
  });
});
