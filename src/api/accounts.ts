import { accountPageSchema, accountSchema } from '../contract/accounts';
import type { Account } from '../contract/accounts';
import type { Paginated } from '../contract/common';
import { api } from './api-slice';

export type { Account };

export interface AccountListArgs {
  search?: string;
  page?: number;
}

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
  }),
});
