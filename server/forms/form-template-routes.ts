import { randomUUID } from 'node:crypto';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { sql } from 'kysely';
import { z } from 'zod';
import type { DB } from '../db/database.js';
import type { FormTemplateRow } from '../db/schema.js';
import { badRequest, conflict, forbidden, notFound, parseInput, zodFieldErrors } from '../errors.js';
import { accountScopeOf } from '../routes/account-scope.js';
import { BUILT_IN_FORM_ID, BUILT_IN_FORM_SLUG, isFormId } from '../../src/domain/ids.js';
import {
  FORM_LIMITS,
  conditionalLogicSchema,
  formDocumentSchema,
  formStyleSchema,
  forEachElement,
  type ConditionalLogic,
  type FormDocument,
} from '../../src/domain/form-document.js';
import { describeLogicCycle, findLogicCycle, sanitizeLogic } from '../../src/domain/logic/index.js';
import { ensureBuiltInForm } from './built-in-form.js';
import { sanitizeFormDocument } from './sanitize.js';

/** Form documents are large; the rest of the API keeps the 1 MiB default. */
export const FORM_BODY_LIMIT_BYTES = 8 * 1024 * 1024;

export const FORM_CONFLICT_MESSAGE =
  'This form was changed by someone else since you opened it. Reload it to see their changes, then save again.';

const nameField = z
  .string({ error: 'Form name is required' })
  .trim()
  .min(1, 'Form name is required')
  .max(FORM_LIMITS.nameLength, `Form name must be at most ${FORM_LIMITS.nameLength} characters`);

const templateBody = z.object({
  name: nameField,
  description: z.string().max(5000, 'must be at most 5000 characters').default(''),
  display_name: z.string().trim().max(FORM_LIMITS.nameLength, `must be at most ${FORM_LIMITS.nameLength} characters`).default(''),
  custom_submit_message: z.string().max(5000, 'must be at most 5000 characters').default(''),
  jsonForm: formDocumentSchema,
  jsonConditionalLogic: conditionalLogicSchema,
  jsonFormStyle: formStyleSchema,
});

const updateBody = templateBody.extend({
  id: z.string().optional(),
  updated_at: z.iso.datetime({ offset: true, error: 'updated_at is required: send the updatedAt of the form you loaded, so conflicting edits are detected' }),
});

const renameBody = z.object({ id: z.string().optional(), name: nameField });

const listQuery = z.object({
  archived: z.enum(['true', 'false'], { error: 'must be true or false' }).optional(),
  search: z.string().trim().max(200).optional(),
  internal_form_slug: z.string().trim().max(100).optional(),
});

export function serializeSummary(row: Pick<FormTemplateRow, 'id' | 'name' | 'display_name' | 'description' | 'internal_form_slug' | 'created_at' | 'updated_at' | 'deleted_at'>) {
  return {
    id: row.id,
    name: row.name,
    displayName: row.display_name,
    description: row.description,
    internalFormSlug: row.internal_form_slug,
    createdAt: row.created_at.toISOString(),
    updatedAt: row.updated_at.toISOString(),
    deletedAt: row.deleted_at?.toISOString() ?? null,
  };
}

export function serializeTemplate(row: FormTemplateRow) {
  return {
    ...serializeSummary(row),
    groupId: row.group_id,
    account: row.account_id,
    customSubmitMessage: row.custom_submit_message,
    jsonForm: row.json_form,
    jsonConditionalLogic: row.json_conditional_logic,
    jsonFormStyle: row.json_form_style,
    formMappers: [],
  };
}

