/**
 * The form shown by the preview and the JSON view: the builder's in-memory copy when the 'form' slice holds this
 * form (unsaved edits included), otherwise the saved form loaded with getFormTemplate.
 */
import { useEffect, useState } from 'react';
import { ApiError } from '../../api/errors';
import { getFormTemplate } from '../../api/form-templates';
import { showErrorToast } from '../../app/app-slice';
import { useAppDispatch, useAppSelector } from '../../app/hooks';
import { createNewFormDocument } from '../../domain/element-factory';
import type { FormSnapshot } from '../../domain/form-compare';
import { defaultFormStyle, emptyConditionalLogic } from '../../domain/form-document';
import { restoreConditionalLogic, restoreFormDocument, restoreFormStyle } from '../../domain/form-restore';
import { NIL_UUID } from '../../domain/ids';
import { FORM_MESSAGES } from './form-messages';
import { selectFormId, selectFormSnapshot, selectHasUnsavedChanges, selectLoadStatus } from './form-selectors';

export type ViewedForm =
  | { status: 'loading' }
  /** `raw` holds the documents as stored (before restore), for the JSON view of a saved form. */
  | { status: 'ready'; source: 'builder' | 'saved'; snapshot: FormSnapshot; raw: Pick<FormSnapshot, 'jsonForm' | 'jsonConditionalLogic' | 'jsonFormStyle'>; unsaved: boolean }
  | { status: 'failed'; message: string; retry: () => void };

type Loaded =
  | { key: string; status: 'ready'; snapshot: FormSnapshot; raw: Pick<FormSnapshot, 'jsonForm' | 'jsonConditionalLogic' | 'jsonFormStyle'> }
  | { key: string; status: 'failed'; message: string };

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
  const dispatch = useAppDispatch();
  const builderFormId = useAppSelector(selectFormId);
  const builderStatus = useAppSelector(selectLoadStatus);
  const builderSnapshot = useAppSelector(selectFormSnapshot);
  const unsaved = useAppSelector(selectHasUnsavedChanges);
  const inBuilder = !!formId && builderFormId === formId && (builderStatus === 'loaded' || builderStatus === 'loading');
  const key = `${accountId}/${formId}`;
  const [loaded, setLoaded] = useState<Loaded | null>(null);
  const [attempt, setAttempt] = useState(0);
  const [newForm] = useState(newFormSnapshot);

  useEffect(() => {
    if (inBuilder || accountId === null || !formId || formId === NIL_UUID) return;
    let cancelled = false;
    getFormTemplate(accountId, formId)
      .then((template) => {
        if (cancelled) return;
        const raw = {
          jsonForm: template.jsonForm,
          jsonConditionalLogic: template.jsonConditionalLogic,
          jsonFormStyle: template.jsonFormStyle,
        };
        try {
          const snapshot: FormSnapshot = {
            name: template.name,
            displayName: template.displayName,
            description: template.description,
            customSubmitMessage: template.customSubmitMessage,
            jsonForm: restoreFormDocument(template.jsonForm),
            jsonConditionalLogic: restoreConditionalLogic(template.jsonConditionalLogic),
            jsonFormStyle: restoreFormStyle(template.jsonFormStyle),
          };
          setLoaded({ key, status: 'ready', snapshot, raw });
        } catch (error) {
          setLoaded({ key, status: 'failed', message: error instanceof Error ? error.message : FORM_MESSAGES.loadFailed });
        }
      })
      .catch((error: unknown) => {
        if (cancelled) return;
        // 401/403/404 are shown by the HTTP client (login redirect or the error page).
        const handled = error instanceof ApiError && (error.status === 401 || error.status === 403 || error.status === 404);
        if (!handled) dispatch(showErrorToast(FORM_MESSAGES.loadFailed));
        setLoaded({ key, status: 'failed', message: FORM_MESSAGES.loadFailed });
      });
    return () => {
      cancelled = true;
    };
  }, [accountId, formId, inBuilder, key, attempt, dispatch]);

  if (inBuilder) {
    if (builderStatus === 'loading') return { status: 'loading' };
    return { status: 'ready', source: 'builder', snapshot: builderSnapshot, raw: builderSnapshot, unsaved };
  }
  if (formId === NIL_UUID) {
    // A new form nobody is editing (e.g. the page was reloaded): what the builder would start from.
    return { status: 'ready', source: 'builder', snapshot: newForm, raw: newForm, unsaved: true };
  }
  if (!loaded || loaded.key !== key) return { status: 'loading' };
  if (loaded.status === 'failed') {
    return {
      status: 'failed',
      message: loaded.message,
      retry: () => {
        setLoaded(null);
        setAttempt((n) => n + 1);
      },
    };
  }
  return { status: 'ready', source: 'saved', snapshot: loaded.snapshot, raw: loaded.raw, unsaved: false };
}
