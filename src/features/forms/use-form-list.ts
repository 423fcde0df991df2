import { useMemo } from 'react';
import { skipToken } from '@reduxjs/toolkit/query';
import { formResponsesApi } from '../../api/form-responses';
import { formTemplatesApi } from '../../api/form-templates';
import type { FormTemplateSummary } from '../../api/form-templates';
import { useErrorToast } from '../../app/use-error-toast';
import { loadStatusOf } from '../../domain/load-status';

const LOAD_FORM_LIST_ERROR = 'Unable to load form list';
const LOAD_ARCHIVED_FORM_LIST_ERROR = 'Unable to load archived form list';

const NO_FORMS: FormTemplateSummary[] = [];

/**
 * The active or archived forms of an account, from the api cache. `currentData` belongs to this tab only, so the list
 * never shows one tab's forms under the other while the other loads.
 */
export function useFormList(accountId: number | null, archived: boolean) {
  const query = formTemplatesApi.useListFormsQuery(accountId === null ? skipToken : { accountId, archived });
  useErrorToast(query.error, archived ? LOAD_ARCHIVED_FORM_LIST_ERROR : LOAD_FORM_LIST_ERROR);
  return { status: loadStatusOf(query), forms: query.currentData?.results ?? NO_FORMS, retry: query.refetch };
}

/**
 * Each form's number of responses that are not spam, by form id; null until known. A failure leaves the counts out
 * quietly: the list works without them.
 */
export function useResponseCounts(accountId: number | null): ReadonlyMap<string, number> | null {
  const { currentData } = formResponsesApi.useGetResponseCountsQuery(accountId === null ? skipToken : accountId);
  return useMemo(() => (currentData ? new Map(currentData.results.map((row) => [row.formTemplate, row.count])) : null), [currentData]);
}
