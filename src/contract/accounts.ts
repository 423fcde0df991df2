/** `GET /api/accounts/` (admins) and `GET /api/{accountId}/`. */
import { z } from 'zod';
import { paginatedSchema } from './common';
import { TIME_ZONE_MESSAGE, isTimeZone } from '../domain/time-zone';

export const ACCOUNTS_PAGE_SIZE = 20;
const MAX_ACCOUNTS_PAGE = 1_000_000;

export const accountSchema = z.object({
  id: z.number().int(),
  internalName: z.string(),
});
export type Account = z.infer<typeof accountSchema>;

export const accountPageSchema = paginatedSchema(accountSchema);

export const accountListQuerySchema = z.object({
  search: z.string().trim().max(200).optional(),
  // Bounded: a page number past PostgreSQL's bigint OFFSET used to answer 500.
  page: z.coerce
    .number({ error: 'must be a number' })
    .int('must be a whole number')
    .min(1, 'must be 1 or more')
    .max(MAX_ACCOUNTS_PAGE, `must be at most ${MAX_ACCOUNTS_PAGE}`)
    .default(1),
});

/** `GET /api/{accountId}/settings/`: the account's settings; `timeZone` null until set (exports are then in UTC). */
export const accountSettingsSchema = z.object({
  timeZone: z.string().nullable(),
});
export type AccountSettings = z.infer<typeof accountSettingsSchema>;

/**
 * `PATCH /api/{accountId}/settings/`. `if_unset: true` sets the time zone only while the account has none, and only
 * for a member of the account: what the app sends once from a member's browser (docs/decisions.md).
 */
export const accountSettingsBodySchema = z.object({
  time_zone: z.string({ error: (issue) => (issue.input === undefined ? 'is required' : 'must be text') }).max(100, 'must be at most 100 characters').refine(isTimeZone, TIME_ZONE_MESSAGE),
  if_unset: z.boolean({ error: 'must be true or false' }).optional(),
});
