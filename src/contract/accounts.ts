/** `GET /api/accounts/` (admins) and `GET /api/{accountId}/`. */
import { z } from 'zod';
import { paginatedSchema } from './common';

export const ACCOUNTS_PAGE_SIZE = 20;

export const accountSchema = z.object({
  id: z.number().int(),
  internalName: z.string(),
});
export type Account = z.infer<typeof accountSchema>;

export const accountPageSchema = paginatedSchema(accountSchema);

export const accountListQuerySchema = z.object({
  search: z.string().trim().max(200).optional(),
  page: z.coerce.number({ error: 'must be a number' }).int('must be a whole number').min(1, 'must be 1 or more').default(1),
});
