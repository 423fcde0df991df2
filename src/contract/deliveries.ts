/**
 * Deliveries of responses to integrations (INTEGRATIONS.md "Delivery engine"): a response's deliveries and their
 * attempts, pushing one response now, sending everything unsent, and the per-integration response list.
 */
import { z } from 'zod';
import { integrationKindParamsSchema, integrationKindSchema } from './integration-kinds';
import { uuidSchema } from './common';

const deliveryKindSchema = integrationKindSchema;
export const deliveryStatusSchema = z.enum(['pending', 'sending', 'succeeded', 'failed', 'blocked', 'cancelled']);

const deliveryAttemptSchema = z.object({
  attemptNo: z.number().int(),
  startedAt: z.string(),
  durationMs: z.number().int().nullable(),
  requestMethod: z.string(),
  /** Where it went, without query string or secret. */
  requestUrl: z.string(),
  responseStatus: z.number().int().nullable(),
  /** At most 2 KB of the answer. */
  responseExcerpt: z.string().nullable(),
  errorKind: z.enum(['network', 'timeout', 'http', 'auth', 'validation', 'rate_limited', 'config']).nullable(),
  errorMessage: z.string().nullable(),
});

/** The delivery columns the lists show. */
const deliverySummarySchema = z.object({
  status: deliveryStatusSchema,
  attemptCount: z.number().int(),
  lastError: z.string().nullable(),
  nextAttemptAt: z.string().nullable(),
  succeededAt: z.string().nullable(),
  externalRef: z.string().nullable(),
});

/** One delivery in `GET form-responses/{id}/`, newest attempt first. */
export const responseDeliverySchema = deliverySummarySchema.extend({
  id: z.string(),
  kind: deliveryKindSchema,
  /** `zapier:{hookId}`, `clio:{integrationId}`, `centerbase:{integrationId}`. */
  target: z.string(),
  attempts: z.array(deliveryAttemptSchema),
});
export type ResponseDelivery = z.infer<typeof responseDeliverySchema>;
export type DeliveryStatus = z.infer<typeof deliveryStatusSchema>;

/** `POST form-responses/{id}/attempt_push/`: each delivery's state after up to 15 s. */
export const attemptPushResultSchema = z.object({
  results: z.array(
    z.object({
      kind: deliveryKindSchema,
      status: deliveryStatusSchema,
      error: z.string().optional(),
      externalRef: z.string().optional(),
    }),
  ),
});

export type AttemptPushResult = z.infer<typeof attemptPushResultSchema>;

/** `POST integrations/{kind}/send-unsent/`: how many responses were queued. */
export const sendUnsentResultSchema = z.object({ queued: z.number().int() });

const integrationResponseFilterSchema = z.enum(['unsent', 'failed', 'succeeded'], { error: 'must be unsent, failed or succeeded' });
const MAX_PAGE_SIZE = 200;

export const integrationResponsesQuerySchema = z.object({
  status: integrationResponseFilterSchema.optional(),
  form_template: uuidSchema.optional(),
  page: z.coerce.number({ error: 'must be a number' }).int('must be a whole number').min(1, 'must be at least 1').default(1),
  page_size: z.coerce
    .number({ error: 'must be a number' })
    .int('must be a whole number')
    .min(1, 'must be at least 1')
    .max(MAX_PAGE_SIZE, `must be at most ${MAX_PAGE_SIZE}`)
    .default(50),
});
export const integrationResponsesParamsSchema = integrationKindParamsSchema;

/** `GET integrations/{kind}/form-responses/`: a response and the delivery that most needs attention, if any. */
export const integrationResponsePageSchema = z.object({
  next: z.string().nullable(),
  previous: z.string().nullable(),
  results: z.array(
    z.object({
      id: z.string(),
      formTemplate: z.string(),
      formName: z.string(),
      submittedAt: z.string(),
      delivery: deliverySummarySchema.nullable(),
    }),
  ),
});
