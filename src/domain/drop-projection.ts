/**
 * The pure projection of a canvas drop onto a parent and an index (spec §4 drag rules), and the places a keyboard
 * drag steps through. Apart from drag-rules.ts because it reads the tree, whose operations check those rules:
 * together they were an import cycle.
 */
import { DRAG_ERRORS, checkDrop } from './drag-rules';
import type { DragResult, DropParentType, DropPosition, DropTarget } from './drag-rules';
import type { FormElementType } from './form-document';
import type { FormTree } from './form-tree';
import { indexInParent, parentOf } from './form-tree';

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

/**
 * Every place element `activeId` may be dropped (spec §4 drag rules), in reading order: before the first child of a
 * page or section, then into that child when it is a section, then before the next child, …, then at the end. Its
 * own place is one of them; its own inside is not. Indices are as moveNode expects them (once it has left its
 * place), so the list is the same whichever of them the element is dropped at.
 */
export function dropTargetsInOrder(tree: FormTree, activeId: string): DropTarget[] {
  const active = tree.nodes[activeId];
  if (!active) throw new Error(`dropTargetsInOrder: unknown element "${activeId}"`);
  const targets: DropTarget[] = [];
  const visit = (parentId: string | null, parentType: DropParentType, ids: readonly string[]) => {
    const allowed = checkDrop(active.type, parentType).ok;
    const list = ids.filter((id) => id !== activeId);
    for (let index = 0; index <= list.length; index += 1) {
      if (allowed) targets.push({ parentId, index });
      const child = index < list.length ? tree.nodes[list[index]] : undefined;
      // A page's children can only be sections or leaves, so this never walks more than two levels down.
      if (child && (child.type === 'page' || child.type === 'section')) visit(child.id, child.type, tree.childIds[child.id] ?? []);
    }
  };
  visit(null, null, tree.pageIds);
  return targets;
}

const sameTarget = (a: DropTarget, b: DropTarget) => a.parentId === b.parentId && a.index === b.index;

/** Where element `id` is now, as a drop place: its parent and its index there. */
export function placeOf(tree: FormTree, id: string): DropTarget {
  return { parentId: parentOf(tree, id), index: indexInParent(tree, id) };
}

/**
 * Where a keyboard drag of `activeId` goes from `from` with one arrow key: the next (`step` 1) or previous (-1) of
 * dropTargetsInOrder, from the element's own place when `from` is null or no longer one of them. Null at either end.
 * Worked out from the tree alone, so it cannot be misled by where things were on screen when they were measured.
 */
export function stepDropTarget(tree: FormTree, activeId: string, from: DropTarget | null, step: 1 | -1): DropTarget | null {
  const targets = dropTargetsInOrder(tree, activeId);
  const own = placeOf(tree, activeId);
  let at = from === null ? -1 : targets.findIndex((target) => sameTarget(target, from));
  if (at === -1) at = targets.findIndex((target) => sameTarget(target, own));
  return targets[at + step] ?? null;
}
