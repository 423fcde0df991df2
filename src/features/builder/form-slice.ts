/**
 * The builder's state (slice 'form'): the form being edited, kept normalised (FormTree) so each canvas element
 * subscribes to its own node and a keystroke re-renders one element. Tree and logic changes go through the pure
 * operations of src/domain, which keep the identity of every node and childIds array they do not touch.
 */
import { createAsyncThunk, createSelector, createSlice, freeze, isDraft, original } from '@reduxjs/toolkit';
import type { PayloadAction, Reducer } from '@reduxjs/toolkit';
import { ApiError } from '../../api/errors';
import { createFormTemplate, getFormTemplate, updateFormTemplate } from '../../api/form-templates';
import type { FormTemplate, FormTemplateInput } from '../../api/form-templates';
import { showErrorToast, showSuccessToast } from '../../app/app-slice';
import { userLoggedOut } from '../../app/root-actions';
import type { RootState } from '../../app/store';
import { collectDataNames, dataNameFromLabel } from '../../domain/data-name';
import { createNewFormDocument } from '../../domain/element-factory';
import type { FormSnapshot } from '../../domain/form-compare';
import { deepEqual, hasUnsavedChanges } from '../../domain/form-compare';
import type { ButtonStyle, ConditionalLogic, FormDocument, FormElement, FormStyle } from '../../domain/form-document';
import {
  DEFAULT_BUTTON_STYLE,
  buttonStyleSchema,
  defaultFormStyle,
  emptyConditionalLogic,
  formDocumentSchema,
} from '../../domain/form-document';
import { restoreConditionalLogic, restoreFormDocument, restoreFormStyle } from '../../domain/form-restore';
import type { FormTree, TreeNode } from '../../domain/form-tree';
import { denormaliseForm, descendantsOf, insertNode, moveNode, normaliseForm, pageOf, updateNode } from '../../domain/form-tree';
import { removeElement } from '../../domain/form-operations';
import { NIL_UUID } from '../../domain/ids';
import { newId } from '../../domain/ids-factory';
import type { GroupOperator, LogicTarget, NewConditionIds, NewGroupIds, RulePatch, VisibilityAction } from '../../domain/logic';
import {
  addCondition,
  addGroup,
  addRule,
  changeRule,
  describeLogicCycle,
  findLogicCycle,
  removeCondition,
  removeGroup,
  removeRule,
  sanitizeLogic,
  setConditionAction,
  setGroupOperator,
} from '../../domain/logic';
import { documentEqualsTree } from './form-equality';
import { elementErrorsFromIssues } from './save-errors';

// ---- Messages (spec §8) ----

export const FORM_MESSAGES = {
  loadFailed: 'Unable to load the selected form',
  createFailed: 'Unable to create form',
  updateFailed: 'Unable to update form',
  created: 'Form created successfully',
  updated: 'Form updated successfully',
  nameRequired: 'Form name is required',
} as const;

export { NIL_UUID };

// ---- State ----

export type LoadStatus = 'idle' | 'loading' | 'loaded' | 'failed';
export type SaveStatus = 'idle' | 'saving' | 'saved' | 'failed';
/** What stopped the last save, so the editor can open the right panel. */
export type SaveProblem = 'settings' | 'buttonStyle' | 'elements' | 'logic';
export type FormSettingKey = 'name' | 'displayName' | 'description' | 'customSubmitMessage';
export type FormSettings = Record<FormSettingKey, string>;

