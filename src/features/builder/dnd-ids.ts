/**
 * The builder's drag-and-drop vocabulary: the ids its draggables and droppables are registered under, and the data
 * each carries (dnd-kit's `data.current`), shared by the canvas, the palette and the DndContext.
 */
import type { Active } from '@dnd-kit/core';
import type { FormElementType } from '../../domain/form-document';
import type { DragSource } from './element-actions';
import type { PaletteKind } from './palette-kinds';

export const CANVAS_ROOT_ID = 'canvas-root';
export const containerDroppableId = (id: string) => `container:${id}`;
export const paletteDraggableId = (kind: PaletteKind) => `palette:${kind}`;
export const sortableListId = (parentId: string | null) => `list:${parentId ?? 'root'}`;

export type ParentType = 'page' | 'section' | null;

/** A canvas element: draggable by its handle, and a drop target (its own box). */
export interface ElementDragData {
  kind: 'element';
  nodeId: string;
  nodeType: FormElementType;
  parentType: ParentType;
}
export interface PaletteDragData {
  kind: 'palette';
  paletteKind: PaletteKind;
}
/** The body of a page or section, between its children. */
export interface ContainerDropData {
  kind: 'container';
  containerId: string;
  containerType: 'page' | 'section';
}
/** The canvas outside every page. */
export interface RootDropData {
  kind: 'root';
}

type DraggableData = ElementDragData | PaletteDragData;
export type DroppableData = ElementDragData | ContainerDropData | RootDropData;

/** What dnd-kit's sortable adds to the data of an item in a SortableContext. */
export interface SortableInfo {
  containerId: string;
  index: number;
}

export const sortableOf = (data: unknown): SortableInfo | null =>
  data && typeof data === 'object' && 'sortable' in data ? ((data as { sortable: SortableInfo }).sortable ?? null) : null;

/** Both are items of the same sortable list (dnd-kit's preview then shows the one taking the other's place). */
export function inSameList(activeData: unknown, overData: unknown): boolean {
  const from = sortableOf(activeData);
  const to = sortableOf(overData);
  return Boolean(from && to && from.containerId === to.containerId);
}

export function sourceOf(active: Active): DragSource | null {
  const data = active.data.current as DraggableData | undefined;
  if (data?.kind === 'palette') return { kind: 'palette', paletteKind: data.paletteKind };
  if (data?.kind === 'element') return { kind: 'element', id: data.nodeId };
  return null;
}
