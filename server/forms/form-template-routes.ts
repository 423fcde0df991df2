import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { $ZodError } from 'zod/v4/core';
import type { DB } from '../db/database.js';
import type { FormTemplateRow } from '../db/schema.js';
import { conflict, forbidden, notFound } from '../errors.js';
import { accountScopeOf } from '../routes/account-scope.js';
import { accountParamsSchema, errorResponses } from '../../src/contract/common.js';
import {
  FORM_NAME_REQUIRED,
  formTemplateBodySchema,
  formTemplateListQuerySchema,
  formTemplatePageSchema,
  formTemplateParamsSchema,
  formTemplateRenameBodySchema,
  formTemplateSchema,
  formTemplateUpdateBodySchema,
} from '../../src/contract/form-templates.js';
import { invalidFormDetail } from '../../src/domain/form-save.js';
import { BUILT_IN_FORM_ID, BUILT_IN_FORM_SLUG } from '../../src/domain/ids.js';
import { checkedFormColumns } from './form-template-checks.js';
import { archiveForm, findForm, insertForm, listForms, renameForm, unarchiveForm, updateForm } from './form-repository.js';
import { serializeSummary, serializeTemplate } from './form-serializers.js';

/** Form documents are large; the rest of the API keeps the 1 MiB default. */
const FORM_BODY_LIMIT_BYTES = 8 * 1024 * 1024;

export const FORM_CONFLICT_MESSAGE =
  'This form was changed by someone else since you opened it. Reload it to see their changes, then save again.';

/**
 * The first problem, worded as the builder words it (the element by its label or title, then the rule's sentence):
 * 'Form name is required'; '“Practice area”: Options 2 and 3 both read “Divorce”. …'. `errors` has every one by path.
 */
const invalidForm = (error: $ZodError, body: unknown) => invalidFormDetail(body, error.issues[0].path, error.issues[0].message);

const refuseBuiltIn = (row: FormTemplateRow, action: string) => {
  if (row.internal_form_slug === BUILT_IN_FORM_SLUG) throw forbidden(`The built-in form cannot be ${action}.`);
};
/** By its alias, refused before the lookup: the lookup would make the built-in form, storing something for a 403. */
const refuseBuiltInAlias = (id: string, action: string) => {
  if (id === BUILT_IN_FORM_ID) throw forbidden(`The built-in form cannot be ${action}.`);
};

export const formTemplateRoutes: FastifyPluginAsyncZod<{ db: DB }> = async (app, { db }) => {
  // Client data behind a session: never kept by a browser, a proxy or the back/forward cache.
  app.addHook('onRequest', async (_request, reply) => {
    void reply.header('cache-control', 'no-store');
  });

  /** An account's form by id or by the built-in alias; archived forms answer 404 'Archived Form' unless allowed. */
  async function loadTemplate(accountId: number, id: string, options: { allowArchived?: boolean } = {}): Promise<FormTemplateRow> {
    const row = await findForm(db, id, { accountId, archived: true, builtIn: true });
    if (!row) throw notFound();
    if (row.deleted_at && !options.allowArchived) throw notFound('Archived Form');
    return row;
  }

  const one = { params: formTemplateParamsSchema, response: { 200: formTemplateSchema, ...errorResponses } };

  app.get(
    '/form-templates/',
    { schema: { params: accountParamsSchema, querystring: formTemplateListQuerySchema, response: { 200: formTemplatePageSchema, ...errorResponses } } },
    async (request) => {
      const { account } = accountScopeOf(request);
      const { archived, search, internal_form_slug: internalFormSlug } = request.query;
      const rows = await listForms(db, account.id, { archived: archived === 'true', search, internalFormSlug });
      return { count: rows.length, next: null, previous: null, results: rows.map(serializeSummary) };
    },
  );

  app.get('/form-templates/:id/', { schema: one }, async (request) => {
    const { account } = accountScopeOf(request);
    return serializeTemplate(await loadTemplate(account.id, request.params.id));
  });

  app.post(
    '/form-templates/',
    {
      bodyLimit: FORM_BODY_LIMIT_BYTES,
      config: { invalidBody: invalidForm },
      schema: { params: accountParamsSchema, body: formTemplateBodySchema, response: { 201: formTemplateSchema, ...errorResponses } },
    },
    async (request, reply) => {
      const { account } = accountScopeOf(request);
      const row = await insertForm(db, account.id, await checkedFormColumns(request.body));
      return reply.status(201).send(serializeTemplate(row));
    },
  );

  app.put(
    '/form-templates/:id/',
    { bodyLimit: FORM_BODY_LIMIT_BYTES, config: { invalidBody: invalidForm }, schema: { ...one, body: formTemplateUpdateBodySchema } },
    async (request) => {
      refuseBuiltInAlias(request.params.id, 'edited');
      const { account } = accountScopeOf(request);
      const current = await loadTemplate(account.id, request.params.id);
      refuseBuiltIn(current, 'edited');
      const row = await updateForm(db, account.id, current.id, await checkedFormColumns(request.body), new Date(request.body.updated_at));
      if (!row) throw conflict(FORM_CONFLICT_MESSAGE);
      return serializeTemplate(row);
    },
  );

  app.patch('/form-templates/:id/', { config: { invalidBody: FORM_NAME_REQUIRED }, schema: { ...one, body: formTemplateRenameBodySchema } }, async (request) => {
    refuseBuiltInAlias(request.params.id, 'renamed');
    const { account } = accountScopeOf(request);
    const current = await loadTemplate(account.id, request.params.id);
    refuseBuiltIn(current, 'renamed');
    return serializeTemplate(await renameForm(db, account.id, current.id, request.body.name));
  });

  app.delete(
    '/form-templates/:id/',
    { schema: { params: formTemplateParamsSchema, response: { 204: z.undefined(), ...errorResponses } } },
    async (request, reply) => {
      refuseBuiltInAlias(request.params.id, 'archived');
      const { account } = accountScopeOf(request);
      const current = await loadTemplate(account.id, request.params.id, { allowArchived: true });
      refuseBuiltIn(current, 'archived');
      await archiveForm(db, account.id, current.id);
      return reply.status(204).send();
    },
  );

  app.patch('/form-templates/:id/unarchive/', { schema: one }, async (request) => {
    const { account } = accountScopeOf(request);
    const current = await loadTemplate(account.id, request.params.id, { allowArchived: true });
    return serializeTemplate(await unarchiveForm(db, account.id, current.id));
  });
};
