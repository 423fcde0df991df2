/**
 * Undo and redo in the builder (issue 13, defect 10). Every change to the form (structure, properties, logic, button
 * style, form settings) is an action whose prepare callback adds `editMeta(…)`: what it did, its group key and when.
 * withEditHistory wraps the slice's reducer: after such an action changed the form it records the state before it
 * (src/domain/edit-history.ts: 100 steps, a new step after a 500 ms pause or in another field), and it answers
 * editUndone / editRedone. Selecting, loading and saving are not edits. Why the history and the fields' own undo work
 * as they do is in docs/decisions.md ("Undo in the builder").
 */
import { createAction, freeze } from '@reduxjs/toolkit';
import type { Reducer, UnknownAction } from '@reduxjs/toolkit';
import { isFieldHistoryChange } from '../../components/field-history';
import { recordEdit, redoEdit, rewindEdit, undoEdit } from '../../domain/edit-history';
import { deepEqual } from '../../domain/form-compare';
import type { FormTree } from '../../domain/form-tree';
import { pageOf } from '../../domain/form-tree';
import type { BuilderEdit, BuilderSnapshot, EditKind, FormHistory, FormState } from './form-state';

export const editUndone = createAction('form/editUndone');
export const editRedone = createAction('form/editRedone');

/** The meta of an undoable action. */
export interface EditMeta {
  edit: BuilderEdit;
  /** Changes with the same key less than 500 ms apart make one step (typing into one field); null: a step of its own. */
  group: string | null;
  at: number;
  /** Made by a field's own undo or redo (the browser's or the rich-text editor's), not by typing. */
  fieldHistory: boolean;
}

/** For prepare callbacks: the meta of an undoable change, stamped now (RTK's place for timestamps). */
export function editMeta(kind: EditKind, elementId: string | null, group: string | null = null): EditMeta {
  return { edit: { kind, elementId }, group, at: Date.now(), fieldHistory: isFieldHistoryChange() };
}

/** The group key of typing into some fields of one thing: 'update:<id>:label', 'settings:name'… */
export function fieldsGroup(prefix: string, fields: object): string {
  return `${prefix}:${Object.keys(fields).sort().join(',')}`;
}

function editMetaOf(action: UnknownAction): EditMeta | null {
  const { meta } = action as { meta?: unknown };
  return typeof meta === 'object' && meta !== null && 'edit' in meta && 'at' in meta ? (meta as EditMeta) : null;
}

function snapshotOfState(state: FormState): BuilderSnapshot {
  return {
    name: state.name,
    displayName: state.displayName,
    description: state.description,
    customSubmitMessage: state.customSubmitMessage,
    tree: state.tree,
    logic: state.logic,
    style: state.style,
    customDataNames: state.customDataNames,
    selectedElementId: state.selectedElementId,
    currentPageId: state.currentPageId,
  };
}

/** The change touched the form (not only the selection, errors or statuses): the reducers keep untouched parts. */
function formChanged(a: FormState, b: FormState): boolean {
  return (
    a.tree !== b.tree ||
    a.logic !== b.logic ||
    a.style !== b.style ||
    a.name !== b.name ||
    a.displayName !== b.displayName ||
    a.description !== b.description ||
    a.customSubmitMessage !== b.customSubmitMessage ||
    a.customDataNames !== b.customDataNames
  );
}

/** The same form (the selection aside); shared parts compare by identity first, so this is cheap on a big form. */
function sameForm(a: BuilderSnapshot, b: BuilderSnapshot): boolean {
  return (
    a.name === b.name &&
    a.displayName === b.displayName &&
    a.description === b.description &&
    a.customSubmitMessage === b.customSubmitMessage &&
    deepEqual(a.tree, b.tree) &&
    deepEqual(a.logic, b.logic) &&
    deepEqual(a.style, b.style) &&
    deepEqual(a.customDataNames, b.customDataNames)
  );
}

const frozen = (history: FormHistory): FormHistory => freeze(history, true);

/**
 * Where the selection goes when a step is undone or redone: the element the step changed, when it is in the form
 * that comes back (so undoing a property edit or a removal shows that element); else the selection of that moment
 * (undoing an addition selects what was selected before it).
 */
function selectionAfter(edit: BuilderEdit, target: BuilderSnapshot): string | null {
  const { nodes } = target.tree;
  if (edit.elementId !== null && nodes[edit.elementId]) return edit.elementId;
  return target.selectedElementId !== null && nodes[target.selectedElementId] ? target.selectedElementId : null;
}

function pageAfter(tree: FormTree, selected: string | null, remembered: string | null): string | null {
  if (selected !== null) return pageOf(tree, selected);
  return remembered !== null && tree.nodes[remembered] ? remembered : (tree.pageIds[0] ?? null);
}

function travel(state: FormState, direction: 'undo' | 'redo'): FormState {
  const present = snapshotOfState(state);
  const moved = direction === 'undo' ? undoEdit(state.history, present, sameForm) : redoEdit(state.history, present, sameForm);
  const { step } = moved;
  if (step === null) return moved.history === state.history ? state : freeze({ ...state, history: frozen(moved.history) });
  const target = step.state;
  const selected = selectionAfter(step.edit, target);
  return freeze({
    ...state,
    name: target.name,
    displayName: target.displayName,
    description: target.description,
    customSubmitMessage: target.customSubmitMessage,
    tree: target.tree,
    logic: target.logic,
    style: target.style,
    customDataNames: target.customDataNames,
    selectedElementId: selected,
    currentPageId: pageAfter(target.tree, selected, target.currentPageId),
    history: frozen(moved.history),
    historyStep: { serial: (state.historyStep?.serial ?? 0) + 1, direction, edit: step.edit },
  });
}

/** The slice's reducer with undo and redo: records each edit that changed the form, and answers editUndone/editRedone. */
export function withEditHistory(reducer: Reducer<FormState>): Reducer<FormState> {
  return (state, action) => {
    if (state !== undefined && editUndone.match(action)) return travel(state, 'undo');
    if (state !== undefined && editRedone.match(action)) return travel(state, 'redo');
    const next = reducer(state, action);
    if (state === undefined || next === state) return next;
    const meta = editMetaOf(action);
    if (meta === null || !formChanged(state, next)) return next;
    const history = meta.fieldHistory
      ? rewindEdit(next.history, snapshotOfState(next), meta.group, sameForm)
      : recordEdit(next.history, snapshotOfState(state), meta);
    return freeze({ ...next, history: frozen(history) });
  };
}