export interface FormState extends FormSettings {
  /** The form id of the URL this state belongs to (the nil UUID while a new form is unsaved). */
  formId: string | null;
  accountId: number | null;
  /** The saved copy as the server last returned it; null until a new form is first saved. */
  published: FormTemplate | null;
  /** The saved copy after restore, in the shape the current state is compared with (unsaved changes). */
  snapshotOfPublished: FormSnapshot | null;
  tree: FormTree;
  logic: ConditionalLogic;
  style: FormStyle;
  selectedElementId: string | null;
  /** The page palette additions go to when nothing is selected: the page of the last selection. */
  currentPageId: string | null;
  /** Inputs whose dataName was typed by hand: label edits stop regenerating it. */
  customDataNames: Record<string, true>;
  /** Problems found by the last save attempt, by element id (client check or the server's 400). */
  elementErrors: Record<string, string[]>;
  settingsErrors: Partial<Record<FormSettingKey, string>>;
  saveProblem: SaveProblem | null;
  /** Bumped when the user asks to edit the selected element's logic (the properties pane opens its Logic tab). */
  logicEditorRequests: number;
  /** The URL id this form had before its first save (the nil UUID), so the page keeps it while the URL catches up. */
  previousFormId: string | null;
  loadStatus: LoadStatus;
  saveStatus: SaveStatus;
}

const emptyTree = (): FormTree => ({ pageIds: [], nodes: {}, childIds: {} });

export const initialFormState: FormState = {
  formId: null,
  accountId: null,
  published: null,
  snapshotOfPublished: null,
  name: '',
  displayName: '',
  description: '',
  customSubmitMessage: '',
  tree: emptyTree(),
  logic: emptyConditionalLogic(),
  style: defaultFormStyle(),
  selectedElementId: null,
  currentPageId: null,
  customDataNames: {},
  elementErrors: {},
  settingsErrors: {},
  saveProblem: null,
  logicEditorRequests: 0,
  previousFormId: null,
  loadStatus: 'idle',
  saveStatus: 'idle',
};

// ---- Helpers ----

/** The plain (non-draft) value behind an immer draft, so the pure domain operations never see proxies. */
function base<T>(value: T): T {
  return isDraft(value) ? (original(value as never) as T) : value;
}

/**
 * Inputs whose dataName is not what their label would generate were named by hand (or by an older builder):
 * label edits must not rename them.
 */
function customDataNamesOf(tree: FormTree): Record<string, true> {
  const counts = new Map<string, number>();
  for (const node of Object.values(tree.nodes)) {
    if (node.type === 'input') counts.set(node.dataName, (counts.get(node.dataName) ?? 0) + 1);
  }
  const taken = new Set(counts.keys());
  const custom: Record<string, true> = {};
  for (const node of Object.values(tree.nodes)) {
    if (node.type !== 'input') continue;
    const shared = (counts.get(node.dataName) ?? 0) > 1;
    if (!shared) taken.delete(node.dataName);
    if (dataNameFromLabel(node.label, taken) !== node.dataName) custom[node.id] = true;
    taken.add(node.dataName);
  }
  return custom;
}

function snapshotOf(settings: FormSettings, jsonForm: FormDocument, logic: ConditionalLogic, style: FormStyle): FormSnapshot {
  return {
    name: settings.name,
    displayName: settings.displayName,
    description: settings.description,
    customSubmitMessage: settings.customSubmitMessage,
    jsonForm,
    jsonConditionalLogic: logic,
    jsonFormStyle: style,
  };
}

interface LoadedForm {
  formId: string;
  accountId: number;
  published: FormTemplate | null;
  settings: FormSettings;
  tree: FormTree;
  logic: ConditionalLogic;
  style: FormStyle;
}

function restoreTemplate(template: FormTemplate): Omit<LoadedForm, 'formId' | 'accountId'> {
  const tree = normaliseForm(restoreFormDocument(template.jsonForm));
  return {
    published: template,
    settings: {
      name: template.name,
      displayName: template.displayName,
      description: template.description,
      customSubmitMessage: template.customSubmitMessage,
    },
    tree,
    logic: restoreConditionalLogic(template.jsonConditionalLogic),
    style: restoreFormStyle(template.jsonFormStyle),
  };
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
  state.elementErrors = {};
  state.settingsErrors = {};
  state.saveProblem = null;
  state.previousFormId = null;
  state.saveStatus = 'idle';
}

