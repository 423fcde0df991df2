import rateLimit from '@fastify/rate-limit';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type pg from 'pg';
import type { DB } from '../db/database.js';
import { HttpError, badRequest, describeFirstIssue, notFound } from '../errors.js';
import { errorResponses } from '../../src/contract/common.js';
import { formSubmitBodySchema, formSubmitResultSchema } from '../../src/contract/form-submit.js';
import { publicFormParamsSchema, publicFormSchema, publicPrefillParamsSchema, publicPrefillSchema } from '../../src/contract/public-forms.js';
import type { PrefillData } from '../../src/contract/form-prefills.js';
import { answersToSubmit, inputsOf, validateAnswers, type Answers } from '../../src/domain/answers.js';
import { DEFAULT_SUBMIT_MESSAGE } from '../../src/domain/form-constants.js';
import { PublishedForms } from './published-forms.js';

const SUBMIT_BODY_LIMIT_BYTES = 512 * 1024;

/** The submit limit's window: SUBMIT_RATE_LIMIT submissions per client address per minute. */
const RATE_LIMIT_WINDOW_MS = 60_000;

/** Idempotent on (form, submission_key): a retried request gets the first response's id instead of a second row. */
const INSERT_RESPONSE_SQL = `
  with inserted as (
    insert into form_responses (account_id, form_template_id, form_version_id, submission_key, data, prefill_id, is_spam, spam_reasons)
    values ($1, $2, $3, $4, $5, $6, $7, $8)
    on conflict (form_template_id, submission_key) do nothing
    returning id
  )
  select id from inserted
  union all
  select id from form_responses where form_template_id = $2 and submission_key = $4
  limit 1`;

export interface PublicRouteOptions {
  db: DB;
  pool: pg.Pool;
  submitRateLimit: number;
  minFillMs: number;
}

export const publicRoutes: FastifyPluginAsyncZod<PublicRouteOptions> = async (app, { db, pool, submitRateLimit, minFillMs }) => {
  const forms = new PublishedForms(db);
  // A fixed window per client address, in memory: it blunts floods at one server instance; a fleet behind a load
  // balancer should also rate-limit at the edge. Counted in onRequest, before the body is even parsed.
  await app.register(rateLimit, {
    global: false,
    addHeadersOnExceeding: { 'x-ratelimit-limit': false, 'x-ratelimit-remaining': false, 'x-ratelimit-reset': false },
    addHeaders: { 'x-ratelimit-limit': false, 'x-ratelimit-remaining': false, 'x-ratelimit-reset': false, 'retry-after': true },
    errorResponseBuilder: (_request, context) => {
      const wait = Math.max(1, Math.ceil(context.ttl / 1000));
      return new HttpError(context.statusCode, `Too many submissions. Try again in ${wait} seconds.`, undefined, { 'retry-after': String(wait) });
    },
  });

  app.get('/api/public/forms/:formId/', { schema: { params: publicFormParamsSchema, response: { 200: publicFormSchema, ...errorResponses } } }, async (request, reply) => {
    const form = await forms.get(request.params.formId);
    if (!form) throw notFound('This form is not available.');
    void reply.header('cache-control', 'no-cache');
    return {
      id: form.id,
      name: form.displayName || form.name,
      jsonForm: form.document,
      jsonConditionalLogic: form.logic,
      jsonFormStyle: form.style,
    };
  });

  app.get(
    '/api/public/forms/:formId/prefills/:prefillId/',
    { schema: { params: publicPrefillParamsSchema, response: { 200: publicPrefillSchema, ...errorResponses } } },
    async (request) => {
    const { formId, prefillId } = request.params;
    const row = await db
      .selectFrom('form_prefills')
      .select(['id', 'data'])
      .where('id', '=', prefillId)
      .where('form_template_id', '=', formId)
      .executeTakeFirst();
    if (!row) throw notFound('This prefill link is no longer valid.');
    // Checked against the form's inputs when stored.
    return { id: row.id, data: row.data as PrefillData };
    },
  );

  // A JSON endpoint for other sites' pages: the HTML security headers (CSP, framing, …) mean nothing on it, and
  // computing them per request was a measurable share of the ingest path.
  app.post(
    '/api/form-submit/',
    {
      bodyLimit: SUBMIT_BODY_LIMIT_BYTES,
      helmet: false,
      config: { rateLimit: { max: submitRateLimit, timeWindow: RATE_LIMIT_WINDOW_MS }, invalidBody: describeFirstIssue('Invalid submission') },
      schema: { body: formSubmitBodySchema, response: { 201: formSubmitResultSchema, ...errorResponses } },
    },
    async (request, reply) => {
    void reply.header('x-content-type-options', 'nosniff').header('cache-control', 'no-store');
    const { body } = request;
    const form = await forms.get(body.form_id);
    if (!form) throw notFound('This form is not available.');

    // Only the form's own inputs count; the server decides visibility itself (never trusts the client).
    const known = new Set(inputsOf(form.document).map((p) => p.input.id));
    const answers: Answers = {};
    for (const [key, value] of Object.entries(body.data)) if (known.has(key)) answers[key] = value;
    const hiddenIds = form.compiled.hiddenIds(answers);
    const errors = validateAnswers(form.document, answers, { hiddenIds });
    if (Object.keys(errors).length > 0) {
      const [firstId, [firstMessage]] = Object.entries(errors)[0];
      const label = inputsOf(form.document).find((p) => p.input.id === firstId)?.input.label ?? firstId;
      throw badRequest(`Invalid answer for "${label}": ${firstMessage}`, errors);
    }
    const data = answersToSubmit(form.document, answers, hiddenIds);

    // Spam is marked, never rejected: nothing a real person sent is lost.
    const spamReasons: string[] = [];
    if (body.hp) spamReasons.push('honeypot');
    if (body.started_at && Date.now() - body.started_at < minFillMs) spamReasons.push('filled-too-fast');

    let prefillId = body.prefill_id ?? null;
    if (prefillId) {
      const prefill = await db.selectFrom('form_prefills').select('id').where('id', '=', prefillId).where('form_template_id', '=', form.id).executeTakeFirst();
      if (!prefill) prefillId = null;
    }

    const versionId = await forms.versionId(form);
    // Idempotent on submission_key: a retried request returns the first response instead of storing twice.
    // A named prepared statement: PostgreSQL parses and plans the hot insert once per connection.
    const result = await pool.query<{ id: string }>({
      name: 'form-submit-insert',
      text: INSERT_RESPONSE_SQL,
      values: [form.accountId, form.id, versionId, body.submission_key, JSON.stringify(data), prefillId, spamReasons.length > 0, spamReasons],
    });
    // A concurrent twin with the same key may have committed after this statement's snapshot: read it now.
    const id =
      result.rows[0]?.id ??
      (await db.selectFrom('form_responses').select('id').where('form_template_id', '=', form.id).where('submission_key', '=', body.submission_key).executeTakeFirstOrThrow()).id;
    return reply.status(201).send({ id, message: form.customSubmitMessage.trim() || DEFAULT_SUBMIT_MESSAGE });
    },
  );
};
