import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Selectable } from 'kysely';
import type { DB } from '../db/database.js';
import type { FormMappersTable } from '../db/schema.js';
import { badRequest, conflict, notFound } from '../errors.js';
import { findForm } from '../forms/form-repository.js';
import { accountScopeOf } from '../routes/account-scope.js';
import { accountParamsSchema, errorResponses } from '../../src/contract/common.js';
import {
  conversionRuleSchema,
  formMapperCreateBodySchema,
  formMapperListQuerySchema,
  formMapperPageSchema,
  formMapperParamsSchema,
  formMapperPatchBodySchema,
  formMapperSchema,
  type FormMapper,
} from '../../src/contract/integrations.js';
import type { FormDocument } from '../../src/domain/form-document.js';
import type { FieldMapRow } from '../../src/domain/field-map/rows.js';
import { isFormId } from '../../src/domain/ids.js';
import { checkedConversionRules } from './field-map-check.js';

const UNIQUE_VIOLATION = '23505';
const invalid = (field: string, message: string) => badRequest(`Invalid field map: ${field}: ${message}`, { [field]: [message] });

function serialize(row: Selectable<FormMappersTable>): FormMapper {
  // Stored through the contract's schema; parsed again so an answer can only hold that shape.
  const rules = conversionRuleSchema.array().safeParse(row.conversion_rules);
  return {
    id: row.id,
    formTemplate: row.form_template_id,
    conversionRules: rules.success ? rules.data : [],
    integrationApiType: row.integration_api_type,
    integrationApiId: row.integration_api_id,
    enabled: row.enabled,
    createdAt: row.created_at.toISOString(),
    updatedAt: row.updated_at.toISOString(),
  };
}

/**
 * `/api/{accountId}/form-mappers/` (spec §3, §7): field maps are stored and returned here, their rows judged by the
 * spec §5 rules (src/domain/field-map) against the published form and the record type's cached fields.
 */
export const formMapperRoutes: FastifyPluginAsyncZod<{ db: DB }> = async (app, { db }) => {
  /** Field maps belong to the account's active forms, the built-in 'Mapping for Contacts' included (spec §5, §6). */
  const formOf = async (accountId: number, formId: string) => {
    const form = isFormId(formId) ? await findForm(db, formId, { accountId, builtIn: true }) : undefined;
    if (!form) throw invalid('form_template', 'no such form in this account');
    return form;
  };
  /** A record type of the account's own integration of that kind: its cached field list (null for no record type). */
  const checkApi = async (accountId: number, kind: 'centerbase' | 'clio', apiId: string | null): Promise<unknown> => {
    if (apiId === null) return null;
    const api = await db
      .selectFrom('integration_apis as a')
      .innerJoin('account_integrations as i', 'i.id', 'a.integration_id')
      .select('a.field_list')
      .where('a.id', '=', apiId)
      .where('i.account_id', '=', accountId)
      .where('i.kind', '=', kind)
      .executeTakeFirst();
    if (!api) throw invalid('integration_api_id', `no such ${kind} record type in this account`);
    return api.field_list;
  };
  const load = async (accountId: number, id: string) => {
    const row = await db.selectFrom('form_mappers').selectAll().where('id', '=', id).where('account_id', '=', accountId).executeTakeFirst();
    if (!row) throw notFound();
    return row;
  };
  const duplicate = (error: unknown) => {
    if ((error as { code?: string }).code === UNIQUE_VIOLATION) throw conflict('This form already has a field map for this record type.');
    throw error;
  };

  app.get(
    '/form-mappers/',
    { schema: { params: accountParamsSchema, querystring: formMapperListQuerySchema, response: { 200: formMapperPageSchema, ...errorResponses } } },
    async (request) => {
      const { account } = accountScopeOf(request);
      const { query } = request;
      let select = db.selectFrom('form_mappers').selectAll().where('account_id', '=', account.id);
      if (query.form_template) {
        const form = isFormId(query.form_template) ? await findForm(db, query.form_template, { accountId: account.id, builtIn: true }) : undefined;
        if (!form) return { count: 0, next: null, previous: null, results: [] };
        select = select.where('form_template_id', '=', form.id);
      }
      if (query.integration_api_type) select = select.where('integration_api_type', '=', query.integration_api_type);
      const rows = await select.orderBy('created_at').orderBy('id').execute();
      return { count: rows.length, next: null, previous: null, results: rows.map(serialize) };
    },
  );

  app.post(
    '/form-mappers/',
    { config: { invalidBody: 'Invalid field map.' }, schema: { params: accountParamsSchema, body: formMapperCreateBodySchema, response: { 201: formMapperSchema, ...errorResponses } } },
    async (request, reply) => {
      const { account } = accountScopeOf(request);
      const { body } = request;
      const form = await formOf(account.id, body.form_template);
      const fieldList = await checkApi(account.id, body.integration_api_type, body.integration_api_id);
      const rules = checkedConversionRules(body.conversion_rules, form.json_form as FormDocument, fieldList);
      const row = await db
        .insertInto('form_mappers')
        .values({
          account_id: account.id,
          form_template_id: form.id,
          integration_api_type: body.integration_api_type,
          integration_api_id: body.integration_api_id,
          conversion_rules: JSON.stringify(rules),
          enabled: body.enabled,
        })
        .returningAll()
        .executeTakeFirstOrThrow()
        .catch(duplicate);
      return reply.status(201).send(serialize(row));
    },
  );

  app.get(
    '/form-mappers/:id/',
    { schema: { params: formMapperParamsSchema, response: { 200: formMapperSchema, ...errorResponses } } },
    async (request) => serialize(await load(accountScopeOf(request).account.id, request.params.id)),
  );

  app.patch(
    '/form-mappers/:id/',
    { config: { invalidBody: 'Invalid field map.' }, schema: { params: formMapperParamsSchema, body: formMapperPatchBodySchema, response: { 200: formMapperSchema, ...errorResponses } } },
    async (request) => {
      const { account } = accountScopeOf(request);
      const { body } = request;
      if (body.id !== undefined && body.id !== request.params.id) throw invalid('id', 'must be the id in the path');
      const current = await load(account.id, request.params.id);
      const kind = body.integration_api_type ?? current.integration_api_type;
      const apiId = body.integration_api_id !== undefined ? body.integration_api_id : current.integration_api_id;
      const fieldList =
        body.integration_api_type !== undefined || body.integration_api_id !== undefined || body.conversion_rules !== undefined ? await checkApi(account.id, kind, apiId) : null;
      // New rows, or the saved ones against another record type; the enable toggle (same record type) judges nothing.
      let rules: FieldMapRow[] | undefined;
      if (body.conversion_rules !== undefined || kind !== current.integration_api_type || apiId !== current.integration_api_id) {
        const form = await findForm(db, current.form_template_id, { accountId: account.id, builtIn: true, archived: true });
        if (!form) throw notFound();
        rules = checkedConversionRules(body.conversion_rules ?? serialize(current).conversionRules, form.json_form as FormDocument, fieldList);
      }
      const row = await db
        .updateTable('form_mappers')
        .set({
          integration_api_type: kind,
          integration_api_id: apiId,
          ...(rules !== undefined ? { conversion_rules: JSON.stringify(rules) } : {}),
          ...(body.enabled !== undefined ? { enabled: body.enabled } : {}),
          updated_at: new Date(),
        })
        .where('id', '=', current.id)
        .where('account_id', '=', account.id)
        .returningAll()
        .executeTakeFirstOrThrow()
        .catch(duplicate);
      return serialize(row);
    },
  );
};
