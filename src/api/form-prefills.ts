/**
 * Form prefills API (API.md: /api/{accountId}/form-prefills/). A prefill is a named set of answers for one form; its
 * link (`/f/{formId}?prefill={id}`) opens the form with those answers filled in. `data` is keyed by input id: the
 * client leaves the keys inside `data` as written (case.ts), and answers are read as the server wrote them.
 */
import type { Paginated } from '../contract/common';
import { formPrefillPageSchema, formPrefillSchema } from '../contract/form-prefills';
import type { FormPrefill, PrefillData } from '../contract/form-prefills';
import { api } from './api-slice';
import { camelCase } from './case';
import { fieldErrorsOf, statusOf } from './errors';

export type { FormPrefill, PrefillData };

export interface FormPrefillInput {
  formTemplate: string;
  name: string;
  data: PrefillData;
}

export interface FormPrefillChanges {
  name?: string;
  data?: PrefillData;
}

const base = (accountId: number | string) => `/api/${accountId}/form-prefills/`;
const one = (accountId: number | string, id: string) => `${base(accountId)}${encodeURIComponent(id)}/`;

export interface PrefillRef {
  accountId: number;
  id: string;
}

export const formPrefillsApi = api.injectEndpoints({
  endpoints: (build) => ({
    listPrefills: build.query<Paginated<FormPrefill>, { accountId: number; formId: string }>({
      query: ({ accountId, formId }) => ({ url: base(accountId), params: { formTemplate: formId }, schema: formPrefillPageSchema }),
      providesTags: (_result, _error, { formId }) => [{ type: 'prefills', id: formId }],
    }),
    getPrefill: build.query<FormPrefill, PrefillRef>({
      query: ({ accountId, id }) => ({ url: one(accountId, id), schema: formPrefillSchema }),
      providesTags: (_result, _error, { id }) => [{ type: 'prefills', id }],
    }),
    createPrefill: build.mutation<FormPrefill, { accountId: number; input: FormPrefillInput }>({
      query: ({ accountId, input }) => ({ url: base(accountId), method: 'POST', data: input, schema: formPrefillSchema }),
      invalidatesTags: (_result, error, { input }) => (error ? [] : [{ type: 'prefills', id: input.formTemplate }]),
    }),
    /** Sends only the fields given; the answer replaces the cached prefill, and its form's list is fetched again. */
    updatePrefill: build.mutation<FormPrefill, PrefillRef & { changes: FormPrefillChanges }>({
      query: ({ accountId, id, changes }) => ({ url: one(accountId, id), method: 'PATCH', data: changes, schema: formPrefillSchema }),
      invalidatesTags: (result) => (result ? [{ type: 'prefills', id: result.formTemplate }] : []),
      async onQueryStarted({ accountId, id }, { dispatch, queryFulfilled }) {
        const { data } = await queryFulfilled.catch(() => ({ data: null }));
        if (data) dispatch(formPrefillsApi.util.upsertQueryData('getPrefill', { accountId, id }, data));
      },
    }),
    /** `formId` names the list the prefill leaves. */
    deletePrefill: build.mutation<null, PrefillRef & { formId: string }>({
      query: ({ accountId, id }) => ({ url: one(accountId, id), method: 'DELETE' }),
      transformResponse: () => null,
      async onQueryStarted({ accountId, id, formId }, { dispatch, queryFulfilled }) {
        const done = await queryFulfilled.then(() => true, () => false);
        if (!done) return;
        dispatch(
          formPrefillsApi.util.updateQueryData('listPrefills', { accountId, formId }, (draft) => {
            draft.results = draft.results.filter((prefill) => prefill.id !== id);
          }),
        );
      },
    }),
  }),
});

/**
 * The server's messages for the name field and for each input (`errors['data.<inputId>']`) of a 400. The client
 * camelCases error keys, so an input id is looked up both as sent and camelCased.
 */
export function prefillErrorsOf(error: unknown, inputIds: readonly string[]): { name?: string; data: Record<string, string[]> } {
  const result: { name?: string; data: Record<string, string[]> } = { data: {} };
  if (statusOf(error) !== 400) return result;
  const errors = fieldErrorsOf(error);
  const name = errors.name?.[0];
  if (name) result.name = name;
  for (const id of inputIds) {
    const messages = errors[`data.${id}`] ?? errors[camelCase(`data.${id}`)];
    if (messages?.length) result.data[id] = messages;
  }
  return result;
}