const isIgnoredStatus = (error: unknown) =>
  error instanceof ApiError && (error.status === 401 || error.status === 403 || error.status === 404);

// ---- Thunks ----

export interface LoadFormArgs {
  accountId: number;
  formId: string;
}

export interface LoadFailure {
  status: number | null;
  message: string;
}

/**
 * Spec §7 store action 'form/loadForm'. The nil UUID is a new, unsaved form (spec §4: a first page and one empty
 * section). 404 (missing or archived) and 401/403 are shown by the HTTP client; anything else is a toast.
 */
export const loadForm = createAsyncThunk<LoadedForm, LoadFormArgs, { rejectValue: LoadFailure }>(
  'form/loadForm',
  async ({ accountId, formId }, { dispatch, rejectWithValue }) => {
    if (formId === NIL_UUID) {
      return {
        formId,
        accountId,
        published: null,
        settings: { name: '', displayName: '', description: '', customSubmitMessage: '' },
        tree: normaliseForm(createNewFormDocument()),
        logic: emptyConditionalLogic(),
        style: defaultFormStyle(),
      };
    }
    try {
      const template = await getFormTemplate(accountId, formId);
      return { formId, accountId, ...restoreTemplate(template) };
    } catch (error) {
      if (!isIgnoredStatus(error)) dispatch(showErrorToast(FORM_MESSAGES.loadFailed));
      return rejectWithValue({
        status: error instanceof ApiError ? error.status : null,
        message: error instanceof Error ? error.message : String(error),
      });
    }
  },
);

export interface SaveSuccess {
  template: FormTemplate;
  created: boolean;
  /** What was sent; the saved state the editor is compared with from now on. */
  sent: FormSnapshot;
  /** The editor's logic before sanitizing (spec §5 drops incomplete rules from what is sent). */
  editedLogic: ConditionalLogic;
  /** The re-read copy differs from what was sent (the server normalised something): adopt it. */
  restored: Omit<LoadedForm, 'formId' | 'accountId'> | null;
}

export interface SaveFailure {
  status: number | null;
  message: string;
  elementErrors: Record<string, string[]>;
  settingsErrors: Partial<Record<FormSettingKey, string>>;
  problem: SaveProblem | null;
  /** For a logic problem: the element whose logic to show. */
  logicElementId?: string | null;
}

const SETTING_KEYS: readonly FormSettingKey[] = ['name', 'displayName', 'description', 'customSubmitMessage'];

/** Server 400 `errors` → messages by element id (keys like 'jsonForm.0.children.2.dataName') and by setting. */
function serverErrorsOf(errors: Record<string, string[]>, jsonForm: FormDocument) {
  const settingsErrors: Partial<Record<FormSettingKey, string>> = {};
  const issues: { path: (string | number)[]; message: string }[] = [];
  for (const [key, messages] of Object.entries(errors)) {
    const setting = SETTING_KEYS.find((name) => name === key);
    if (setting) {
      settingsErrors[setting] = messages.join(' ');
      continue;
    }
    const match = /^jsonForm\.?(.*)$/.exec(key);
    if (match) {
      const path = match[1] === '' ? [] : match[1].split('.').map((part) => (/^\d+$/.test(part) ? Number(part) : part));
      for (const message of messages) issues.push({ path, message });
    }
  }
  return { settingsErrors, elementErrors: elementErrorsFromIssues(jsonForm, issues) };
}

/**
 * Saves the form: POST when it was never saved, else PUT with the updatedAt it was loaded with (409 when someone
 * else saved in between). The saved copy is then re-read (spec §4). Navigation to the build screen is the caller's.
 */
