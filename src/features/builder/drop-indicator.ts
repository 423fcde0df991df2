/**
 * The drop indicator: a data attribute (data-drop, styled in builder.css) on one DOM node, so nothing re-renders while
 * the pointer moves. Where it goes is decided DOM-free (indicatorFor); DropIndicator only moves the attribute.
 */
import type { DragResult, DropTarget } from '../../domain/drag-rules';
import type { FormTree } from '../../domain/form-tree';
import type { DropZone } from './builder-targets';
import { canvasElementOf } from './canvas-dom';
import type { CanvasTarget } from './dnd-ids';

export type Indicator = 'before' | 'after' | 'inside' | 'invalid';

export interface IndicatorPlacement {
  /** What to mark: an element, a page's or section's list, or the canvas. */
  target: CanvasTarget | null;
  indicator: Indicator;
}

/**
 * Where the drop would land, as a line before or after an element (or an outline of an empty list); a refused drop
 * marks what the pointer is over as invalid. Null: show nothing (outside the form, or nothing would happen).
 * `draggedId`: the canvas element dragged (null for a palette item); the drop's index counts its list without it.
 */
export function indicatorFor(tree: FormTree, zone: DropZone, result: DragResult<DropTarget> | null, draggedId: string | null): IndicatorPlacement | null {
  if (zone.kind === 'none' || result === null) return null;
  if (!result.ok) {
    const over: CanvasTarget = zone.kind === 'element' ? { kind: 'element', nodeId: zone.id } : zone.kind === 'container' ? { kind: 'container', containerId: zone.id } : { kind: 'root' };
    return { target: over, indicator: 'invalid' };
  }
  const { parentId, index } = result.value;
  const siblings = ((parentId === null ? tree.pageIds : tree.childIds[parentId]) ?? []).filter((id) => id !== draggedId);
  const at = siblings[index];
  if (at !== undefined) return { target: { kind: 'element', nodeId: at }, indicator: 'before' };
  if (siblings.length > 0) return { target: { kind: 'element', nodeId: siblings[siblings.length - 1] }, indicator: 'after' };
  return { target: parentId === null ? null : { kind: 'container', containerId: parentId }, indicator: 'inside' };
}

export class DropIndicator {
  private element: HTMLElement | null = null;

  /** Shows `placement` (nothing for null), clearing the previous mark. */
  place(placement: IndicatorPlacement | null) {
    if (placement === null) this.clear();
    else this.show(placement.target === null ? null : canvasElementOf(placement.target), placement.indicator);
  }

  private show(element: HTMLElement | null, kind: Indicator) {
    if (this.element === element && element?.dataset.drop === kind) return;
    this.clear();
    if (!element) return;
    element.dataset.drop = kind;
    this.element = element;
  }

  clear() {
    if (this.element) delete this.element.dataset.drop;
    this.element = null;
  }
}
