/**
 * The drop zone a drag is over (see DropZone) and what a drop there would do, DOM-free: the vertical positions it needs come from a CanvasLayout,
 * which the DndContext reads from the DOM (canvas-dom.ts) and tests give directly.
 */
import type { Active, Over } from '@dnd-kit/core';
import type { DragResult, DropTarget } from '../../domain/drag-rules';
import type { FormTree } from '../../domain/form-tree';
import type { DropZone } from './builder-targets';
import { resolveDrop } from './builder-targets';
import type { DroppableData } from './dnd-ids';
import { inSameList, sortableOf, sourceOf } from './dnd-ids';
import type { DragSource } from './element-actions';
import { elementTypeOfKind } from './palette-kinds';

/** Vertical centres on screen (null or missing: not rendered). */
export interface CanvasLayout {
  /** The centre of the element showing node `id`. */
  nodeCentreY(id: string): number | null;
  /** The centres of the elements listed in a page's or section's body, in order. */
  childCentresY(containerId: string): number[];
}

const countAbove = (centres: Iterable<number | null>, y: number) => {
  let count = 0;
  for (const centre of centres) if (centre !== null && centre < y) count += 1;
  return count;
};

/**
 * The drop zone under the pointer; without a pointer (a keyboard drag), the place the target stands for (see
 * keyboardStop in dnd-collision.ts): before an item of another list, the end of a list or of the pages.
 */
export function zoneOf(active: Active, over: Over | null, pointerY: number | null, tree: FormTree, layout: CanvasLayout): DropZone {
  if (!over) return { kind: 'none' };
  const data = over.data.current as DroppableData | undefined;
  if (!data) return { kind: 'none' };
  switch (data.kind) {
    case 'root': {
      if (pointerY === null) return { kind: 'root', index: tree.pageIds.length };
      return { kind: 'root', index: countAbove(tree.pageIds.map((id) => layout.nodeCentreY(id)), pointerY) };
    }
    case 'container': {
      const count = tree.childIds[data.containerId]?.length ?? 0;
      if (pointerY === null) return { kind: 'container', id: data.containerId, index: count };
      return { kind: 'container', id: data.containerId, index: countAbove(layout.childCentresY(data.containerId), pointerY) };
    }
    case 'element': {
      const from = sortableOf(active.data.current);
      const to = sortableOf(over.data.current);
      // Within one list, dnd-kit's sortable preview shows the element taking the other's place.
      if (from && to && from.containerId === to.containerId) {
        return { kind: 'element', id: data.nodeId, position: to.index > from.index ? 'after' : 'before' };
      }
      if (pointerY === null) return { kind: 'element', id: data.nodeId, position: 'before' };
      const middle = layout.nodeCentreY(data.nodeId) ?? over.rect.top + over.rect.height / 2;
      return { kind: 'element', id: data.nodeId, position: pointerY < middle ? 'before' : 'after' };
    }
  }
}

/** What a drag would do if dropped now. */
export interface DragState {
  tree: FormTree;
  source: DragSource;
  zone: DropZone;
  /** Where it would go, or the drag rule it breaks; null: nothing would happen. */
  result: DragResult<DropTarget> | null;
  /** Over an item of its own sortable list (dnd-kit's preview shows that move). */
  sameList: boolean;
}

/** Null when the drag is of nothing the builder knows (or of an element no longer in the form). */
export function dragStateOf(tree: FormTree, active: Active, over: Over | null, pointerY: number | null, layout: CanvasLayout): DragState | null {
  const source = sourceOf(active);
  if (!source) return null;
  if (source.kind === 'element' && !tree.nodes[source.id]) return null;
  const zone = zoneOf(active, over, pointerY, tree, layout);
  const subject = source.kind === 'element' ? source.id : { type: elementTypeOfKind(source.paletteKind) };
  const result = resolveDrop(tree, subject, zone);
  const sameList = over !== null && inSameList(active.data.current, over.data.current);
  return { tree, source, zone, result, sameList };
}
