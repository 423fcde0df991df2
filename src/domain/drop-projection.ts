/**
 * The pure projection of a canvas drop onto a parent and an index (spec §4 drag rules). Apart from drag-rules.ts
 * because it reads the tree, whose operations check those rules: together they were an import cycle.
 */
import { DRAG_ERRORS, checkDrop } from './drag-rules';
import type { DragResult, DropParentType, DropPosition, DropTarget } from './drag-rules';
import type { FormElementType } from './form-document';
import type { FormTree } from './form-tree';

/**
 * Projects a drop of `active` (an element id of the tree, or `{ type }` for a new element from the palette) relative
 * to the element `overId`: before or after it among its siblings, or inside it (at the end of a page's or section's
 * children; 'inside' a leaf means after it). `overId` null means the pointer left the form. The projection is
 * literal — a page dropped next to a section lands in that section's page and is refused — so the user always sees
 * the rule that stopped the drop.
 */
export function projectDrop(
  tree: FormTree,
  active: string | { type: FormElementType },
  overId: string | null,
  position: DropPosition,
): DragResult<DropTarget> {
  const activeId = typeof active === 'string' ? active : null;
  const activeNode = activeId === null ? undefined : tree.nodes[activeId];
  if (activeId !== null && !activeNode) throw new Error(`projectDrop: unknown element "${activeId}"`);
  const draggedType: FormElementType = activeNode ? activeNode.type : (active as { type: FormElementType }).type;

  if (overId === null) {
    return { ok: false, message: draggedType === 'section' ? DRAG_ERRORS.sectionOutsideForm : DRAG_ERRORS.elementOutsideForm };
  }
  const over = tree.nodes[overId];
  if (!over) throw new Error(`projectDrop: unknown element "${overId}"`);

  let parentId: string | null;
  let rawIndex: number;
  if (activeId === overId) {
    // Dropped on itself: stays where it is.
    parentId = over.type === 'page' ? null : over.parentId;
    const siblings = parentId === null ? tree.pageIds : tree.childIds[parentId];
    return { ok: true, value: { parentId, index: siblings.indexOf(overId) } };
  }
  if (position === 'inside' && (over.type === 'page' || over.type === 'section')) {
    parentId = over.id;
    rawIndex = tree.childIds[over.id].length;
  } else {
    parentId = over.type === 'page' ? null : over.parentId;
    const siblings = parentId === null ? tree.pageIds : tree.childIds[parentId];
    rawIndex = siblings.indexOf(overId) + (position === 'before' ? 0 : 1);
  }

  const parentType: DropParentType = parentId === null ? null : (tree.nodes[parentId].type as 'page' | 'section');
  const check = checkDrop(draggedType, parentType);
  if (!check.ok) return check;

  let index = rawIndex;
  if (activeNode) {
    const activeParent = activeNode.type === 'page' ? null : activeNode.parentId;
    if (activeParent === parentId) {
      const siblings = parentId === null ? tree.pageIds : tree.childIds[parentId];
      const from = siblings.indexOf(activeNode.id);
      if (from !== -1 && from < rawIndex) index -= 1;
    }
  }
  return { ok: true, value: { parentId, index } };
}
