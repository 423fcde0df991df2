import type { Active, ClientRect, Over } from '@dnd-kit/core';
import type { DroppableData, PaletteDragData } from '../../../../src/features/builder/dnd-ids';

export function box(top: number, height: number, left = 0, width = 600): ClientRect {
  return { top, left, width, height, bottom: top + height, right: left + width };
}

type Data = DroppableData | PaletteDragData;
type Sortable = { containerId: string; index: number };

/** What dnd-kit hands the builder as the dragged item; `moved`: where its overlay went relative to its start. */
export function active(data: Data, sortable?: Sortable, moved?: 'down' | 'up'): Active {
  const initial = box(100, 40);
  const translated = moved === undefined ? null : box(moved === 'down' ? 160 : 40, 40);
  return {
    id: 'active',
    data: { current: sortable ? { ...data, sortable } : data },
    rect: { current: { initial: moved === undefined ? null : initial, translated } },
  } as unknown as Active;
}

export function over(data: DroppableData, rect = box(0, 100), sortable?: Sortable): Over {
  return { id: 'over', rect, disabled: false, data: { current: sortable ? { ...data, sortable } : data } } as Over;
}

export const elementData = (nodeId: string, nodeType: 'page' | 'section' | 'input' | 'presentation', parentType: 'page' | 'section' | null): DroppableData => ({
  kind: 'element',
  nodeId,
  nodeType,
  parentType,
});
export const containerData = (containerId: string, containerType: 'page' | 'section'): DroppableData => ({ kind: 'container', containerId, containerType });
export const rootData: DroppableData = { kind: 'root' };
export const paletteData = (paletteKind: PaletteDragData['paletteKind']): PaletteDragData => ({ kind: 'palette', paletteKind });
