/**
 * What a canvas element shows from the store: its node and a small status number (selected, has errors, has logic).
 *
 * Every element reads it through one shared store listener instead of a react-redux subscription of its own: with a
 * few hundred elements, re-running a few hundred selectors on every store change (every keystroke in the property
 * editor) cost more than the edit itself. On a change of the form, the listener compares each element's node and
 * status with what that element last read and wakes only the elements whose value differs, which for a keystroke
 * is the edited element alone.
 */
import { useCallback, useSyncExternalStore } from 'react';
import { useStore } from 'react-redux';
import type { RootState } from '../../app/store';
import type { TreeNode } from '../../domain/form-tree';

export const SELECTED = 1;
export const HAS_ERRORS = 2;
export const HAS_LOGIC = 4;

/** Selection, errors and logic folded into one small number that only changes for the element concerned. */
function statusOf(state: RootState, id: string): number {
  const { form } = state;
  return (
    (form.selectedElementId === id ? SELECTED : 0) |
    (form.elementErrors[id] ? HAS_ERRORS : 0) |
    (form.logic.conditionMap[id] || form.logic.pageMap[id] ? HAS_LOGIC : 0)
  );
}

export interface ElementView {
  node: TreeNode | undefined;
  status: number;
}

interface StoreLike {
  getState(): RootState;
  subscribe(listener: () => void): () => void;
}

class ElementViews {
  private readonly listeners = new Map<string, Set<() => void>>();
  /** The value each element last read (the same object until its node or status changes). */
  private readonly views = new Map<string, ElementView>();
  private form: RootState['form'];
  private unsubscribe: (() => void) | null = null;

  constructor(private readonly store: StoreLike) {
    this.form = store.getState().form;
  }

  subscribe(id: string, listener: () => void): () => void {
    let listeners = this.listeners.get(id);
    if (!listeners) this.listeners.set(id, (listeners = new Set()));
    listeners.add(listener);
    if (!this.unsubscribe) {
      this.form = this.store.getState().form;
      this.unsubscribe = this.store.subscribe(this.onChange);
    }
    return () => {
      listeners.delete(listener);
      if (listeners.size === 0 && this.listeners.get(id) === listeners) {
        this.listeners.delete(id);
        // Kept for an element that is only re-mounting elsewhere (moved to another list): its next read is the same.
        if (!this.store.getState().form.tree.nodes[id]) this.views.delete(id);
      }
      if (this.listeners.size === 0 && this.unsubscribe) {
        this.unsubscribe();
        this.unsubscribe = null;
      }
    };
  }

  view(id: string): ElementView {
    const state = this.store.getState();
    const node = state.form.tree.nodes[id];
    const status = statusOf(state, id);
    const last = this.views.get(id);
    if (last && last.node === node && last.status === status) return last;
    const view = { node, status };
    this.views.set(id, view);
    return view;
  }

  private readonly onChange = () => {
    const state = this.store.getState();
    const before = this.form;
    const { form } = state;
    this.form = form;
    if (form === before) return;
    const sameStatuses =
      form.selectedElementId === before.selectedElementId &&
      form.elementErrors === before.elementErrors &&
      form.logic.conditionMap === before.logic.conditionMap &&
      form.logic.pageMap === before.logic.pageMap;
    const { nodes } = form.tree;
    if (sameStatuses && nodes === before.tree.nodes) return;
    // A keystroke changes nodes only: every status is then what its element last read (a changed one woke it), so
    // only the node is compared.
    const woken: (() => void)[] = [];
    for (const [id, listeners] of this.listeners) {
      const last = this.views.get(id);
      if (last && last.node === nodes[id] && (sameStatuses || last.status === statusOf(state, id))) continue;
      for (const listener of listeners) woken.push(listener);
    }
    for (const listener of woken) listener();
  };
}

const viewsByStore = new WeakMap<StoreLike, ElementViews>();

function viewsOf(store: StoreLike): ElementViews {
  let views = viewsByStore.get(store);
  if (!views) viewsByStore.set(store, (views = new ElementViews(store)));
  return views;
}

/** The element's node and status; re-renders the caller only when one of them changes. */
export function useElementView(id: string): ElementView {
  const views = viewsOf(useStore<RootState>());
  const subscribe = useCallback((listener: () => void) => views.subscribe(id, listener), [views, id]);
  const getSnapshot = useCallback(() => views.view(id), [views, id]);
  return useSyncExternalStore(subscribe, getSnapshot);
}
