/**
 * Element commands of the builder. Each checks the drag rules on the current tree first: a refused drop shows the
 * rule's message (spec §8) as an error toast and leaves the form as it was. New ids are made here, so the
 * reducers stay pure.
 */
import { showErrorToast } from '../../app/app-slice';
import type { AppDispatch, RootState } from '../../app/store';
import type { DropTarget } from '../../domain/drag-rules';
import { checkDrop } from '../../domain/drag-rules';
import { canRemoveElement, cloneElement } from '../../domain/form-operations';
import { newId } from '../../domain/ids-factory';
import type { DragSubject, DropZone } from './builder-targets';
import { moveTarget, paletteTarget, resolveDrop } from './builder-targets';
import { elementAdded, elementCloned, elementMoved, elementRemoved } from './form-slice';
import type { PaletteKind } from './palette-kinds';
import { createElementOfKind, elementTypeOfKind } from './palette-kinds';

type Thunk<R> = (dispatch: AppDispatch, getState: () => RootState) => R;

function parentTypeOf(state: RootState, parentId: string | null) {
  if (parentId === null) return null;
  const parent = state.form.tree.nodes[parentId];
  return parent?.type === 'page' || parent?.type === 'section' ? parent.type : null;
}

/** Adds a new element of `kind` at `target`; returns its id, or null when refused (the message is toasted). */
function addElement(kind: PaletteKind, target: DropTarget): Thunk<string | null> {
  return (dispatch, getState) => {
    const state = getState();
    const check = checkDrop(elementTypeOfKind(kind), parentTypeOf(state, target.parentId));
    if (!check.ok) {
      dispatch(showErrorToast(check.message));
      return null;
    }
    const id = newId();
    const element = createElementOfKind(kind, id, target.parentId, state.form.tree);
    dispatch(elementAdded({ element, parentId: target.parentId, index: target.index }));
    return getState().form.tree.nodes[id] ? id : null;
  };
}

/** A palette click or Enter: after the selection, or at the end of the current page. */
export function addElementFromPalette(kind: PaletteKind): Thunk<string | null> {
  return (dispatch, getState) => {
    const { tree, selectedElementId, currentPageId } = getState().form;
    const target = paletteTarget(tree, elementTypeOfKind(kind), selectedElementId, currentPageId);
    if (!target) return null;
    return dispatch(addElement(kind, target));
  };
}

/** Moves an element to `target` when the drag rules allow it; false (and a toast) when refused. */
function moveElement(id: string, target: DropTarget): Thunk<boolean> {
  return (dispatch, getState) => {
    const node = getState().form.tree.nodes[id];
    if (!node) return false;
    const check = checkDrop(node.type, parentTypeOf(getState(), target.parentId));
    if (!check.ok) {
      dispatch(showErrorToast(check.message));
      return false;
    }
    dispatch(elementMoved({ id, parentId: target.parentId, index: target.index }));
    return true;
  };
}

/** Move up / Move down (the keyboard alternative to dragging). */
export function moveElementBy(id: string, direction: 'up' | 'down'): Thunk<boolean> {
  return (dispatch, getState) => {
    const target = moveTarget(getState().form.tree, id, direction);
    return target ? dispatch(moveElement(id, target)) : false;
  };
}

export type DragSource = { kind: 'element'; id: string } | { kind: 'palette'; paletteKind: PaletteKind };

/**
 * The end of a canvas drag: from the palette it adds, from the canvas it moves. A drop the drag rules refuse
 * shows the rule's message. Returns the id of the element dropped, or null.
 */
export function dropDragged(source: DragSource, zone: DropZone): Thunk<string | null> {
  return (dispatch, getState) => {
    const { tree } = getState().form;
    if (source.kind === 'element' && !tree.nodes[source.id]) return null;
    const subject: DragSubject = source.kind === 'element' ? source.id : { type: elementTypeOfKind(source.paletteKind) };
    const result = resolveDrop(tree, subject, zone);
    if (result === null) return null;
    if (!result.ok) {
      dispatch(showErrorToast(result.message));
      return null;
    }
    if (source.kind === 'palette') return dispatch(addElement(source.paletteKind, result.value));
    return dispatch(moveElement(source.id, result.value)) ? source.id : null;
  };
}

/** Spec §4 cloning (with its conditional logic); the clone is selected. Returns its id. */
export function cloneElementById(id: string): Thunk<string | null> {
  return (dispatch, getState) => {
    const { tree, logic } = getState().form;
    if (!tree.nodes[id]) return null;
    const result = cloneElement(tree, logic, id);
    dispatch(elementCloned(result));
    return result.cloneId;
  };
}

/** Spec §4 removal (children, its logic, rules triggering on it). The only page stays. */
export function removeElementById(id: string): Thunk<boolean> {
  return (dispatch, getState) => {
    if (!canRemoveElement(getState().form.tree, id)) return false;
    dispatch(elementRemoved(id));
    return true;
  };
}