/** Logic may only point at elements and inputs of the same form (the builder's cascade keeps it so). */
function checkLogicReferences(document: FormDocument, logic: ConditionalLogic): Record<string, string[]> {
  const elementTypes = new Map<string, string>();
  forEachElement(document, (element) => elementTypes.set(element.id, element.type));
  const errors: Record<string, string[]> = {};
  const add = (key: string, message: string) => (errors[key] ??= []).push(message);
  for (const mapName of ['conditionMap', 'pageMap'] as const) {
    for (const [elementId, config] of Object.entries(logic[mapName])) {
      const type = elementTypes.get(elementId);
      const key = `jsonConditionalLogic.${mapName}.${elementId}`;
      if (!type) add(key, `logic for "${elementId}", which is not an element of this form`);
      else if ((mapName === 'pageMap') !== (type === 'page')) add(key, `${mapName} holds logic for pages only${mapName === 'pageMap' ? '' : ' in pageMap'}: "${elementId}" is a ${type}`);
      config.conditions.forEach((condition, c) =>
        condition.expression.forEach((group, g) =>
          group.rules.forEach((rule, r) => {
            const ruleKey = `${key}.conditions.${c}.expression.${g}.rules.${r}`;
            if (rule.triggerId && elementTypes.get(rule.triggerId) !== 'input') add(`${ruleKey}.triggerId`, `rule "${rule.id}" triggers on "${rule.triggerId}", which is not an input of this form`);
            if (rule.referenceValueId && elementTypes.get(rule.referenceValueId) !== 'input') add(`${ruleKey}.referenceValueId`, `rule "${rule.id}" refers to "${rule.referenceValueId}", which is not an input of this form`);
          }),
        ),
      );
    }
  }
  return errors;
}

function parseTemplate<S extends z.ZodType<z.infer<typeof templateBody>>>(schema: S, body: unknown): z.infer<S> {
  const parsed = schema.safeParse(body ?? {});
  if (!parsed.success) {
    const errors = zodFieldErrors(parsed.error);
    const first = parsed.error.issues[0];
    const detail = first.path[0] === 'name' ? first.message : `Invalid form: ${first.path.join('.')}: ${first.message}`;
    throw badRequest(detail, errors);
  }
  const document = parsed.data.jsonForm as FormDocument;
  const logicErrors = checkLogicReferences(document, parsed.data.jsonConditionalLogic);
  if (Object.keys(logicErrors).length) {
    const [key, [message]] = Object.entries(logicErrors)[0];
    throw badRequest(`Invalid form: ${key}: ${message}`, logicErrors);
  }
  // Spec §5: incomplete rules, empty groups and conditions are dropped on save, whatever the client sent.
  const logic = sanitizeLogic(parsed.data.jsonConditionalLogic, document);
  const cycle = findLogicCycle(logic, document);
  if (cycle) {
    const message = describeLogicCycle(cycle, document);
    throw badRequest(message, { jsonConditionalLogic: [message] });
  }
  return { ...parsed.data, jsonConditionalLogic: logic };
}

/** The stored columns of a checked template body (create and update write the same ones). */
function templateColumns(body: z.infer<typeof templateBody>) {
  return {
    name: body.name,
    display_name: body.display_name,
    description: body.description,
    custom_submit_message: body.custom_submit_message,
    json_form: JSON.stringify(sanitizeFormDocument(body.jsonForm as FormDocument)),
    json_conditional_logic: JSON.stringify(body.jsonConditionalLogic),
    json_form_style: JSON.stringify(body.jsonFormStyle),
  };
}

/** The updated_at of a change: now, and always later than the previous one (the save conflict check compares them). */
const NEXT_UPDATED_AT = sql<Date>`greatest(date_trunc('milliseconds', clock_timestamp()), updated_at + interval '1 millisecond')`;

