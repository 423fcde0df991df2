/** `POST /api/form-submit/`: the respondent page's submission. Public; rate-limited per client address. */
import { z } from 'zod';
import { answersByInputIdSchema, uuidSchema } from './common';

/** Most answers one submission may carry. */
const MAX_SUBMITTED_ANSWERS = 5000;

export const formSubmitBodySchema = z.object({
  form_id: uuidSchema,
  data: answersByInputIdSchema.refine((data) => Object.keys(data).length <= MAX_SUBMITTED_ANSWERS, 'has too many answers'),
  prefill_id: uuidSchema.nullish(),
  /** One per page load: a retried or repeated submission stores one response. */
  submission_key: uuidSchema,
  /** The honeypot: filled in only by bots. */
  hp: z.string().max(1000).nullish(),
  /** Epoch milliseconds when the page opened: a submission faster than SUBMIT_MIN_FILL_MS is marked as spam. */
  started_at: z.number().int().nonnegative().nullish(),
});
export type FormSubmitBody = z.infer<typeof formSubmitBodySchema>;

/** 201: `message` is the form's custom submit message or the default one. */
export const formSubmitResultSchema = z.object({ id: z.string(), message: z.string() });
export type FormSubmitResult = z.infer<typeof formSubmitResultSchema>;
