/** Where a drag is, without a DOM: what the pointer is over (a given hit test), and the keyboard's steps through the tree. */
import type { ClientRect, DroppableContainer, KeyboardCoordinateGetter } from '@dnd-kit/core';
import { describe, expect, it } from 'vitest';
import { normaliseForm } from '../../../../src/domain/form-tree';
import type { DragSession } from '../../../../src/features/builder/dnd-collision';
import { detectCollisions, isCandidate, keyboardCoordinates, keyboardStartOf, sessionZone } from '../../../../src/features/builder/dnd-collision';
import type { CanvasTarget } from '../../../../src/features/builder/dnd-ids';
import { sampleDocument } from '../../domain/form-fixtures';
import { box, fakeLayout } from './dnd-fixtures';

// p1: h1, i1, s1[i2, i3]   p2: i4, s2[i5]
const tree = normaliseForm(sampleDocument());

const session = (source: DragSession['source'], extra: Partial<DragSession> = {}): DragSession => ({
  source,
  type: source.kind === 'element' ? (tree.nodes[source.id]?.type ?? 'input') : 'input',
  inside: new Set(),
  pointer: null,
  keyboard: null,
  ...extra,
});
const element = (nodeId: string): CanvasTarget => ({ kind: 'element', nodeId });
const container = (containerId: string): CanvasTarget => ({ kind: 'container', containerId });

describe('isCandidate', () => {
  it('never offers the dragged element’s own inside', () => {
    const s1 = session({ kind: 'element', id: 's1' }, { inside: new Set(['i2', 'i3']) });
    expect(isCandidate(s1, element('i2'))).toBe(false);
    expect(isCandidate(s1, container('s1'))).toBe(false);
    expect(isCandidate(s1, element('s1'))).toBe(true);
    expect(isCandidate(s1, container('p1'))).toBe(true);
    expect(isCandidate(s1, { kind: 'root' })).toBe(true);
  });
});

describe('detectCollisions', () => {
  const canvas = { id: 'canvas-root', key: 'canvas-root', data: { current: {} }, disabled: false, node: { current: null }, rect: { current: null } } as unknown as DroppableContainer;
  const args = (pointer: { x: number; y: number } | null) =>
    ({
      active: { id: 'x', data: { current: undefined }, rect: { current: { initial: null, translated: null } } },
      collisionRect: box(100, 20),
      droppableRects: new Map([['canvas-root', box(0, 1000, 0, 800)]]),
      droppableContainers: [canvas],
      pointerCoordinates: pointer,
    }) as unknown as Parameters<typeof detectCollisions>[1];

  it('is over the canvas while the pointer is within it', () => {
    const palette = session({ kind: 'palette', paletteKind: 'textInput' });
    expect(detectCollisions(palette, args({ x: 300, y: 230 })).map((c) => c.id)).toEqual(['canvas-root']);
    expect(detectCollisions(palette, args({ x: 900, y: 230 }))).toEqual([]);
  });

  it('keeps a keyboard drag over the canvas', () => {
    const keyboard = session({ kind: 'element', id: 'i1' }, { keyboard: { parentId: 'p1', index: 1 } });
    expect(detectCollisions(keyboard, args(null)).map((c) => c.id)).toEqual(['canvas-root']);
    expect(detectCollisions(null, args(null))).toEqual([]);
  });
});

describe('sessionZone', () => {
  // Under the point (300, 220): i2, then the list of s1, s1, the list of p1, p1, the canvas.
  const under = () => [element('i2'), container('s1'), element('s1'), container('p1'), element('p1'), { kind: 'root' } as const];
  const layout = fakeLayout(tree, (id) => ({ i2: 230, s1: 260 })[id] ?? null, { under });

  it('is the innermost target under the pointer the drag may use', () => {
    const palette = session({ kind: 'palette', paletteKind: 'textInput' }, { pointer: { x: 300, y: 220 } });
    expect(sessionZone(palette, tree, layout)).toEqual({ kind: 'element', id: 'i2', position: 'before' });
    // A section dragged by its handle over its own child is over itself.
    const s1 = session({ kind: 'element', id: 's1' }, { pointer: { x: 300, y: 220 }, inside: new Set(['i2', 'i3']) });
    expect(sessionZone(s1, tree, layout)).toEqual({ kind: 'element', id: 's1', position: 'before' });
  });

  it('is none outside the canvas, or with no pointer and no keyboard place', () => {
    const outside = fakeLayout(tree, () => null);
    expect(sessionZone(session({ kind: 'palette', paletteKind: 'page' }, { pointer: { x: 5, y: 5 } }), tree, outside)).toEqual({ kind: 'none' });
    expect(sessionZone(session({ kind: 'element', id: 'i1' }), tree, outside)).toEqual({ kind: 'none' });
  });

  it('follows the keyboard’s place of the tree, whatever is under the pointer', () => {
    const keyboard = session({ kind: 'element', id: 'i1' }, { keyboard: { parentId: 's1', index: 2 }, pointer: { x: 300, y: 220 } });
    expect(sessionZone(keyboard, tree, layout)).toEqual({ kind: 'container', id: 's1', index: 2 });
    const gone = session({ kind: 'element', id: 'gone' }, { keyboard: { parentId: 's1', index: 0 } });
    expect(sessionZone(gone, tree, layout)).toEqual({ kind: 'none' });
  });
});

