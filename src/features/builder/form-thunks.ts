/**
 * The builder's two server calls: 'form/loadForm' (spec §7) and 'form/saveForm', thin wrappers over the api
 * endpoints (getForm, createForm, updateForm: the 'form' cache entry and the cached lists follow), with the mapping
 * of the server's save errors onto the editor (which element, which setting, which panel).
 */
import { createAsyncThunk } from '@reduxjs/toolkit';
import type { ThunkDispatch, UnknownAction } from '@reduxjs/toolkit';
import { fieldErrorsOf, isHandledByClient, messageOf, statusOf } from '../../api/errors';
import { formTemplatesApi } from '../../api/form-templates';
import type { FormTemplate, FormTemplateInput } from '../../api/form-templates';
import { showErrorToast, showSuccessToast } from '../../app/app-slice';
import { createNewFormDocument } from '../../domain/element-factory';
import type { FormSnapshot } from '../../domain/form-compare';
import { hasUnsavedChanges } from '../../domain/form-compare';
import type { ConditionalLogic } from '../../domain/form-document';
import { defaultFormStyle, emptyConditionalLogic } from '../../domain/form-document';
import { checkFormBeforeSave, formToSave, locateSaveIssue, saveIssuesFromErrors } from '../../domain/form-save';
import type { SaveIssue } from '../../domain/form-save';
import { denormaliseForm, normaliseForm } from '../../domain/form-tree';
import { NIL_UUID } from '../../domain/ids';
import { FORM_MESSAGES } from '../../domain/messages';
import { editMeta } from './form-history';
import type { EditMeta } from './form-history';
import { selectFormSnapshot } from './form-selectors';
import { restoreTemplate, snapshotOf } from './form-state';
import type { LoadedForm, RestoredForm, SaveConflict, StateWithForm } from './form-state';
import { saveFailureToast } from './save-errors';

type Dispatch = ThunkDispatch<unknown, unknown, UnknownAction>;

/**
 * The saved form as the server has it now: the builder compares against its `updatedAt`, so a cached copy will not
 * do. The request lets go of its cache entry once answered (the entry stays a while for the share screens).
 */
async function readForm(dispatch: Dispatch, accountId: number, id: string): Promise<FormTemplate> {
  const request = dispatch(formTemplatesApi.endpoints.getForm.initiate({ accountId, id }, { forceRefetch: true }));
  try {
    return await request.unwrap();
  } finally {
    request.unsubscribe();
  }
}

/** The server's `detail` of a failed call, when it gave one. */
function detailOf(error: unknown): string | null {
  return error !== null && typeof error === 'object' && 'detail' in error && typeof error.detail === 'string' ? error.detail : null;
}

// ---- Loading ----

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
      const template = await readForm(dispatch, accountId, formId);
      return { formId, accountId, ...restoreTemplate(template) };
    } catch (error) {
      if (!isHandledByClient(error)) dispatch(showErrorToast(FORM_MESSAGES.loadFailed));
      return rejectWithValue({ status: statusOf(error), message: messageOf(error) });
    }
  },
);

// ---- Saving ----

export interface SaveSuccess {
  template: FormTemplate;
  created: boolean;
  /** What was sent; the saved state the editor is compared with from now on. */
  sent: FormSnapshot;
  /** The editor's logic before sanitizing (spec §5 drops incomplete rules from what is sent). */
  editedLogic: ConditionalLogic;
  /** The re-read copy differs from what was sent (the server normalised something): adopt it. */
  restored: RestoredForm | null;
}

export interface SaveFailure {
  status: number | null;
  message: string;
  /** What stopped the save, each placed on the editor and worded as the server words it (src/domain/form-save.ts). */
  issues: SaveIssue[];
  /** Someone else saved first (409): their version, for the conflict notice. */
  conflict?: SaveConflict;
}

export interface SaveArgs {
  /**
   * "Overwrite with mine": the updatedAt of their version, the one the conflict notice showed. The save replaces that
   * version only; if they saved again since, it is refused (409) like any stale save, and the notice shows the newer one.
   */
  overwrite?: string;
}

type FailureDetails = Pick<SaveFailure, 'status' | 'message'> & Partial<SaveFailure>;

/** Their version of the form, as the server has it now (null when it cannot be read). */
async function theirVersion(dispatch: Dispatch, accountId: number, id: string): Promise<SaveConflict['theirs']> {
  try {
    const template = await readForm(dispatch, accountId, id);
    return { updatedAt: template.updatedAt, name: template.name };
  } catch {
    return null;
  }
}

