import { useCallback, useEffect, useState } from 'react';
import { ApiError, isHandledByClient } from '../../api/errors';
import { DEFAULT_RESPONSE_PAGE_SIZE, listFormResponses } from '../../api/form-responses';
import type { FormResponseFilters, FormResponsePage } from '../../api/form-responses';
import { listFormTemplates } from '../../api/form-templates';
import type { FormTemplateSummary } from '../../api/form-templates';
import { showErrorToast } from '../../app/app-slice';
import { useAppDispatch } from '../../app/hooks';
import { filterKey, toResponseFilters } from './response-list-query';
import type { ResponseListQuery } from './response-list-query';
import { RESPONSE_MESSAGES } from './response-messages';

export type LoadStatus = 'loading' | 'loaded' | 'failed';

interface Loaded {
  key: string;
  page: FormResponsePage | null;
  error: ApiError | null;
}

/**
 * One page of responses for the view in the URL. Loading is derived (the stored answer belongs to another request),
 * so a page never shows under other filters, and a late answer for a view the user left is dropped. The total count
 * comes with the first page only; it is kept while the user pages through the same filters.
 */
export function useResponseList(accountId: number | null, query: ResponseListQuery, pageSize = DEFAULT_RESPONSE_PAGE_SIZE) {
  const dispatch = useAppDispatch();
  const [attempt, setAttempt] = useState(0);
  const [loaded, setLoaded] = useState<Loaded | null>(null);
  const [knownCount, setKnownCount] = useState<{ filters: string; count: number } | null>(null);
  const requestKey = JSON.stringify(toResponseFilters(query, pageSize));
  const key = `${accountId ?? ''}|${requestKey}|${attempt}`;
  const filters = filterKey(query);

  useEffect(() => {
    if (accountId === null) return;
    let current = true;
    const request = JSON.parse(requestKey) as FormResponseFilters;
    listFormResponses(accountId, request).then(
      (page) => {
        if (!current) return;
        setLoaded({ key, page, error: null });
        if (page.count !== null) setKnownCount({ filters, count: page.count });
      },
      (error: unknown) => {
        if (!current) return;
        setLoaded({ key, page: null, error: error instanceof ApiError ? error : new ApiError() });
        if (!isHandledByClient(error)) dispatch(showErrorToast(RESPONSE_MESSAGES.listFailed));
      },
    );
    return () => {
      current = false;
    };
  }, [accountId, requestKey, key, filters, dispatch]);

  const mine = loaded?.key === key ? loaded : null;
  const status: LoadStatus = !mine ? 'loading' : mine.page ? 'loaded' : 'failed';
  const retry = useCallback(() => setAttempt((value) => value + 1), []);
  return {
    status,
    page: mine?.page ?? null,
    error: mine?.error ?? null,
    count: knownCount?.filters === filters ? knownCount.count : null,
    retry,
  };
}

/** The account's active forms for the form filter and the export. */
export function useFormChoices(accountId: number | null) {
  const [attempt, setAttempt] = useState(0);
  const [loaded, setLoaded] = useState<{ key: string; forms: FormTemplateSummary[] | null } | null>(null);
  const key = `${accountId ?? ''}|${attempt}`;

  useEffect(() => {
    if (accountId === null) return;
    let current = true;
    listFormTemplates(accountId).then(
      (page) => {
        if (current) setLoaded({ key, forms: page.results });
      },
      () => {
        // The list still works without names in the dropdown; the filter says so beside it.
        if (current) setLoaded({ key, forms: null });
      },
    );
    return () => {
      current = false;
    };
  }, [accountId, key]);

  const mine = loaded?.key === key ? loaded : null;
  const status: LoadStatus = !mine ? 'loading' : mine.forms ? 'loaded' : 'failed';
  const retry = useCallback(() => setAttempt((value) => value + 1), []);
  return { status, forms: mine?.forms ?? [], retry };
}
