/**
 * The builder's slice ('form') and its reducers. Tree and logic changes go through the pure operations of src/domain,
 * which keep the identity of every node and childIds array they do not touch. The state is in form-state.ts, the
 * selectors in form-selectors.ts, the server calls in form-thunks.ts and property edits (typing) in element-update.ts.
 */
import { createSlice, isDraft, original } from '@reduxjs/toolkit';
import type { PayloadAction, Reducer } from '@reduxjs/toolkit';
import { customDataNamesOf } from '../../domain/custom-data-names';
import { collectDataNames, dataNameFromLabel } from '../../domain/data-name';
import { deepEqual, hasUnsavedChanges } from '../../domain/form-compare';
import type { ButtonStyle, ConditionalLogic, FormElement } from '../../domain/form-document';
import { DEFAULT_BUTTON_STYLE } from '../../domain/form-document';
import type { FormTree } from '../../domain/form-tree';
import { denormaliseForm, descendantsOf, insertNode, moveNode, pageOf, updateNode } from '../../domain/form-tree';
import { removeElement } from '../../domain/form-operations';
import { emptyHistory } from '../../domain/edit-history';
import { newId } from '../../domain/ids-factory';
import type { GroupOperator, LogicTarget, NewConditionIds, NewGroupIds, RulePatch, VisibilityAction } from '../../domain/logic';
import {
  addCondition,
  addGroup,
  addRule,
  changeRule,
  removeCondition,
  removeGroup,
  removeRule,
  setConditionAction,
  setGroupOperator,
} from '../../domain/logic';
import { updateElement } from './element-update';
import type { ElementUpdatedPayload } from './element-update';
import { editMeta, fieldsGroup, withEditHistory } from './form-history';
import type { EditMeta } from './form-history';
import { SETTING_KEYS, initialFormState, snapshotOf } from './form-state';
import type { FormSettings, FormState, LoadedForm } from './form-state';
import { loadForm, recheckTheirVersion, reloadTheirVersion, saveForm } from './form-thunks';
import { firstProblemOf, recheckSaveIssues, saveIssueFields } from './save-errors';

// ---- Helpers ----

/** The plain (non-draft) value behind an immer draft, so the pure domain operations never see proxies. */
function base<T>(value: T): T {
  return isDraft(value) ? (original(value as never) as T) : value;
}

function applyLoaded(state: FormState, loaded: LoadedForm): void {
  state.formId = loaded.formId;
  state.accountId = loaded.accountId;
  state.published = loaded.published;
  state.name = loaded.settings.name;
  state.displayName = loaded.settings.displayName;
  state.description = loaded.settings.description;
  state.customSubmitMessage = loaded.settings.customSubmitMessage;
  state.tree = loaded.tree;
  state.logic = loaded.logic;
  state.style = loaded.style;
  state.snapshotOfPublished = loaded.published
    ? snapshotOf(loaded.settings, denormaliseForm(loaded.tree), loaded.logic, loaded.style)
    : null;
  state.selectedElementId = null;
  state.currentPageId = loaded.tree.pageIds[0] ?? null;
  state.customDataNames = customDataNamesOf(loaded.tree);
  state.saveIssues = [];
  state.elementErrors = {};
  state.settingsErrors = {};
  state.saveProblem = null;
  state.previousFormId = null;
  state.saveStatus = 'idle';
  state.conflict = null;
}

// ---- Slice ----

/** An undoable change: its meta says what it did (form-history.ts). */
type EditAction<P> = PayloadAction<P, string, EditMeta>;

interface ElementAddedPayload {
  /** A new element; pages and sections may bring their children. */
  element: FormElement;
  parentId: string | null;
  index: number;
}

interface ElementMovedPayload {
  id: string;
  parentId: string | null;
  index: number;
}

interface ElementClonedPayload {
  tree: FormTree;
  logic: ConditionalLogic;
  cloneId: string;
}

/** Where a condition, group or rule is: the element whose logic it is, then ids inward. */
export interface ConditionAddress {
  elementId: string;
  conditionId: string;
}
export interface GroupAddress extends ConditionAddress {
  groupId: string;
}
export interface RuleAddress extends GroupAddress {
  ruleId: string;
}

