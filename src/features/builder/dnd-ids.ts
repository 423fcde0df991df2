/**
 * The builder's drag-and-drop vocabulary: the ids registered with dnd-kit, the data its draggables carry (dnd-kit's
 * `data.current`), the markers the canvas puts in the DOM for drags, and what a pointer can be over.
 *
 * Only a handful of things are registered with dnd-kit: each palette item, ONE draggable that stands for whichever
 * canvas element is picked up (see CanvasDragSource in builder-dnd.tsx), and the canvas as the one droppable. Every
 * registered item re-renders, and every droppable is measured, whenever a drag starts or its target changes; with one
 * per canvas element that was most of a drag start on a large form. What is under the pointer is found in the DOM
 * (canvas-dom.ts), and keyboard moves follow the form's tree (dnd-collision.ts).
 */
import type { Active } from '@dnd-kit/core';
import type { DragSource } from './element-actions';
import type { PaletteKind } from './palette-kinds';

/** The canvas (the droppable: a pointer over it is over the form) and the id its element has in the DOM. */
export const CANVAS_ROOT_ID = 'canvas-root';
/** The one draggable standing for the canvas element being dragged. */
export const CANVAS_DRAGGABLE_ID = 'canvas-element';
export const paletteDraggableId = (kind: PaletteKind) => `palette:${kind}`;
/**
 * The DndContext's id, which dnd-kit gives its hidden screen-reader instructions: every drag handle points to them
 * with aria-describedby.
 */
export const DRAG_INSTRUCTIONS_ID = 'builder-drag-instructions';
/** A canvas element's drag handle (marked data-drag-handle): the canvas picks elements up by it (one listener for all). */
export const DRAG_HANDLE_SELECTOR = '[data-drag-handle]';
/** Marks the canvas element being dragged (styled like dnd-kit's is-dragging, set without a re-render). */
export const DRAGGING_ATTRIBUTE = 'data-dragging';

/** A canvas element, picked up by its handle. */
export interface ElementDragData {
  kind: 'element';
  nodeId: string;
}
export interface PaletteDragData {
  kind: 'palette';
  paletteKind: PaletteKind;
}
type DraggableData = ElementDragData | PaletteDragData;

/**
 * What a pointer is over in the canvas: an element's own box (a page's or section's header included), the body of
 * a page or section between its children, or the canvas outside every page.
 */
export type CanvasTarget = { kind: 'element'; nodeId: string } | { kind: 'container'; containerId: string } | { kind: 'root' };

export function sourceOf(active: Active): DragSource | null {
  const data = active.data.current as DraggableData | undefined;
  if (data?.kind === 'palette') return { kind: 'palette', paletteKind: data.paletteKind };
  if (data?.kind === 'element') return { kind: 'element', id: data.nodeId };
  return null;
}
