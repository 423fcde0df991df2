import { describe, expect, it } from 'vitest';
import { projectDrop } from '../../../src/domain/drop-projection';
import { normaliseForm } from '../../../src/domain/form-tree';
import { sampleDocument } from './form-fixtures';

describe('projectDrop', () => {
  // p1: h1, i1, s1[i2, i3]   p2: i4, s2[i5]
  const tree = normaliseForm(sampleDocument());

  it('places before/after a sibling in the same container, counting the dragged element out', () => {
    // i3 (index 1 of s1) before i2 → index 0
    expect(projectDrop(tree, 'i3', 'i2', 'before')).toEqual({ ok: true, value: { parentId: 's1', index: 0 } });
    // h1 (index 0 of p1) after s1 (index 2) → final index 2
    expect(projectDrop(tree, 'h1', 's1', 'after')).toEqual({ ok: true, value: { parentId: 'p1', index: 2 } });
    // h1 before i1: already there
    expect(projectDrop(tree, 'h1', 'i1', 'before')).toEqual({ ok: true, value: { parentId: 'p1', index: 0 } });
  });

  it('places into another container', () => {
    expect(projectDrop(tree, 'i1', 'i5', 'before')).toEqual({ ok: true, value: { parentId: 's2', index: 0 } });
    expect(projectDrop(tree, 'i1', 's2', 'inside')).toEqual({ ok: true, value: { parentId: 's2', index: 1 } });
    expect(projectDrop(tree, 's1', 'p2', 'inside')).toEqual({ ok: true, value: { parentId: 'p2', index: 2 } });
    expect(projectDrop(tree, 's2', 'i1', 'after')).toEqual({ ok: true, value: { parentId: 'p1', index: 2 } });
  });

  it("treats 'inside' a leaf as after it", () => {
    expect(projectDrop(tree, 'i4', 'i2', 'inside')).toEqual({ ok: true, value: { parentId: 's1', index: 1 } });
  });

  it('reorders pages at the top level', () => {
    expect(projectDrop(tree, 'p2', 'p1', 'before')).toEqual({ ok: true, value: { parentId: null, index: 0 } });
    expect(projectDrop(tree, 'p1', 'p2', 'after')).toEqual({ ok: true, value: { parentId: null, index: 1 } });
  });

  it('keeps an element dropped on itself where it is', () => {
    expect(projectDrop(tree, 'i3', 'i3', 'after')).toEqual({ ok: true, value: { parentId: 's1', index: 1 } });
    expect(projectDrop(tree, 'p2', 'p2', 'inside')).toEqual({ ok: true, value: { parentId: null, index: 1 } });
  });

  it('projects palette items by type', () => {
    expect(projectDrop(tree, { type: 'input' }, 'i3', 'after')).toEqual({ ok: true, value: { parentId: 's1', index: 2 } });
    expect(projectDrop(tree, { type: 'page' }, 'p1', 'after')).toEqual({ ok: true, value: { parentId: null, index: 1 } });
    expect(projectDrop(tree, { type: 'section' }, 'p1', 'inside')).toEqual({ ok: true, value: { parentId: 'p1', index: 3 } });
  });

  it('refuses a page dropped into a page or next to an element on a page', () => {
    expect(projectDrop(tree, 'p2', 'p1', 'inside')).toEqual({ ok: false, message: 'Pages cannot be nested' });
    expect(projectDrop(tree, 'p1', 'i4', 'before')).toEqual({ ok: false, message: 'Pages cannot be nested' });
    expect(projectDrop(tree, { type: 'page' }, 'i5', 'after')).toEqual({ ok: false, message: 'Pages cannot be nested' });
  });

  it('refuses a section dropped into a section', () => {
    expect(projectDrop(tree, 's1', 'i5', 'before')).toEqual({ ok: false, message: 'Sections can only be placed on pages' });
    expect(projectDrop(tree, 's1', 's2', 'inside')).toEqual({ ok: false, message: 'Sections can only be placed on pages' });
    expect(projectDrop(tree, { type: 'section' }, 'i2', 'after')).toEqual({ ok: false, message: 'Sections can only be placed on pages' });
  });

  it('refuses sections and elements next to pages (outside the form)', () => {
    expect(projectDrop(tree, 's1', 'p2', 'before')).toEqual({ ok: false, message: 'Sections cannot be placed outside the form' });
    expect(projectDrop(tree, 'i1', 'p1', 'after')).toEqual({ ok: false, message: 'Elements cannot be placed outside the form' });
    expect(projectDrop(tree, 'h1', 'p2', 'before')).toEqual({ ok: false, message: 'Elements cannot be placed outside the form' });
  });

  it('refuses drops that left the form', () => {
    expect(projectDrop(tree, 's2', null, 'inside')).toEqual({ ok: false, message: 'Sections cannot be placed outside the form' });
    expect(projectDrop(tree, 'i2', null, 'after')).toEqual({ ok: false, message: 'Elements cannot be placed outside the form' });
  });

  it('throws on unknown ids (a caller bug, not a user error)', () => {
    expect(() => projectDrop(tree, 'nope', 'i1', 'before')).toThrow('unknown element "nope"');
    expect(() => projectDrop(tree, 'i1', 'nope', 'before')).toThrow('unknown element "nope"');
  });
});
