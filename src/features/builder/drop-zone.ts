/**
 * The drop zone a drag is over (see DropZone) and what a drop there would do, DOM-free: for a pointer, from what is
 * under it and a few vertical positions, which a CanvasLayout gives (canvas-dom.ts reads them from the DOM, tests
 * give them directly); for the keyboard, from the place of the form's tree its arrow keys chose.
 */
import type { DragResult, DropTarget } from '../../domain/drag-rules';
import type { FormTree } from '../../domain/form-tree';
import { indexInParent, parentOf } from '../../domain/form-tree';
import type { DropZone } from './builder-targets';
import { resolveDrop } from './builder-targets';
import type { CanvasTarget } from './dnd-ids';
import type { DragSource } from './element-actions';
import { elementTypeOfKind } from './palette-kinds';

/** Where things are on screen, read only while dragging (null or missing: not rendered). */
export interface CanvasLayout {
  /** The vertical centre of the element showing node `id`. */
  nodeCentreY(id: string): number | null;
  /** The vertical centres of the elements listed in a page's or section's body, in order. */
  childCentresY(containerId: string): number[];
  /** The innermost target under the point that `accept` takes; null outside the canvas. */
  targetAt(x: number, y: number, accept: (target: CanvasTarget) => boolean): CanvasTarget | null;
  /** Where a target is on screen. */
  boxOf(target: CanvasTarget): { top: number; bottom: number; left: number } | null;
}

const countAbove = (centres: Iterable<number | null>, y: number) => {
  let count = 0;
  for (const centre of centres) if (centre !== null && centre < y) count += 1;
  return count;
};

/** The drop zone of a pointer at height `pointerY` over `target` (null: outside the canvas). */
export function zoneOf(target: CanvasTarget | null, pointerY: number, tree: FormTree, layout: CanvasLayout): DropZone {
  if (!target) return { kind: 'none' };
  switch (target.kind) {
    case 'root':
      return { kind: 'root', index: countAbove(tree.pageIds.map((id) => layout.nodeCentreY(id)), pointerY) };
    case 'container':
      return { kind: 'container', id: target.containerId, index: countAbove(layout.childCentresY(target.containerId), pointerY) };
    case 'element': {
      const middle = layout.nodeCentreY(target.nodeId);
      return { kind: 'element', id: target.nodeId, position: middle !== null && pointerY < middle ? 'before' : 'after' };
    }
  }
}

/**
 * The drop zone standing for a place of the tree a keyboard drag of `activeId` chose (resolveDrop gives that place
 * back): in its own list, the element whose place it would take (itself where it is); in another list, before the
 * element at that place, or the end of the list.
 */
export function keyboardZone(tree: FormTree, activeId: string, target: DropTarget): DropZone {
  const ids = (target.parentId === null ? tree.pageIds : tree.childIds[target.parentId]) ?? [];
  const at = ids[target.index];
  if (at !== undefined) {
    const movesDown = parentOf(tree, activeId) === target.parentId && target.index > indexInParent(tree, activeId);
    return { kind: 'element', id: at, position: movesDown ? 'after' : 'before' };
  }
  return target.parentId === null ? { kind: 'root', index: ids.length } : { kind: 'container', id: target.parentId, index: ids.length };
}

/** What a drag would do if dropped now. */
export interface DragState {
  tree: FormTree;
  source: DragSource;
  zone: DropZone;
  /** Where it would go, or the drag rule it breaks; null: nothing would happen. */
  result: DragResult<DropTarget> | null;
}

/** Null when the drag is of an element no longer in the form. */
export function dragStateOf(tree: FormTree, source: DragSource, zone: DropZone): DragState | null {
  if (source.kind === 'element' && !tree.nodes[source.id]) return null;
  const subject = source.kind === 'element' ? source.id : { type: elementTypeOfKind(source.paletteKind) };
  return { tree, source, zone, result: resolveDrop(tree, subject, zone) };
}
