/** `/api/{accountId}/form-prefills/`: named answers for one form, keyed by input id (never key-converted). */
import { z } from 'zod';
import { PREFILL_MESSAGES } from '../domain/messages';
import { answerValueSchema } from '../domain/form-document';
import { accountParamsSchema, answersByInputIdSchema, paginatedSchema, uuidSchema } from './common';

const PREFILL_NAME_REQUIRED = PREFILL_MESSAGES.nameRequired;

/** Stored answers: the server drops empty ones, so no value is null. */
export const prefillDataSchema = z.record(z.string(), answerValueSchema);
export type PrefillData = z.infer<typeof prefillDataSchema>;

export const formPrefillSchema = z.object({
  id: z.string().min(1),
  formTemplate: z.string().min(1),
  name: z.string(),
  data: prefillDataSchema,
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type FormPrefill = z.infer<typeof formPrefillSchema>;

export const formPrefillPageSchema = paginatedSchema(formPrefillSchema);

const nameField = z
  .string({ error: PREFILL_NAME_REQUIRED })
  .trim()
  .min(1, PREFILL_NAME_REQUIRED)
  .max(200, 'must be at most 200 characters');

export const formPrefillCreateBodySchema = z.object({
  form_template: uuidSchema,
  name: nameField,
  data: answersByInputIdSchema.default({}),
});

export const formPrefillPatchBodySchema = z.object({
  name: nameField.optional(),
  data: answersByInputIdSchema.optional(),
});

export const formPrefillListQuerySchema = z.object({ form_template: uuidSchema.optional() });

export const formPrefillParamsSchema = accountParamsSchema.extend({ id: uuidSchema });
