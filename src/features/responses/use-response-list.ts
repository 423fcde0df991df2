import { skipToken } from '@reduxjs/toolkit/query';
import { fieldErrorsOf, statusOf } from '../../api/errors';
import { DEFAULT_RESPONSE_PAGE_SIZE, formResponsesApi } from '../../api/form-responses';
import { formTemplatesApi } from '../../api/form-templates';
import type { FormTemplateSummary } from '../../api/form-templates';
import { useAppSelector } from '../../app/hooks';
import { useErrorToast } from '../../app/use-error-toast';
import { loadStatusOf } from '../../domain/load-status';
import { toResponseFilters } from './response-list-query';
import type { ResponseListQuery } from './response-list-query';
import { RESPONSE_MESSAGES } from './response-messages';

/** The list request for a view of the URL: the route loader prefetches exactly this one. */
export function responseListArgs(accountId: number, query: ResponseListQuery, pageSize = DEFAULT_RESPONSE_PAGE_SIZE) {
  return { accountId, filters: toResponseFilters(query, pageSize) };
}

/**
 * One page of responses for the view in the URL, from the api cache; `currentData` belongs to this view only, so a
 * page never shows under other filters. The total count comes with the first page only: while the user pages
 * through the same filters it is read from that first page, when the cache still holds it.
 */
export function useResponseList(accountId: number | null, query: ResponseListQuery, pageSize = DEFAULT_RESPONSE_PAGE_SIZE) {
  const args = accountId === null ? null : responseListArgs(accountId, query, pageSize);
  const result = formResponsesApi.useListResponsesQuery(args ?? skipToken);
  useErrorToast(result.error, RESPONSE_MESSAGES.listFailed);
  const firstPageArgs = accountId === null ? null : responseListArgs(accountId, { ...query, cursor: '' }, pageSize);
  const firstPage = useAppSelector((state) =>
    firstPageArgs ? formResponsesApi.endpoints.listResponses.select(firstPageArgs)(state).data : undefined,
  );
  const page = result.currentData ?? null;
  return {
    status: loadStatusOf(result),
    page,
    error: result.error ? { status: statusOf(result.error), errors: fieldErrorsOf(result.error) } : null,
    count: page?.count ?? firstPage?.count ?? null,
    /** Spam responses the view leaves out (spam hidden): a number, null for more than 1,000, undefined when not known. */
    spamCount: page?.spamCount !== undefined ? page.spamCount : firstPage?.spamCount,
    retry: result.refetch,
  };
}

const NO_FORMS: FormTemplateSummary[] = [];

/** The account's active forms for the form filter and the export (the list still works without them). */
export function useFormChoices(accountId: number | null) {
  const result = formTemplatesApi.useListFormsQuery(accountId === null ? skipToken : { accountId, archived: false });
  return { status: loadStatusOf(result), forms: result.currentData?.results ?? NO_FORMS, retry: result.refetch };
}