describe('keyboard drags', () => {
  it('start at the element’s own place', () => {
    expect(keyboardStartOf(tree, 'i2')).toEqual({ parentId: 's1', index: 0 });
    expect(keyboardStartOf(tree, 'p2')).toEqual({ parentId: null, index: 1 });
    expect(keyboardStartOf(tree, 'gone')).toBeNull();
  });

  const layout = fakeLayout(tree, () => null, {
    boxes: new Map<string, ClientRect>([
      ['i3', box(300, 80, 40, 500)],
      ['container:p1', box(60, 600, 20, 560)],
    ]),
  });
  const keyArgs = (code: string) => {
    const event = new KeyboardEvent('keydown', { code, cancelable: true });
    const context = { collisionRect: box(100, 30, 10, 200) } as unknown as Parameters<KeyboardCoordinateGetter>[1]['context'];
    return [event, { active: 'canvas-element', context, currentCoordinates: { x: 10, y: 100 } }] as const;
  };

  it('step one place of the tree per arrow key, and put the overlay where that place is drawn', () => {
    const drag = session({ kind: 'element', id: 'i2' }, { keyboard: keyboardStartOf(tree, 'i2') });
    const [down, args] = keyArgs('ArrowDown');
    // i2 → after i3, the end of its own list: the overlay's bottom on i3's.
    expect(keyboardCoordinates(drag, tree, layout, down, args)).toEqual({ x: 40, y: 350 });
    expect(down.defaultPrevented).toBe(true);
    expect(drag.keyboard).toEqual({ parentId: 's1', index: 1 });
    // → after the section, at the end of the page: the overlay's bottom on the page's list's.
    expect(keyboardCoordinates(drag, tree, layout, ...keyArgs('ArrowDown'))).toEqual({ x: 20, y: 630 });
    expect(drag.keyboard).toEqual({ parentId: 'p1', index: 3 });
    expect(keyboardCoordinates(drag, tree, layout, ...keyArgs('ArrowUp'))).toEqual({ x: 40, y: 350 });
    expect(drag.keyboard).toEqual({ parentId: 's1', index: 1 });
  });

  it('still move the overlay a pixel for a place not drawn or drawn where the overlay is, so the move is announced', () => {
    const drag = session({ kind: 'element', id: 'i1' }, { keyboard: keyboardStartOf(tree, 'i1') });
    // i1 → before h1: h1 is not measured here.
    expect(keyboardCoordinates(drag, tree, layout, ...keyArgs('ArrowUp'))).toEqual({ x: 10, y: 99 });
    expect(drag.keyboard).toEqual({ parentId: 'p1', index: 0 });
  });

  it('go nowhere past the ends, on other keys, or for a drag that is not a keyboard drag of an element', () => {
    const first = session({ kind: 'element', id: 'p1' }, { keyboard: keyboardStartOf(tree, 'p1') });
    expect(keyboardCoordinates(first, tree, layout, ...keyArgs('ArrowUp'))).toBeUndefined();
    expect(first.keyboard).toEqual({ parentId: null, index: 0 });
    expect(keyboardCoordinates(first, tree, layout, ...keyArgs('ArrowRight'))).toBeUndefined();
    expect(keyboardCoordinates(session({ kind: 'palette', paletteKind: 'textInput' }), tree, layout, ...keyArgs('ArrowDown'))).toBeUndefined();
    expect(keyboardCoordinates(session({ kind: 'element', id: 'i1' }), tree, layout, ...keyArgs('ArrowDown'))).toBeUndefined();
    expect(keyboardCoordinates(null, tree, layout, ...keyArgs('ArrowDown'))).toBeUndefined();
  });
});