export const saveForm = createAsyncThunk<SaveSuccess, void, { state: RootState; rejectValue: SaveFailure }>(
  'form/saveForm',
  async (_, { getState, dispatch, rejectWithValue }) => {
    const state = getState().form;
    const created = state.published === null;
    const failedMessage = created ? FORM_MESSAGES.createFailed : FORM_MESSAGES.updateFailed;
    const snapshot = selectFormSnapshot(getState());
    // Spec §5: incomplete rules, and groups and conditions left empty, are not saved.
    const sent: FormSnapshot = {
      ...snapshot,
      name: snapshot.name.trim(),
      jsonConditionalLogic: sanitizeLogic(snapshot.jsonConditionalLogic, snapshot.jsonForm),
    };

    const fail = (failure: Pick<SaveFailure, 'status' | 'message'> & Partial<SaveFailure>, toast: string) => {
      dispatch(showErrorToast(toast));
      return rejectWithValue({ elementErrors: {}, settingsErrors: {}, problem: null, ...failure });
    };

    if (sent.name === '') {
      return fail(
        { status: null, message: FORM_MESSAGES.nameRequired, settingsErrors: { name: FORM_MESSAGES.nameRequired }, problem: 'settings' },
        FORM_MESSAGES.nameRequired,
      );
    }
    // The server checks the same schemas; checking first points at the problem without a round trip.
    const checked = formDocumentSchema.safeParse(sent.jsonForm);
    if (!checked.success) {
      const issues = checked.error.issues.map((issue) => ({ path: issue.path as (string | number)[], message: issue.message }));
      const elementErrors = elementErrorsFromIssues(sent.jsonForm, issues);
      return fail({ status: null, message: failedMessage, elementErrors, problem: 'elements' }, failedMessage);
    }
    if (!buttonStyleSchema.safeParse(sent.jsonFormStyle.button).success) {
      return fail({ status: null, message: failedMessage, problem: 'buttonStyle' }, failedMessage);
    }
    // The server refuses circular logic with this message; saying it here also shows where.
    const cycle = findLogicCycle(sent.jsonConditionalLogic, sent.jsonForm);
    if (cycle) {
      const message = describeLogicCycle(cycle, sent.jsonForm);
      const { conditionMap, pageMap } = sent.jsonConditionalLogic;
      const logicElementId = cycle.find((id) => conditionMap[id] || pageMap[id]) ?? null;
      return fail({ status: null, message, problem: 'logic', logicElementId }, message);
    }
    if (state.accountId === null) return fail({ status: null, message: failedMessage }, failedMessage);

    const input: FormTemplateInput = {
      name: sent.name,
      displayName: sent.displayName,
      description: sent.description,
      customSubmitMessage: sent.customSubmitMessage,
      jsonForm: sent.jsonForm,
      jsonConditionalLogic: sent.jsonConditionalLogic,
      jsonFormStyle: sent.jsonFormStyle,
    };
    let saved: FormTemplate;
    try {
      saved = state.published
        ? await updateFormTemplate(state.accountId, state.published.id, { ...input, updatedAt: state.published.updatedAt })
        : await createFormTemplate(state.accountId, input);
    } catch (error) {
      const status = error instanceof ApiError ? error.status : null;
      if (status === 409) {
        const detail = (error as ApiError).detail ?? failedMessage;
        return fail({ status, message: detail }, detail);
      }
      if (status === 400 && error instanceof ApiError && error.errors.jsonConditionalLogic) {
        const message = error.errors.jsonConditionalLogic[0] ?? failedMessage;
        return fail({ status, message, problem: 'logic' }, message);
      }
      if (status === 400 && error instanceof ApiError) {
        const found = serverErrorsOf(error.errors, sent.jsonForm);
        const problem: SaveProblem | null = Object.keys(found.settingsErrors).length > 0 ? 'settings' : Object.keys(found.elementErrors).length > 0 ? 'elements' : null;
        return fail({ status, message: failedMessage, ...found, problem }, failedMessage);
      }
      if (isIgnoredStatus(error)) {
        return rejectWithValue({ status, message: failedMessage, elementErrors: {}, settingsErrors: {}, problem: null });
      }
      return fail({ status, message: failedMessage }, failedMessage);
    }

    // Spec §4: the published copy is re-read after a save. Should that read fail, the save's own answer will do.
    let template: FormTemplate;
    try {
      template = await getFormTemplate(state.accountId, saved.id);
    } catch {
      template = saved;
    }
    let restored: SaveSuccess['restored'] = null;
    try {
      const candidate = restoreTemplate(template);
      const reread = snapshotOf(candidate.settings, denormaliseForm(candidate.tree), candidate.logic, candidate.style);
      if (hasUnsavedChanges(sent, reread)) restored = candidate;
    } catch {
      restored = null;
    }
    dispatch(showSuccessToast(created ? FORM_MESSAGES.created : FORM_MESSAGES.updated));
    return { template, created, sent, editedLogic: snapshot.jsonConditionalLogic, restored };
  },
);

