import { describe, expect, it } from 'vitest';
import { DRAG_ERRORS, checkDrop } from '../../../src/domain/drag-rules';

describe('DRAG_ERRORS', () => {
  it('are the spec §8 messages', () => {
    expect(DRAG_ERRORS).toEqual({
      pageNested: 'Pages cannot be nested',
      sectionOutsidePage: 'Sections can only be placed on pages',
      elementOutsideForm: 'Elements cannot be placed outside the form',
      sectionOutsideForm: 'Sections cannot be placed outside the form',
    });
  });
});

describe('checkDrop', () => {
  it.each([
    ['page', null],
    ['section', 'page'],
    ['input', 'page'],
    ['input', 'section'],
    ['presentation', 'page'],
    ['presentation', 'section'],
  ] as const)('allows a %s into %s', (type, target) => {
    expect(checkDrop(type, target)).toEqual({ ok: true });
  });

  it.each([
    ['page', 'page', 'Pages cannot be nested'],
    ['page', 'section', 'Pages cannot be nested'],
    ['section', 'section', 'Sections can only be placed on pages'],
    ['section', null, 'Sections cannot be placed outside the form'],
    ['input', null, 'Elements cannot be placed outside the form'],
    ['presentation', null, 'Elements cannot be placed outside the form'],
  ] as const)('refuses a %s into %s with %j', (type, target, message) => {
    expect(checkDrop(type, target)).toEqual({ ok: false, message });
  });
});
