import type { FastifyInstance, FastifyRequest } from 'fastify';
import { sql } from 'kysely';
import { z } from 'zod';
import type { DB } from '../db/database.js';
import { badRequest, notFound, parseInput } from '../errors.js';
import { accountScopeOf } from '../routes/account-scope.js';
import { answersByInputId, uuid } from '../routes/schemas.js';
import type { AnswerValue, FormDocument } from '../../src/domain/form-document.js';
import { inputsOf, isEmptyAnswer, validateAnswer } from '../../src/domain/answers.js';

export const PREFILL_NAME_REQUIRED = 'Prefill name is required';

const name = z.string({ error: PREFILL_NAME_REQUIRED }).trim().min(1, PREFILL_NAME_REQUIRED).max(200, 'must be at most 200 characters');

const createBody = z.object({ form_template: uuid, name, data: answersByInputId.default({}) });
const patchBody = z.object({ name: name.optional(), data: answersByInputId.optional() });
const listQuery = z.object({ form_template: uuid.optional() });

type PrefillRow = { id: string; form_template_id: string; name: string; data: Record<string, unknown>; created_at: Date; updated_at: Date };

const serialize = (row: PrefillRow) => ({
  id: row.id,
  formTemplate: row.form_template_id,
  name: row.name,
  data: row.data,
  createdAt: row.created_at.toISOString(),
  updatedAt: row.updated_at.toISOString(),
});

/** Prefill values must fit the form's inputs (types, options, formats); required-ness does not apply to a prefill. */
function checkPrefillData(document: FormDocument, values: Record<string, AnswerValue | null>): Record<string, AnswerValue> {
  const inputs = new Map(inputsOf(document).map((p) => [p.input.id, p.input]));
  const errors: Record<string, string[]> = {};
  const cleaned: Record<string, AnswerValue> = {};
  for (const [key, value] of Object.entries(values)) {
    const input = inputs.get(key);
    if (!input) {
      errors[`data.${key}`] = ['is not an input of this form'];
      continue;
    }
    if (isEmptyAnswer(value)) continue;
    const messages = validateAnswer({ ...input, required: false }, value);
    if (messages.length) errors[`data.${key}`] = messages.map((m) => `${input.label || input.dataName}: ${m}`);
    else cleaned[key] = typeof value === 'string' ? value.trim() : (value as AnswerValue);
  }
  if (Object.keys(errors).length) {
    const [key, [message]] = Object.entries(errors)[0];
    throw badRequest(`Invalid prefill value ${key}: ${message}`, errors);
  }
  return cleaned;
}

export async function prefillRoutes(app: FastifyInstance, { db }: { db: DB }): Promise<void> {
  const loadForm = async (accountId: number, formId: string) => {
    const form = await db
      .selectFrom('form_templates')
      .select(['id', 'json_form', 'internal_form_slug'])
      .where('id', '=', formId)
      .where('account_id', '=', accountId)
      .where('deleted_at', 'is', null)
      .executeTakeFirst();
    if (!form || form.internal_form_slug) throw badRequest('Invalid prefill: form_template: no such form in this account', { form_template: ['no such form in this account'] });
    return form;
  };
  const loadPrefill = async (request: FastifyRequest) => {
    const { account } = accountScopeOf(request);
    const { id } = request.params as { id: string };
    if (!uuid.safeParse(id).success) throw notFound();
    const row = await db.selectFrom('form_prefills').selectAll().where('id', '=', id).where('account_id', '=', account.id).executeTakeFirst();
    if (!row) throw notFound();
    return row;
  };

  app.get('/form-prefills/', async (request) => {
    const { account } = accountScopeOf(request);
    const query = parseInput(listQuery, request.query, 'Invalid query parameters.');
    let select = db.selectFrom('form_prefills').selectAll().where('account_id', '=', account.id);
    if (query.form_template) select = select.where('form_template_id', '=', query.form_template);
    const rows = await select.orderBy(sql`lower(name)`).orderBy('id').execute();
    return { count: rows.length, next: null, previous: null, results: rows.map(serialize) };
  });

  app.post('/form-prefills/', async (request, reply) => {
    const { account } = accountScopeOf(request);
    const body = parseInput(createBody, request.body, 'Invalid prefill.');
    const form = await loadForm(account.id, body.form_template);
    const cleaned = checkPrefillData(form.json_form as FormDocument, body.data);
    const row = await db
      .insertInto('form_prefills')
      .values({ account_id: account.id, form_template_id: form.id, name: body.name, data: JSON.stringify(cleaned) })
      .returningAll()
      .executeTakeFirstOrThrow();
    return reply.status(201).send(serialize(row));
  });

  app.get('/form-prefills/:id/', async (request) => serialize(await loadPrefill(request)));

  app.patch('/form-prefills/:id/', async (request) => {
    const current = await loadPrefill(request);
    const body = parseInput(patchBody, request.body, 'Invalid prefill.');
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

  app.delete('/form-prefills/:id/', async (request, reply) => {
    const current = await loadPrefill(request);
    await db.deleteFrom('form_prefills').where('id', '=', current.id).where('account_id', '=', current.account_id).execute();
    return reply.status(204).send();
  });
}
