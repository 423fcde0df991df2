/**
 * The drag under way and where it is, DOM-free. dnd-kit's own collision detection only says whether the drag is
 * over the form (the canvas is its one droppable); what it is over inside is the builder's: with the pointer, the
 * innermost target under it that the drag may use (the CanvasLayout's hit test); with the keyboard, no geometry at
 * all: each arrow key steps to the next or previous place the element may go in the form's tree (stepDropTarget).
 * Rects only place the drag overlay, so a page still scrolling (or measured before it scrolled) can move the chip
 * but never the drop.
 */
import { KeyboardCode, pointerWithin } from '@dnd-kit/core';
import type { Collision, CollisionDetection, KeyboardCoordinateGetter } from '@dnd-kit/core';
import type { DropTarget } from '../../domain/drag-rules';
import { placeOf, stepDropTarget } from '../../domain/drop-projection';
import type { FormElementType } from '../../domain/form-document';
import type { FormTree } from '../../domain/form-tree';
import type { DropZone } from './builder-targets';
import type { CanvasTarget } from './dnd-ids';
import { CANVAS_ROOT_ID } from './dnd-ids';
import type { DragSource } from './element-actions';
import type { CanvasLayout } from './drop-zone';
import { keyboardZone, zoneOf } from './drop-zone';

/** The drag under way, as the DndContext keeps it from drag start to drop. */
export interface DragSession {
  source: DragSource;
  type: FormElementType;
  /** The dragged element's descendants: it cannot be dropped inside itself. */
  inside: ReadonlySet<string>;
  /** Where the pointer is (null for a keyboard drag). */
  pointer: { x: number; y: number } | null;
  /** A keyboard drag (of a canvas element): the place of the tree it would drop at now. */
  keyboard: DropTarget | null;
}

/** Which targets a pointer may be over: never the dragged element's own inside. */
export function isCandidate(session: DragSession, target: CanvasTarget): boolean {
  const activeId = session.source.kind === 'element' ? session.source.id : null;
  if (target.kind === 'element') return !session.inside.has(target.nodeId);
  if (target.kind === 'container') return target.containerId !== activeId && !session.inside.has(target.containerId);
  return true;
}

/**
 * dnd-kit's collision detection: over the canvas or not. A keyboard drag is always over it (it only steps between
 * places of the form); a pointer is over it when it is within it.
 */
export function detectCollisions(session: DragSession | null, args: Parameters<CollisionDetection>[0]): Collision[] {
  if (args.pointerCoordinates === null) return session?.keyboard ? [{ id: CANVAS_ROOT_ID }] : [];
  return pointerWithin(args);
}

/** The drop zone of the drag now: the keyboard's place, or what is under the pointer; 'none' outside the form. */
export function sessionZone(session: DragSession, tree: FormTree, layout: CanvasLayout): DropZone {
  if (session.keyboard && session.source.kind === 'element') {
    return tree.nodes[session.source.id] ? keyboardZone(tree, session.source.id, session.keyboard) : { kind: 'none' };
  }
  if (!session.pointer) return { kind: 'none' };
  const { x, y } = session.pointer;
  return zoneOf(
    layout.targetAt(x, y, (target) => isCandidate(session, target)),
    y,
    tree,
    layout,
  );
}

/** Where a keyboard drag starts: the dragged element's own place. */
export function keyboardStartOf(tree: FormTree, activeId: string): DropTarget | null {
  if (!tree.nodes[activeId]) return null;
  return placeOf(tree, activeId);
}

/** The target a keyboard zone is drawn at, and whether the drag overlay lines up with its end (a place after it). */
function anchorOf(zone: DropZone): { target: CanvasTarget; atEnd: boolean } | null {
  switch (zone.kind) {
    case 'element':
      return { target: { kind: 'element', nodeId: zone.id }, atEnd: zone.position === 'after' };
    case 'container':
      return { target: { kind: 'container', containerId: zone.id }, atEnd: true };
    case 'root':
      return { target: { kind: 'root' }, atEnd: true };
    case 'none':
      return null;
  }
}

/**
 * dnd-kit's keyboard coordinates for the builder: ArrowDown / ArrowUp move a keyboard drag to the next / previous
 * place of the tree (updating `session.keyboard`); the coordinates returned only move the drag overlay there (the top
 * of the element it goes before, or the end of what it goes after), and let dnd-kit scroll it into view.
 */
export function keyboardCoordinates(
  session: DragSession | null,
  tree: FormTree,
  layout: CanvasLayout,
  ...[event, args]: Parameters<KeyboardCoordinateGetter>
): ReturnType<KeyboardCoordinateGetter> {
  const step = event.code === KeyboardCode.Down ? 1 : event.code === KeyboardCode.Up ? -1 : 0;
  if (step === 0 || !session?.keyboard || session.source.kind !== 'element') return undefined;
  event.preventDefault();
  const activeId = session.source.id;
  if (!tree.nodes[activeId]) return undefined;
  const target = stepDropTarget(tree, activeId, session.keyboard, step);
  if (target === null) return undefined;
  session.keyboard = target;
  const anchor = anchorOf(keyboardZone(tree, activeId, target));
  const box = anchor ? layout.boxOf(anchor.target) : null;
  const current = args.currentCoordinates;
  const height = args.context.collisionRect?.height ?? 0;
  const next = box ? { x: box.left, y: anchor?.atEnd ? Math.max(box.top, box.bottom - height) : box.top } : current;
  // dnd-kit announces a move (onDragMove) only when the overlay moves: a place drawn where the last one was (or not
  // drawn at all) still moves it by a pixel, so every step is announced.
  if (Math.abs(next.x - current.x) < 1 && Math.abs(next.y - current.y) < 1) return { x: current.x, y: current.y + step };
  return next;
}
