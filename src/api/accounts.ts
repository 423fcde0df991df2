import { accountPageSchema, accountSchema, accountSettingsSchema } from '../contract/accounts';
import type { Account, AccountSettings } from '../contract/accounts';
import type { Paginated } from '../contract/common';
import { api } from './api-slice';

export type { Account, AccountSettings };

export interface AccountListArgs {
  search?: string;
  page?: number;
}

export interface AccountSettingsUpdate {
  accountId: number;
  timeZone: string;
  /** Only while the account has none, and only for a member: the browser's default (docs/decisions.md). */
  ifUnset?: boolean;
  /** Leave a failure to the caller: no error page, no login redirect (the browser default is sent in the background). */
  silent?: boolean;
}

const settingsUrl = (accountId: number) => `/api/${accountId}/settings/`;

export const accountsApi = api.injectEndpoints({
  endpoints: (build) => ({
    listAccounts: build.query<Paginated<Account>, AccountListArgs>({
      query: ({ search, page }) => {
        const params: Record<string, string> = {};
        if (search) params.search = search;
        if (page !== undefined) params.page = String(page);
        return { url: '/api/accounts/', params, schema: accountPageSchema };
      },
      providesTags: ['accounts'],
    }),
    getAccount: build.query<Account, number>({
      query: (accountId) => ({ url: `/api/${accountId}/`, schema: accountSchema }),
      providesTags: (_result, _error, accountId) => [{ type: 'accounts', id: accountId }],
    }),
    getAccountSettings: build.query<AccountSettings, number>({
      query: (accountId) => ({ url: settingsUrl(accountId), schema: accountSettingsSchema }),
      providesTags: (_result, _error, accountId) => [{ type: 'accounts', id: `${accountId}/settings` }],
    }),
    /** Answers the settings, which replace the cached ones. */
    updateAccountSettings: build.mutation<AccountSettings, AccountSettingsUpdate>({
      query: ({ accountId, timeZone, ifUnset, silent }) => ({
        url: settingsUrl(accountId),
        method: 'PATCH',
        data: { timeZone, ...(ifUnset ? { ifUnset: true } : {}) },
        silent,
        schema: accountSettingsSchema,
      }),
      async onQueryStarted({ accountId }, { dispatch, queryFulfilled }) {
        const { data } = await queryFulfilled.catch(() => ({ data: null }));
        if (data) dispatch(accountsApi.util.upsertQueryData('getAccountSettings', accountId, data));
      },
    }),
  }),
});
