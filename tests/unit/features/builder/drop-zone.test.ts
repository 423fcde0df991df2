/** Drag maths without a DOM: the zone under the pointer (or the keyboard's box) and what a drop there would do. */
import { describe, expect, it } from 'vitest';
import { DRAG_ERRORS } from '../../../../src/domain/drag-rules';
import { dropTargetsInOrder } from '../../../../src/domain/drop-projection';
import { indexInParent, normaliseForm, parentOf } from '../../../../src/domain/form-tree';
import { resolveDrop } from '../../../../src/features/builder/builder-targets';
import { keyboardStop } from '../../../../src/features/builder/dnd-collision';
import type { DroppableData } from '../../../../src/features/builder/dnd-ids';
import { CANVAS_ROOT_ID, sortableListId } from '../../../../src/features/builder/dnd-ids';
import type { CanvasLayout } from '../../../../src/features/builder/drop-zone';
import { dragStateOf, zoneOf } from '../../../../src/features/builder/drop-zone';
import { sampleDocument } from './builder-fixtures';
import { active, box, containerData, elementData, over, paletteData, rootData } from './dnd-fixtures';

// p1: i1, s1 [i2, i3]; p2: s2 []
const tree = normaliseForm(sampleDocument());

/** Centres on screen: p1 100 (i1 140, s1 260 (i2 230, i3 290)), p2 500 (s2 540); s2 not rendered in `hidden`. */
const CENTRES: Record<string, number> = { p1: 100, i1: 140, s1: 260, i2: 230, i3: 290, p2: 500, s2: 540 };
const layout = (hidden: string[] = []): CanvasLayout => ({
  nodeCentreY: (id) => (hidden.includes(id) ? null : (CENTRES[id] ?? null)),
  childCentresY: (id) => (tree.childIds[id] ?? []).filter((child) => !hidden.includes(child)).map((child) => CENTRES[child]),
});

const i3 = active(elementData('i3', 'input', 'section'), { containerId: 'list:s1', index: 1 });

describe('zoneOf', () => {
  it('is none outside every target', () => {
    expect(zoneOf(i3, null, 300, tree, layout())).toEqual({ kind: 'none' });
  });

  it('counts the pages above the pointer on the canvas outside them', () => {
    expect(zoneOf(i3, over(rootData), 50, tree, layout())).toEqual({ kind: 'root', index: 0 });
    expect(zoneOf(i3, over(rootData), 300, tree, layout())).toEqual({ kind: 'root', index: 1 });
    expect(zoneOf(i3, over(rootData), 900, tree, layout())).toEqual({ kind: 'root', index: 2 });
    // A page not rendered is not counted.
    expect(zoneOf(i3, over(rootData), 900, tree, layout(['p1']))).toEqual({ kind: 'root', index: 1 });
  });

  it('counts the children above the pointer in a page’s or section’s body', () => {
    expect(zoneOf(i3, over(containerData('p1', 'page')), 120, tree, layout())).toEqual({ kind: 'container', id: 'p1', index: 0 });
    expect(zoneOf(i3, over(containerData('p1', 'page')), 200, tree, layout())).toEqual({ kind: 'container', id: 'p1', index: 1 });
    expect(zoneOf(i3, over(containerData('s2', 'section')), 550, tree, layout())).toEqual({ kind: 'container', id: 's2', index: 0 });
  });

  it('puts the drop before or after an element by the pointer against its middle', () => {
    const palette = active(paletteData('textInput'));
    expect(zoneOf(palette, over(elementData('i1', 'input', 'page')), 130, tree, layout())).toEqual({ kind: 'element', id: 'i1', position: 'before' });
    expect(zoneOf(palette, over(elementData('i1', 'input', 'page')), 150, tree, layout())).toEqual({ kind: 'element', id: 'i1', position: 'after' });
    // Not rendered: the middle of dnd-kit's own rect of it.
    const i1Over = over(elementData('i1', 'input', 'page'), box(0, 100));
    expect(zoneOf(palette, i1Over, 40, tree, layout(['i1']))).toEqual({ kind: 'element', id: 'i1', position: 'before' });
    expect(zoneOf(palette, i1Over, 60, tree, layout(['i1']))).toEqual({ kind: 'element', id: 'i1', position: 'after' });
  });

  it('follows the sortable preview within one list: the element takes the other’s place', () => {
    const i2Over = over(elementData('i2', 'input', 'section'), box(200, 60), { containerId: 'list:s1', index: 0 });
    expect(zoneOf(i3, i2Over, 999, tree, layout())).toEqual({ kind: 'element', id: 'i2', position: 'before' });
    const i2 = active(elementData('i2', 'input', 'section'), { containerId: 'list:s1', index: 0 });
    const i3Over = over(elementData('i3', 'input', 'section'), box(260, 60), { containerId: 'list:s1', index: 1 });
    expect(zoneOf(i2, i3Over, 0, tree, layout())).toEqual({ kind: 'element', id: 'i3', position: 'after' });
  });

  it('reads a keyboard drag’s target back as the place it stands for, whichever way the drag came', () => {
    // Every place of every element: keyboardStop's target, as dnd-kit hands it over, resolves to that very place.
    for (const id of Object.keys(tree.nodes)) {
      const dragged = active(droppableOf(id), sortableInfo(id));
      for (const target of dropTargetsInOrder(tree, id)) {
        const stop = keyboardStop(tree, id, target);
        const zone = zoneOf(dragged, over(droppableOf(stop.id), box(0, 40), sortableInfo(stop.id) ?? undefined), null, tree, layout());
        expect({ id, target, result: resolveDrop(tree, id, zone) }).toEqual({ id, target, result: { ok: true, value: target } });
      }
    }
  });
});

