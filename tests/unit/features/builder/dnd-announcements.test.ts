/** What screen readers hear while dragging, from the drag's state (no DOM, no dnd-kit). */
import { describe, expect, it } from 'vitest';
import { DRAG_ERRORS } from '../../../../src/domain/drag-rules';
import { normaliseForm } from '../../../../src/domain/form-tree';
import {
  cancelledText,
  describeTarget,
  draggedName,
  dropText,
  outcomeOf,
  overText,
  pickedUpText,
} from '../../../../src/features/builder/dnd-announcements';
import { sampleDocument } from './builder-fixtures';

// p1 'About you': i1, s1 'Matter' [i2, i3]; p2 'Details': s2 'Contact' []
const tree = normaliseForm(sampleDocument());

describe('describeTarget', () => {
  it('counts the list as it will be: one more for a newcomer, the same for a move within it', () => {
    expect(describeTarget(tree, { parentId: 's1', index: 0 }, null)).toBe('position 1 of 3 in Section: Matter');
    expect(describeTarget(tree, { parentId: 's1', index: 1 }, 'i2')).toBe('position 2 of 2 in Section: Matter');
    expect(describeTarget(tree, { parentId: null, index: 2 }, null)).toBe('position 3 of 3 among the pages');
  });
});

describe('draggedName', () => {
  it('names a palette item as new, an element by its type and text', () => {
    expect(draggedName({ kind: 'palette', paletteKind: 'section' }, tree)).toBe('New Section');
    expect(draggedName({ kind: 'element', id: 's1' }, tree)).toBe('Section: Matter');
    expect(draggedName({ kind: 'element', id: 'gone' }, tree)).toBe('Element');
  });
});

describe('announcement texts', () => {
  const moved = outcomeOf({
    tree,
    source: { kind: 'element', id: 'i2' },
    zone: { kind: 'container', id: 's1', index: 2 },
    result: { ok: true, value: { parentId: 's1', index: 1 } },
  });
  const refused = outcomeOf({
    tree,
    source: { kind: 'element', id: 's1' },
    zone: { kind: 'container', id: 's2', index: 0 },
    result: { ok: false, message: DRAG_ERRORS.sectionOutsidePage },
  });

  it('turns a drag state into where it goes or why not', () => {
    expect(moved).toEqual({ ok: true, text: 'position 2 of 2 in Section: Matter' });
    expect(refused).toEqual({ ok: false, text: 'Sections can only be placed on pages' });
    expect(outcomeOf(null)).toBeNull();
  });

  it('words each moment of a drag', () => {
    expect(pickedUpText('Section: Matter')).toBe('Picked up Section: Matter.');
    expect(overText('New Text', true, null)).toBe('New Text is outside the form.');
    expect(overText('New Text', false, null)).toBeNull();
    expect(overText('Input', false, moved)).toBe('Input would go to position 2 of 2 in Section: Matter.');
    expect(overText('Section: Matter', false, refused)).toBe('Section: Matter cannot be dropped here: Sections can only be placed on pages.');
    expect(dropText('Input', moved)).toBe('Input was dropped at position 2 of 2 in Section: Matter.');
    expect(dropText('Section: Matter', refused)).toBe('Section: Matter was not moved: Sections can only be placed on pages.');
    expect(dropText('Input', null)).toBe('Input was dropped where it was.');
    expect(cancelledText('Input')).toBe('Moving Input was cancelled.');
  });
});
