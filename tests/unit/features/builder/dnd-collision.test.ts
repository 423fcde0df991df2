/** Which drop targets a drag may use, and which one it is over, without a DOM (dnd-kit's maths on plain rects, the tree for the keyboard). */
import type { ClientRect, Collision, DroppableContainer, KeyboardCoordinateGetter } from '@dnd-kit/core';
import { describe, expect, it } from 'vitest';
import { normaliseForm } from '../../../../src/domain/form-tree';
import type { DragSession, RectMap } from '../../../../src/features/builder/dnd-collision';
import { detectCollisions, innermost, isCandidate, keyboardCoordinates, keyboardDragOf, keyboardStop } from '../../../../src/features/builder/dnd-collision';
import type { DroppableData } from '../../../../src/features/builder/dnd-ids';
import { sampleDocument } from '../../domain/form-fixtures';
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

const session = (source: DragSession['source'], type: DragSession['type'], inside: string[] = [], keyboard: DragSession['keyboard'] = null): DragSession => ({
  source,
  type,
  inside: new Set(inside),
  pointerY: null,
  keyboard,
});
const candidates = (current: DragSession) => ENTRIES.filter((e) => isCandidate(current, e)).map((e) => e.id);

describe('isCandidate', () => {
  it('never offers the dragged element’s own inside', () => {
    const s1 = session({ kind: 'element', id: 's1' }, 'section', ['i2']);
    expect(candidates(s1)).toEqual(['canvas-root', 'p1', 'container:p1', 'i1', 's1', 'p2']);
  });

  it('offers everything else, refused places included (they show the rule that refuses them)', () => {
    expect(candidates(session({ kind: 'palette', paletteKind: 'section' }, 'section'))).toEqual(ENTRIES.map((e) => e.id));
  });

  it('skips a target without data', () => {
    const current = session({ kind: 'palette', paletteKind: 'textInput' }, 'input');
    expect(isCandidate(current, { data: { current: undefined } } as unknown as DroppableContainer)).toBe(false);
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

  it('answers the keyboard drag’s own target, wherever the rects are', () => {
    const keyboard = session({ kind: 'element', id: 'i1' }, 'input', [], { target: { parentId: 's1', index: 1 }, over: 'container:s1' });
    expect(detectCollisions(keyboard, args(null), rects)).toEqual([{ id: 'container:s1' }]);
  });

  it('falls back to the closest target for a keyboard drag of nothing the builder knows', () => {
    expect(detectCollisions(null, args(null), rects)[0].id).toBe('i2');
  });
});

describe('keyboard drags', () => {
  // p1: h1, i1, s1[i2, i3]   p2: i4, s2[i5]
  const tree = normaliseForm(sampleDocument());

  it('start at the element’s own place, over the element itself', () => {
    expect(keyboardDragOf(tree, 'i2')).toEqual({ target: { parentId: 's1', index: 0 }, over: 'i2' });
    expect(keyboardDragOf(tree, 'p2')).toEqual({ target: { parentId: null, index: 1 }, over: 'p2' });
    expect(keyboardDragOf(tree, 'gone')).toBeNull();
  });

  it('stand for a place in the element’s own list by the item whose place it takes', () => {
    expect(keyboardStop(tree, 'i1', { parentId: 'p1', index: 0 })).toEqual({ id: 'h1', alignEnd: false });
    expect(keyboardStop(tree, 'i1', { parentId: 'p1', index: 1 })).toEqual({ id: 'i1', alignEnd: false });
    expect(keyboardStop(tree, 'i1', { parentId: 'p1', index: 2 })).toEqual({ id: 's1', alignEnd: true });
    expect(keyboardStop(tree, 'p1', { parentId: null, index: 1 })).toEqual({ id: 'p2', alignEnd: true });
  });

  it('stand for a place in another list by the item it goes before, or the list for its end', () => {
    expect(keyboardStop(tree, 'i1', { parentId: 's1', index: 1 })).toEqual({ id: 'i3', alignEnd: false });
    expect(keyboardStop(tree, 'i1', { parentId: 's1', index: 2 })).toEqual({ id: 'container:s1', alignEnd: true });
    expect(keyboardStop(tree, 's1', { parentId: 'p2', index: 2 })).toEqual({ id: 'container:p2', alignEnd: true });
  });

  const keyArgs = (code: string) => {
    const event = new KeyboardEvent('keydown', { code, cancelable: true });
    const droppableRects: RectMap = new Map<string, ClientRect>([
      ['i3', box(300, 80, 40, 500)],
      ['container:s1', box(250, 200, 30, 520)],
      ['s1', box(200, 260, 20, 540)],
    ]);
    const context = { droppableRects, collisionRect: box(100, 30, 10, 200) } as unknown as Parameters<KeyboardCoordinateGetter>[1]['context'];
    return [event, { active: 'i2', context, currentCoordinates: { x: 10, y: 100 } }] as const;
  };

  it('step one place of the tree per arrow key, and put the overlay on the target standing for it', () => {
    const drag = session({ kind: 'element', id: 'i2' }, 'input', [], keyboardDragOf(tree, 'i2'));
    const [down, args] = keyArgs('ArrowDown');
    // i2 → after i3, the end of its own list: the overlay's bottom on i3's.
    expect(keyboardCoordinates(drag, tree, down, args)).toEqual({ x: 40, y: 350 });
    expect(down.defaultPrevented).toBe(true);
    expect(drag.keyboard).toEqual({ target: { parentId: 's1', index: 1 }, over: 'i3' });
    // → after the section, on the page: unmeasured, so the overlay stays where it is.
    expect(keyboardCoordinates(drag, tree, ...keyArgs('ArrowDown'))).toEqual({ x: 10, y: 100 });
    expect(drag.keyboard).toEqual({ target: { parentId: 'p1', index: 3 }, over: 'container:p1' });
    expect(keyboardCoordinates(drag, tree, ...keyArgs('ArrowUp'))).toEqual({ x: 40, y: 350 });
    expect(drag.keyboard).toEqual({ target: { parentId: 's1', index: 1 }, over: 'i3' });
  });

  it('go nowhere past the ends, on other keys, or for a drag without a keyboard session', () => {
    const first = session({ kind: 'element', id: 'p1' }, 'page', [], keyboardDragOf(tree, 'p1'));
    expect(keyboardCoordinates(first, tree, ...keyArgs('ArrowUp'))).toBeUndefined();
    expect(first.keyboard).toEqual({ target: { parentId: null, index: 0 }, over: 'p1' });
    expect(keyboardCoordinates(first, tree, ...keyArgs('ArrowRight'))).toBeUndefined();
    expect(keyboardCoordinates(session({ kind: 'palette', paletteKind: 'textInput' }, 'input'), tree, ...keyArgs('ArrowDown'))).toBeUndefined();
    expect(keyboardCoordinates(null, tree, ...keyArgs('ArrowDown'))).toBeUndefined();
  });
});
