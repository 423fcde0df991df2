import { http } from './client';
import type { Account, Paginated } from './schemas';
import { accountSchema, paginatedSchema, parseResponse } from './schemas';

const accountPageSchema = paginatedSchema(accountSchema);

export async function listAccounts(params: { search?: string; page?: number } = {}): Promise<Paginated<Account>> {
  const { data } = await http.get<unknown>('/api/accounts/', { params });
  return parseResponse(accountPageSchema, data);
}

export async function fetchAccount(accountId: number): Promise<Account> {
  const { data } = await http.get<unknown>(`/api/${accountId}/`);
  return parseResponse(accountSchema, data);
}
