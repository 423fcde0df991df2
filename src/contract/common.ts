/**
 * Pieces every area of the HTTP contract shares. The contract is the wire as it is: requests in snake_case (spec §7),
 * responses in camelCase. The server declares these schemas on its routes (fastify-type-provider-zod) and the SPA
 * parses answers with them, so a shape is written once. Response schemas carry no transforms: the server encodes
 * through them, and zod cannot run a one-way transform backwards.
 */
import { z } from 'zod';
import { answerValueSchema } from '../domain/form-document';
import { BUILT_IN_FORM_ID, UUID_PATTERN, isFormId } from '../domain/ids';

/** The body of every error answer (API.md): `errors` names each bad field by its wire path (`data.<inputId>`, …). */
export const errorBodySchema = z.object({
  detail: z.string(),
  errors: z.record(z.string(), z.array(z.string())).optional(),
});
export type ErrorBody = z.infer<typeof errorBodySchema>;

/** Declared on every route: 4xx and 5xx answers are `{detail, errors?}`. */
export const errorResponses = { '4xx': errorBodySchema, '5xx': errorBodySchema } as const;

/** Any version and variant, like `isUuid` in src/domain/ids (see UUID_PATTERN for why not `z.uuid()`). */
export const uuidSchema = z.string().regex(UUID_PATTERN, 'must be a UUID');

/** A form id in a path: a UUID or the built-in form's alias. */
export const formIdSchema = z.string().refine(isFormId, `must be a UUID or "${BUILT_IN_FORM_ID}"`);

/** `/api/{accountId}/…`: the account guard has checked the id before validation runs. */
export const accountParamsSchema = z.object({ accountId: z.string() });

/** Answers by input id, as the respondent page submits them and a prefill stores them; null clears one. */
export const answersByInputIdSchema = z.record(z.string().max(100), answerValueSchema.nullable());

/** A query flag: the wire has text. */
export const booleanTextSchema = z.enum(['true', 'false'], { error: 'must be true or false' });

export function paginatedSchema<Item extends z.ZodType>(item: Item) {
  return z.object({
    count: z.number().int(),
    next: z.string().nullable(),
    previous: z.string().nullable(),
    results: z.array(item),
  });
}
export interface Paginated<T> {
  count: number;
  next: string | null;
  previous: string | null;
  results: T[];
}

/** `{detail}` answers that are not errors (logout). */
export const detailSchema = z.object({ detail: z.string() });
