import type { FastifyInstance } from 'fastify';
import type pg from 'pg';
import { z } from 'zod';
import type { DB } from '../db/database.js';
import { HttpError, badRequest, notFound, zodFieldErrors } from '../errors.js';
import { answersByInputId, uuid } from '../routes/schemas.js';
import type { AnswerValue } from '../../src/domain/form-document.js';
import { answersToSubmit, inputsOf, validateAnswers, type Answers } from '../../src/domain/answers.js';
import { PublishedForms } from './published-forms.js';
import { RateLimiter } from './rate-limit.js';

export { DEFAULT_SUBMIT_MESSAGE } from '../../src/domain/form-constants.js';
import { DEFAULT_SUBMIT_MESSAGE } from '../../src/domain/form-constants.js';
export const SUBMIT_BODY_LIMIT_BYTES = 512 * 1024;

const submitBody = z.object({
  form_id: uuid,
  data: answersByInputId.refine((data) => Object.keys(data).length <= 5000, 'has too many answers'),
  prefill_id: uuid.nullish(),
  submission_key: uuid,
  hp: z.string().max(1000).nullish(),
  started_at: z.number().int().nonnegative().nullish(),
});

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

export async function publicRoutes(app: FastifyInstance, { db, pool, submitRateLimit, minFillMs }: PublicRouteOptions): Promise<void> {
  const forms = new PublishedForms(db);
  const limiter = new RateLimiter(submitRateLimit, 60_000);

  app.get('/api/public/forms/:formId/', async (request, reply) => {
    const { formId } = request.params as { formId: string };
    if (!uuid.safeParse(formId).success) throw notFound();
    const form = await forms.get(formId);
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

  app.get('/api/public/forms/:formId/prefills/:prefillId/', async (request) => {
    const { formId, prefillId } = request.params as { formId: string; prefillId: string };
    if (!uuid.safeParse(formId).success || !uuid.safeParse(prefillId).success) throw notFound();
    const row = await db
      .selectFrom('form_prefills')
      .select(['id', 'data'])
      .where('id', '=', prefillId)
      .where('form_template_id', '=', formId)
      .executeTakeFirst();
    if (!row) throw notFound('This prefill link is no longer valid.');
    return { id: row.id, data: row.data };
  });

  // A JSON endpoint for other sites' pages: the HTML security headers (CSP, framing, …) mean nothing on it, and
  // computing them per request was a measurable share of the ingest path.
  app.post('/api/form-submit/', { bodyLimit: SUBMIT_BODY_LIMIT_BYTES, helmet: false }, async (request, reply) => {
    void reply.header('x-content-type-options', 'nosniff').header('cache-control', 'no-store');
    const wait = limiter.hit(request.ip);
    if (wait > 0) throw new HttpError(429, `Too many submissions. Try again in ${wait} seconds.`, undefined, { 'retry-after': String(wait) });

    const parsed = submitBody.safeParse(request.body ?? {});
    if (!parsed.success) {
      const first = parsed.error.issues[0];
      throw badRequest(`Invalid submission: ${first.path.join('.')}: ${first.message}`, zodFieldErrors(parsed.error));
    }
    const body = parsed.data;
    const form = await forms.get(body.form_id);
    if (!form) throw notFound('This form is not available.');

    // Only the form's own inputs count; the server decides visibility itself (never trusts the client).
    const known = new Set(inputsOf(form.document).map((p) => p.input.id));
    const answers: Answers = {};
    for (const [key, value] of Object.entries(body.data)) if (known.has(key)) answers[key] = value as AnswerValue | null;
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
  });
}
