/**
 * `/api/{accountId}/account-tokens/` and Zapier's create/renew routes: API keys for the Zapier-facing API. The full
 * `token` travels only in the answer that made it (create, renew); later reads carry a masked one.
 */
import { z } from 'zod';
import { accountParamsSchema, uuidSchema } from './common';

export const accountTokenSchema = z.object({
  id: z.string(),
  /** The whole key in a create or renew answer; elsewhere its display prefix followed by '…'. */
  token: z.string(),
  tokenPrefix: z.string(),
  isActive: z.boolean(),
  account: z.number().int(),
  name: z.string(),
  lastUsedAt: z.string().nullable(),
  createdAt: z.string(),
});
export type AccountToken = z.infer<typeof accountTokenSchema>;

const tokenName = z.string().trim().min(1, 'must not be empty').max(100, 'must be at most 100 characters');

export const accountTokenCreateBodySchema = z.object({ name: tokenName.default('API key') });
/** `POST integrations/zapier/create-account-token/`: the key is named after what it connects. */
export const zapierTokenCreateBodySchema = z.object({ name: tokenName.default('Zapier') });

export const accountTokenParamsSchema = accountParamsSchema.extend({ id: uuidSchema });
