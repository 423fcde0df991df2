import { describe, expect, it } from 'vitest';
import { DRAG_ERRORS } from '../../../../src/domain/drag-rules';
import { normaliseForm } from '../../../../src/domain/form-tree';
import { moveTarget, paletteTarget, resolveDrop } from '../../../../src/features/builder/builder-targets';
import { sampleDocument } from './builder-fixtures';

// p1: i1, s1 [i2, i3]; p2: s2 []
const tree = () => normaliseForm(sampleDocument());

describe('paletteTarget', () => {
  it('adds a leaf after the selected leaf, at the end of a selected container, else at the end of the current page', () => {
    expect(paletteTarget(tree(), 'input', 'i2', 'p1')).toEqual({ parentId: 's1', index: 1 });
    expect(paletteTarget(tree(), 'input', 's1', 'p1')).toEqual({ parentId: 's1', index: 2 });
    expect(paletteTarget(tree(), 'presentation', 'p2', 'p2')).toEqual({ parentId: 'p2', index: 1 });
    expect(paletteTarget(tree(), 'input', null, 'p1')).toEqual({ parentId: 'p1', index: 2 });
    expect(paletteTarget(tree(), 'input', null, null)).toEqual({ parentId: 'p2', index: 1 });
  });

  it('adds a section next to the page child holding the selection', () => {
    expect(paletteTarget(tree(), 'section', 'i2', 'p1')).toEqual({ parentId: 'p1', index: 2 });
    expect(paletteTarget(tree(), 'section', 'i1', 'p1')).toEqual({ parentId: 'p1', index: 1 });
    expect(paletteTarget(tree(), 'section', 'p1', 'p1')).toEqual({ parentId: 'p1', index: 2 });
  });

  it('adds a page after the selection’s page, else last', () => {
    expect(paletteTarget(tree(), 'page', 'i3', 'p1')).toEqual({ parentId: null, index: 1 });
    expect(paletteTarget(tree(), 'page', null, 'p1')).toEqual({ parentId: null, index: 2 });
  });
});

describe('moveTarget', () => {
  it('moves among siblings, out of a section at its edges and across pages at theirs', () => {
    expect(moveTarget(tree(), 'i3', 'up')).toEqual({ parentId: 's1', index: 0 });
    expect(moveTarget(tree(), 'i2', 'up')).toEqual({ parentId: 'p1', index: 1 });
    expect(moveTarget(tree(), 'i3', 'down')).toEqual({ parentId: 'p1', index: 2 });
    expect(moveTarget(tree(), 's1', 'down')).toEqual({ parentId: 'p2', index: 0 });
    expect(moveTarget(tree(), 's2', 'up')).toEqual({ parentId: 'p1', index: 2 });
    expect(moveTarget(tree(), 'i1', 'up')).toBeNull();
    expect(moveTarget(tree(), 'p1', 'up')).toBeNull();
    expect(moveTarget(tree(), 'p1', 'down')).toEqual({ parentId: null, index: 1 });
  });
});

describe('resolveDrop: the drag rules with their messages', () => {
  it('refuses a page anywhere but the top level', () => {
    expect(resolveDrop(tree(), 'p2', { kind: 'container', id: 's1', index: 0 })).toEqual({ ok: false, message: DRAG_ERRORS.pageNested });
    expect(resolveDrop(tree(), { type: 'page' }, { kind: 'element', id: 'i2', position: 'after' })).toEqual({
      ok: false,
      message: DRAG_ERRORS.pageNested,
    });
  });

  it('refuses a section inside a section, and outside the form', () => {
    expect(resolveDrop(tree(), 's2', { kind: 'element', id: 'i3', position: 'before' })).toEqual({
      ok: false,
      message: DRAG_ERRORS.sectionOutsidePage,
    });
    expect(resolveDrop(tree(), { type: 'section' }, { kind: 'root', index: 0 })).toEqual({ ok: false, message: DRAG_ERRORS.sectionOutsideForm });
    expect(resolveDrop(tree(), 's1', { kind: 'none' })).toEqual({ ok: false, message: DRAG_ERRORS.sectionOutsideForm });
  });

  it('refuses inputs and presentations outside the form', () => {
    expect(resolveDrop(tree(), 'i1', { kind: 'root', index: 2 })).toEqual({ ok: false, message: DRAG_ERRORS.elementOutsideForm });
    expect(resolveDrop(tree(), { type: 'presentation' }, { kind: 'none' })).toEqual({ ok: false, message: DRAG_ERRORS.elementOutsideForm });
  });

  it('places allowed drops: into a list at an index, before/after an element, at the top of a page over its header', () => {
    expect(resolveDrop(tree(), 'i1', { kind: 'container', id: 's1', index: 1 })).toEqual({ ok: true, value: { parentId: 's1', index: 1 } });
    expect(resolveDrop(tree(), 'i1', { kind: 'container', id: 's2', index: 0 })).toEqual({ ok: true, value: { parentId: 's2', index: 0 } });
    expect(resolveDrop(tree(), 'i2', { kind: 'element', id: 'i1', position: 'before' })).toEqual({ ok: true, value: { parentId: 'p1', index: 0 } });
    expect(resolveDrop(tree(), 'i3', { kind: 'element', id: 'p2', position: 'after' })).toEqual({ ok: true, value: { parentId: 'p2', index: 0 } });
    expect(resolveDrop(tree(), 'p2', { kind: 'root', index: 0 })).toEqual({ ok: true, value: { parentId: null, index: 0 } });
    expect(resolveDrop(tree(), { type: 'page' }, { kind: 'root', index: 2 })).toEqual({ ok: true, value: { parentId: null, index: 2 } });
    // Within the same list, the index is the one after leaving the old place.
    expect(resolveDrop(tree(), 'i2', { kind: 'container', id: 's1', index: 2 })).toEqual({ ok: true, value: { parentId: 's1', index: 1 } });
  });

  it('does nothing for a page let go outside the canvas', () => {
    expect(resolveDrop(tree(), 'p1', { kind: 'none' })).toBeNull();
  });
});
