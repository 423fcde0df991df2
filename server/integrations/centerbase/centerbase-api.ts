import { z } from 'zod';

/**
 * Every Centerbase request and answer shape our side depends on, in one module (twin of the stand-in's
 * tests/stand-ins/centerbase/centerbase-contract.ts). Centerbase documents Login, Item Exists, Create Item, Create
 * Note, Update Item and Link Items: GUID ids, pages of 1–500 rows, `error-code`/`error-message` in every body whatever
 * the HTTP status. ASSUMED until Centerbase confirms them: signing in with the firm's API key (and the company name
 * in the answer), listing record types and their fields, the error-code numbers, and picklists taking option text.
 * Confirming those changes this file only.
 */

/** Where a firm's API lives; `{subdomain}` is replaced (CENTERBASE_BASE_URL overrides it, with the same placeholder). */
export const DEFAULT_CENTERBASE_API_BASE = 'https://{subdomain}.centerbase.com/mobile/api.svc/json';

/** ASSUMED numbers: Centerbase documents only that a non-zero code is an error. */
export const CENTERBASE_ERROR_CODES = { ok: 0, loginFailed: 1, sessionInvalid: 2 } as const;

/** Documented: a page holds 1–500 rows. */
const CENTERBASE_PAGE_SIZE = 500;

export type CenterbaseValue = string | number | boolean | null;

/** Every answer carries these; a non-zero code is a failure whose message is Centerbase's own. */
export const errorPartSchema = z.object({ 'error-code': z.number().int(), 'error-message': z.string().nullable().optional() }).loose();

const guid = z.string().min(1);

export const loginAnswerSchema = z.object({ 'session-id': guid, 'company-name': z.string() }).loose();
export const itemTypesAnswerSchema = z.object({ 'item-types': z.array(z.object({ 'item-type-id': guid, name: z.string() }).loose()) }).loose();
export const itemFieldsAnswerSchema = z
  .object({
    fields: z.array(
      z
        .object({
          'field-id': guid,
          name: z.string(),
          type: z.string(),
          required: z.boolean(),
          options: z.array(z.object({ 'option-id': guid, text: z.string() }).loose()).optional(),
        })
        .loose(),
    ),
  })
  .loose();
export const itemExistsAnswerSchema = z
  .object({
    'results-id': guid.nullable(),
    'row-total': z.number().int().min(0),
    items: z.array(
      z
        .object({
          'item-id': guid,
          name: z.string(),
          fields: z.array(z.object({ 'field-id': guid, value: z.union([z.string(), z.number(), z.boolean(), z.null()]) }).loose()),
        })
        .loose(),
    ),
  })
  .loose();
export const itemIdAnswerSchema = z.object({ 'item-id': guid }).loose();

type FieldValues = { 'field-id': string; value: CenterbaseValue }[];

/** One call: the endpoint's name (the last path segment), its HTTP method and its body. */
export interface CenterbaseRequest {
  endpoint: string;
  method: 'POST' | 'PUT';
  body: Record<string, unknown>;
}

/** The request of each endpoint; `session` is filled in by the client (it may log in again and repeat the call). */
export const centerbaseRequests = {
  login: (apiKey: string): CenterbaseRequest => ({ endpoint: 'login', method: 'POST', body: { 'api-key': apiKey } }),
  itemTypes: (): CenterbaseRequest => ({ endpoint: 'itemtypes', method: 'POST', body: {} }),
  itemFields: (itemType: string): CenterbaseRequest => ({ endpoint: 'itemfields', method: 'POST', body: { 'item-type': itemType } }),
  /** Item Exists is a PUT in Centerbase's docs; a later page continues `results-id` and needs the row total. */
  itemExists: (
    itemType: string,
    query: { criteria: { fieldId: string; value: string }[]; requestedFields: string[] } | { resultsId: string; rowTotal: number; startRow: number },
  ): CenterbaseRequest => ({
    endpoint: 'itemexists',
    method: 'PUT',
    body:
      'resultsId' in query
        ? { 'item-type': itemType, 'results-id': query.resultsId, 'row-total': query.rowTotal, 'start-row': query.startRow, 'page-size': CENTERBASE_PAGE_SIZE }
        : {
            'item-type': itemType,
            'start-row': 1,
            'page-size': CENTERBASE_PAGE_SIZE,
            'requested-fields': query.requestedFields,
            criteria: query.criteria.map((c) => ({ 'field-id': c.fieldId, operator: 'Equals', value: c.value })),
            condition: 'ALL',
            'active-status': 'ACTIVE',
          },
  }),
  createItem: (itemType: string, values: FieldValues): CenterbaseRequest => ({
    endpoint: 'createitem',
    method: 'POST',
    body: { 'item-type': itemType, 'field-values': values },
  }),
  createNote: (parentId: string, text: string): CenterbaseRequest => ({ endpoint: 'createnote', method: 'POST', body: { 'parent-id': parentId, 'note-text': text } }),
  linkItems: (parentId: string, childId: string): CenterbaseRequest => ({ endpoint: 'linkitems', method: 'POST', body: { 'parent-id': parentId, 'child-id': childId } }),
};

/** The session goes in every body but Login's. */
export const withSession = (request: CenterbaseRequest, sessionId: string): Record<string, unknown> => ({ 'session-id': sessionId, ...request.body });

/**
 * Centerbase's field types in the field-map vocabulary (src/domain/field-map/compatibility.ts); a date stays `date`,
 * which no form input fills (the form builder has no date input), so it is never mapped from free text.
 */
const FIELD_TYPE_NAMES: Record<string, string> = { memo: 'textarea', number: 'numeric' };
export const fieldTypeOf = (centerbaseType: string): string => FIELD_TYPE_NAMES[centerbaseType] ?? centerbaseType;

/**
 * A mapped answer as a field of this (cached) type takes it: numbers as numbers, a ticked one-option checkbox as
 * true, everything else as text (ASSUMED: picklists by option text). Null when the answer cannot be one.
 */
export function centerbaseValueOf(type: string, text: string): CenterbaseValue {
  switch (type) {
    case 'numeric':
    case 'currency': {
      const value = Number(text.replace(/[,\s]/g, ''));
      return Number.isFinite(value) ? value : null;
    }
    case 'checkbox':
      // The answer of a one-option checkbox is its option's text when ticked, empty (never sent) when not.
      return text.trim() !== '';
    case 'date':
      return null;
    default:
      return text;
  }
}
