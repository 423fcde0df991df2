/**
 * The one RTK Query api: every piece of server state the SPA shows lives in its cache, fetched through the one axios
 * instance (CSRF, request snake_casing, retries, the 401/403/404 rules). Each domain injects its endpoints from its
 * own module (form-templates.ts, form-responses.ts, …); screens use the generated hooks, route loaders prefetch.
 */
import { createApi } from '@reduxjs/toolkit/query/react';
import type { BaseQueryFn } from '@reduxjs/toolkit/query/react';
import type { Method } from 'axios';
import type { z } from 'zod';
import { http } from './client';
import { failureOf, parseResponse } from './errors';
import type { ApiFailure } from './errors';

interface HttpRequest {
  url: string;
  method?: Method;
  data?: unknown;
  params?: Record<string, string>;
  /** Leave 401/403/404 to the caller: no login redirect, no error page (see client.ts). */
  silent?: boolean;
  /** The answer's schema from src/contract (the server answers through the same one); another shape is a failure. */
  schema?: z.ZodType;
}

const axiosBaseQuery: BaseQueryFn<HttpRequest, unknown, ApiFailure> = async (request, { signal }) => {
  const { url, method = 'GET', data, params, silent, schema } = request;
  try {
    const response = await http.request<unknown>({ url, method, data, params, silent, signal });
    return { data: schema ? parseResponse(schema, response.data) : response.data };
  } catch (error) {
    return { error: failureOf(error) };
  }
};

const TAG_TYPES = ['forms', 'form', 'responses', 'response', 'prefills', 'accounts', 'me', 'integrations', 'deliveries'] as const;

export const api = createApi({
  reducerPath: 'api',
  baseQuery: axiosBaseQuery,
  tagTypes: TAG_TYPES,
  // A screen opened again shows what it showed before at once and refreshes it behind.
  refetchOnMountOrArgChange: 30,
  endpoints: () => ({}),
});
