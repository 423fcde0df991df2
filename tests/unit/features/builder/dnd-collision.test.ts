/** Which drop targets a drag may use, and which one it is over, without a DOM (dnd-kit's maths on plain rects). */
import type { ClientRect, Collision, DroppableContainer } from '@dnd-kit/core';
import { describe, expect, it } from 'vitest';
import type { DragSession, RectMap } from '../../../../src/features/builder/dnd-collision';
import { detectCollisions, innermost, isCandidate } from '../../../../src/features/builder/dnd-collision';
import type { DroppableData } from '../../../../src/features/builder/dnd-ids';
import { box, containerData, elementData, rootData } from './dnd-fixtures';

const entry = (id: string, data: DroppableData) => ({ id, key: id, data: { current: data }, disabled: false, node: { current: null }, rect: { current: null } }) as DroppableContainer;

// p1 [i1, s1 [i2]], p2, and the canvas around them.
const ENTRIES = [
  entry('canvas-root', rootData),
  entry('p1', elementData('p1', 'page', null)),
  entry('container:p1', containerData('p1', 'page')),
  entry('i1', elementData('i1', 'input', 'page')),
  entry('s1', elementData('s1', 'section', 'page')),
  entry('container:s1', containerData('s1', 'section')),
  entry('i2', elementData('i2', 'input', 'section')),
  entry('p2', elementData('p2', 'page', null)),
];

const session = (source: DragSession['source'], type: DragSession['type'], inside: string[] = []): DragSession => ({ source, type, inside: new Set(inside), pointerY: null });
const candidates = (current: DragSession, keyboard: boolean) => ENTRIES.filter((e) => isCandidate(current, e, keyboard)).map((e) => e.id);

describe('isCandidate', () => {
  it('never offers the dragged element’s own inside', () => {
    const s1 = session({ kind: 'element', id: 's1' }, 'section', ['i2']);
    expect(candidates(s1, false)).toEqual(['canvas-root', 'p1', 'container:p1', 'i1', 's1', 'p2']);
  });

  it('lets the keyboard step from page to page with a page', () => {
    expect(candidates(session({ kind: 'element', id: 'p2' }, 'page'), true)).toEqual(['p1', 'p2']);
  });

  it('lets the keyboard stop only where a section may go with a section', () => {
    expect(candidates(session({ kind: 'palette', paletteKind: 'section' }, 'section'), true)).toEqual(['p1', 'container:p1', 'i1', 's1', 'p2']);
  });

  it('lets the keyboard stop anywhere in the form, not outside it, with other elements', () => {
    expect(candidates(session({ kind: 'palette', paletteKind: 'textInput' }, 'input'), true)).toEqual(ENTRIES.slice(1).map((e) => e.id));
  });

  it('skips a target without data', () => {
    const current = session({ kind: 'palette', paletteKind: 'textInput' }, 'input');
    expect(isCandidate(current, { data: { current: undefined } } as unknown as DroppableContainer, false)).toBe(false);
  });
});

describe('innermost', () => {
  it('picks the smallest target under the pointer, or none', () => {
    const rects: RectMap = new Map([
      ['p1', box(0, 400)],
      ['s1', box(100, 200)],
      ['i2', box(150, 50)],
    ]);
    const hits: Collision[] = [{ id: 'p1' }, { id: 'i2' }, { id: 's1' }];
    expect(innermost(hits, rects)).toEqual([{ id: 'i2' }]);
    expect(innermost([], rects)).toEqual([]);
    expect(innermost([{ id: 'unmeasured' }], rects)).toEqual([{ id: 'unmeasured' }]);
  });
});

describe('detectCollisions', () => {
  const rects: RectMap = new Map<string, ClientRect>([
    ['canvas-root', box(0, 1000, 0, 800)],
    ['p1', box(20, 400, 100, 600)],
    ['container:p1', box(60, 360, 110, 580)],
    ['i1', box(70, 80, 120, 560)],
    ['s1', box(160, 200, 120, 560)],
    ['container:s1', box(200, 150, 130, 540)],
    ['i2', box(210, 80, 140, 520)],
    ['p2', box(440, 300, 100, 600)],
  ]);
  const args = (pointer: { x: number; y: number } | null) => ({
    active: { id: 'x', data: { current: undefined }, rect: { current: { initial: null, translated: null } } },
    collisionRect: box(pointer ? pointer.y : 230, 20, 300, 100),
    droppableRects: rects,
    droppableContainers: ENTRIES,
    pointerCoordinates: pointer,
  }) as unknown as Parameters<typeof detectCollisions>[1];

  it('answers the innermost target under the pointer', () => {
    const palette = session({ kind: 'palette', paletteKind: 'textInput' }, 'input');
    expect(detectCollisions(palette, args({ x: 300, y: 230 }), rects).map((c) => c.id)).toEqual(['i2']);
    expect(detectCollisions(null, args({ x: 300, y: 230 }), rects).map((c) => c.id)).toEqual(['i2']);
  });

  it('skips what the drag may not use: a section over its own child is over itself', () => {
    const s1 = session({ kind: 'element', id: 's1' }, 'section', ['i2']);
    expect(detectCollisions(s1, args({ x: 300, y: 230 }), rects).map((c) => c.id)).toEqual(['s1']);
  });

  it('ranks only the keyboard’s candidates by distance when there is no pointer', () => {
    const page = session({ kind: 'element', id: 'p2' }, 'page');
    const ids = detectCollisions(page, args(null), rects).map((c) => c.id);
    expect(ids[0]).toBe('p1');
    expect(ids.every((id) => id === 'p1' || id === 'p2')).toBe(true);
  });
});
