/**
 * The builder's state (slice 'form'): the form being edited, kept normalised (FormTree) so each canvas element
 * subscribes to its own node and a keystroke re-renders one element. Its own module so the slice, its selectors, its
 * thunks and the element update can all use it without importing each other (or the app's store) in a circle.
 */
import type { FormTemplate } from '../../api/form-templates';
import type { EditHistory } from '../../domain/edit-history';
import { emptyHistory } from '../../domain/edit-history';
import type { FormSnapshot } from '../../domain/form-compare';
import type { FormSettingField, SaveIssue } from '../../domain/form-save';
import type { LoadStatus } from '../../domain/load-status';
import { defaultFormStyle, emptyConditionalLogic } from '../../domain/form-document';
import type { ConditionalLogic, FormDocument, FormStyle } from '../../domain/form-document';
import { restoreFormSnapshot } from '../../domain/form-restore';
import { normaliseForm } from '../../domain/form-tree';
import type { FormTree } from '../../domain/form-tree';

type SaveStatus = 'idle' | 'saving' | 'saved' | 'failed';
/** What stopped the last save, so the editor can open the right panel. */
export type SaveProblem = 'settings' | 'buttonStyle' | 'elements' | 'logic';
/** A setting of the form (the domain's name for it, which save problems use too). */
export type FormSettingKey = FormSettingField;
export type FormSettings = Record<FormSettingKey, string>;

export const SETTING_KEYS: readonly FormSettingKey[] = ['name', 'displayName', 'description', 'customSubmitMessage'];

/** What an undoable change did (form-history.ts): worded in announcements, and where the selection goes on undo. */
export type EditKind = 'add' | 'move' | 'update' | 'clone' | 'remove' | 'logic' | 'settings' | 'buttonStyle' | 'reload';
export interface BuilderEdit {
  kind: EditKind;
  /** The element it changed (the new one for add and clone), or null for the form's settings and style. */
  elementId: string | null;
}

/** The part of the state an undo brings back: the form being edited, and the selection of that moment. */
export interface BuilderSnapshot extends FormSettings {
  tree: FormTree;
  logic: ConditionalLogic;
  style: FormStyle;
  customDataNames: Record<string, true>;
  selectedElementId: string | null;
  currentPageId: string | null;
}

export type FormHistory = EditHistory<BuilderSnapshot, BuilderEdit>;

/**
 * A save refused because someone else saved the form first (409). It stays until the user chooses: their version
 * (reload) or theirs overwritten with this one. `theirs` is their version as re-read when it was found (null when it
 * could not be read): "Overwrite with mine" replaces exactly that version and no later one.
 */
export interface SaveConflict {
  theirs: { updatedAt: string; name: string } | null;
}

/** The last undo or redo (the properties pane shows the panel holding what it changed); serial tells one from the next. */
interface HistoryStepTaken {
  serial: number;
  direction: 'undo' | 'redo';
  edit: BuilderEdit;
}

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
  /**
   * Problems found by the last save attempt (the client's check or the server's 400), in the order the save summary
   * lists them; re-checked as the user edits (save-errors.ts). Below, the same by element id and by setting.
   */
  saveIssues: readonly SaveIssue[];
  elementErrors: Readonly<Record<string, readonly SaveIssue[]>>;
  settingsErrors: Partial<Record<FormSettingKey, string>>;
  saveProblem: SaveProblem | null;
  /** Bumped when the user asks to edit the selected element's logic (the properties pane opens its Logic tab). */
  logicEditorRequests: number;
  /** The URL id this form had before its first save (the nil UUID), so the page keeps it while the URL catches up. */
  previousFormId: string | null;
  loadStatus: LoadStatus;
  saveStatus: SaveStatus;
  /** Undo and redo of the edits since the form was loaded (form-history.ts). */
  history: FormHistory;
  historyStep: HistoryStepTaken | null;
  conflict: SaveConflict | null;
}

/**
 * The part of the app's state the builder's selectors and thunks read. The app's RootState satisfies it; naming it
 * here keeps the builder from importing the store that imports the builder.
 */
export interface StateWithForm {
  form: FormState;
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
  saveIssues: [],
  elementErrors: {},
  settingsErrors: {},
  saveProblem: null,
  logicEditorRequests: 0,
  previousFormId: null,
  loadStatus: 'idle',
  saveStatus: 'idle',
  history: emptyHistory(),
  historyStep: null,
  conflict: null,
};

export function snapshotOf(settings: FormSettings, jsonForm: FormDocument, logic: ConditionalLogic, style: FormStyle): FormSnapshot {
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

/** A form as the builder opens it: from the server (restored) or new. */
export interface LoadedForm {
  formId: string;
  accountId: number;
  published: FormTemplate | null;
  settings: FormSettings;
  tree: FormTree;
  logic: ConditionalLogic;
  style: FormStyle;
}

export type RestoredForm = Omit<LoadedForm, 'formId' | 'accountId'>;

/** A saved template through the restore step (STYLE.md: saved forms are migrated before the builder sees them). */
export function restoreTemplate(template: FormTemplate): RestoredForm {
  const restored = restoreFormSnapshot(template);
  return {
    published: template,
    settings: {
      name: restored.name,
      displayName: restored.displayName,
      description: restored.description,
      customSubmitMessage: restored.customSubmitMessage,
    },
    tree: normaliseForm(restored.jsonForm),
    logic: restored.jsonConditionalLogic,
    style: restored.jsonFormStyle,
  };
}
