import { useCallback, useEffect, useState } from 'react';
import { isHandledByClient } from '../../api/errors';
import { listFormTemplates } from '../../api/form-templates';
import type { FormTemplateSummary } from '../../api/form-templates';
import { showErrorToast } from '../../app/app-slice';
import { useAppDispatch } from '../../app/hooks';

export const LOAD_FORM_LIST_ERROR = 'Unable to load form list';
export const LOAD_ARCHIVED_FORM_LIST_ERROR = 'Unable to load archived form list';

export type FormListStatus = 'loading' | 'loaded' | 'failed';

interface Loaded {
  key: string;
  status: 'loaded' | 'failed';
  forms: FormTemplateSummary[];
}

/**
 * The active or archived forms of an account. Loading is derived (the stored answer belongs to another key), so the
 * list never shows one tab's forms under the other tab, and a late answer for a tab the user left is dropped.
 */
export function useFormList(accountId: number | null, archived: boolean) {
  const dispatch = useAppDispatch();
  const [attempt, setAttempt] = useState(0);
  const [loaded, setLoaded] = useState<Loaded | null>(null);
  const key = `${accountId ?? ''}|${archived ? 'archived' : 'active'}|${attempt}`;

  useEffect(() => {
    if (accountId === null) return;
    let current = true;
    listFormTemplates(accountId, { archived }).then(
      (page) => {
        if (current) setLoaded({ key, status: 'loaded', forms: page.results });
      },
      (error: unknown) => {
        if (!current) return;
        setLoaded({ key, status: 'failed', forms: [] });
        if (!isHandledByClient(error)) dispatch(showErrorToast(archived ? LOAD_ARCHIVED_FORM_LIST_ERROR : LOAD_FORM_LIST_ERROR));
      },
    );
    return () => {
      current = false;
    };
  }, [accountId, archived, key, dispatch]);

  const status: FormListStatus = loaded?.key === key ? loaded.status : 'loading';
  const forms = loaded?.key === key ? loaded.forms : [];

  const retry = useCallback(() => setAttempt((value) => value + 1), []);

  /** Local edits after a successful call, so the list does not flash through a reload. */
  const removeForm = useCallback((id: string) => {
    setLoaded((state) => state && { ...state, forms: state.forms.filter((form) => form.id !== id) });
  }, []);
  const replaceForm = useCallback((next: FormTemplateSummary) => {
    setLoaded((state) => state && { ...state, forms: state.forms.map((form) => (form.id === next.id ? next : form)) });
  }, []);

  return { status, forms, retry, removeForm, replaceForm };
}