/** The element a logic edit applies to (its type says which map holds its logic); null when not in the form. */
function logicTargetOf(tree: FormTree, elementId: string): LogicTarget | null {
  const node = tree.nodes[elementId];
  return node ? { id: node.id, type: node.type } : null;
}

/** Applies a logic operation to the addressed element's logic (nothing when the element is gone). */
function editLogic(state: FormState, elementId: string, edit: (logic: ConditionalLogic, target: LogicTarget) => ConditionalLogic): void {
  const target = logicTargetOf(base(state.tree), elementId);
  if (!target) return;
  const logic = base(state.logic);
  const next = edit(logic, target);
  if (next !== logic) state.logic = next;
}

const formSlice = createSlice({
  name: 'form',
  initialState: initialFormState,
  reducers: {
    elementSelected(state, action: PayloadAction<string | null>) {
      const id = action.payload;
      if (id !== null && !state.tree.nodes[id]) return;
      state.selectedElementId = id;
      if (id !== null) state.currentPageId = pageOf(base(state.tree), id);
    },
    /** Refused drops never get here: the element thunks check the drag rules first and toast the message. */
    elementAdded: {
      reducer(state, action: EditAction<ElementAddedPayload>) {
        const { element, parentId, index } = action.payload;
        const result = insertNode(base(state.tree), element, parentId, index);
        if (!result.ok) return;
        state.tree = result.value;
        state.selectedElementId = element.id;
        state.currentPageId = pageOf(result.value, element.id);
      },
      prepare: (payload: ElementAddedPayload) => ({ payload, meta: editMeta('add', payload.element.id) }),
    },
    elementMoved: {
      reducer(state, action: EditAction<ElementMovedPayload>) {
        const { id, parentId, index } = action.payload;
        if (!state.tree.nodes[id]) return;
        const result = moveNode(base(state.tree), id, parentId, index);
        if (!result.ok || result.value === base(state.tree)) return;
        state.tree = result.value;
      },
      prepare: (payload: ElementMovedPayload) => ({ payload, meta: editMeta('move', payload.id) }),
    },
    /**
     * A property edit. A label edit regenerates the input's dataName (unique) until the dataName is edited by hand.
     * formReducer handles this action before the slice does (see updateElement); this case gives it its action creator.
     * Typing into one field makes one undo step per pause (its group: the element and the fields the patch sets).
     */
    elementUpdated: {
      reducer(state, action: EditAction<ElementUpdatedPayload>) {
        return updateElement(original(state) as FormState, action.payload);
      },
      prepare: (payload: ElementUpdatedPayload) => ({ payload, meta: editMeta('update', payload.id, fieldsGroup(`update:${payload.id}`, payload.patch)) }),
    },
    /** The user typed a dataName: from now on it no longer follows the label. */
    dataNameEdited: {
      reducer(state, action: EditAction<{ id: string; dataName: string }>) {
        const { id, dataName } = action.payload;
        const tree = base(state.tree);
        if (tree.nodes[id]?.type !== 'input') return;
        state.tree = updateNode(tree, id, { dataName });
        state.customDataNames[id] = true;
      },
      prepare: (payload: { id: string; dataName: string }) => ({ payload, meta: editMeta('update', payload.id, `update:${payload.id}:dataName`) }),
    },
    /** Back to a dataName generated from the label (and following it again). */
    dataNameRegenerated: {
      reducer(state, action: EditAction<string>) {
        const id = action.payload;
        const tree = base(state.tree);
        const node = tree.nodes[id];
        if (node?.type !== 'input') return;
        state.tree = updateNode(tree, id, { dataName: dataNameFromLabel(node.label, collectDataNames(tree, id)) });
        delete state.customDataNames[id];
      },
      prepare: (id: string) => ({ payload: id, meta: editMeta('update', id) }),
    },
    elementCloned: {
      reducer(state, action: EditAction<ElementClonedPayload>) {
        const { tree, logic, cloneId } = action.payload;
        state.tree = tree;
        state.logic = logic;
        state.selectedElementId = cloneId;
        state.currentPageId = pageOf(tree, cloneId);
      },
      prepare: (payload: ElementClonedPayload) => ({ payload, meta: editMeta('clone', payload.cloneId) }),
    },
    elementRemoved: {
      reducer(state, action: EditAction<string>) {
        const id = action.payload;
        const tree = base(state.tree);
        if (!tree.nodes[id]) return;
        const removedIds = [id, ...descendantsOf(tree, id)];
        const result = removeElement(tree, base(state.logic), id);
        if (result.tree === tree) return;
        state.tree = result.tree;
        state.logic = result.logic;
        for (const removedId of removedIds) {
          delete state.customDataNames[removedId];
          delete state.elementErrors[removedId];
        }
        if (state.selectedElementId !== null && !result.tree.nodes[state.selectedElementId]) state.selectedElementId = null;
        if (state.currentPageId !== null && !result.tree.nodes[state.currentPageId]) {
          state.currentPageId = result.tree.pageIds[0] ?? null;
        }
      },
      prepare: (id: string) => ({ payload: id, meta: editMeta('remove', id) }),
    },
    settingsChanged: {
      reducer(state, action: EditAction<Partial<FormSettings>>) {
        for (const key of SETTING_KEYS) {
          const value = action.payload[key];
          if (value === undefined) continue;
          state[key] = value;
        }
      },
      prepare: (payload: Partial<FormSettings>) => ({ payload, meta: editMeta('settings', null, fieldsGroup('settings', payload)) }),
    },
    buttonStyleChanged: {
      reducer(state, action: EditAction<Partial<ButtonStyle>>) {
        state.style = { ...base(state.style), button: { ...base(state.style).button, ...action.payload } };
      },
      prepare: (payload: Partial<ButtonStyle>) => ({ payload, meta: editMeta('buttonStyle', null, fieldsGroup('buttonStyle', payload)) }),
    },
    buttonStyleReset: {
      reducer(state) {
        state.style = { ...base(state.style), button: { ...DEFAULT_BUTTON_STYLE } };
      },
      prepare: () => ({ payload: undefined, meta: editMeta('buttonStyle', null) }),
    },
    /** 'Edit logic' on an element: it is selected and the properties pane shows its Logic tab. */
    logicEditorOpened(state, action: PayloadAction<string>) {
      const id = action.payload;
      if (!state.tree.nodes[id]) return;
      state.selectedElementId = id;
      state.currentPageId = pageOf(base(state.tree), id);
      state.logicEditorRequests += 1;
    },
    /** A new condition (show the element when…, one AND group with one empty rule); the ids are made by prepare. */
    logicConditionAdded: {
      reducer(state, action: EditAction<{ elementId: string; ids: NewConditionIds }>) {
        const { elementId, ids } = action.payload;
        editLogic(state, elementId, (logic, target) => addCondition(logic, target, ids));
      },
      prepare: (elementId: string) => ({
        payload: { elementId, ids: { configId: newId(), conditionId: newId(), groupId: newId(), ruleId: newId() } },
        meta: editMeta('logic', elementId),
      }),
    },
    logicConditionRemoved: {
      reducer(state, action: EditAction<ConditionAddress>) {
        const { elementId, conditionId } = action.payload;
        editLogic(state, elementId, (logic, target) => removeCondition(logic, target, conditionId));
      },
      prepare: (payload: ConditionAddress) => ({ payload, meta: editMeta('logic', payload.elementId) }),
    },
    logicConditionActionChanged: {
      reducer(state, action: EditAction<ConditionAddress & { value: VisibilityAction }>) {
        const { elementId, conditionId, value } = action.payload;
        editLogic(state, elementId, (logic, target) => setConditionAction(logic, target, conditionId, value));
      },
      prepare: (payload: ConditionAddress & { value: VisibilityAction }) => ({ payload, meta: editMeta('logic', payload.elementId) }),
    },
    logicGroupAdded: {
      reducer(state, action: EditAction<ConditionAddress & { ids: NewGroupIds }>) {
        const { elementId, conditionId, ids } = action.payload;
        editLogic(state, elementId, (logic, target) => addGroup(logic, target, conditionId, ids));
      },
      prepare: (address: ConditionAddress) => ({
        payload: { ...address, ids: { groupId: newId(), ruleId: newId() } },
        meta: editMeta('logic', address.elementId),
      }),
    },
    logicGroupRemoved: {
      reducer(state, action: EditAction<GroupAddress>) {
        const { elementId, conditionId, groupId } = action.payload;
        editLogic(state, elementId, (logic, target) => removeGroup(logic, target, conditionId, groupId));
      },
      prepare: (payload: GroupAddress) => ({ payload, meta: editMeta('logic', payload.elementId) }),
    },
    logicGroupOperatorChanged: {
      reducer(state, action: EditAction<GroupAddress & { operator: GroupOperator }>) {
        const { elementId, conditionId, groupId, operator } = action.payload;
        editLogic(state, elementId, (logic, target) => setGroupOperator(logic, target, conditionId, groupId, operator));
      },
      prepare: (payload: GroupAddress & { operator: GroupOperator }) => ({ payload, meta: editMeta('logic', payload.elementId) }),
    },
    logicRuleAdded: {
      reducer(state, action: EditAction<RuleAddress>) {
        const { elementId, conditionId, groupId, ruleId } = action.payload;
        editLogic(state, elementId, (logic, target) => addRule(logic, target, conditionId, groupId, ruleId));
      },
      prepare: (address: GroupAddress) => ({ payload: { ...address, ruleId: newId() }, meta: editMeta('logic', address.elementId) }),
    },
    logicRuleRemoved: {
      reducer(state, action: EditAction<RuleAddress>) {
        const { elementId, ...address } = action.payload;
        editLogic(state, elementId, (logic, target) => removeRule(logic, target, address));
      },
      prepare: (payload: RuleAddress) => ({ payload, meta: editMeta('logic', payload.elementId) }),
    },
    /** A rule edit; a new trigger resets a predicate (and a value) it does not allow (see editRule). */
    logicRuleChanged: {
      reducer(state, action: EditAction<RuleAddress & { patch: RulePatch }>) {
        const { elementId, patch, ...address } = action.payload;
        const tree = base(state.tree);
        const inputOf = (id: string) => {
          const node = tree.nodes[id];
          return node?.type === 'input' ? node : undefined;
        };
        editLogic(state, elementId, (logic, target) => changeRule(logic, target, address, patch, inputOf));
      },
      // Typing a rule's value makes one step per pause.
      prepare: (payload: RuleAddress & { patch: RulePatch }) => ({
        payload,
        meta: editMeta('logic', payload.elementId, fieldsGroup(`logic:${payload.elementId}:${payload.ruleId}`, payload.patch)),
      }),
    },
    /** Leaving the builder without saving: the next visit loads the saved copy again. */
    formDiscarded() {
      return initialFormState;
    },
  },
  extraReducers: (builder) => {
    builder
      .addCase(loadForm.pending, (state, action) => {
        state.loadStatus = 'loading';
        state.previousFormId = null;
        state.formId = action.meta.arg.formId;
        state.accountId = action.meta.arg.accountId;
      })
      .addCase(loadForm.fulfilled, (state, action) => {
        // A later load (another form opened meanwhile) wins.
        if (state.formId !== action.meta.arg.formId) return;
        applyLoaded(state, action.payload);
        state.loadStatus = 'loaded';
        // Undo stops at the form as loaded (docs/decisions.md "Undo in the builder").
        state.history = emptyHistory() as typeof state.history;
        state.historyStep = null;
      })
      .addCase(loadForm.rejected, (state, action) => {
        if (state.formId !== action.meta.arg.formId) return;
        state.loadStatus = 'failed';
      })
      // Their version replaces the editor's (an undoable edit: its meta says so); the selection stays where it can.
      .addCase(reloadTheirVersion.fulfilled, (state, action) => {
        const { formId, accountId, selectedElementId } = state;
        if (formId === null || accountId === null) return;
        applyLoaded(state, { formId, accountId, ...action.payload });
        if (selectedElementId !== null && state.tree.nodes[selectedElementId]) {
          state.selectedElementId = selectedElementId;
          state.currentPageId = pageOf(base(state.tree), selectedElementId);
        }
      })
      .addCase(recheckTheirVersion.fulfilled, (state, action) => {
        if (state.conflict) state.conflict = action.payload;
      })
      .addCase(saveForm.pending, (state) => {
        state.saveStatus = 'saving';
        state.saveIssues = [];
        state.elementErrors = {};
        state.settingsErrors = {};
        state.saveProblem = null;
      })
      .addCase(saveForm.fulfilled, (state, action) => {
        const { template, sent, editedLogic, restored } = action.payload;
        state.saveStatus = 'saved';
        state.conflict = null;
        // What was left out of the save as incomplete (spec §5) leaves the editor too, unless the logic was edited
        // meanwhile: the editor then shows what is saved, and has no unsaved changes.
        if (base(state.logic) === editedLogic && !deepEqual(editedLogic, sent.jsonConditionalLogic)) state.logic = sent.jsonConditionalLogic;
        if (state.formId !== template.id) state.previousFormId = state.formId;
        state.published = template;
        // The name is sent trimmed; the field follows, so the trimmed name is not an unsaved change.
        if (state.name !== sent.name && state.name.trim() === sent.name) state.name = sent.name;
        state.formId = template.id;
        if (restored) {
          // The server changed what it stored (sanitising, defaults): show that, unless the user edited meanwhile.
          const current = snapshotOf(state, denormaliseForm(base(state.tree)), base(state.logic), base(state.style));
          if (!hasUnsavedChanges(sent, { ...current, name: current.name.trim() })) {
            const selected = state.selectedElementId;
            const previousFormId = state.previousFormId;
            applyLoaded(state, { formId: template.id, accountId: state.accountId ?? template.account, ...restored });
            state.saveStatus = 'saved';
            state.previousFormId = previousFormId;
            if (selected && restored.tree.nodes[selected]) state.selectedElementId = selected;
            return;
          }
        }
        state.snapshotOfPublished = sent;
      })
      .addCase(saveForm.rejected, (state, action) => {
        state.saveStatus = 'failed';
        const failure = action.payload;
        if (!failure) return;
        Object.assign(state, saveIssueFields(failure.issues, null));
        const { problem, elementId: first } = firstProblemOf(failure.issues);
        state.saveProblem = problem;
        if (failure.conflict) state.conflict = failure.conflict;
        if (first && state.tree.nodes[first]) {
          state.selectedElementId = first;
          state.currentPageId = pageOf(base(state.tree), first);
        }
      });
  },
});

