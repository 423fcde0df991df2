/**
 * Where things go in the builder, DOM-free: palette additions (after the selection, or at the end of the current
 * page), Move up / Move down, and a canvas drop zone translated to the domain's projectDrop.
 */
import type { DragResult, DropTarget } from '../../domain/drag-rules';
import { projectDrop } from '../../domain/drop-projection';
import type { FormElementType } from '../../domain/form-document';
import type { FormTree } from '../../domain/form-tree';
import { indexInParent, pageOf, parentOf } from '../../domain/form-tree';

/**
 * Where a palette click adds an element of `type`:
 * - a page: after the selection's page, else last;
 * - a section: after the selected page child (a selected section's own children count as the section), at the end of
 *   a selected page, else at the end of the current page;
 * - an input or presentation: after the selected leaf, at the end of a selected page or section, else at the end of
 *   the current page.
 */
export function paletteTarget(tree: FormTree, type: FormElementType, selectedId: string | null, currentPageId: string | null): DropTarget | null {
  const selected = selectedId !== null ? tree.nodes[selectedId] : undefined;
  const lastPage = tree.pageIds[tree.pageIds.length - 1] ?? null;
  const fallbackPage = currentPageId !== null && tree.nodes[currentPageId] ? currentPageId : lastPage;
  const endOf = (containerId: string): DropTarget => ({ parentId: containerId, index: tree.childIds[containerId]?.length ?? 0 });
  const after = (id: string): DropTarget => ({ parentId: parentOf(tree, id), index: indexInParent(tree, id) + 1 });

  if (type === 'page') {
    const page = selected ? pageOf(tree, selected.id) : null;
    return page ? after(page) : { parentId: null, index: tree.pageIds.length };
  }
  if (!selected) return fallbackPage ? endOf(fallbackPage) : null;

  if (type === 'section') {
    if (selected.type === 'page') return endOf(selected.id);
    // The page child holding the selection: the selection itself, or the section around a selected leaf.
    const pageChild = selected.type !== 'section' && tree.nodes[selected.parentId]?.type === 'section' ? selected.parentId : selected.id;
    return after(pageChild);
  }
  if (selected.type === 'page' || selected.type === 'section') return endOf(selected.id);
  return after(selected.id);
}

/**
 * Move up / Move down: one place among the siblings; at the edge of a section a leaf steps out of it (before or
 * after the section); at the edge of a page a page child goes to the end of the previous / start of the next page.
 * Null when there is nowhere to go. The index follows moveNode's convention (position once it has left).
 */
export function moveTarget(tree: FormTree, id: string, direction: 'up' | 'down'): DropTarget | null {
  const node = tree.nodes[id];
  if (!node) return null;
  const parentId = parentOf(tree, id);
  const siblings = parentId === null ? tree.pageIds : tree.childIds[parentId];
  const index = siblings.indexOf(id);
  if (direction === 'up' && index > 0) return { parentId, index: index - 1 };
  if (direction === 'down' && index < siblings.length - 1) return { parentId, index: index + 1 };
  if (parentId === null) return null;

  const parent = tree.nodes[parentId];
  if (parent.type === 'section') {
    const sectionIndex = indexInParent(tree, parent.id);
    return { parentId: parent.parentId, index: direction === 'up' ? sectionIndex : sectionIndex + 1 };
  }
  const pageIndex = tree.pageIds.indexOf(parentId);
  const neighbour = tree.pageIds[direction === 'up' ? pageIndex - 1 : pageIndex + 1];
  if (neighbour === undefined) return null;
  return { parentId: neighbour, index: direction === 'up' ? tree.childIds[neighbour].length : 0 };
}

/** What the pointer (or the keyboard) is over when a drag ends, as the canvas measured it. */
export type DropZone =
  /** Over an element's own box (its header, for pages and sections). */
  | { kind: 'element'; id: string; position: 'before' | 'after' }
  /** Over the body of a page or section, between its children: `index` is where among them. */
  | { kind: 'container'; id: string; index: number }
  /** Over the canvas outside every page: `index` is where among the pages. */
  | { kind: 'root'; index: number }
  /** Outside the canvas. */
  | { kind: 'none' };

export type DragSubject = string | { type: FormElementType };

const subjectId = (subject: DragSubject) => (typeof subject === 'string' ? subject : null);

/** Before the element at `index` of `ids`, or after the last one (inside `containerId` when empty). */
function beforeIndex(tree: FormTree, subject: DragSubject, ids: readonly string[], index: number, containerId: string | null): DragResult<DropTarget> {
  const activeId = subjectId(subject);
  const at = ids[index];
  if (at !== undefined) return projectDrop(tree, subject, at, at === activeId ? 'after' : 'before');
  const last = ids[ids.length - 1];
  if (last !== undefined) return projectDrop(tree, subject, last, 'after');
  if (containerId !== null) return projectDrop(tree, subject, containerId, 'inside');
  return projectDrop(tree, subject, null, 'after');
}

/**
 * The drop's parent and index, or the drag rule it breaks (spec §4, messages spec §8). Null: nothing to do (a page
 * let go outside the canvas).
 */
export function resolveDrop(tree: FormTree, subject: DragSubject, zone: DropZone): DragResult<DropTarget> | null {
  const activeId = subjectId(subject);
  const draggedType: FormElementType = activeId !== null ? tree.nodes[activeId].type : (subject as { type: FormElementType }).type;
  switch (zone.kind) {
    case 'none':
      return draggedType === 'page' ? null : projectDrop(tree, subject, null, 'after');
    case 'root':
      if (draggedType !== 'page') return projectDrop(tree, subject, null, 'after');
      return beforeIndex(tree, subject, tree.pageIds, zone.index, null);
    case 'container':
      if (!tree.nodes[zone.id]) return null;
      return beforeIndex(tree, subject, tree.childIds[zone.id] ?? [], zone.index, zone.id);
    case 'element': {
      const over = tree.nodes[zone.id];
      if (!over) return null;
      // A page's header takes other elements in at the top of the page.
      if (over.type === 'page' && draggedType !== 'page') return beforeIndex(tree, subject, tree.childIds[over.id], 0, over.id);
      return projectDrop(tree, subject, zone.id, zone.position);
    }
  }
}
