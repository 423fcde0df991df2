/**
 * Where an element may be dropped (spec §4 drag rules, messages spec §8). DOM-free, so the builder's dnd-kit
 * handlers only translate events; the projection of a drop onto the tree is in drop-projection.ts, because the tree
 * operations (form-tree.ts) check these rules themselves.
 */
import type { FormElementType } from './form-document';

export const DRAG_ERRORS = {
  pageNested: 'Pages cannot be nested',
  sectionOutsidePage: 'Sections can only be placed on pages',
  elementOutsideForm: 'Elements cannot be placed outside the form',
  sectionOutsideForm: 'Sections cannot be placed outside the form',
} as const;

type DragErrorMessage = (typeof DRAG_ERRORS)[keyof typeof DRAG_ERRORS];
export type DragResult<T> = { ok: true; value: T } | { ok: false; message: string };
/** The type of the container a drop lands in; null is the top level of the form (where pages live). */
export type DropParentType = 'page' | 'section' | null;
export type DropCheck = { ok: true } | { ok: false; message: DragErrorMessage };

const OK: DropCheck = Object.freeze({ ok: true }) as DropCheck;

function assertNever(value: never): never {
  throw new Error(`Unexpected element type: ${String(value)}`);
}

export function checkDrop(draggedType: FormElementType, targetParentType: DropParentType): DropCheck {
  switch (draggedType) {
    case 'page':
      return targetParentType === null ? OK : { ok: false, message: DRAG_ERRORS.pageNested };
    case 'section':
      if (targetParentType === 'page') return OK;
      return { ok: false, message: targetParentType === null ? DRAG_ERRORS.sectionOutsideForm : DRAG_ERRORS.sectionOutsidePage };
    case 'input':
    case 'presentation':
      return targetParentType === null ? { ok: false, message: DRAG_ERRORS.elementOutsideForm } : OK;
    default:
      return assertNever(draggedType);
  }
}

export type DropPosition = 'before' | 'after' | 'inside';
export interface DropTarget {
  /** null: top level (pages). */
  parentId: string | null;
  /** Index in the parent's children once the dragged element has left its old place (what moveNode expects). */
  index: number;
}
