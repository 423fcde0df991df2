/** The respondent page's reads: `/api/public/forms/{formId}/` and its prefills. No session, no CSRF. */
import { z } from 'zod';
import type { ConditionalLogic, FormDocument, FormStyle } from '../domain/form-document';
import { uuidSchema } from './common';
import { prefillDataSchema } from './form-prefills';

export const publicFormParamsSchema = z.object({ formId: uuidSchema });
export const publicPrefillParamsSchema = z.object({ formId: uuidSchema, prefillId: uuidSchema });

/** `name` is the form's display name, or its name when it has none. Documents as saved (validated then). */
export const publicFormSchema = z.object({
  id: z.string(),
  name: z.string(),
  jsonForm: z.custom<FormDocument>(),
  jsonConditionalLogic: z.custom<ConditionalLogic>(),
  jsonFormStyle: z.custom<FormStyle>(),
});

export const publicPrefillSchema = z.object({ id: z.string(), data: prefillDataSchema });
