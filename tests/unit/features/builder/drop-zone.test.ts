/** Drag maths without a DOM: the zone under the pointer (or the keyboard's place) and what a drop there would do. */
import { describe, expect, it } from 'vitest';
import { DRAG_ERRORS } from '../../../../src/domain/drag-rules';
import { dropTargetsInOrder } from '../../../../src/domain/drop-projection';
import { normaliseForm } from '../../../../src/domain/form-tree';
import { resolveDrop } from '../../../../src/features/builder/builder-targets';
import { dragStateOf, keyboardZone, zoneOf } from '../../../../src/features/builder/drop-zone';
import { sampleDocument } from './builder-fixtures';
import { fakeLayout } from './dnd-fixtures';

// p1: i1, s1 [i2, i3]; p2: s2 []
const tree = normaliseForm(sampleDocument());

/** Centres on screen: p1 100 (i1 140, s1 260 (i2 230, i3 290)), p2 500 (s2 540); those in `hidden` not rendered. */
const CENTRES: Record<string, number> = { p1: 100, i1: 140, s1: 260, i2: 230, i3: 290, p2: 500, s2: 540 };
const layout = (hidden: string[] = []) => fakeLayout(tree, (id) => (hidden.includes(id) ? null : (CENTRES[id] ?? null)));

describe('zoneOf', () => {
  it('is none outside the canvas', () => {
    expect(zoneOf(null, 300, tree, layout())).toEqual({ kind: 'none' });
  });

  it('counts the pages above the pointer on the canvas outside them', () => {
    expect(zoneOf({ kind: 'root' }, 50, tree, layout())).toEqual({ kind: 'root', index: 0 });
    expect(zoneOf({ kind: 'root' }, 300, tree, layout())).toEqual({ kind: 'root', index: 1 });
    expect(zoneOf({ kind: 'root' }, 900, tree, layout())).toEqual({ kind: 'root', index: 2 });
    // A page not rendered is not counted.
    expect(zoneOf({ kind: 'root' }, 900, tree, layout(['p1']))).toEqual({ kind: 'root', index: 1 });
  });

  it('counts the children above the pointer in a page’s or section’s body', () => {
    const p1 = { kind: 'container', containerId: 'p1' } as const;
    expect(zoneOf(p1, 120, tree, layout())).toEqual({ kind: 'container', id: 'p1', index: 0 });
    expect(zoneOf(p1, 200, tree, layout())).toEqual({ kind: 'container', id: 'p1', index: 1 });
    expect(zoneOf({ kind: 'container', containerId: 's2' }, 550, tree, layout())).toEqual({ kind: 'container', id: 's2', index: 0 });
  });

  it('puts the drop before or after an element by the pointer against its middle', () => {
    const i1 = { kind: 'element', nodeId: 'i1' } as const;
    expect(zoneOf(i1, 130, tree, layout())).toEqual({ kind: 'element', id: 'i1', position: 'before' });
    expect(zoneOf(i1, 150, tree, layout())).toEqual({ kind: 'element', id: 'i1', position: 'after' });
    // Within the dragged element's own list alike: the line shows where it goes.
    expect(zoneOf({ kind: 'element', nodeId: 'i2' }, 225, tree, layout())).toEqual({ kind: 'element', id: 'i2', position: 'before' });
    // Not measured: after it.
    expect(zoneOf(i1, 10, tree, layout(['i1']))).toEqual({ kind: 'element', id: 'i1', position: 'after' });
  });
});

describe('keyboardZone', () => {
  it('stands for a place of the element’s own list by the element whose place it takes', () => {
    expect(keyboardZone(tree, 'i2', { parentId: 's1', index: 0 })).toEqual({ kind: 'element', id: 'i2', position: 'before' });
    expect(keyboardZone(tree, 'i2', { parentId: 's1', index: 1 })).toEqual({ kind: 'element', id: 'i3', position: 'after' });
    expect(keyboardZone(tree, 'i3', { parentId: 's1', index: 0 })).toEqual({ kind: 'element', id: 'i2', position: 'before' });
  });

  it('stands for a place of another list by the element it goes before, or the end of the list', () => {
    expect(keyboardZone(tree, 'i1', { parentId: 's1', index: 1 })).toEqual({ kind: 'element', id: 'i3', position: 'before' });
    expect(keyboardZone(tree, 'i1', { parentId: 's1', index: 2 })).toEqual({ kind: 'container', id: 's1', index: 2 });
    expect(keyboardZone(tree, 'i1', { parentId: 's2', index: 0 })).toEqual({ kind: 'container', id: 's2', index: 0 });
  });

  it('resolves back to the very place, for every place of every element', () => {
    for (const id of Object.keys(tree.nodes)) {
      for (const target of dropTargetsInOrder(tree, id)) {
        expect({ id, target, result: resolveDrop(tree, id, keyboardZone(tree, id, target)) }).toEqual({ id, target, result: { ok: true, value: target } });
      }
    }
  });
});

describe('dragStateOf', () => {
  it('gives the drop a zone resolves to', () => {
    const state = dragStateOf(tree, { kind: 'palette', paletteKind: 'textInput' }, { kind: 'container', id: 's2', index: 0 });
    expect(state).toMatchObject({ source: { kind: 'palette', paletteKind: 'textInput' }, zone: { kind: 'container', id: 's2', index: 0 } });
    expect(state?.result).toEqual({ ok: true, value: { parentId: 's2', index: 0 } });
  });

  it('carries the rule a refused drop breaks', () => {
    const state = dragStateOf(tree, { kind: 'element', id: 's1' }, { kind: 'container', id: 's2', index: 0 });
    expect(state?.result).toEqual({ ok: false, message: DRAG_ERRORS.sectionOutsidePage });
  });

  it('is null for a drag of an element no longer in the form', () => {
    expect(dragStateOf(tree, { kind: 'element', id: 'gone' }, { kind: 'root', index: 0 })).toBeNull();
  });
});
