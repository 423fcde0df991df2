/**
 * Form responses API (API.md: /api/{accountId}/form-responses/ and form-templates/{id}/export-responses/).
 * Lists page by cursor: `next` / `previous` are full paths whose `cursor` value the SPA keeps in its own URL.
 *
 * The detail's `data` (keyed by input ids) is not read: `answers` already carries every answer with its label, in
 * form order.
 */
import { attemptPushResultSchema } from '../contract/deliveries';
import type { AttemptPushResult, DeliveryStatus, ResponseDelivery } from '../contract/deliveries';
import {
  DEFAULT_RESPONSE_PAGE_SIZE,
  RESPONSE_DELIVERY_FILTERS,
  formResponseCountsSchema,
  formResponseDetailSchema,
  formResponseNeighboursSchema,
  formResponsePageSchema,
} from '../contract/form-responses';
import type {
  FormResponseCounts,
  FormResponseDetail,
  FormResponseNeighbours,
  FormResponseListItem,
  FormResponsePage,
  ResponseAnswer,
  ResponseDeliveryFilter,
} from '../contract/form-responses';
import { api } from './api-slice';
import { http } from './client';

export { DEFAULT_RESPONSE_PAGE_SIZE, RESPONSE_DELIVERY_FILTERS };
export type {
  AttemptPushResult,
  DeliveryStatus,
  FormResponseDetail,
  FormResponseListItem,
  FormResponsePage,
  ResponseAnswer,
  ResponseDelivery,
  ResponseDeliveryFilter,
};

export interface FormResponseFilters {
  formTemplate?: string;
  isSpam?: boolean;
  search?: string;
  /** YYYY-MM-DD (a whole day, server time) or an ISO date-time. */
  submittedAfter?: string;
  /** YYYY-MM-DD (inclusive day) or an ISO date-time (exclusive). */
  submittedBefore?: string;
  /** By its deliveries to integrations (docs/api.md "Deliveries"). */
  delivery?: ResponseDeliveryFilter;
  pageSize?: number;
  /** Opaque: from a page's `next` or `previous` (see cursorOf). */
  cursor?: string;
}

/** Days offered by the export (spec §7: omitted for all time). */
export type ExportDays = 7 | 30 | 90;

export interface ExportedFile {
  filename: string;
  contentType: string;
  data: ArrayBuffer;
}

export interface ExportOptions {
  /** Bytes received so far (the server streams, so there is no total). */
  onProgress?: (loadedBytes: number) => void;
  signal?: AbortSignal;
}

const base = (accountId: number | string) => `/api/${accountId}/form-responses/`;
const one = (accountId: number | string, id: string) => `${base(accountId)}${encodeURIComponent(id)}/`;

/** Query values in camelCase: the client snake_cases the names (form_template, is_spam, submitted_after, …). */
function responseListParams(filters: FormResponseFilters): Record<string, string> {
  const params: Record<string, string> = {};
  if (filters.formTemplate) params.formTemplate = filters.formTemplate;
  if (filters.isSpam !== undefined) params.isSpam = String(filters.isSpam);
  const search = filters.search?.trim();
  if (search) params.search = search;
  if (filters.submittedAfter) params.submittedAfter = filters.submittedAfter;
  if (filters.submittedBefore) params.submittedBefore = filters.submittedBefore;
  if (filters.delivery) params.delivery = filters.delivery;
  if (filters.pageSize !== undefined) params.pageSize = String(filters.pageSize);
  if (filters.cursor) params.cursor = filters.cursor;
  return params;
}

/** The `cursor` of a page link (`next` / `previous`), or null when there is no such page. */
export function cursorOf(pageLink: string | null): string | null {
  if (!pageLink) return null;
  try {
    return new URL(pageLink, 'http://placeholder.invalid').searchParams.get('cursor');
  } catch {
    return null;
  }
}

export interface ResponseListArgs {
  accountId: number;
  filters: FormResponseFilters;
}

export interface ResponseRef {
  accountId: number;
  id: string;
}

/** A response, and the list it is seen from: its filters (no page, no cursor) give Previous and Next. */
export interface ResponseNeighboursArgs extends ResponseRef {
  filters: Omit<FormResponseFilters, 'pageSize' | 'cursor'>;
}

