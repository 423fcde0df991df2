/**
 * Integrations API (docs/api.md "Integrations…" and "Deliveries"): an account's integration of each kind, its enable
 * switch, the Zapier API key, sending what never got through, and the per-integration list of responses with their
 * delivery. Every answer is parsed with the contract schemas.
 */
import { accountTokenSchema } from '../contract/account-tokens';
import type { AccountToken } from '../contract/account-tokens';
import { integrationResponsePageSchema, sendUnsentResultSchema } from '../contract/deliveries';
import { clioAuthorizeResponseSchema } from '../contract/clio';
import type { CLIO_REGION_VALUES } from '../contract/clio';
import { integrationApiPageSchema, integrationPageSchema, integrationSchema } from '../contract/integrations';
import type { Integration } from '../contract/integrations';
import type { z } from 'zod';
import { api } from './api-slice';

export type { AccountToken, Integration };
export type IntegrationKind = Integration['kind'];
export type IntegrationResponsePage = z.infer<typeof integrationResponsePageSchema>;
export type IntegrationResponse = IntegrationResponsePage['results'][number];
export type DeliverySummary = NonNullable<IntegrationResponse['delivery']>;
export type ClioRegion = (typeof CLIO_REGION_VALUES)[number];

/** The server's largest page (contract MAX_PAGE_SIZE): counts on the integrations page are exact up to it. */
export const INTEGRATION_RESPONSES_MAX_PAGE = 200;

const base = (accountId: number, kind: IntegrationKind) => `/api/${accountId}/integrations/${kind}/`;

export interface IntegrationRef {
  accountId: number;
  kind: IntegrationKind;
}

export interface IntegrationResponsesArgs extends IntegrationRef {
  /** unsent = no succeeded delivery of this kind; failed = one failed; succeeded = one succeeded. */
  status?: 'unsent' | 'failed' | 'succeeded';
  formTemplate?: string;
  pageSize?: number;
}

/** What the Centerbase authenticate step writes (wire names). */
export interface CenterbaseWrite {
  subdomain?: string;
  api_key?: string;
  push_web_leads?: boolean;
}

const integrationTag = ({ accountId, kind }: IntegrationRef) => ({ type: 'integrations' as const, id: `${accountId}:${kind}` });

