/**
 * The saved form behind the share screens. Respondents get the saved form, never the builder's unsaved copy, so these
 * screens always load it with getFormTemplate.
 */
import { useMemo } from 'react';
import { skipToken } from '@reduxjs/toolkit/query';
import { formTemplatesApi } from '../../api/form-templates';
import type { FormTemplate } from '../../api/form-templates';
import { useErrorToast } from '../../app/use-error-toast';
import type { FormDocument } from '../../domain/form-document';
import { restoreFormDocument } from '../../domain/form-restore';
import { NIL_UUID } from '../../domain/ids';
import { loadStatusOf } from '../../domain/load-status';
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

function readDocument(raw: unknown): FormDocument | null {
  try {
    return restoreFormDocument(raw);
  } catch {
    return null;
  }
}

function shareFormOf(accountId: number, template: FormTemplate): ShareForm {
  const title = template.displayName.trim() || template.name.trim();
  return { accountId, id: template.id, name: template.name, title, document: readDocument(template.jsonForm) };
}

export function useShareForm(accountId: number | null, formId: string | undefined): ShareFormState {
  const skip = accountId === null || !formId || formId === NIL_UUID;
  const result = formTemplatesApi.useGetFormQuery(skip ? skipToken : { accountId, id: formId });
  useErrorToast(result.error, SHARE_MESSAGES.loadFormFailed);
  const template = result.currentData;
  // Restoring the document is not free: once per answer, not per render.
  const form = useMemo(() => (template && accountId !== null ? shareFormOf(accountId, template) : null), [template, accountId]);

  if (formId === NIL_UUID) return { status: 'unsaved' };
  const status = loadStatusOf(result);
  if (status === 'failed') return { status: 'failed', retry: () => void result.refetch() };
  if (!form) return { status: 'loading' };
  return { status: 'ready', form };
}
