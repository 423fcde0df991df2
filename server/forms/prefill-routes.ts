import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { sql } from 'kysely';
import { z } from 'zod';
import type { DB } from '../db/database.js';
import { badRequest, notFound } from '../errors.js';
import { accountScopeOf } from '../routes/account-scope.js';
import { accountParamsSchema, errorResponses } from '../../src/contract/common.js';
import {
  formPrefillCreateBodySchema,
  formPrefillListQuerySchema,
  formPrefillPageSchema,
  formPrefillParamsSchema,
  formPrefillPatchBodySchema,
  formPrefillSchema,
  type FormPrefill,
  type PrefillData,
} from '../../src/contract/form-prefills.js';
import type { AnswerValue, FormDocument } from '../../src/domain/form-document.js';
import { inputsOf, isEmptyAnswer, validateAnswer, type Answers } from '../../src/domain/answers.js';
import { findForm } from './form-repository.js';

type PrefillRow = { id: string; form_template_id: string; name: string; data: Record<string, unknown>; created_at: Date; updated_at: Date };

const serialize = (row: PrefillRow): FormPrefill => ({
  id: row.id,
  formTemplate: row.form_template_id,
  name: row.name,
  // Checked against the form's inputs when stored (checkPrefillData).
  data: row.data as PrefillData,
  createdAt: row.created_at.toISOString(),
  updatedAt: row.updated_at.toISOString(),
});

/** Prefill values must fit the form's inputs (types, options, formats); required-ness does not apply to a prefill. */
function checkPrefillData(document: FormDocument, values: Answers): PrefillData {
  const inputs = new Map(inputsOf(document).map((p) => [p.input.id, p.input]));
  const errors: Record<string, string[]> = {};
  const cleaned: Record<string, AnswerValue> = {};
  for (const [key, value] of Object.entries(values)) {
    const input = inputs.get(key);
    if (!input) {
      errors[`data.${key}`] = ['is not an input of this form'];
      continue;
    }
    if (value === null || isEmptyAnswer(value)) continue;
    const messages = validateAnswer({ ...input, required: false }, value);
    if (messages.length) errors[`data.${key}`] = messages.map((m) => `${input.label || input.dataName}: ${m}`);
    else cleaned[key] = typeof value === 'string' ? value.trim() : value;
  }
  if (Object.keys(errors).length) {
    const [key, [message]] = Object.entries(errors)[0];
    throw badRequest(`Invalid prefill value ${key}: ${message}`, errors);
  }
  return cleaned;
}

export const prefillRoutes: FastifyPluginAsyncZod<{ db: DB }> = async (app, { db }) => {
  /** Prefills belong to active, user-built forms of the account. */
  const loadForm = async (accountId: number, formId: string) => {
    const form = await findForm(db, formId, { accountId });
    if (!form) throw badRequest('Invalid prefill: form_template: no such form in this account', { form_template: ['no such form in this account'] });
    return form;
  };
  const loadPrefill = async (accountId: number, id: string) => {
    const row = await db.selectFrom('form_prefills').selectAll().where('id', '=', id).where('account_id', '=', accountId).executeTakeFirst();
    if (!row) throw notFound();
    return row;
  };
  const one = { params: formPrefillParamsSchema, response: { 200: formPrefillSchema, ...errorResponses } };

  app.get(
    '/form-prefills/',
    { schema: { params: accountParamsSchema, querystring: formPrefillListQuerySchema, response: { 200: formPrefillPageSchema, ...errorResponses } } },
    async (request) => {
      const { account } = accountScopeOf(request);
      let select = db.selectFrom('form_prefills').selectAll().where('account_id', '=', account.id);
      if (request.query.form_template) select = select.where('form_template_id', '=', request.query.form_template);
      const rows = await select.orderBy(sql`lower(name)`).orderBy('id').execute();
      return { count: rows.length, next: null, previous: null, results: rows.map(serialize) };
    },
  );

  app.post(
    '/form-prefills/',
    {
      config: { invalidBody: 'Invalid prefill.' },
      schema: { params: accountParamsSchema, body: formPrefillCreateBodySchema, response: { 201: formPrefillSchema, ...errorResponses } },
    },
    async (request, reply) => {
      const { account } = accountScopeOf(request);
      const { body } = request;
      const form = await loadForm(account.id, body.form_template);
      const cleaned = checkPrefillData(form.json_form as FormDocument, body.data);
      const row = await db
        .insertInto('form_prefills')
        .values({ account_id: account.id, form_template_id: form.id, name: body.name, data: JSON.stringify(cleaned) })
        .returningAll()
        .executeTakeFirstOrThrow();
      return reply.status(201).send(serialize(row));
    },
  );

  app.get('/form-prefills/:id/', { schema: one }, async (request) => serialize(await loadPrefill(accountScopeOf(request).account.id, request.params.id)));

  app.patch('/form-prefills/:id/', { config: { invalidBody: 'Invalid prefill.' }, schema: { ...one, body: formPrefillPatchBodySchema } }, async (request) => {
    const current = await loadPrefill(accountScopeOf(request).account.id, request.params.id);
    const { body } = request;
    const changes: { name?: string; data?: string } = {};
    if (body.name !== undefined) changes.name = body.name;
    if (body.data !== undefined) {
      const form = await loadForm(current.account_id, current.form_template_id);
      changes.data = JSON.stringify(checkPrefillData(form.json_form as FormDocument, body.data));
    }
    const row = await db
      .updateTable('form_prefills')
      .set({ ...changes, updated_at: new Date() })
      .where('id', '=', current.id)
      .where('account_id', '=', current.account_id)
      .returningAll()
      .executeTakeFirstOrThrow();
    return serialize(row);
  });

  app.delete(
    '/form-prefills/:id/',
    { schema: { params: formPrefillParamsSchema, response: { 204: z.undefined(), ...errorResponses } } },
    async (request, reply) => {
      const current = await loadPrefill(accountScopeOf(request).account.id, request.params.id);
      await db.deleteFrom('form_prefills').where('id', '=', current.id).where('account_id', '=', current.account_id).execute();
      return reply.status(204).send();
    },
  );
};
