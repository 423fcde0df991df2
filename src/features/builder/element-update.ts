/**
 * elementUpdated, the action typing sends once per key, outside Immer: the next state is built directly from the
 * structure-sharing updateNode, so a keystroke in a 500-element form pays neither for an Immer draft nor for Immer's
 * walk of the finished state (`npm run bench:builder`). The slice's formReducer routes the action here.
 */
import { freeze } from '@reduxjs/toolkit';
import { collectDataNames, dataNameFromLabel } from '../../domain/data-name';
import { updateNode } from '../../domain/form-tree';
import type { FormTree, TreeNode } from '../../domain/form-tree';
import type { FormState } from './form-state';

export interface ElementUpdatedPayload {
  id: string;
  patch: Partial<TreeNode>;
}

/**
 * The other inputs' dataNames, which a dataName made from a label must avoid. Typing into a label asks for them on
 * every key, and a label edit changes no other node: the set is kept with the nodes record it was made from, and
 * moved on to the record that edit produced (updateNode replaces that one node), so the next key finds it again.
 */
let otherNamesCache: { nodes: Record<string, TreeNode>; id: string; names: ReadonlySet<string> } | null = null;

function otherDataNames(tree: FormTree, id: string): ReadonlySet<string> {
  if (otherNamesCache?.id === id && otherNamesCache.nodes === tree.nodes) return otherNamesCache.names;
  const names = collectDataNames(tree, id);
  otherNamesCache = { nodes: tree.nodes, id, names };
  return names;
}

/**
 * A property edit: the next state (the same state when nothing changes), frozen as Immer would leave it. A label edit
 * regenerates the input's dataName (unique) until the dataName is edited by hand. (Save problems the edit fixes are
 * re-checked by formReducer: save-errors.ts.)
 */
export function updateElement(state: FormState, { id, patch }: ElementUpdatedPayload): FormState {
  const { tree } = state;
  const node = tree.nodes[id];
  if (!node) return state;
  let next = patch;
  if (node.type === 'input' && 'label' in patch && typeof patch.label === 'string' && !state.customDataNames[id]) {
    next = { ...patch, dataName: dataNameFromLabel(patch.label, otherDataNames(tree, id)) } as Partial<TreeNode>;
  }
  const updated = updateNode(tree, id, next);
  if (updated === tree) return state;
  // updateNode changed node `id` alone: the other names still hold for the new record.
  if (otherNamesCache?.id === id && otherNamesCache.nodes === tree.nodes) otherNamesCache.nodes = updated.nodes;
  // Frozen as Immer would leave them: the new objects, and whatever the patch brought (deeply).
  freeze(updated.nodes[id], true);
  freeze(updated.nodes);
  freeze(updated);
  return freeze({ ...state, tree: updated });
}
