import type { ClientRect } from '@dnd-kit/core';
import type { FormTree } from '../../../../src/domain/form-tree';
import type { CanvasTarget } from '../../../../src/features/builder/dnd-ids';
import type { CanvasLayout } from '../../../../src/features/builder/drop-zone';

export function box(top: number, height: number, left = 0, width = 600): ClientRect {
  return { top, left, width, height, bottom: top + height, right: left + width };
}

/**
 * A canvas layout given directly: the centre of each node (null: not rendered), what a point is over (innermost
 * first, as the DOM's hit test and its ancestors give it), and where targets are.
 */
export function fakeLayout(
  tree: FormTree,
  centreOf: (id: string) => number | null,
  { under = () => [], boxes = new Map() }: { under?: (x: number, y: number) => CanvasTarget[]; boxes?: Map<string, ClientRect> } = {},
): CanvasLayout {
  const keyOf = (target: CanvasTarget) => (target.kind === 'element' ? target.nodeId : target.kind === 'container' ? `container:${target.containerId}` : 'root');
  return {
    nodeCentreY: centreOf,
    childCentresY: (id) => (tree.childIds[id] ?? []).map(centreOf).filter((centre): centre is number => centre !== null),
    targetAt: (x, y, accept) => under(x, y).find(accept) ?? null,
    boxOf: (target) => boxes.get(keyOf(target)) ?? null,
  };
}