export const formResponsesApi = api.injectEndpoints({
  endpoints: (build) => ({
    listResponses: build.query<FormResponsePage, ResponseListArgs>({
      // Later pages read the total from the first page (only it carries a count), so it stays a while.
      keepUnusedDataFor: 300,
      query: ({ accountId, filters }) => ({ url: base(accountId), params: responseListParams(filters), schema: formResponsePageSchema }),
      providesTags: (_result, _error, { accountId }) => [{ type: 'responses', id: accountId }],
    }),
    /** The responses just newer and just older than this one in the list of these filters (newest first). */
    getResponseNeighbours: build.query<FormResponseNeighbours, ResponseNeighboursArgs>({
      query: ({ accountId, id, filters }) => ({ url: `${one(accountId, id)}neighbours/`, params: responseListParams(filters), schema: formResponseNeighboursSchema }),
      providesTags: (_result, _error, { accountId }) => [{ type: 'responses', id: accountId }],
    }),
    /** Each form's responses that are not spam (the form list's counts). */
    getResponseCounts: build.query<FormResponseCounts, number>({
      query: (accountId) => ({ url: `${base(accountId)}counts/`, schema: formResponseCountsSchema }),
      providesTags: (_result, _error, accountId) => [{ type: 'responses', id: accountId }],
    }),
    getResponse: build.query<FormResponseDetail, ResponseRef>({
      query: ({ accountId, id }) => ({ url: one(accountId, id), schema: formResponseDetailSchema }),
      providesTags: (_result, _error, { id }) => [{ type: 'response', id }],
    }),
    /** Answers the detail, which replaces the cached one; lists are fetched again (the row may leave a spam filter). */
    setResponseSpam: build.mutation<FormResponseDetail, ResponseRef & { isSpam: boolean }>({
      query: ({ accountId, id, isSpam }) => ({ url: one(accountId, id), method: 'PUT', data: { isSpam }, schema: formResponseDetailSchema }),
      invalidatesTags: (_result, error, { accountId }) => (error ? [] : [{ type: 'responses', id: accountId }]),
      async onQueryStarted({ accountId, id }, { dispatch, queryFulfilled }) {
        const { data } = await queryFulfilled.catch(() => ({ data: null }));
        if (data) dispatch(formResponsesApi.util.upsertQueryData('getResponse', { accountId, id }, data));
      },
    }),
    /**
     * Sends the response's deliveries now (the server waits up to 15 s for their outcome). The detail, the lists
     * showing its status and the integrations' delivery views are fetched again, whatever the outcome.
     */
    attemptPush: build.mutation<AttemptPushResult, ResponseRef>({
      query: ({ accountId, id }) => ({ url: `${one(accountId, id)}attempt_push/`, method: 'POST', schema: attemptPushResultSchema }),
      invalidatesTags: (_result, _error, { accountId, id }) => [
        { type: 'response', id },
        { type: 'responses', id: accountId },
        'deliveries',
      ],
    }),
  }),
});

/**
 * The file name of a Content-Disposition header: RFC 5987 `filename*=UTF-8''…` first, then `filename=` (quoted or
 * not). Path separators are dropped so the name cannot point anywhere; null when the header names no file.
 */
export function filenameFromContentDisposition(header: string | null | undefined): string | null {
  if (!header) return null;
  let name: string | null = null;
  const extended = /filename\*\s*=\s*([^;]+)/i.exec(header);
  if (extended) {
    const match = /^\s*([\w!#$%&+^`{}~-]+)'[^']*'(.*)$/.exec(extended[1].trim().replace(/^"(.*)"$/, '$1'));
    if (match) {
      try {
        name = decodeURIComponent(match[2]);
      } catch {
        name = null;
      }
    }
  }
  if (!name) {
    const plain = /(?:^|;)\s*filename\s*=\s*(?:"((?:\\.|[^"\\])*)"|([^;]*))/i.exec(header);
    if (plain) name = plain[1] !== undefined ? plain[1].replace(/\\(.)/g, '$1') : plain[2].trim();
  }
  const safe = name?.replace(/[/\\]/g, '_').trim();
  return safe ? safe : null;
}

function headerOf(headers: unknown, name: string): string | null {
  if (headers && typeof headers === 'object') {
    const getter = (headers as { get?: (key: string) => unknown }).get;
    const value = typeof getter === 'function' ? getter.call(headers, name) : (headers as Record<string, unknown>)[name];
    if (typeof value === 'string') return value;
  }
  return null;
}

/**
 * The CSV of a form's responses (all time when `days` is null). Fetched as bytes (spec §7: array-buffer response) so
 * the UTF-8 BOM and the exact text reach the file untouched. `silent`: a failed download is reported by a toast where
 * the user is, never by swapping the screen for the error page after they may have moved on.
 */
export async function exportFormResponses(
  accountId: number | string,
  formId: string,
  days: ExportDays | null,
  options: ExportOptions = {},
): Promise<ExportedFile> {
  const response = await http.get<ArrayBuffer>(`/api/${accountId}/form-templates/${encodeURIComponent(formId)}/export-responses/`, {
    params: days === null ? {} : { days: String(days) },
    responseType: 'arraybuffer',
    silent: true,
    signal: options.signal,
    onDownloadProgress: options.onProgress ? (event) => options.onProgress?.(event.loaded) : undefined,
  });
  const date = new Date().toISOString().slice(0, 10);
  return {
    filename: filenameFromContentDisposition(headerOf(response.headers, 'content-disposition')) ?? `responses-${date}.csv`,
    contentType: headerOf(response.headers, 'content-type') ?? 'text/csv;charset=utf-8',
    data: response.data,
  };
}
