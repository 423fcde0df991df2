/**
 * Which drop target a drag is over, DOM-free. With the pointer: dnd-kit's collision detection restricted to the
 * targets the drag may use, and the innermost of those under the pointer. With the keyboard: no geometry at all;
 * each arrow key steps to the next or previous place the element may go in the form's tree (stepDropTarget), and
 * the drag is "over" the target that stands for that place (keyboardStop), which drop-zone.ts reads back as that
 * same place. Rects only place the drag overlay, so a page still scrolling (or measured before it scrolled) can
 * move the chip but never the drop.
 */
import { KeyboardCode, closestCorners, pointerWithin } from '@dnd-kit/core';
import type { Collision, CollisionDetection, DroppableContainer, KeyboardCoordinateGetter } from '@dnd-kit/core';
import type { DropTarget } from '../../domain/drag-rules';
import { stepDropTarget } from '../../domain/drop-projection';
import type { FormElementType } from '../../domain/form-document';
import type { FormTree } from '../../domain/form-tree';
import { indexInParent, parentOf } from '../../domain/form-tree';
import type { DroppableData } from './dnd-ids';
import { CANVAS_ROOT_ID, containerDroppableId } from './dnd-ids';
import type { DragSource } from './element-actions';

export type RectMap = Parameters<CollisionDetection>[0]['droppableRects'];

/** A keyboard drag: the place it would drop at now, and the drop target standing for it (see keyboardStop). */
export interface KeyboardDrag {
  target: DropTarget;
  over: string;
}

/** The drag under way, as the DndContext keeps it from drag start to drop. */
export interface DragSession {
  source: DragSource;
  type: FormElementType;
  /** The dragged element's descendants: it cannot be dropped inside itself. */
  inside: ReadonlySet<string>;
  pointerY: number | null;
  /** Set for a drag with the keyboard (of a canvas element), from its own place on. */
  keyboard: KeyboardDrag | null;
}

/** Which drop targets a pointer may use: never the dragged element's own inside. */
export function isCandidate(session: DragSession, entry: Pick<DroppableContainer, 'data'>): boolean {
  const data = entry.data.current as DroppableData | undefined;
  if (!data) return false;
  const activeId = session.source.kind === 'element' ? session.source.id : null;
  if (data.kind === 'element' && session.inside.has(data.nodeId)) return false;
  if (data.kind === 'container' && (data.containerId === activeId || session.inside.has(data.containerId))) return false;
  return true;
}

/** The innermost of the targets under the pointer: an element inside a section beats the section beats its page. */
export function innermost(collisions: readonly Collision[], rects: RectMap): Collision[] {
  let best = collisions[0];
  let bestArea = Number.POSITIVE_INFINITY;
  for (const collision of collisions) {
    const rect = rects.get(collision.id);
    const area = rect ? rect.width * rect.height : Number.POSITIVE_INFINITY;
    if (area < bestArea) {
      best = collision;
      bestArea = area;
    }
  }
  return best ? [best] : [];
}

/**
 * The builder's collision detection: a keyboard drag is over the target its arrow keys chose; a pointer is over the
 * innermost of the targets the drag may use under it. `droppableRects` are the rects to read (plain copies of
 * args.droppableRects, see PlainRects).
 */
export function detectCollisions(session: DragSession | null, args: Parameters<CollisionDetection>[0], droppableRects: RectMap): Collision[] {
  if (args.pointerCoordinates === null) {
    if (session?.keyboard) return [{ id: session.keyboard.over }];
    return closestCorners({ ...args, droppableRects });
  }
  const candidates = session ? args.droppableContainers.filter((entry) => isCandidate(session, entry)) : args.droppableContainers;
  return innermost(pointerWithin({ ...args, droppableRects, droppableContainers: candidates }), droppableRects);
}

/** A keyboard drag's place as a drop target: `id` is what it is over; `alignEnd`: the place is at that target's end. */
interface KeyboardStop {
  id: string;
  alignEnd: boolean;
}

/**
 * The drop target standing for `target`, which zoneOf reads back as `target`: in the element's own list, the item
 * whose place it would take (itself where it is); in another list, the item it would go before, or the list itself
 * for its end (the canvas for the end of the pages).
 */
export function keyboardStop(tree: FormTree, activeId: string, target: DropTarget): KeyboardStop {
  const ids = (target.parentId === null ? tree.pageIds : tree.childIds[target.parentId]) ?? [];
  const at = ids[target.index];
  if (at !== undefined) {
    const ownList = parentOf(tree, activeId) === target.parentId;
    return { id: at, alignEnd: ownList && target.index > indexInParent(tree, activeId) };
  }
  return { id: target.parentId === null ? CANVAS_ROOT_ID : containerDroppableId(target.parentId), alignEnd: true };
}

/** Where a keyboard drag starts: the dragged element's own place. */
export function keyboardDragOf(tree: FormTree, activeId: string): KeyboardDrag | null {
  if (!tree.nodes[activeId]) return null;
  return { target: { parentId: parentOf(tree, activeId), index: indexInParent(tree, activeId) }, over: activeId };
}

/**
 * dnd-kit's keyboard coordinates for the builder: ArrowDown / ArrowUp move the drag to the next / previous place of
 * the tree (updating `session.keyboard`); the coordinates returned only move the drag overlay there (its top, or its
 * end for a place at the end of a list or after the element's own place).
 */
export function keyboardCoordinates(session: DragSession | null, tree: FormTree, ...[event, args]: Parameters<KeyboardCoordinateGetter>): ReturnType<KeyboardCoordinateGetter> {
  const step = event.code === KeyboardCode.Down ? 1 : event.code === KeyboardCode.Up ? -1 : 0;
  if (step === 0 || !session?.keyboard || session.source.kind !== 'element') return undefined;
  event.preventDefault();
  const activeId = session.source.id;
  if (!tree.nodes[activeId]) return undefined;
  const target = stepDropTarget(tree, activeId, session.keyboard.target, step);
  if (target === null) return undefined;
  const stop = keyboardStop(tree, activeId, target);
  session.keyboard = { target, over: stop.id };
  const rect = args.context.droppableRects.get(stop.id);
  // Coordinates are always returned: dnd-kit re-renders on a move, and that picks up the new target.
  if (!rect) return args.currentCoordinates;
  const height = args.context.collisionRect?.height ?? 0;
  return { x: rect.left, y: stop.alignEnd ? Math.max(rect.top, rect.bottom - height) : rect.top };
}
