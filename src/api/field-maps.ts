/**
 * Field maps (`/api/{accountId}/form-mappers/`) and what their editor picks from: the record types of an integration
 * (`integrations/{kind}/apis/`) and one record type's fields (`apis/{id}/field_list/`). docs/api.md "Integrations,
 * field maps and account tokens". Spec §7: create and update send formTemplate, conversionRules, integrationApiType,
 * integrationApiId (and id on update); the enable toggle sends id, enabled, type and apiId.
 */
import type { z } from 'zod';
import type { Paginated } from '../contract/common';
import { formMapperPageSchema, formMapperSchema, integrationApiPageSchema, integrationFieldPageSchema } from '../contract/integrations';
import type { FormMapper, IntegrationField } from '../contract/integrations';
import type { FieldMapRow, FieldMapSideName } from '../domain/field-map/rows';
import { api } from './api-slice';
import { fieldErrorsOf, statusOf } from './errors';

export type { FormMapper, IntegrationField };

/** The integrations whose record types take field maps (spec §5 integrationApiType). */
export type MappedIntegrationKind = FormMapper['integrationApiType'];

/** A record type of an integration (spec `apis`), without its fields. */
export type IntegrationApi = z.infer<typeof integrationApiPageSchema>['results'][number];

export interface FieldMapListArgs {
  accountId: number;
  formId: string;
  kind: MappedIntegrationKind;
}

export interface FieldMapRef {
  accountId: number;
  id: string;
}

export interface FieldMapInput {
  formTemplate: string;
  conversionRules: FieldMapRow[];
  integrationApiType: MappedIntegrationKind;
  integrationApiId: string | null;
}

export interface FieldMapToggle extends FieldMapRef {
  /** The list the switch sits in, updated with the answer. */
  formId: string;
  enabled: boolean;
  type: MappedIntegrationKind;
  apiId: string | null;
}

const TAG = 'fieldMaps' as const;
const mappers = (accountId: number) => `/api/${accountId}/form-mappers/`;
const mapper = (accountId: number, id: string) => `${mappers(accountId)}${encodeURIComponent(id)}/`;
const apisOf = (accountId: number, kind: MappedIntegrationKind) => `/api/${accountId}/integrations/${kind}/apis/`;
// Every list of maps is fetched again after a save: a list is keyed by the form id as asked (the built-in form's
// alias too), which the answer of a save does not repeat.
const LISTS = { type: TAG, id: 'LIST' } as const;

export const fieldMapsApi = api.enhanceEndpoints({ addTagTypes: [TAG] }).injectEndpoints({
  endpoints: (build) => ({
    /** The form's maps for one integration: at most one per record type (the server refuses a second). */
    listFieldMaps: build.query<Paginated<FormMapper>, FieldMapListArgs>({
      query: ({ accountId, formId, kind }) => ({
        url: mappers(accountId),
        params: { formTemplate: formId, integrationApiType: kind },
        schema: formMapperPageSchema,
      }),
      providesTags: [LISTS],
    }),
    /** Read fresh when the editor opens a saved map, so it imports what is stored, not what a list showed. */
    getFieldMap: build.query<FormMapper, FieldMapRef>({
      query: ({ accountId, id }) => ({ url: mapper(accountId, id), schema: formMapperSchema }),
      providesTags: (_result, _error, { id }) => [{ type: TAG, id }],
    }),
    createFieldMap: build.mutation<FormMapper, { accountId: number; input: FieldMapInput }>({
      query: ({ accountId, input }) => ({ url: mappers(accountId), method: 'POST', data: input, schema: formMapperSchema }),
      invalidatesTags: (result) => (result ? [LISTS] : []),
      // An editor that just created the map goes on reading it by its new id without a round trip.
      async onQueryStarted({ accountId }, { dispatch, queryFulfilled }) {
        const { data } = await queryFulfilled.catch(() => ({ data: null }));
        if (data) dispatch(fieldMapsApi.util.upsertQueryData('getFieldMap', { accountId, id: data.id }, data));
      },
    }),
    updateFieldMap: build.mutation<FormMapper, FieldMapRef & { input: Omit<FieldMapInput, 'formTemplate'> }>({
      query: ({ accountId, id, input }) => ({ url: mapper(accountId, id), method: 'PATCH', data: { id, ...input }, schema: formMapperSchema }),
      invalidatesTags: (result) => (result ? [LISTS] : []),
      async onQueryStarted({ accountId, id }, { dispatch, queryFulfilled }) {
        const { data } = await queryFulfilled.catch(() => ({ data: null }));
        if (data) dispatch(fieldMapsApi.util.upsertQueryData('getFieldMap', { accountId, id }, data));
      },
    }),
    /** Spec §7: the toggle sends the map's own record type back, so the server judges no rows (docs/api.md). */
    toggleFieldMap: build.mutation<FormMapper, FieldMapToggle>({
      query: ({ accountId, id, enabled, type, apiId }) => ({
        url: mapper(accountId, id),
        method: 'PATCH',
        data: { id, enabled, integrationApiType: type, integrationApiId: apiId },
        schema: formMapperSchema,
      }),
      async onQueryStarted({ accountId, id, formId, type }, { dispatch, queryFulfilled }) {
        const { data } = await queryFulfilled.catch(() => ({ data: null }));
        if (!data) return;
        dispatch(fieldMapsApi.util.upsertQueryData('getFieldMap', { accountId, id }, data));
        dispatch(
          fieldMapsApi.util.updateQueryData('listFieldMaps', { accountId, formId, kind: type }, (draft) => {
            draft.results = draft.results.map((item) => (item.id === id ? data : item));
          }),
        );
      },
    }),
    listIntegrationApis: build.query<Paginated<IntegrationApi>, { accountId: number; kind: MappedIntegrationKind }>({
      query: ({ accountId, kind }) => ({ url: apisOf(accountId, kind), schema: integrationApiPageSchema }),
      providesTags: (_result, _error, { kind }) => [{ type: 'integrations', id: `${kind}:apis` }],
    }),
    getApiFieldList: build.query<Paginated<IntegrationField>, { accountId: number; kind: MappedIntegrationKind; apiId: string }>({
      query: ({ accountId, kind, apiId }) => ({ url: `${apisOf(accountId, kind)}${encodeURIComponent(apiId)}/field_list/`, schema: integrationFieldPageSchema }),
      providesTags: (_result, _error, { kind, apiId }) => [{ type: 'integrations', id: `${kind}:apis:${apiId}` }],
    }),
  }),
});

/** One side's server messages of a saved row, keyed by the row's id (the server names rows by their index in the request). */
export type RowErrors = Record<string, Partial<Record<FieldMapSideName, string[]>>>;

/**
 * The per-row messages of a 400 on save (`errors['conversion_rules.3.local']`, camelCased by the client), placed on
 * the rows as they were sent. Anything else of the answer (`conversionRules` itself, ids) is in `other`.
 */
export function fieldMapErrorsOf(error: unknown, sent: readonly FieldMapRow[]): { rows: RowErrors; other: string[] } {
  const result: { rows: RowErrors; other: string[] } = { rows: {}, other: [] };
  if (statusOf(error) !== 400) return result;
  for (const [key, messages] of Object.entries(fieldErrorsOf(error))) {
    const match = /^conversionRules\.(\d+)\.(local|foreign)$/.exec(key);
    const row = match ? sent[Number(match[1])] : undefined;
    if (match && row) {
      const side = match[2] as FieldMapSideName;
      result.rows[row.id] = { ...result.rows[row.id], [side]: messages };
    } else {
      result.other.push(...messages);
    }
  }
  return result;
}