export const {
  elementSelected,
  elementAdded,
  elementMoved,
  elementUpdated,
  dataNameEdited,
  dataNameRegenerated,
  elementCloned,
  elementRemoved,
  settingsChanged,
  buttonStyleChanged,
  buttonStyleReset,
  logicEditorOpened,
  logicConditionAdded,
  logicConditionRemoved,
  logicConditionActionChanged,
  logicGroupAdded,
  logicGroupRemoved,
  logicGroupOperatorChanged,
  logicRuleAdded,
  logicRuleRemoved,
  logicRuleChanged,
  formDiscarded,
} = formSlice.actions;

/**
 * The slice's reducer, except for property edits: those are what typing sends, once per key, so they skip Immer (its
 * draft and its walk of the finished state) and build the next state directly, as updateElement does. Around both,
 * the undo history (form-history.ts) records every edit and answers undo and redo. After a refused save, every change
 * of the form (an undo too) also checks again what the save found wrong (recheckSaveIssues; nothing otherwise).
 */
const historyReducer: Reducer<FormState> = withEditHistory((state, action) =>
  state !== undefined && elementUpdated.match(action) ? updateElement(state, action.payload) : formSlice.reducer(state, action),
);
export const formReducer: Reducer<FormState> = (state, action) => recheckSaveIssues(state, historyReducer(state, action));