// ---- Slice ----

export interface ElementAddedPayload {
  /** A new element; pages and sections may bring their children. */
  element: FormElement;
  parentId: string | null;
  index: number;
}

export interface ElementMovedPayload {
  id: string;
  parentId: string | null;
  index: number;
}

export interface ElementClonedPayload {
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
 * elementUpdated: the next state, built without Immer from the structure-sharing updateNode (the same state when
 * nothing changes), and frozen as Immer would leave it.
 */
function updateElement(state: FormState, { id, patch }: ElementUpdatedPayload): FormState {
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
  let { elementErrors } = state;
  if (elementErrors[id]) {
    const { [id]: _cleared, ...rest } = elementErrors;
    elementErrors = freeze(rest);
  }
  // Frozen as Immer would leave them: the new objects, and whatever the patch brought (deeply).
  freeze(updated.nodes[id], true);
  freeze(updated.nodes);
  freeze(updated);
  return freeze({ ...state, tree: updated, elementErrors });
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
    elementAdded(state, action: PayloadAction<ElementAddedPayload>) {
      const { element, parentId, index } = action.payload;
      const result = insertNode(base(state.tree), element, parentId, index);
      if (!result.ok) return;
      state.tree = result.value;
      state.selectedElementId = element.id;
      state.currentPageId = pageOf(result.value, element.id);
    },
    elementMoved(state, action: PayloadAction<ElementMovedPayload>) {
      const { id, parentId, index } = action.payload;
      if (!state.tree.nodes[id]) return;
      const result = moveNode(base(state.tree), id, parentId, index);
      if (!result.ok || result.value === base(state.tree)) return;
      state.tree = result.value;
    },
    /**
     * A property edit. A label edit regenerates the input's dataName (unique) until the dataName is edited by hand.
     * formReducer handles this action before the slice does (see updateElement); this case gives it its action creator.
     */
    elementUpdated(state, action: PayloadAction<ElementUpdatedPayload>) {
      return updateElement(original(state) as FormState, action.payload);
    },
    /** The user typed a dataName: from now on it no longer follows the label. */
    dataNameEdited(state, action: PayloadAction<{ id: string; dataName: string }>) {
      const { id, dataName } = action.payload;
      const tree = base(state.tree);
      if (tree.nodes[id]?.type !== 'input') return;
      state.tree = updateNode(tree, id, { dataName });
      state.customDataNames[id] = true;
      if (state.elementErrors[id]) delete state.elementErrors[id];
    },
    /** Back to a dataName generated from the label (and following it again). */
    dataNameRegenerated(state, action: PayloadAction<string>) {
      const id = action.payload;
      const tree = base(state.tree);
      const node = tree.nodes[id];
      if (node?.type !== 'input') return;
      state.tree = updateNode(tree, id, { dataName: dataNameFromLabel(node.label, collectDataNames(tree, id)) });
      delete state.customDataNames[id];
    },
    elementCloned(state, action: PayloadAction<ElementClonedPayload>) {
      const { tree, logic, cloneId } = action.payload;
      state.tree = tree;
      state.logic = logic;
      state.selectedElementId = cloneId;
      state.currentPageId = pageOf(tree, cloneId);
    },
    elementRemoved(state, action: PayloadAction<string>) {
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
    settingsChanged(state, action: PayloadAction<Partial<FormSettings>>) {
      for (const key of SETTING_KEYS) {
        const value = action.payload[key];
        if (value === undefined) continue;
        state[key] = value;
        if (state.settingsErrors[key]) delete state.settingsErrors[key];
      }
    },
    buttonStyleChanged(state, action: PayloadAction<Partial<ButtonStyle>>) {
      state.style = { ...base(state.style), button: { ...base(state.style).button, ...action.payload } };
    },
    buttonStyleReset(state) {
      state.style = { ...base(state.style), button: { ...DEFAULT_BUTTON_STYLE } };
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
      reducer(state, action: PayloadAction<{ elementId: string; ids: NewConditionIds }>) {
        const { elementId, ids } = action.payload;
        editLogic(state, elementId, (logic, target) => addCondition(logic, target, ids));
      },
      prepare: (elementId: string) => ({
        payload: { elementId, ids: { configId: newId(), conditionId: newId(), groupId: newId(), ruleId: newId() } },
      }),
    },
    logicConditionRemoved(state, action: PayloadAction<ConditionAddress>) {
      const { elementId, conditionId } = action.payload;
      editLogic(state, elementId, (logic, target) => removeCondition(logic, target, conditionId));
    },
    logicConditionActionChanged(state, action: PayloadAction<ConditionAddress & { value: VisibilityAction }>) {
      const { elementId, conditionId, value } = action.payload;
      editLogic(state, elementId, (logic, target) => setConditionAction(logic, target, conditionId, value));
    },
    logicGroupAdded: {
      reducer(state, action: PayloadAction<ConditionAddress & { ids: NewGroupIds }>) {
        const { elementId, conditionId, ids } = action.payload;
        editLogic(state, elementId, (logic, target) => addGroup(logic, target, conditionId, ids));
      },
      prepare: (address: ConditionAddress) => ({ payload: { ...address, ids: { groupId: newId(), ruleId: newId() } } }),
    },
    logicGroupRemoved(state, action: PayloadAction<GroupAddress>) {
      const { elementId, conditionId, groupId } = action.payload;
      editLogic(state, elementId, (logic, target) => removeGroup(logic, target, conditionId, groupId));
    },
    logicGroupOperatorChanged(state, action: PayloadAction<GroupAddress & { operator: GroupOperator }>) {
      const { elementId, conditionId, groupId, operator } = action.payload;
      editLogic(state, elementId, (logic, target) => setGroupOperator(logic, target, conditionId, groupId, operator));
    },
    logicRuleAdded: {
      reducer(state, action: PayloadAction<RuleAddress>) {
        const { elementId, conditionId, groupId, ruleId } = action.payload;
        editLogic(state, elementId, (logic, target) => addRule(logic, target, conditionId, groupId, ruleId));
      },
      prepare: (address: GroupAddress) => ({ payload: { ...address, ruleId: newId() } }),
    },
    logicRuleRemoved(state, action: PayloadAction<RuleAddress>) {
      const { elementId, ...address } = action.payload;
      editLogic(state, elementId, (logic, target) => removeRule(logic, target, address));
    },
    /** A rule edit; a new trigger resets a predicate (and a value) it does not allow (see editRule). */
    logicRuleChanged(state, action: PayloadAction<RuleAddress & { patch: RulePatch }>) {
      const { elementId, patch, ...address } = action.payload;
      const tree = base(state.tree);
      const inputOf = (id: string) => {
        const node = tree.nodes[id];
        return node?.type === 'input' ? node : undefined;
      };
      editLogic(state, elementId, (logic, target) => changeRule(logic, target, address, patch, inputOf));
    },
    /** Leaving the builder without saving: the next visit loads the saved copy again. */
    formDiscarded() {
      return initialFormState;
    },
  },
  extraReducers: (builder) => {
    builder
      .addCase(userLoggedOut, () => initialFormState)
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
      })
      .addCase(loadForm.rejected, (state, action) => {
        if (state.formId !== action.meta.arg.formId) return;
        state.loadStatus = 'failed';
      })
      .addCase(saveForm.pending, (state) => {
        state.saveStatus = 'saving';
        state.elementErrors = {};
        state.settingsErrors = {};
        state.saveProblem = null;
      })
      .addCase(saveForm.fulfilled, (state, action) => {
        const { template, sent, editedLogic, restored } = action.payload;
        state.saveStatus = 'saved';
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
        state.elementErrors = failure.elementErrors;
        state.settingsErrors = failure.settingsErrors;
        state.saveProblem = failure.problem;
        const first = Object.keys(failure.elementErrors)[0] ?? failure.logicElementId;
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
 * draft and its walk of the finished state) and build the next state directly, as updateElement does.
 */
export const formReducer: Reducer<FormState> = (state, action) =>
  state !== undefined && elementUpdated.match(action) ? updateElement(state, action.payload) : formSlice.reducer(state, action);
export const formSliceName = formSlice.name;

// ---- Selectors ----

export const selectFormState = (state: RootState) => state.form;
export const selectFormId = (state: RootState) => state.form.formId;
export const selectFormAccountId = (state: RootState) => state.form.accountId;
export const selectLoadStatus = (state: RootState) => state.form.loadStatus;
export const selectSaveStatus = (state: RootState) => state.form.saveStatus;
export const selectPublished = (state: RootState) => state.form.published;
export const selectTree = (state: RootState) => state.form.tree;
export const selectLogic = (state: RootState) => state.form.logic;
export const selectButtonStyle = (state: RootState) => state.form.style.button;
export const selectSelectedElementId = (state: RootState) => state.form.selectedElementId;
export const selectPageIds = (state: RootState) => state.form.tree.pageIds;
export const selectSettingsErrors = (state: RootState) => state.form.settingsErrors;
export const selectSaveProblem = (state: RootState) => (state.form.saveStatus === 'failed' ? state.form.saveProblem : null);

/** The builder can show the form of this URL id (also right after a new form's first save, before the URL follows). */
export const selectIsFormReady = (state: RootState, formId: string) =>
  state.form.loadStatus === 'loaded' && (state.form.formId === formId || (formId !== '' && state.form.previousFormId === formId));

/** One element's node: what a canvas element subscribes to (its identity changes only when that element does). */
export const selectNode = (state: RootState, id: string): TreeNode | undefined => state.form.tree.nodes[id];

const NO_CHILDREN: string[] = [];
/** The ordered child ids of a page or section (null: the pages); the same array until that list changes. */
export const selectChildIds = (state: RootState, parentId: string | null): string[] =>
  parentId === null ? state.form.tree.pageIds : (state.form.tree.childIds[parentId] ?? NO_CHILDREN);

export const selectIsSelected = (state: RootState, id: string) => state.form.selectedElementId === id;
export const selectElementErrors = (state: RootState, id: string): string[] | undefined => state.form.elementErrors[id];
export const selectIsCustomDataName = (state: RootState, id: string) => Boolean(state.form.customDataNames[id]);

export const selectFormSettings = createSelector(
  [
    (state: RootState) => state.form.name,
    (state: RootState) => state.form.displayName,
    (state: RootState) => state.form.description,
    (state: RootState) => state.form.customSubmitMessage,
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
  [selectFormSettings, selectFormDocument, selectLogic, (state: RootState) => state.form.style],
  (settings, jsonForm, logic, style): FormSnapshot => snapshotOf(settings, jsonForm, logic, style),
);

export const selectLogicEditorRequests = (state: RootState) => state.form.logicEditorRequests;

export const selectSnapshotOfPublished = (state: RootState) => state.form.snapshotOfPublished;

const selectStyle = (state: RootState) => state.form.style;

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
