/**
 * `/api/{accountId}/form-templates/`. The json* documents are not validated on the way out: saved forms may be older
 * shapes that formDocumentSchema (strict) refuses; the builder restores them (restoreFormDocument, …) before use.
 * Their static types say what a current server sends.
 */
import { z } from 'zod';
import { FORM_MESSAGES } from '../domain/messages';
import {
  FORM_LIMITS,
  conditionalLogicSchema,
  formStyleSchema,
  type ConditionalLogic,
  type FormDocument,
  type FormStyle,
} from '../domain/form-document';
import { savedFormDocumentSchema } from '../domain/form-rules';
import { accountParamsSchema, booleanTextSchema, formIdSchema, paginatedSchema } from './common';

export const FORM_NAME_REQUIRED = FORM_MESSAGES.nameRequired;

const formTemplateSummarySchema = z.object({
  id: z.string().min(1),
  name: z.string(),
  displayName: z.string(),
  description: z.string(),
  internalFormSlug: z.string().nullable(),
  createdAt: z.string(),
  updatedAt: z.string(),
  deletedAt: z.string().nullable(),
});
export type FormTemplateSummary = z.infer<typeof formTemplateSummarySchema>;

export const formTemplateSchema = formTemplateSummarySchema.extend({
  groupId: z.string().nullable(),
  account: z.number().int(),
  customSubmitMessage: z.string(),
  jsonForm: z.custom<FormDocument>(),
  jsonConditionalLogic: z.custom<ConditionalLogic>(),
  jsonFormStyle: z.custom<FormStyle>(),
  formMappers: z.array(z.unknown()),
});
export type FormTemplate = z.infer<typeof formTemplateSchema>;

export const formTemplatePageSchema = paginatedSchema(formTemplateSummarySchema);

export const formTemplateListQuerySchema = z.object({
  archived: booleanTextSchema.optional(),
  search: z.string().trim().max(200).optional(),
  internal_form_slug: z.string().trim().max(100).optional(),
});

export const formTemplateParamsSchema = accountParamsSchema.extend({ id: formIdSchema });

const nameField = z
  .string({ error: FORM_NAME_REQUIRED })
  .trim()
  .min(1, FORM_NAME_REQUIRED)
  .max(FORM_LIMITS.nameLength, `Form name must be at most ${FORM_LIMITS.nameLength} characters`);

/**
 * Create (POST): the saved fields of a form. json* keys stay as written (spec §7: their contents are data). The
 * document must meet the rules of a saved form (form-rules.ts), which forms saved before them may not: they still load.
 */
export const formTemplateBodySchema = z.object({
  name: nameField,
  description: z.string().max(5000, 'The description must be at most 5000 characters.').default(''),
  display_name: z
    .string()
    .trim()
    .max(FORM_LIMITS.nameLength, `The display name must be at most ${FORM_LIMITS.nameLength} characters.`)
    .default(''),
  custom_submit_message: z.string().max(5000, 'The submit message must be at most 5000 characters.').default(''),
  jsonForm: savedFormDocumentSchema,
  jsonConditionalLogic: conditionalLogicSchema,
  jsonFormStyle: formStyleSchema,
});
export type FormTemplateBody = z.infer<typeof formTemplateBodySchema>;

/** Update (PUT): `updated_at` is the `updatedAt` the editor loaded; a stale one answers 409. */
export const formTemplateUpdateBodySchema = formTemplateBodySchema.extend({
  id: z.string().optional(),
  updated_at: z.iso.datetime({
    offset: true,
    error: 'updated_at is required: send the updatedAt of the form you loaded, so conflicting edits are detected',
  }),
});

/** Rename (PATCH). */
export const formTemplateRenameBodySchema = z.object({ id: z.string().optional(), name: nameField });

/** `GET form-templates/{id}/export-responses/?days=` (the CSV itself is text, not JSON). */
export const exportResponsesQuerySchema = z.object({
  days: z.coerce
    .number({ error: 'must be a number of days' })
    .int('must be a whole number')
    .min(1, 'must be at least 1')
    .max(36_500, 'is too large')
    .optional(),
});