export async function formTemplateRoutes(app: FastifyInstance, { db }: { db: DB }): Promise<void> {
  const idOf = (request: FastifyRequest) => {
    const { id } = request.params as { id: string };
    if (!isFormId(id)) throw notFound();
    return id;
  };

  /** Loads an account's form by id or by the built-in alias; archived forms answer 404 'Archived Form'. */
  async function loadTemplate(accountId: number, id: string, options: { allowArchived?: boolean } = {}): Promise<FormTemplateRow> {
    if (id === BUILT_IN_FORM_ID) await ensureBuiltInForm(db, accountId);
    let query = db.selectFrom('form_templates').selectAll().where('account_id', '=', accountId);
    query = id === BUILT_IN_FORM_ID ? query.where('internal_form_slug', '=', BUILT_IN_FORM_SLUG) : query.where('id', '=', id);
    const row = await query.executeTakeFirst();
    if (!row) throw notFound();
    if (row.deleted_at && !options.allowArchived) throw notFound('Archived Form');
    return row;
  }

  const refuseBuiltIn = (row: FormTemplateRow, action: string) => {
    if (row.internal_form_slug === BUILT_IN_FORM_SLUG) throw forbidden(`The built-in form cannot be ${action}.`);
  };

  app.get('/form-templates/', async (request) => {
    const { account } = accountScopeOf(request);
    const query = parseInput(listQuery, request.query, 'Invalid query parameters.');
    if (query.internal_form_slug === BUILT_IN_FORM_SLUG) await ensureBuiltInForm(db, account.id);
    let select = db
      .selectFrom('form_templates')
      .select(['id', 'name', 'display_name', 'description', 'internal_form_slug', 'created_at', 'updated_at', 'deleted_at'])
      .where('account_id', '=', account.id)
      .where('deleted_at', query.archived === 'true' ? 'is not' : 'is', null);
    select = query.internal_form_slug
      ? select.where('internal_form_slug', '=', query.internal_form_slug)
      : select.where('internal_form_slug', 'is', null);
    if (query.search) {
      const pattern = `%${query.search.toLowerCase().replace(/[\\%_]/g, (ch) => `\\${ch}`)}%`;
      select = select.where(sql`lower(name)`, 'like', pattern);
    }
    const rows = await select.orderBy(sql`lower(name)`).orderBy('id').execute();
    return { count: rows.length, next: null, previous: null, results: rows.map(serializeSummary) };
  });

  app.get('/form-templates/:id/', async (request) => {
    const { account } = accountScopeOf(request);
    return serializeTemplate(await loadTemplate(account.id, idOf(request)));
  });

  app.post('/form-templates/', { bodyLimit: FORM_BODY_LIMIT_BYTES }, async (request, reply) => {
    const { account } = accountScopeOf(request);
    const body = parseTemplate(templateBody, request.body);
    const id = randomUUID();
    const row = await db
      .insertInto('form_templates')
      .values({ id, group_id: id, account_id: account.id, ...templateColumns(body) })
      .returningAll()
      .executeTakeFirstOrThrow();
    return reply.status(201).send(serializeTemplate(row));
  });

  app.put('/form-templates/:id/', { bodyLimit: FORM_BODY_LIMIT_BYTES }, async (request) => {
    const { account } = accountScopeOf(request);
    const current = await loadTemplate(account.id, idOf(request));
    refuseBuiltIn(current, 'edited');
    const body = parseTemplate(updateBody, request.body);
    // Atomic compare-and-set on updated_at: of two people saving the same version, the second gets 409.
    const row = await db
      .updateTable('form_templates')
      .set({ ...templateColumns(body), updated_at: NEXT_UPDATED_AT })
      .where('id', '=', current.id)
      .where('account_id', '=', account.id)
      .where('deleted_at', 'is', null)
      .where('updated_at', '=', new Date(body.updated_at))
      .returningAll()
      .executeTakeFirst();
    if (!row) throw conflict(FORM_CONFLICT_MESSAGE);
    return serializeTemplate(row);
  });

  app.patch('/form-templates/:id/', async (request) => {
    const { account } = accountScopeOf(request);
    const current = await loadTemplate(account.id, idOf(request));
    refuseBuiltIn(current, 'renamed');
    const { name } = parseInput(renameBody, request.body, 'Form name is required');
    const row = await db
      .updateTable('form_templates')
      .set({ name, updated_at: NEXT_UPDATED_AT })
      .where('id', '=', current.id)
      .where('account_id', '=', account.id)
      .returningAll()
      .executeTakeFirstOrThrow();
    return serializeTemplate(row);
  });

  app.delete('/form-templates/:id/', async (request, reply) => {
    const { account } = accountScopeOf(request);
    const current = await loadTemplate(account.id, idOf(request), { allowArchived: true });
    refuseBuiltIn(current, 'archived');
    await db
      .updateTable('form_templates')
      .set({ deleted_at: sql`coalesce(deleted_at, now())` })
      .where('id', '=', current.id)
      .where('account_id', '=', account.id)
      .execute();
    return reply.status(204).send();
  });

  app.patch('/form-templates/:id/unarchive/', async (request) => {
    const { account } = accountScopeOf(request);
    const current = await loadTemplate(account.id, idOf(request), { allowArchived: true });
    const row = await db
      .updateTable('form_templates')
      .set({ deleted_at: null, updated_at: NEXT_UPDATED_AT })
      .where('id', '=', current.id)
      .where('account_id', '=', account.id)
      .returningAll()
      .executeTakeFirstOrThrow();
    return serializeTemplate(row);
  });
}

