/** `POST /api/form-submit/`: the respondent page's submission. Public; rate-limited per client address. */
import { z } from 'zod';
import { answersByInputIdSchema, toStorableText, uuidSchema } from './common';

/** Most answers one submission may carry. */
const MAX_SUBMITTED_ANSWERS = 5000;

/**
 * A respondent's text with a NUL or a lone surrogate (a broken paste) is stored with U+FFFD in their place rather than
 * refused: the respondent can neither see nor remove them, and a refusal would lose the submission.
 */
function storableAnswers(data: unknown): unknown {
  if (!data || typeof data !== 'object' || Array.isArray(data)) return data;
  const storable = (value: unknown) => (typeof value === 'string' ? toStorableText(value) : value);
  return Object.fromEntries(Object.entries(data).map(([key, value]) => [key, Array.isArray(value) ? value.map(storable) : storable(value)]));
}

/** The signed start token the public form read hands out (`x-form-start-token`); most a real one is long. */
const MAX_START_TOKEN_LENGTH = 200;

export const formSubmitBodySchema = z.object({
  form_id: uuidSchema,
  data: z.preprocess(
    storableAnswers,
    answersByInputIdSchema.refine((data) => Object.keys(data).length <= MAX_SUBMITTED_ANSWERS, 'has too many answers'),
  ),
  prefill_id: uuidSchema.nullish(),
  /** One per page load: a retried or repeated submission stores one response. */
  submission_key: uuidSchema,
  /** The honeypot: filled in only by bots. */
  hp: z.string().max(1000).nullish(),
  /**
   * The `x-form-start-token` header of the form read: the fill time is measured from the time it signs, so a
   * submission without a valid one counts as too fast (stored, marked as spam). A client's own clock is not asked.
   */
  start_token: z.string().max(MAX_START_TOKEN_LENGTH).nullish(),
});

/** 201: `message` is the form's custom submit message or the default one. */
export const formSubmitResultSchema = z.object({ id: z.string(), message: z.string() });
