/**
 * Which drop target a drag is over, DOM-free: dnd-kit's collision detection and keyboard coordinates restricted to
 * the targets a drag may use, and the innermost of those under the pointer.
 */
import { closestCorners, pointerWithin } from '@dnd-kit/core';
import type { Collision, CollisionDetection, DroppableContainer, KeyboardCoordinateGetter } from '@dnd-kit/core';
import { sortableKeyboardCoordinates } from '@dnd-kit/sortable';
import type { FormElementType } from '../../domain/form-document';
import type { DroppableData } from './dnd-ids';
import type { DragSource } from './element-actions';

export type RectMap = Parameters<CollisionDetection>[0]['droppableRects'];

/** The drag under way, as the DndContext keeps it from drag start to drop. */
export interface DragSession {
  source: DragSource;
  type: FormElementType;
  /** The dragged element's descendants: it cannot be dropped inside itself. */
  inside: ReadonlySet<string>;
  pointerY: number | null;
}

/**
 * Which drop targets count. Never the dragged element's own inside. The keyboard also skips stops that can never
 * take the dragged type (a page steps from page to page), so arrow keys go somewhere useful.
 */
export function isCandidate(session: DragSession, entry: Pick<DroppableContainer, 'data'>, keyboard: boolean): boolean {
  const data = entry.data.current as DroppableData | undefined;
  if (!data) return false;
  const activeId = session.source.kind === 'element' ? session.source.id : null;
  if (data.kind === 'element' && session.inside.has(data.nodeId)) return false;
  if (data.kind === 'container' && (data.containerId === activeId || session.inside.has(data.containerId))) return false;
  if (!keyboard) return true;
  switch (session.type) {
    case 'page':
      return data.kind === 'element' && data.nodeType === 'page';
    case 'section':
      if (data.kind === 'container') return data.containerType === 'page';
      return data.kind === 'element' && data.parentType !== 'section';
    default:
      return data.kind !== 'root';
  }
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
 * The builder's collision detection: among the candidates of the current drag (all targets when none is known), the
 * closest for the keyboard (which has no pointer), else the innermost under the pointer. `droppableRects` are the rects
 * to read (plain copies of args.droppableRects, see PlainRects).
 */
export function detectCollisions(session: DragSession | null, args: Parameters<CollisionDetection>[0], droppableRects: RectMap): Collision[] {
  const keyboard = args.pointerCoordinates === null;
  const candidates = session ? args.droppableContainers.filter((entry) => isCandidate(session, entry, keyboard)) : args.droppableContainers;
  if (keyboard) return closestCorners({ ...args, droppableRects, droppableContainers: candidates });
  return innermost(pointerWithin({ ...args, droppableRects, droppableContainers: candidates }), droppableRects);
}

/** dnd-kit's sortable keyboard coordinates, stepping only over the current drag's keyboard candidates. */
export function keyboardCoordinates(session: DragSession | null, ...[event, args]: Parameters<KeyboardCoordinateGetter>): ReturnType<KeyboardCoordinateGetter> {
  const all = args.context.droppableContainers;
  if (!session) return sortableKeyboardCoordinates(event, args);
  const enabled = all.getEnabled().filter((entry) => isCandidate(session, entry, true));
  const filtered = { getEnabled: () => enabled, get: (id: Parameters<typeof all.get>[0]) => all.get(id) } as unknown as typeof all;
  return sortableKeyboardCoordinates(event, { ...args, context: { ...args.context, droppableContainers: filtered } });
}