/** The data dnd-kit carries for a canvas element (with its sortable list) or a list, as the canvas registers them. */
function droppableOf(id: string): DroppableData {
  if (id === CANVAS_ROOT_ID) return rootData;
  if (id.startsWith('container:')) {
    const containerId = id.slice('container:'.length);
    return containerData(containerId, tree.nodes[containerId].type as 'page' | 'section');
  }
  const parentId = parentOf(tree, id);
  return elementData(id, tree.nodes[id].type, parentId === null ? null : (tree.nodes[parentId].type as 'page' | 'section'));
}
function sortableInfo(id: string) {
  if (!tree.nodes[id]) return undefined;
  return { containerId: sortableListId(parentOf(tree, id)), index: indexInParent(tree, id) };
}

describe('dragStateOf', () => {
  it('gives the zone, the drop it resolves to and whether the sortable preview shows it', () => {
    const state = dragStateOf(tree, active(paletteData('textInput')), over(containerData('s2', 'section')), 550, layout());
    expect(state).toMatchObject({ source: { kind: 'palette', paletteKind: 'textInput' }, zone: { kind: 'container', id: 's2', index: 0 } });
    expect(state?.result).toEqual({ ok: true, value: { parentId: 's2', index: 0 } });
    expect(state?.sameList).toBe(false);
    const i2Over = over(elementData('i2', 'input', 'section'), box(200, 60), { containerId: 'list:s1', index: 0 });
    expect(dragStateOf(tree, i3, i2Over, 210, layout())?.sameList).toBe(true);
  });

  it('carries the rule a refused drop breaks', () => {
    const section = active(elementData('s1', 'section', 'page'));
    const state = dragStateOf(tree, section, over(containerData('s2', 'section')), 550, layout());
    expect(state?.result).toEqual({ ok: false, message: DRAG_ERRORS.sectionOutsidePage });
  });

  it('is null for a drag of nothing the builder knows, or of an element no longer in the form', () => {
    expect(dragStateOf(tree, active({ kind: 'root' } as never), over(rootData), 0, layout())).toBeNull();
    expect(dragStateOf(tree, active(elementData('gone', 'input', 'page')), over(rootData), 0, layout())).toBeNull();
  });
});