/**
 * Saves the form: POST when it was never saved, else PUT with the updatedAt it was loaded with (409 when someone
 * else saved in between: their version is read for the conflict notice, nothing of the editor is touched). With
 * `overwrite`, the PUT carries their version's updatedAt instead. The saved copy is then re-read (spec §4).
 * Navigation to the build screen is the caller's.
 */
export const saveForm = createAsyncThunk<SaveSuccess, SaveArgs | void, { state: StateWithForm; rejectValue: SaveFailure }>(
  'form/saveForm',
  async (args, { getState, dispatch, rejectWithValue }) => {
    const state = getState().form;
    const created = state.published === null;
    const failedMessage = created ? FORM_MESSAGES.createFailed : FORM_MESSAGES.updateFailed;
    const snapshot = selectFormSnapshot(getState());
    const sent = formToSave(snapshot);

    const fail = (failure: FailureDetails, toast: string) => {
      dispatch(showErrorToast(toast));
      return rejectWithValue({ issues: [], ...failure });
    };
    const refuse = (status: number | null, issues: SaveIssue[]) => fail({ status, message: failedMessage, issues }, saveFailureToast(failedMessage, issues));

    const issues = checkFormBeforeSave(sent);
    if (issues.length > 0) return refuse(null, issues);
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
      const { accountId, published } = state;
      const updatedAt = (args && args.overwrite) || published?.updatedAt;
      saved = published && updatedAt
        ? await dispatch(formTemplatesApi.endpoints.updateForm.initiate({ accountId, id: published.id, input: { ...input, updatedAt } })).unwrap()
        : await dispatch(formTemplatesApi.endpoints.createForm.initiate({ accountId, input })).unwrap();
    } catch (error) {
      const status = statusOf(error);
      const errors = fieldErrorsOf(error);
      // A conflict is shown by the builder's notice (it stays until the user chooses), not by a passing toast.
      if (status === 409 && state.published) {
        const theirs = await theirVersion(dispatch, state.accountId, state.published.id);
        return rejectWithValue({ status, message: detailOf(error) ?? failedMessage, issues: [], conflict: { theirs } });
      }
      if (status === 400) {
        const refused = saveIssuesFromErrors(sent.jsonForm, errors);
        // A 400 without field errors still says why in its detail.
        const detail = detailOf(error);
        return refuse(status, refused.length > 0 ? refused : detail ? [locateSaveIssue(sent.jsonForm, '', detail)] : []);
      }
      if (isHandledByClient(error)) {
        return rejectWithValue({ status, message: failedMessage, issues: [] });
      }
      return fail({ status, message: failedMessage }, failedMessage);
    }

    // Spec §4: the published copy is re-read after a save. Should that read fail, the save's own answer will do.
    let template: FormTemplate;
    try {
      template = await readForm(dispatch, state.accountId, saved.id);
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

/**
 * "Reload theirs" after a conflict: the form as the server has it now replaces the editor's. An edit like any other
 * (its meta makes it one), so Undo brings the user's own version back: nothing typed is lost for good.
 */
export const reloadTheirVersion = createAsyncThunk<RestoredForm, void, { state: StateWithForm; rejectValue: LoadFailure; fulfilledMeta: EditMeta }>(
  'form/reloadTheirVersion',
  async (_, { getState, dispatch, rejectWithValue, fulfillWithValue }) => {
    const { accountId, published } = getState().form;
    try {
      if (accountId === null || published === null) throw new Error('The form was never saved');
      const template = await readForm(dispatch, accountId, published.id);
      return fulfillWithValue(restoreTemplate(template), editMeta('reload', null));
    } catch (error) {
      if (!isHandledByClient(error)) dispatch(showErrorToast(FORM_MESSAGES.loadFailed));
      return rejectWithValue({ status: statusOf(error), message: messageOf(error) });
    }
  },
);

/** Reads their version again for the conflict notice (after it could not be read, or to see a newer one). */
export const recheckTheirVersion = createAsyncThunk<SaveConflict, void, { state: StateWithForm }>('form/recheckTheirVersion', async (_, { getState, dispatch }) => {
  const { accountId, published } = getState().form;
  return { theirs: accountId === null || published === null ? null : await theirVersion(dispatch, accountId, published.id) };
});
