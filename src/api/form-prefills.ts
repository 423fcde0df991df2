/**
 * Form prefills API (API.md: /api/{accountId}/form-prefills/). A prefill is a named set of answers for one form; its
 * link (`/f/{formId}?prefill={id}`) opens the form with those answers filled in.
 *
 * `data` is keyed by input id, and input ids are data, not names: the client's snake_case/camelCase key conversion
 * would turn an id such as `client_name` into `clientName` on the way back (and `firstName` into `first_name` on the
 * way out). So these calls write their bodies in wire case themselves, send them pre-serialised, read the answer as
 * text, and convert every key except those inside `data`.
 */
import { z } from 'zod';
import type { AnswerValue } from '../domain/form-document';
import { camelCase, toCamelCaseKeys } from './case';
import { http } from './client';
import { ApiError } from './errors';
import type { Paginated } from './schemas';
import { paginatedSchema, parseResponse } from './schemas';

/** Answers keyed by input id (FORM-DOCUMENT.md "Answers"); `null` (no answer) is dropped on the way in. */
export type PrefillData = Record<string, AnswerValue>;

const answerValue = z.union([z.string(), z.number(), z.array(z.string())]).nullable();
const prefillDataSchema = z
  .record(z.string(), answerValue)
  .nullish()
  .transform((data): PrefillData => {
    const kept: PrefillData = {};
    for (const [key, value] of Object.entries(data ?? {})) if (value !== null) kept[key] = value;
    return kept;
  });

export const formPrefillSchema = z.object({
  id: z.string().min(1),
  formTemplate: z.string().min(1),
  name: z.string(),
  data: prefillDataSchema,
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type FormPrefill = z.infer<typeof formPrefillSchema>;

const formPrefillPageSchema = paginatedSchema(formPrefillSchema);

export interface FormPrefillInput {
  formTemplate: string;
  name: string;
  data: PrefillData;
}

export interface FormPrefillChanges {
  name?: string;
  data?: PrefillData;
}

const base = (accountId: number | string) => `/api/${accountId}/form-prefills/`;
const one = (accountId: number | string, id: string) => `${base(accountId)}${encodeURIComponent(id)}/`;

/** Already JSON text: the client leaves strings alone, so the keys inside `data` reach the server as written. */
const RAW_JSON = { headers: { 'Content-Type': 'application/json' }, responseType: 'text' } as const;
/** Read the answer as text (see the module comment): the client's camelCasing passes strings through. */
const RAW_ANSWER = { responseType: 'text' } as const;

function isRecord(value: unknown): value is Record<string, unknown> {
  return value !== null && typeof value === 'object' && !Array.isArray(value);
}

function parseText(text: unknown): unknown {
  if (typeof text !== 'string') return text;
  try {
    return JSON.parse(text);
  } catch {
    throw new ApiError(undefined, { cause: new Error('The prefill answer is not JSON') });
  }
}

/** Wire → SPA keys for one prefill, except inside `data`, which stays keyed by the input ids as stored. */
function prefillFromWire(raw: unknown): unknown {
  if (!isRecord(raw)) return raw;
  const { data, ...rest } = raw;
  return { ...toCamelCaseKeys<Record<string, unknown>>(rest), data };
}

function pageFromWire(raw: unknown): unknown {
  if (!isRecord(raw)) return raw;
  const { results, ...rest } = raw;
  return { ...toCamelCaseKeys<Record<string, unknown>>(rest), results: Array.isArray(results) ? results.map(prefillFromWire) : results };
}

/** Exported for tests: the exact JSON text sent, keys in wire case and `data` untouched. */
export function prefillBody(fields: { formTemplate?: string; name?: string; data?: PrefillData }): string {
  const body: Record<string, unknown> = {};
  if (fields.formTemplate !== undefined) body.form_template = fields.formTemplate;
  if (fields.name !== undefined) body.name = fields.name;
  if (fields.data !== undefined) body.data = fields.data;
  return JSON.stringify(body);
}

export async function listPrefills(accountId: number | string, formId: string): Promise<Paginated<FormPrefill>> {
  const { data } = await http.get<unknown>(base(accountId), { params: { formTemplate: formId }, ...RAW_ANSWER });
  return parseResponse(formPrefillPageSchema, pageFromWire(parseText(data)));
}

export async function getPrefill(accountId: number | string, id: string): Promise<FormPrefill> {
  const { data } = await http.get<unknown>(one(accountId, id), RAW_ANSWER);
  return parseResponse(formPrefillSchema, prefillFromWire(parseText(data)));
}

export async function createPrefill(accountId: number | string, input: FormPrefillInput): Promise<FormPrefill> {
  const { data } = await http.post<unknown>(base(accountId), prefillBody(input), RAW_JSON);
  return parseResponse(formPrefillSchema, prefillFromWire(parseText(data)));
}

export async function updatePrefill(accountId: number | string, id: string, changes: FormPrefillChanges): Promise<FormPrefill> {
  const { data } = await http.patch<unknown>(one(accountId, id), prefillBody(changes), RAW_JSON);
  return parseResponse(formPrefillSchema, prefillFromWire(parseText(data)));
}

export async function deletePrefill(accountId: number | string, id: string): Promise<void> {
  await http.delete(one(accountId, id));
}

/**
 * The server's messages for the name field and for each input (`errors['data.<inputId>']`) of a 400. The client
 * camelCases error keys, so an input id is looked up both as sent and camelCased.
 */
export function prefillErrorsOf(error: unknown, inputIds: readonly string[]): { name?: string; data: Record<string, string[]> } {
  const result: { name?: string; data: Record<string, string[]> } = { data: {} };
  if (!(error instanceof ApiError) || error.status !== 400) return result;
  const name = error.errors.name?.[0];
  if (name) result.name = name;
  for (const id of inputIds) {
    const messages = error.errors[`data.${id}`] ?? error.errors[camelCase(`data.${id}`)];
    if (messages?.length) result.data[id] = messages;
  }
  return result;
}
