/**
 * Selectors of the builder's state. Components subscribe to the smallest piece they show (one node, one child list),
 * so a keystroke re-renders the one element it changed.
 */
import { createSelector } from '@reduxjs/toolkit';
import { canRedo, canUndo } from '../../domain/edit-history';
import type { FormSnapshot } from '../../domain/form-compare';
import { deepEqual } from '../../domain/form-compare';
import type { FormDocument } from '../../domain/form-document';
import type { SaveIssue } from '../../domain/form-save';
import { denormaliseForm } from '../../domain/form-tree';
import type { TreeNode } from '../../domain/form-tree';
import { documentEqualsTree } from './form-equality';
import { snapshotOf } from './form-state';
import type { FormSettings, StateWithForm } from './form-state';

export const selectFormId = (state: StateWithForm) => state.form.formId;
export const selectLoadStatus = (state: StateWithForm) => state.form.loadStatus;
export const selectTree = (state: StateWithForm) => state.form.tree;
export const selectLogic = (state: StateWithForm) => state.form.logic;
export const selectButtonStyle = (state: StateWithForm) => state.form.style.button;
export const selectSelectedElementId = (state: StateWithForm) => state.form.selectedElementId;
export const selectPageIds = (state: StateWithForm) => state.form.tree.pageIds;
export const selectSettingsErrors = (state: StateWithForm) => state.form.settingsErrors;
export const selectSaveProblem = (state: StateWithForm) => (state.form.saveStatus === 'failed' ? state.form.saveProblem : null);

/** The builder can show the form of this URL id (also right after a new form's first save, before the URL follows). */
export const selectIsFormReady = (state: StateWithForm, formId: string) =>
  state.form.loadStatus === 'loaded' && (state.form.formId === formId || (formId !== '' && state.form.previousFormId === formId));

/** One element's node: what a canvas element subscribes to (its identity changes only when that element does). */
export const selectNode = (state: StateWithForm, id: string): TreeNode | undefined => state.form.tree.nodes[id];

const NO_CHILDREN: string[] = [];
/** The ordered child ids of a page or section (null: the pages); the same array until that list changes. */
export const selectChildIds = (state: StateWithForm, parentId: string | null): string[] =>
  parentId === null ? state.form.tree.pageIds : (state.form.tree.childIds[parentId] ?? NO_CHILDREN);

/** The problems the last save found in one element (the same list until they change); undefined when none. */
export const selectElementErrors = (state: StateWithForm, id: string): readonly SaveIssue[] | undefined => state.form.elementErrors[id];
/** Every problem the last save found, in the order the save summary lists them. */
export const selectSaveIssues = (state: StateWithForm) => state.form.saveIssues;
export const selectIsCustomDataName = (state: StateWithForm, id: string) => Boolean(state.form.customDataNames[id]);

export const selectFormSettings = createSelector(
  [
    (state: StateWithForm) => state.form.name,
    (state: StateWithForm) => state.form.displayName,
    (state: StateWithForm) => state.form.description,
    (state: StateWithForm) => state.form.customSubmitMessage,
  ],
  (name, displayName, description, customSubmitMessage): FormSettings => ({ name, displayName, description, customSubmitMessage }),
);

/** The form's pages in document shape; the same array until the tree changes. */
export const selectFormDocument = createSelector([selectTree], (tree): FormDocument => denormaliseForm(tree));

/**
 * The form as it stands now (also what the preview and JSON view show). Saving sends it with its logic sanitized
 * (spec §5).
 */
export const selectFormSnapshot = createSelector(
  [selectFormSettings, selectFormDocument, selectLogic, (state: StateWithForm) => state.form.style],
  (settings, jsonForm, logic, style): FormSnapshot => snapshotOf(settings, jsonForm, logic, style),
);

export const selectLogicEditorRequests = (state: StateWithForm) => state.form.logicEditorRequests;

export const selectCanUndo = (state: StateWithForm) => canUndo(state.form.history);
export const selectCanRedo = (state: StateWithForm) => canRedo(state.form.history);
/** The last undo or redo, so the properties pane can show what it changed. */
export const selectHistoryStep = (state: StateWithForm) => state.form.historyStep;

const selectSnapshotOfPublished = (state: StateWithForm) => state.form.snapshotOfPublished;

const selectStyle = (state: StateWithForm) => state.form.style;

/**
 * Spec §4: elements, template fields, conditional logic or button style differ from the published copy. The same
 * answer as hasUnsavedChanges(published, selectFormSnapshot(state)), but the elements are compared with the tree
 * directly (documentEqualsTree): a keystroke neither builds the whole document nor walks a new one.
 */
export const selectHasUnsavedChanges = createSelector(
  [selectSnapshotOfPublished, selectFormSettings, selectTree, selectLogic, selectStyle],
  (published, settings, tree, logic, style): boolean => {
    if (published === null) return true;
    return !(
      published.name === settings.name &&
      published.displayName === settings.displayName &&
      published.description === settings.description &&
      published.customSubmitMessage === settings.customSubmitMessage &&
      deepEqual(published.jsonConditionalLogic, logic) &&
      deepEqual(published.jsonFormStyle, style) &&
      documentEqualsTree(published.jsonForm, tree)
    );
  },
);
