/**
 * Form templates API (API.md; shapes in src/contract/form-templates.ts). Requests are written in camelCase: the http
 * client snake_cases every key except the json* ones, whose contents (element ids, settings) are data. Answers are
 * parsed with the contract's schemas; the json* documents pass through unvalidated (the builder restores them).
 */
import { formTemplatePageSchema, formTemplateSchema } from '../contract/form-templates';
import type { FormTemplate, FormTemplateSummary } from '../contract/form-templates';
import type { Paginated } from '../contract/common';
import type { FormSnapshot } from '../domain/form-compare';
import { api } from './api-slice';

export type { FormTemplate, FormTemplateSummary };

/** What create and update send: the saved fields of a form, the ones the unsaved-changes check compares. */
export type FormTemplateInput = FormSnapshot;

export interface FormTemplateListFilters {
  archived?: boolean;
  search?: string;
  internalFormSlug?: string;
}

/** The saved fields, in the SPA's case (the client snake_cases the names, json* keys excepted). */
function formTemplateBody(input: FormTemplateInput): Record<string, unknown> {
  return {
    name: input.name,
    description: input.description,
    displayName: input.displayName,
    customSubmitMessage: input.customSubmitMessage,
    jsonForm: input.jsonForm,
    jsonConditionalLogic: input.jsonConditionalLogic,
    jsonFormStyle: input.jsonFormStyle,
  };
}

const base = (accountId: number | string) => `/api/${accountId}/form-templates/`;
const one = (accountId: number | string, id: string) => `${base(accountId)}${encodeURIComponent(id)}/`;

export interface FormListArgs extends FormTemplateListFilters {
  accountId: number;
}

/** Query values in camelCase: the client snake_cases the names (internal_form_slug). */
function listParams(filters: FormTemplateListFilters): Record<string, string> {
  const params: Record<string, string> = {};
  if (filters.archived) params.archived = 'true';
  const search = filters.search?.trim();
  if (search) params.search = search;
  if (filters.internalFormSlug) params.internalFormSlug = filters.internalFormSlug;
  return params;
}

const formListTag = (accountId: number, archived: boolean) => `${accountId}/${archived ? 'archived' : 'active'}`;

export interface FormRef {
  accountId: number;
  id: string;
}

/**
 * Archive, unarchive and rename change a row of the cached lists in place (no refetch, so the list does not flash):
 * the row leaves the tab it was on, or takes its new name.
 */
function patchFormLists(
  dispatch: (action: unknown) => unknown,
  getState: () => unknown,
  accountId: number,
  recipe: (list: Paginated<FormTemplateSummary>, archived: boolean) => void,
): void {
  const state = getState() as Parameters<typeof formTemplatesApi.util.selectInvalidatedBy>[0];
  for (const { endpointName, originalArgs } of formTemplatesApi.util.selectInvalidatedBy(state, [{ type: 'forms', id: accountId }])) {
    if (endpointName !== 'listForms') continue;
    const args = originalArgs as FormListArgs;
    dispatch(formTemplatesApi.util.updateQueryData('listForms', args, (draft) => recipe(draft, !!args.archived)));
  }
}

function summaryOf(form: FormTemplate): FormTemplateSummary {
  const { id, name, displayName, description, internalFormSlug, createdAt, updatedAt, deletedAt } = form;
  return { id, name, displayName, description, internalFormSlug, createdAt, updatedAt, deletedAt };
}

/** A saved form (full save or rename): the cached form becomes the answer, and its row in the cached lists too. */
async function cacheSavedForm(
  { accountId, id }: FormRef,
  { dispatch, getState, queryFulfilled }: { dispatch: (action: unknown) => unknown; getState: () => unknown; queryFulfilled: Promise<{ data: FormTemplate }> },
): Promise<void> {
  const { data } = await queryFulfilled.catch(() => ({ data: null }));
  if (!data) return;
  dispatch(formTemplatesApi.util.upsertQueryData('getForm', { accountId, id }, data));
  patchFormLists(dispatch, getState, accountId, (list) => {
    list.results = list.results.map((form) => (form.id === id ? summaryOf(data) : form));
  });
}

export const formTemplatesApi = api.injectEndpoints({
  endpoints: (build) => ({
    listForms: build.query<Paginated<FormTemplateSummary>, FormListArgs>({
      query: ({ accountId, ...filters }) => ({ url: base(accountId), params: listParams(filters), schema: formTemplatePageSchema }),
      providesTags: (_result, _error, { accountId, archived }) => [
        { type: 'forms', id: accountId },
        { type: 'forms', id: formListTag(accountId, !!archived) },
      ],
    }),
    getForm: build.query<FormTemplate, FormRef>({
      query: ({ accountId, id }) => ({ url: one(accountId, id), schema: formTemplateSchema }),
      providesTags: (_result, _error, { id }) => [{ type: 'form', id }],
    }),
    createForm: build.mutation<FormTemplate, { accountId: number; input: FormTemplateInput }>({
      query: ({ accountId, input }) => ({ url: base(accountId), method: 'POST', data: formTemplateBody(input), schema: formTemplateSchema }),
      invalidatesTags: (_result, error, { accountId }) => (error ? [] : [{ type: 'forms', id: accountId }]),
    }),
    /** `updatedAt` is the value loaded with the form: the server answers 409 when someone saved in between. */
    updateForm: build.mutation<FormTemplate, FormRef & { input: FormTemplateInput & { updatedAt: string } }>({
      query: ({ accountId, id, input }) => ({
        url: one(accountId, id),
        method: 'PUT',
        data: { ...formTemplateBody(input), id, updatedAt: input.updatedAt },
        schema: formTemplateSchema,
      }),
      onQueryStarted: cacheSavedForm,
    }),
    renameForm: build.mutation<FormTemplate, FormRef & { name: string }>({
      query: ({ accountId, id, name }) => ({ url: one(accountId, id), method: 'PATCH', data: { id, name }, schema: formTemplateSchema }),
      onQueryStarted: cacheSavedForm,
    }),
    archiveForm: build.mutation<null, FormRef>({
      query: ({ accountId, id }) => ({ url: one(accountId, id), method: 'DELETE' }),
      transformResponse: () => null,
      invalidatesTags: (_result, error, { id }) => (error ? [] : [{ type: 'form', id }]),
      async onQueryStarted({ accountId, id }, { dispatch, getState, queryFulfilled }) {
        const done = await queryFulfilled.then(() => true, () => false);
        if (!done) return;
        // The active list loses the row now; the archived list is fetched again when opened (it needs the row's
        // new deletedAt, which only the server knows).
        patchFormLists(dispatch, getState, accountId, (list, archived) => {
          if (!archived) list.results = list.results.filter((form) => form.id !== id);
        });
        dispatch(formTemplatesApi.util.invalidateTags([{ type: 'forms', id: formListTag(accountId, true) }]));
      },
    }),
    unarchiveForm: build.mutation<FormTemplate, FormRef>({
      query: ({ accountId, id }) => ({ url: `${one(accountId, id)}unarchive/`, method: 'PATCH', schema: formTemplateSchema }),
      async onQueryStarted({ accountId, id }, { dispatch, getState, queryFulfilled }) {
        const { data } = await queryFulfilled.catch(() => ({ data: null }));
        if (!data) return;
        dispatch(formTemplatesApi.util.upsertQueryData('getForm', { accountId, id }, data));
        patchFormLists(dispatch, getState, accountId, (list, archived) => {
          if (archived) list.results = list.results.filter((form) => form.id !== id);
          else if (!list.results.some((form) => form.id === id)) list.results.push(summaryOf(data));
        });
      },
    }),
  }),
});
