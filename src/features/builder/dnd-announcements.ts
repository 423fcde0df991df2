/**
 * What screen readers hear while dragging (dnd-kit's live region): the instructions on a drag handle, then what is
 * picked up, where it would go (or which drag rule refuses it), where it was dropped, or that the move was cancelled.
 */
import type { ScreenReaderInstructions } from '@dnd-kit/core';
import type { DropTarget } from '../../domain/drag-rules';
import type { FormTree } from '../../domain/form-tree';
import type { DragState } from './drop-zone';
import type { DragSource } from './element-actions';
import { PALETTE_LABELS, elementName } from './palette-kinds';

export const SCREEN_READER_INSTRUCTIONS: ScreenReaderInstructions = {
  draggable:
    'To move this element, press Space or Enter. Use the up and down arrow keys to choose where it goes, then press Space or Enter to drop it there, or Escape to cancel. The Move up and Move down buttons of a selected element do the same one step at a time.',
};

/** 'position 2 of 3 in Section: Matter' (counted as the list will be once the dragged element has left it). */
export function describeTarget(tree: FormTree, target: DropTarget, moving: string | null): string {
  const siblings = (target.parentId === null ? tree.pageIds : tree.childIds[target.parentId]) ?? [];
  const staysInList = moving !== null && siblings.includes(moving);
  const count = staysInList ? siblings.length : siblings.length + 1;
  const where = target.parentId === null ? 'among the pages' : `in ${elementName(tree.nodes[target.parentId])}`;
  return `position ${target.index + 1} of ${count} ${where}`;
}

/** The dragged thing's name, also shown on the drag chip. */
export function draggedName(source: DragSource, tree: FormTree): string {
  if (source.kind === 'palette') return `New ${PALETTE_LABELS[source.paletteKind]}`;
  const node = tree.nodes[source.id];
  return node ? elementName(node) : 'Element';
}

/** Where a drop would go (`ok`), or the drag rule that refuses it; null when nothing would happen. */
export type DropOutcome = { ok: true; text: string } | { ok: false; text: string } | null;

export function outcomeOf(state: DragState | null): DropOutcome {
  if (!state || state.result === null) return null;
  if (!state.result.ok) return { ok: false, text: state.result.message };
  const moving = state.source.kind === 'element' ? state.source.id : null;
  return { ok: true, text: describeTarget(state.tree, state.result.value, moving) };
}

export const pickedUpText = (name: string) => `Picked up ${name}.`;

/** While dragging: null (say nothing) when over a target where nothing would happen. */
export function overText(name: string, outside: boolean, outcome: DropOutcome): string | null {
  if (outside) return `${name} is outside the form.`;
  if (!outcome) return null;
  return outcome.ok ? `${name} would go to ${outcome.text}.` : `${name} cannot be dropped here: ${outcome.text}.`;
}

export function dropText(name: string, outcome: DropOutcome): string {
  if (!outcome) return `${name} was dropped where it was.`;
  return outcome.ok ? `${name} was dropped at ${outcome.text}.` : `${name} was not moved: ${outcome.text}.`;
}

export const cancelledText = (name: string) => `Moving ${name} was cancelled.`;
