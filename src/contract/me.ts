/** The signed-in user (`GET /api/me/`), sign-out (`POST /api/logout/`) and the health check. */
import { z } from 'zod';
import { accountSchema } from './accounts';

export const userSchema = z.object({
  id: z.number().int(),
  isStaff: z.boolean(),
  isSuperuser: z.boolean(),
  email: z.string(),
  firstName: z.string(),
  lastName: z.string(),
  account: accountSchema.nullable(),
});
export type User = z.infer<typeof userSchema>;

export const healthSchema = z.object({ status: z.literal('ok') });
/** 503 when PostgreSQL does not answer: `status` for probes, `detail` like every other error. */
export const healthUnavailableSchema = z.object({ status: z.literal('unavailable'), detail: z.string() });
