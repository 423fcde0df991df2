/**
 * The saved form behind the share screens. Respondents get the saved form, never the builder's unsaved copy, so these
 * screens always load it with getFormTemplate.
 */
import { useEffect, useState } from 'react';
import { isHandledByClient } from '../../api/errors';
import { getFormTemplate } from '../../api/form-templates';
import { showErrorToast } from '../../app/app-slice';
import { useAppDispatch } from '../../app/hooks';
import type { FormDocument } from '../../domain/form-document';
import { restoreFormDocument } from '../../domain/form-restore';
import { NIL_UUID } from '../../domain/ids';
import { SHARE_MESSAGES } from './share-messages';

export interface ShareForm {
  accountId: number;
  id: string;
  name: string;
  /** What respondents see as the form's title: the display name, else the name. */
  title: string;
  /** Null when the saved document cannot be read (it could not be opened in the builder either). */
  document: FormDocument | null;
}

export type ShareFormState =
  | { status: 'loading' }
  /** The new-form id: nothing is saved yet, so there is nothing to share. */
  | { status: 'unsaved' }
  | { status: 'ready'; form: ShareForm }
  | { status: 'failed'; retry: () => void };

type Loaded = { key: string; form: ShareForm | null };

function readDocument(raw: unknown): FormDocument | null {
  try {
    return restoreFormDocument(raw);
  } catch {
    return null;
  }
}

export function useShareForm(accountId: number | null, formId: string | undefined): ShareFormState {
  const dispatch = useAppDispatch();
  const key = `${accountId}/${formId}/`;
  const [loaded, setLoaded] = useState<Loaded | null>(null);
  const [attempt, setAttempt] = useState(0);

  useEffect(() => {
    if (accountId === null || !formId || formId === NIL_UUID) return;
    let cancelled = false;
    getFormTemplate(accountId, formId).then(
      (template) => {
        if (cancelled) return;
        const title = template.displayName.trim() || template.name.trim();
        setLoaded({ key, form: { accountId, id: template.id, name: template.name, title, document: readDocument(template.jsonForm) } });
      },
      (error: unknown) => {
        if (cancelled) return;
        if (!isHandledByClient(error)) dispatch(showErrorToast(SHARE_MESSAGES.loadFormFailed));
        setLoaded({ key, form: null });
      },
    );
    return () => {
      cancelled = true;
    };
  }, [accountId, formId, key, attempt, dispatch]);

  if (formId === NIL_UUID) return { status: 'unsaved' };
  if (!loaded || loaded.key !== key) return { status: 'loading' };
  if (!loaded.form) {
    return {
      status: 'failed',
      retry: () => {
        setLoaded(null);
        setAttempt((n) => n + 1);
      },
    };
  }
  return { status: 'ready', form: loaded.form };
}