export const integrationsApi = api.injectEndpoints({
  endpoints: (build) => ({
    /** Spec §7 "GET (results, first used)": null when the account has none of this kind yet. */
    getIntegration: build.query<Integration | null, IntegrationRef>({
      query: ({ accountId, kind }) => ({ url: base(accountId, kind), schema: integrationPageSchema }),
      transformResponse: (page: z.infer<typeof integrationPageSchema>) => page.results[0] ?? null,
      providesTags: (_result, _error, ref) => [integrationTag(ref)],
    }),
    createIntegration: build.mutation<Integration, IntegrationRef & { enabled: boolean }>({
      query: ({ accountId, kind, enabled }) => ({ url: base(accountId, kind), method: 'POST', data: { enabled }, schema: integrationSchema }),
      async onQueryStarted(ref, { dispatch, queryFulfilled }) {
        const { data } = await queryFulfilled.catch(() => ({ data: null }));
        if (data) dispatch(integrationsApi.util.upsertQueryData('getIntegration', { accountId: ref.accountId, kind: ref.kind }, data));
      },
    }),
    /** The enable switch (spec §4); the answer replaces the cached integration. */
    setIntegrationEnabled: build.mutation<Integration, IntegrationRef & { id: string; enabled: boolean }>({
      query: ({ accountId, kind, id, enabled }) => ({
        url: `${base(accountId, kind)}${encodeURIComponent(id)}/`,
        method: 'PATCH',
        data: { enabled },
        schema: integrationSchema,
      }),
      async onQueryStarted(ref, { dispatch, queryFulfilled }) {
        const { data } = await queryFulfilled.catch(() => ({ data: null }));
        if (data) dispatch(integrationsApi.util.upsertQueryData('getIntegration', { accountId: ref.accountId, kind: ref.kind }, data));
      },
    }),
    /**
     * Spec §7 "connect updates if an id exists": the Centerbase credentials (and push switch) as one write, POST the
     * first time and PATCH after; the server signs in with them (a refused key is a 400 naming `api_key`).
     */
    saveCenterbase: build.mutation<Integration, { accountId: number; id: string | null; body: CenterbaseWrite }>({
      query: ({ accountId, id, body }) => ({
        url: id ? `${base(accountId, 'centerbase')}${encodeURIComponent(id)}/` : base(accountId, 'centerbase'),
        method: id ? 'PATCH' : 'POST',
        data: body,
        schema: integrationSchema,
      }),
      async onQueryStarted({ accountId }, { dispatch, queryFulfilled }) {
        const { data } = await queryFulfilled.catch(() => ({ data: null }));
        // The record types may have changed with the firm: field maps read them again.
        if (data) {
          dispatch(integrationsApi.util.upsertQueryData('getIntegration', { accountId, kind: 'centerbase' }, data));
          dispatch(api.util.invalidateTags(['integrations']));
        }
      },
    }),
    /** Spec §7 "disconnect always updates": the key is forgotten (PATCH `api_key: null`). */
    disconnectCenterbase: build.mutation<Integration, { accountId: number; id: string }>({
      query: ({ accountId, id }) => ({ url: `${base(accountId, 'centerbase')}${encodeURIComponent(id)}/`, method: 'PATCH', data: { api_key: null }, schema: integrationSchema }),
      async onQueryStarted({ accountId }, { dispatch, queryFulfilled }) {
        const { data } = await queryFulfilled.catch(() => ({ data: null }));
        if (data) dispatch(integrationsApi.util.upsertQueryData('getIntegration', { accountId, kind: 'centerbase' }, data));
      },
    }),
    /** The whole key is only in this answer; the cached integration is read again to get its masked form. */
    createZapierToken: build.mutation<AccountToken, { accountId: number }>({
      query: ({ accountId }) => ({ url: `${base(accountId, 'zapier')}create-account-token/`, method: 'POST', data: {}, schema: accountTokenSchema }),
      invalidatesTags: (_result, error, { accountId }) => (error ? [] : [integrationTag({ accountId, kind: 'zapier' })]),
    }),
    /** `id` is the Zapier integration's; the old key stops working at once. */
    renewZapierToken: build.mutation<AccountToken, { accountId: number; id: string }>({
      query: ({ accountId, id }) => ({
        url: `${base(accountId, 'zapier')}${encodeURIComponent(id)}/renew-account-token/`,
        method: 'POST',
        schema: accountTokenSchema,
      }),
      invalidatesTags: (_result, error, { accountId }) => (error ? [] : [integrationTag({ accountId, kind: 'zapier' })]),
    }),
    /** Queues every unsent response of the account for this integration: `{queued}` responses. */
    sendUnsent: build.mutation<{ queued: number }, IntegrationRef>({
      query: ({ accountId, kind }) => ({ url: `${base(accountId, kind)}send-unsent/`, method: 'POST', schema: sendUnsentResultSchema }),
      // Every delivery shown anywhere (these lists, a response's detail) may have changed.
      invalidatesTags: (_result, error) => (error ? [] : ['deliveries']),
    }),
    /** Spec §4 "authenticate when pushWebLeads is true": the switch that lets responses go to this integration. */
    setPushWebLeads: build.mutation<Integration, IntegrationRef & { id: string; pushWebLeads: boolean }>({
      query: ({ accountId, kind, id, pushWebLeads }) => ({
        url: `${base(accountId, kind)}${encodeURIComponent(id)}/`,
        method: 'PATCH',
        data: { push_web_leads: pushWebLeads },
        schema: integrationSchema,
      }),
      async onQueryStarted(ref, { dispatch, queryFulfilled }) {
        const { data } = await queryFulfilled.catch(() => ({ data: null }));
        if (data) dispatch(integrationsApi.util.upsertQueryData('getIntegration', { accountId: ref.accountId, kind: ref.kind }, data));
      },
    }),
    /**
     * Clio's consent page for this user (a fresh single-use state each time, so never cached: a mutation though it is
     * a GET). `next` is the SPA path the callback returns to.
     */
    clioAuthorizeUrl: build.mutation<{ url: string }, { accountId: number; next: string; region: ClioRegion }>({
      query: ({ accountId, next, region }) => ({
        url: `${base(accountId, 'clio')}authorize/`,
        method: 'GET',
        params: { next, region },
        schema: clioAuthorizeResponseSchema,
      }),
    }),
    /** The API key stops working and every Zap's hook is removed; the answer (status disconnected) replaces the cache. */
    disconnectZapier: build.mutation<Integration, { accountId: number; id: string }>({
      query: ({ accountId, id }) => ({ url: `${base(accountId, 'zapier')}${encodeURIComponent(id)}/disconnect/`, method: 'POST', schema: integrationSchema }),
      async onQueryStarted({ accountId }, { dispatch, queryFulfilled }) {
        const { data } = await queryFulfilled.catch(() => ({ data: null }));
        if (data) dispatch(integrationsApi.util.upsertQueryData('getIntegration', { accountId, kind: 'zapier' }, data));
      },
    }),
    /** Revokes the token at Clio; the answer (status disconnected) replaces the cached integration. */
    disconnectClio: build.mutation<Integration, { accountId: number; id: string }>({
      query: ({ accountId, id }) => ({ url: `${base(accountId, 'clio')}${encodeURIComponent(id)}/disconnect/`, method: 'POST', schema: integrationSchema }),
      async onQueryStarted({ accountId }, { dispatch, queryFulfilled }) {
        const { data } = await queryFulfilled.catch(() => ({ data: null }));
        if (data) dispatch(integrationsApi.util.upsertQueryData('getIntegration', { accountId, kind: 'clio' }, data));
      },
    }),
    /**
     * Reads the record types and their fields again from Clio: every cached list of them (and the integration's `apis`)
     * is stale. So is the integration after a refusal: Clio refusing the authorisation marks it `needs_reauth`.
     */
    refreshClioApis: build.mutation<z.infer<typeof integrationApiPageSchema>, { accountId: number }>({
      query: ({ accountId }) => ({ url: `${base(accountId, 'clio')}apis/refresh/`, method: 'POST', schema: integrationApiPageSchema }),
      invalidatesTags: ['integrations'],
    }),
    listIntegrationResponses: build.query<IntegrationResponsePage, IntegrationResponsesArgs>({
      query: ({ accountId, kind, status, formTemplate, pageSize }) => {
        const params: Record<string, string> = {};
        if (status) params.status = status;
        if (formTemplate) params.formTemplate = formTemplate;
        if (pageSize !== undefined) params.pageSize = String(pageSize);
        return { url: `${base(accountId, kind)}form-responses/`, params, schema: integrationResponsePageSchema };
      },
      providesTags: ['deliveries'],
    }),
  }),
});
