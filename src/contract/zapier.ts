/**
 * The Zapier-facing API under `/api/zapier/` (INTEGRATIONS.md "Zapier"), authenticated by `X-API-Key`: request
 * keys snake_case, answers camelCase, like the rest of the API; what a hook receives is `hookPayloadSchema`.
 */
import { z } from 'zod';
import { HOOK_EVENT } from '../domain/hook-payload';
import { accountSchema } from './accounts';
import { uuidSchema } from './common';

export const zapierMeSchema = z.object({ account: accountSchema });

const zapierFormSchema = z.object({ id: z.string(), name: z.string() });
export const zapierFormListSchema = z.array(zapierFormSchema);

/** Zapier's output-field types; `list` marks checkbox answers (arrays of option texts). */
const zapierFieldSchema = z.object({
  key: z.string(),
  label: z.string(),
  type: z.enum(['string', 'text', 'integer']),
  list: z.boolean().optional(),
});
export const zapierFieldListSchema = z.array(zapierFieldSchema);

export const zapierFormParamsSchema = z.object({ formId: uuidSchema });
export const zapierResponsesQuerySchema = z.object({
  limit: z.coerce.number({ error: 'must be a number' }).int('must be a whole number').min(1, 'must be 1 or more').max(100, 'must be at most 100').default(3),
});

const answerSchema = z.union([z.string(), z.number(), z.array(z.string()), z.null()]);

/** What a hook receives (and the samples Zapier lists): answers keyed by data name, choices as option text. */
const hookPayloadSchema = z.object({
  id: z.string(),
  type: z.literal(HOOK_EVENT),
  timestamp: z.string(),
  formId: z.string(),
  formName: z.string(),
  responseId: z.string(),
  submittedAt: z.string(),
  answers: z.record(z.string(), answerSchema),
});
export const hookPayloadListSchema = z.array(hookPayloadSchema);

export const zapierHookCreateBodySchema = z.object({
  target_url: z.string({ error: 'is required' }).max(2000, 'must be at most 2000 characters'),
  event: z.literal(HOOK_EVENT, { error: `must be ${HOOK_EVENT}` }),
  form_id: uuidSchema,
});
export const zapierHookCreatedSchema = z.object({ id: z.string(), secret: z.string() });
export const zapierHookParamsSchema = z.object({ id: uuidSchema });
