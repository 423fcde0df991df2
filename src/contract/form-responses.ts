/** `/api/{accountId}/form-responses/`: lists page by cursor (`next` / `previous` are paths carrying `cursor`). */
import { z } from 'zod';
import { accountParamsSchema, booleanTextSchema, uuidSchema } from './common';
import { deliveryStatusSchema, responseDeliverySchema } from './deliveries';

export const DEFAULT_RESPONSE_PAGE_SIZE = 50;
const MAX_RESPONSE_PAGE_SIZE = 200;

const responseSummaryItemSchema = z.object({
  label: z.string(),
  value: z.string(),
});

const formResponseListItemSchema = z.object({
  id: z.string().min(1),
  formTemplate: z.string().min(1),
  formName: z.string(),
  submittedAt: z.string(),
  isSpam: z.boolean(),
  prefill: z.string().nullable(),
  summary: z.array(responseSummaryItemSchema),
  /**
   * The status of its delivery that needs attention first (failed, blocked, sending, pending, succeeded, cancelled),
   * null when it has none. Optional so that answers of servers from before deliveries still parse.
   */
  deliveryStatus: deliveryStatusSchema.nullable().optional(),
});
export type FormResponseListItem = z.infer<typeof formResponseListItemSchema>;

/**
 * `count` is exact up to 1,000 matches and null beyond, and on pages after the first. `spamCount` comes with the first
 * page of a list asked with `is_spam=false`: how many spam responses match its other filters (exact up to 1,000, null
 * beyond), which that list leaves out.
 */
export const formResponsePageSchema = z.object({
  count: z.number().int().nullable(),
  spamCount: z.number().int().nullable().optional(),
  next: z.string().nullable(),
  previous: z.string().nullable(),
  results: z.array(formResponseListItemSchema),
});
export type FormResponsePage = z.infer<typeof formResponsePageSchema>;

const responseAnswerSchema = z.object({
  inputId: z.string(),
  label: z.string(),
  dataName: z.string(),
  subtype: z.string(),
  pageTitle: z.string(),
  sectionTitle: z.string().nullable(),
  // As stored: answers older than the form's current rules are shown, not refused.
  value: z.unknown(),
  displayValue: z.string(),
});
export type ResponseAnswer = z.infer<typeof responseAnswerSchema>;

export const formResponseDetailSchema = z.object({
  id: z.string().min(1),
  formTemplate: z.object({ id: z.string().min(1), name: z.string(), archived: z.boolean() }),
  submittedAt: z.string(),
  isSpam: z.boolean(),
  spamReasons: z.array(z.string()),
  prefill: z.object({ id: z.string(), name: z.string().nullable() }).nullable(),
  /** Keyed by input id as stored; `answers` carries the same values labelled and in form order. */
  data: z.record(z.string(), z.unknown()),
  answers: z.array(responseAnswerSchema),
  /** Its pushes to integrations (INTEGRATIONS.md); the server always sends it. */
  deliveries: z.array(responseDeliverySchema).optional(),
});
export type FormResponseDetail = z.infer<typeof formResponseDetailSchema>;

/** `delivery` filter of the response list (docs/api.md "Deliveries" defines each across integrations). */
export const RESPONSE_DELIVERY_FILTERS = ['unsent', 'failed', 'succeeded'] as const;
export type ResponseDeliveryFilter = (typeof RESPONSE_DELIVERY_FILTERS)[number];

const dateOrDateTime = z.union([z.iso.datetime({ offset: true }), z.iso.date()], { error: 'must be an ISO 8601 date or date-time' });

export const formResponseListQuerySchema = z.object({
  form_template: uuidSchema.optional(),
  is_spam: booleanTextSchema.optional(),
  search: z.string().trim().max(200, 'must be at most 200 characters').optional(),
  /** A date alone is the whole day (server time, UTC). */
  submitted_after: dateOrDateTime.optional(),
  submitted_before: dateOrDateTime.optional(),
  delivery: z.enum(RESPONSE_DELIVERY_FILTERS, { error: 'must be unsent, failed or succeeded' }).optional(),
  cursor: z.string().max(200).optional(),
  page_size: z.coerce
    .number({ error: 'must be a number' })
    .int('must be a whole number')
    .min(1, 'must be at least 1')
    .max(MAX_RESPONSE_PAGE_SIZE, `must be at most ${MAX_RESPONSE_PAGE_SIZE}`)
    .default(DEFAULT_RESPONSE_PAGE_SIZE),
});

export type FormResponseListQuery = z.infer<typeof formResponseListQuerySchema>;

export const formResponseParamsSchema = accountParamsSchema.extend({ id: uuidSchema });

/** `GET form-responses/{id}/neighbours/`: the list's filters, without its paging. */
export const formResponseNeighboursQuerySchema = formResponseListQuerySchema.omit({ cursor: true, page_size: true });

/** The ids of the responses just newer and just older than this one in that list (newest first), or null at an end. */
export const formResponseNeighboursSchema = z.object({
  newer: z.string().nullable(),
  older: z.string().nullable(),
});
export type FormResponseNeighbours = z.infer<typeof formResponseNeighboursSchema>;

/** `PUT form-responses/{id}/`: mark or unmark as spam. */
export const formResponseSpamBodySchema = z.object({ is_spam: z.boolean({ error: 'must be true or false' }) });

/** `GET form-responses/counts/`: each form's number of responses that are not spam; forms without any are left out. */
export const formResponseCountsSchema = z.object({
  results: z.array(z.object({ formTemplate: z.string(), count: z.number().int() })),
});
export type FormResponseCounts = z.infer<typeof formResponseCountsSchema>;
