import { z } from 'zod';

/**
 * Centerbase's API as the stand-in serves it, in one place: the request and answer shape of every endpoint under
 * `/mobile/api.svc/json/`. Centerbase publishes Login, Item Exists, Create Item, Create Note, Update Item and Link
 * Items (session ids and items as GUIDs, pages of 1–500 rows, `error-code`/`error-message` in every answer body
 * whatever the HTTP status). What it does not publish is marked ASSUMED: signing in with the firm's API key and
 * reading its company name back, listing record types and their fields, the error-code numbers, and picklist values
 * given by option text. Confirming those with Centerbase changes this file and the adapter's twin of it.
 */

const guid = z.guid();
const sessionId = guid;

/** ASSUMED numbers; Centerbase documents that a non-zero code is an error, not which number means what. */
export const ERROR_CODES = {
  ok: 0,
  loginFailed: 1,
  sessionInvalid: 2,
  invalidRequest: 3,
  notFound: 4,
  invalidValue: 5,
  requiredMissing: 6,
} as const;

const errorPart = {
  'error-code': z.number().int(),
  'error-message': z.string().nullable(),
};

export const errorAnswerSchema = z.strictObject(errorPart);

/** Documented with user name and password; ASSUMED: `api-key` signs in the same way, and the answer names the firm. */
const loginRequestSchema = z.union([
  z.strictObject({ 'api-key': z.string().min(1) }),
  z.strictObject({ 'user-name': z.string().min(1), password: z.string().min(1) }),
]);
const loginAnswerSchema = z.strictObject({ ...errorPart, 'session-id': guid, 'company-name': z.string() });

/** ASSUMED: record types and their fields are not public. */
const itemTypesRequestSchema = z.strictObject({ 'session-id': sessionId });
const itemTypesAnswerSchema = z.strictObject({
  ...errorPart,
  'item-types': z.array(z.strictObject({ 'item-type-id': guid, name: z.string() })),
});

export const FIELD_TYPES = ['text', 'memo', 'email', 'phone', 'date', 'number', 'checkbox', 'picklist'] as const;

const itemFieldsRequestSchema = z.strictObject({ 'session-id': sessionId, 'item-type': guid });
const itemFieldsAnswerSchema = z.strictObject({
  ...errorPart,
  fields: z.array(
    z.strictObject({
      'field-id': guid,
      name: z.string(),
      type: z.enum(FIELD_TYPES),
      required: z.boolean(),
      options: z.array(z.strictObject({ 'option-id': guid, text: z.string() })).optional(),
    }),
  ),
});

/** Documented: a page of items of one type, filtered by criteria or continuing a result set by `results-id`. */
const itemExistsRequestSchema = z.strictObject({
  'session-id': sessionId,
  'item-type': guid,
  'start-row': z.number().int().min(1).optional(),
  'page-size': z.number().int().optional(),
  'requested-fields': z.array(guid).optional(),
  criteria: z
    .array(z.strictObject({ 'field-id': guid, operator: z.enum(['Equals', 'Contains']), value: z.string() }))
    .optional(),
  condition: z.enum(['ALL', 'ANY']).optional(),
  'active-status': z.enum(['ACTIVE', 'INACTIVE', 'EITHER']).optional(),
  'results-id': guid.optional(),
  'row-total': z.number().int().min(0).optional(),
});

const fieldValue = z.union([z.string(), z.number(), z.boolean(), z.null()]);

const itemExistsAnswerSchema = z.strictObject({
  ...errorPart,
  'results-id': guid.nullable(),
  'row-total': z.number().int().min(0),
  items: z.array(
    z.strictObject({
      'item-id': guid,
      name: z.string(),
      fields: z.array(z.strictObject({ 'field-id': guid, value: fieldValue })),
    }),
  ),
});

const fieldValues = z.array(z.strictObject({ 'field-id': guid, value: fieldValue })).min(1);

const createItemRequestSchema = z.strictObject({ 'session-id': sessionId, 'item-type': guid, 'field-values': fieldValues });
const itemIdAnswerSchema = z.strictObject({ ...errorPart, 'item-id': guid });

const updateItemRequestSchema = z.strictObject({ 'session-id': sessionId, 'item-id': guid, 'field-values': fieldValues });

const createNoteRequestSchema = z.strictObject({ 'session-id': sessionId, 'parent-id': guid, 'note-text': z.string().min(1) });

const linkItemsRequestSchema = z.strictObject({ 'session-id': sessionId, 'parent-id': guid, 'child-id': guid });

/** Each endpoint: its HTTP method (Item Exists is a PUT in Centerbase's docs), request schema and success schema. */
export const ENDPOINTS = {
  login: { method: 'POST', request: loginRequestSchema, answer: loginAnswerSchema },
  itemtypes: { method: 'POST', request: itemTypesRequestSchema, answer: itemTypesAnswerSchema },
  itemfields: { method: 'POST', request: itemFieldsRequestSchema, answer: itemFieldsAnswerSchema },
  itemexists: { method: 'PUT', request: itemExistsRequestSchema, answer: itemExistsAnswerSchema },
  createitem: { method: 'POST', request: createItemRequestSchema, answer: itemIdAnswerSchema },
  updateitem: { method: 'POST', request: updateItemRequestSchema, answer: errorAnswerSchema },
  createnote: { method: 'POST', request: createNoteRequestSchema, answer: itemIdAnswerSchema },
  linkitems: { method: 'POST', request: linkItemsRequestSchema, answer: errorAnswerSchema },
} as const;

export type EndpointName = keyof typeof ENDPOINTS;
