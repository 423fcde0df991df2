import { describe, expect, it } from 'vitest';
import { dropTargetsInOrder, projectDrop, stepDropTarget } from '../../../src/domain/drop-projection';
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

describe('dropTargetsInOrder', () => {
  // p1: h1, i1, s1[i2, i3]   p2: i4, s2[i5]
  const tree = normaliseForm(sampleDocument());
  const at = (parentId: string | null, index: number) => ({ parentId, index });

  it('lists every place a leaf may go, in reading order, its own place included', () => {
    expect(dropTargetsInOrder(tree, 'i1')).toEqual([
      at('p1', 0), // before h1
      at('p1', 1), // between h1 and s1: where i1 is
      at('s1', 0),
      at('s1', 1),
      at('s1', 2),
      at('p1', 2), // after s1
      at('p2', 0),
      at('p2', 1),
      at('s2', 0),
      at('s2', 1),
      at('p2', 2),
    ]);
  });

  it('counts a leaf out of its own list, as moveNode does', () => {
    const inSection = dropTargetsInOrder(tree, 'i2').filter((target) => target.parentId === 's1');
    expect(inSection).toEqual([at('s1', 0), at('s1', 1)]);
  });

  it('offers a section only the places on pages, never its own inside', () => {
    expect(dropTargetsInOrder(tree, 's1')).toEqual([at('p1', 0), at('p1', 1), at('p1', 2), at('p2', 0), at('p2', 1), at('p2', 2)]);
  });

  it('offers a page only the places among the pages', () => {
    expect(dropTargetsInOrder(tree, 'p2')).toEqual([at(null, 0), at(null, 1)]);
  });

  it('offers every page child a place on an empty page, and a leaf one in an empty section', () => {
    const empty = normaliseForm([
      { type: 'page', id: 'e1', title: 'Empty', children: [] },
      { type: 'page', id: 'e2', title: 'Section', children: [{ type: 'section', id: 'es', parentId: 'e2', title: '', description: '', collapsible: false, collapsed: false, children: [] }] },
      { type: 'page', id: 'e3', title: 'Leaf', children: [{ type: 'presentation', subtype: 'paragraph', id: 'ep', parentId: 'e3', content: '' }] },
    ]);
    expect(dropTargetsInOrder(empty, 'ep')).toEqual([at('e1', 0), at('e2', 0), at('es', 0), at('e2', 1), at('e3', 0)]);
    expect(dropTargetsInOrder(empty, 'es')).toEqual([at('e1', 0), at('e2', 0), at('e3', 0), at('e3', 1)]);
  });

  it('refuses an unknown element', () => {
    expect(() => dropTargetsInOrder(tree, 'nope')).toThrow('unknown element');
  });
});

describe('stepDropTarget', () => {
  const tree = normaliseForm(sampleDocument());

  it('starts from the element’s own place and moves one place per step', () => {
    expect(stepDropTarget(tree, 'i1', null, -1)).toEqual({ parentId: 'p1', index: 0 });
    expect(stepDropTarget(tree, 'i1', null, 1)).toEqual({ parentId: 's1', index: 0 });
    expect(stepDropTarget(tree, 'i1', { parentId: 's1', index: 2 }, 1)).toEqual({ parentId: 'p1', index: 2 });
    expect(stepDropTarget(tree, 'i1', { parentId: 'p1', index: 2 }, 1)).toEqual({ parentId: 'p2', index: 0 });
    expect(stepDropTarget(tree, 'i1', { parentId: 'p2', index: 0 }, -1)).toEqual({ parentId: 'p1', index: 2 });
  });

  it('steps a page straight to the next page, and a section past the inside of other sections', () => {
    expect(stepDropTarget(tree, 'p1', null, 1)).toEqual({ parentId: null, index: 1 });
    expect(stepDropTarget(tree, 's1', null, 1)).toEqual({ parentId: 'p2', index: 0 });
    expect(stepDropTarget(tree, 's2', null, -1)).toEqual({ parentId: 'p2', index: 0 });
  });

  it('goes nowhere past either end', () => {
    expect(stepDropTarget(tree, 'h1', { parentId: 'p1', index: 0 }, -1)).toBeNull();
    expect(stepDropTarget(tree, 'i5', { parentId: 'p2', index: 2 }, 1)).toBeNull();
    expect(stepDropTarget(tree, 'p2', null, 1)).toBeNull();
  });

  it('starts again from the element’s own place when the place it was at is no longer one', () => {
    expect(stepDropTarget(tree, 'i1', { parentId: 'gone', index: 3 }, 1)).toEqual({ parentId: 's1', index: 0 });
  });
});
