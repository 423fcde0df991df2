/**
 * Form templates API (API.md, contract "Server API"). Requests are written in camelCase: the http client snake_cases
 * every key except the json* ones, whose contents (element ids, settings) are data. Responses are validated here.
 */
import { z } from 'zod';
import type { FormSnapshot } from '../domain/form-compare';
import type { ConditionalLogic, FormDocument, FormStyle } from '../domain/form-document';
import { http } from './client';
import type { Paginated } from './schemas';
import { paginatedSchema, parseResponse } from './schemas';

/** Free text the server may send as null on old rows; the SPA always works with a string. */
const text = z
  .string()
  .nullish()
  .transform((value) => value ?? '');

export const formTemplateSummarySchema = z.object({
  id: z.string().min(1),
  name: z.string(),
  displayName: text,
  description: text,
  internalFormSlug: z.string().nullable().default(null),
  createdAt: z.string(),
  updatedAt: z.string(),
  deletedAt: z.string().nullable().default(null),
});
export type FormTemplateSummary = z.infer<typeof formTemplateSummarySchema>;

/*
 * The documents are NOT validated here: saved forms may be older shapes that formDocumentSchema (strict) refuses.
 * They pass through untouched and the builder runs restoreFormDocument / restoreConditionalLogic / restoreFormStyle
 * on them before they enter state. The static types say what a current server sends.
 */
const passThrough = <T>() => z.unknown().transform((value) => value as T);

export const formTemplateSchema = formTemplateSummarySchema.extend({
  groupId: z.string().nullable().default(null),
  account: z.number().int(),
  customSubmitMessage: text,
  jsonForm: passThrough<FormDocument>(),
  jsonConditionalLogic: passThrough<ConditionalLogic>(),
  jsonFormStyle: passThrough<FormStyle>(),
  formMappers: z.array(z.unknown()).default([]),
});
export type FormTemplate = z.infer<typeof formTemplateSchema>;

const formTemplatePageSchema = paginatedSchema(formTemplateSummarySchema);

/** What create and update send: the saved fields of a form, the ones the unsaved-changes check compares. */
export type FormTemplateInput = FormSnapshot;

export interface FormTemplateListFilters {
  archived?: boolean;
  search?: string;
  internalFormSlug?: string;
}

/** Exported for tests and for callers that want to see the exact wire body (before the client's snake_casing). */
export function formTemplateBody(input: FormTemplateInput): Record<string, unknown> {
  return {
    name: input.name,
    description: input.description,
    displayName: input.displayName,
    customSubmitMessage: input.customSubmitMessage,
    jsonForm: input.jsonForm,
    jsonConditionalLogic: input.jsonConditionalLogic,
    jsonFormStyle: input.jsonFormStyle,
  };
}

const base = (accountId: number | string) => `/api/${accountId}/form-templates/`;
const one = (accountId: number | string, id: string) => `${base(accountId)}${encodeURIComponent(id)}/`;

export async function listFormTemplates(
  accountId: number | string,
  filters: FormTemplateListFilters = {},
): Promise<Paginated<FormTemplateSummary>> {
  const params: Record<string, string> = {};
  if (filters.archived) params.archived = 'true';
  const search = filters.search?.trim();
  if (search) params.search = search;
  if (filters.internalFormSlug) params.internalFormSlug = filters.internalFormSlug;
  const { data } = await http.get<unknown>(base(accountId), { params });
  return parseResponse(formTemplatePageSchema, data);
}

export async function getFormTemplate(accountId: number | string, id: string): Promise<FormTemplate> {
  const { data } = await http.get<unknown>(one(accountId, id));
  return parseResponse(formTemplateSchema, data);
}

export async function createFormTemplate(accountId: number | string, input: FormTemplateInput): Promise<FormTemplate> {
  const { data } = await http.post<unknown>(base(accountId), formTemplateBody(input));
  return parseResponse(formTemplateSchema, data);
}

/** `updatedAt` is the value loaded with the form: the server answers 409 when someone saved in between. */
export async function updateFormTemplate(
  accountId: number | string,
  id: string,
  input: FormTemplateInput & { updatedAt: string },
): Promise<FormTemplate> {
  const { data } = await http.put<unknown>(one(accountId, id), { ...formTemplateBody(input), id, updatedAt: input.updatedAt });
  return parseResponse(formTemplateSchema, data);
}

export async function renameFormTemplate(accountId: number | string, id: string, name: string): Promise<FormTemplate> {
  const { data } = await http.patch<unknown>(one(accountId, id), { id, name });
  return parseResponse(formTemplateSchema, data);
}

export async function archiveFormTemplate(accountId: number | string, id: string): Promise<void> {
  await http.delete(one(accountId, id));
}

export async function unarchiveFormTemplate(accountId: number | string, id: string): Promise<FormTemplate> {
  const { data } = await http.patch<unknown>(`${one(accountId, id)}unarchive/`);
  return parseResponse(formTemplateSchema, data);
}
