/**
 * The form shown by the preview and the JSON view: the builder's in-memory copy when the 'form' slice holds this
 * form (unsaved edits included), otherwise the saved form from the api cache (getForm).
 */
import { useMemo, useState } from 'react';
import { skipToken } from '@reduxjs/toolkit/query';
import { formTemplatesApi } from '../../api/form-templates';
import type { FormTemplate } from '../../api/form-templates';
import { useAppSelector } from '../../app/hooks';
import { useErrorToast } from '../../app/use-error-toast';
import { createNewFormDocument } from '../../domain/element-factory';
import type { FormSnapshot } from '../../domain/form-compare';
import { defaultFormStyle, emptyConditionalLogic } from '../../domain/form-document';
import { restoreFormSnapshot } from '../../domain/form-restore';
import { NIL_UUID } from '../../domain/ids';
import { loadStatusOf } from '../../domain/load-status';
import { FORM_MESSAGES } from '../../domain/messages';
import { selectFormId, selectFormSnapshot, selectHasUnsavedChanges, selectLoadStatus } from './form-selectors';

export type ViewedForm =
  | { status: 'loading' }
  /** `raw` holds the documents as stored (before restore), for the JSON view of a saved form. */
  | { status: 'ready'; source: 'builder' | 'saved'; snapshot: FormSnapshot; raw: Pick<FormSnapshot, 'jsonForm' | 'jsonConditionalLogic' | 'jsonFormStyle'>; unsaved: boolean }
  | { status: 'failed'; message: string; retry: () => void };

type Restored =
  | { status: 'ready'; snapshot: FormSnapshot; raw: Pick<FormSnapshot, 'jsonForm' | 'jsonConditionalLogic' | 'jsonFormStyle'> }
  | { status: 'failed'; message: string };

/** The saved form as the preview shows it: restored from older shapes, or why it cannot be. */
function restoreSaved(template: FormTemplate): Restored {
  const raw = {
    jsonForm: template.jsonForm,
    jsonConditionalLogic: template.jsonConditionalLogic,
    jsonFormStyle: template.jsonFormStyle,
  };
  try {
    const snapshot: FormSnapshot = restoreFormSnapshot(template);
    return { status: 'ready', snapshot, raw };
  } catch (error) {
    return { status: 'failed', message: error instanceof Error ? error.message : FORM_MESSAGES.loadFailed };
  }
}

function newFormSnapshot(): FormSnapshot {
  return {
    name: '',
    displayName: '',
    description: '',
    customSubmitMessage: '',
    jsonForm: createNewFormDocument(),
    jsonConditionalLogic: emptyConditionalLogic(),
    jsonFormStyle: defaultFormStyle(),
  };
}

export function useViewedForm(accountId: number | null, formId: string | undefined): ViewedForm {
  const builderFormId = useAppSelector(selectFormId);
  const builderStatus = useAppSelector(selectLoadStatus);
  const builderSnapshot = useAppSelector(selectFormSnapshot);
  const unsaved = useAppSelector(selectHasUnsavedChanges);
  const inBuilder = !!formId && builderFormId === formId && (builderStatus === 'loaded' || builderStatus === 'loading');
  const [newForm] = useState(newFormSnapshot);

  const skip = inBuilder || accountId === null || !formId || formId === NIL_UUID;
  const result = formTemplatesApi.useGetFormQuery(skip ? skipToken : { accountId, id: formId });
  // 401/403/404 are shown by the HTTP client (login redirect or the error page).
  useErrorToast(result.error, FORM_MESSAGES.loadFailed);
  const template = result.currentData;
  const restored = useMemo(() => (template ? restoreSaved(template) : null), [template]);

  if (inBuilder) {
    if (builderStatus === 'loading') return { status: 'loading' };
    return { status: 'ready', source: 'builder', snapshot: builderSnapshot, raw: builderSnapshot, unsaved };
  }
  if (formId === NIL_UUID) {
    // A new form nobody is editing (e.g. the page was reloaded): what the builder would start from.
    return { status: 'ready', source: 'builder', snapshot: newForm, raw: newForm, unsaved: true };
  }
  const retry = () => void result.refetch();
  if (loadStatusOf(result) === 'failed') return { status: 'failed', message: FORM_MESSAGES.loadFailed, retry };
  if (!restored) return { status: 'loading' };
  if (restored.status === 'failed') return { status: 'failed', message: restored.message, retry };
  return { status: 'ready', source: 'saved', snapshot: restored.snapshot, raw: restored.raw, unsaved: false };
}
