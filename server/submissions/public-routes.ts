import rateLimit from '@fastify/rate-limit';
import type { FastifyReply } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type pg from 'pg';
import type { DB } from '../db/database.js';
import { HttpError, badRequest, conflict, describeFirstIssue, notFound } from '../errors.js';
import { errorResponses } from '../../src/contract/common.js';
import { formSubmitBodySchema, formSubmitResultSchema } from '../../src/contract/form-submit.js';
import { publicFormParamsSchema, publicFormSchema, publicPrefillParamsSchema, publicPrefillSchema } from '../../src/contract/public-forms.js';
import type { PrefillData } from '../../src/contract/form-prefills.js';
import { answersToSubmit, inputsOf, validateAnswers, type Answers } from '../../src/domain/answers.js';
import { DEFAULT_SUBMIT_MESSAGE } from '../../src/domain/form-constants.js';
import { isAsPrefilled } from '../../src/domain/prefill-answers.js';
import type { DeliveryEngine } from '../delivery/delivery-engine.js';
import { PublishedForms, type WireEncoding } from './published-forms.js';
import { ResponseWriter } from './response-writer.js';
import { START_TOKEN_HEADER, signStartToken, startTokenIssuedAt } from './start-token.js';

const SUBMIT_BODY_LIMIT_BYTES = 512 * 1024;

/** The submit limit's window: SUBMIT_RATE_LIMIT submissions per client address per minute. */
const RATE_LIMIT_WINDOW_MS = 60_000;

/** A submission whose key was already used (a retry, or a twin committed after the insert's snapshot): the earlier response. */
const EXISTING_RESPONSE_SQL = `select id, data = $3::jsonb as same_answers from form_responses where form_template_id = $1 and submission_key = $2`;

const SUBMISSION_KEY_CONFLICT_DETAIL =
  'This submission_key was already used for a response with different answers. Send a new submission_key for a new response.';

/** Which content coding to send: brotli, then gzip, when Accept-Encoding allows it (an explicit q=0 refuses one). */
function chooseEncoding(acceptEncoding: string | undefined): WireEncoding {
  if (!acceptEncoding) return 'identity';
  const accepted = new Set<string>();
  for (const part of acceptEncoding.toLowerCase().split(',')) {
    const [coding, ...params] = part.trim().split(';');
    const q = params.map((p) => p.trim()).find((p) => p.startsWith('q='));
    if (q && !(Number(q.slice(2)) > 0)) continue;
    accepted.add(coding.trim());
  }
  if (accepted.has('br')) return 'br';
  if (accepted.has('gzip')) return 'gzip';
  return 'identity';
}

/** Whether If-None-Match names this form version (in any of its encodings, or `*`). */
function matchesVersion(ifNoneMatch: string | undefined, hash: string): boolean {
  if (!ifNoneMatch) return false;
  return ifNoneMatch.split(',').some((tag) => {
    const value = tag.trim().replace(/^W\//, '');
    return value === '*' || value === `"${hash}"` || value.startsWith(`"${hash}-`);
  });
}

export interface PublicRouteOptions {
  db: DB;
  pool: pg.Pool;
  submitRateLimit: number;
  /** 0 turns the fill-time check off. */
  minFillMs: number;
  /** Signs the start tokens (HMAC). */
  secretKey: string;
  /** Woken when a response left its outbox row (stored in the response's own statement) for the workers to move. */
  delivery: DeliveryEngine;
}

export const publicRoutes: FastifyPluginAsyncZod<PublicRouteOptions> = async (app, { db, pool, submitRateLimit, minFillMs, secretKey, delivery }) => {
  const forms = new PublishedForms(db);
  // Spam is stored but not pushed (un-marking it queues the deliveries then): only outbox rows wake the workers.
  const responses = new ResponseWriter(
    pool,
    () => delivery.wakeOutbox(),
    // The error only (its message names a column or constraint, never an answer): the submissions are stored again.
    (error) => app.log.warn({ reason: error instanceof Error ? error.message : String(error) }, 'a grouped submission insert failed; storing its submissions one by one'),
  );
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

  /**
   * The respondent page's form. Encoded (and compressed) once per form version, with a strong ETag per encoding; every
   * read still checks the version, so `no-cache` (revalidate each time) makes an archive or an edit visible at once.
   * The start token varies per read: a header, so the body stays the same bytes for its ETag (a 304 carries it too).
   */
  app.get('/api/public/forms/:formId/', { schema: { params: publicFormParamsSchema, response: { 200: publicFormSchema, ...errorResponses } } }, async (request, reply) => {
    const form = await forms.current(request.params.formId);
    void reply.header('cache-control', 'no-cache').header('vary', 'accept-encoding');
    if (!form) throw notFound('This form is not available.');
    const wire = forms.wire(form);
    const encoding = chooseEncoding(request.headers['accept-encoding']);
    void reply.header('etag', wire.etag(encoding)).header(START_TOKEN_HEADER, signStartToken(secretKey, form.id));
    // The encoded body bypasses the typed reply: it went through publicFormSchema when the version was first read.
    const raw = reply as FastifyReply;
    if (matchesVersion(request.headers['if-none-match'], wire.hash)) return raw.status(304).send();
    if (encoding !== 'identity') void reply.header('content-encoding', encoding);
    return raw.type('application/json; charset=utf-8').send(await wire.body(encoding));
  });

  app.get(
    '/api/public/forms/:formId/prefills/:prefillId/',
    { schema: { params: publicPrefillParamsSchema, response: { 200: publicPrefillSchema, ...errorResponses } } },
    async (request, reply) => {
    const { formId, prefillId } = request.params;
    // Client data: never kept by a browser or a shared cache.
    void reply.header('cache-control', 'no-store');
    // Only while the form takes responses: an archived form's prefills are not served.
    const row = await db
      .selectFrom('form_prefills as p')
      .innerJoin('form_templates as f', 'f.id', 'p.form_template_id')
      .select(['p.id', 'p.data'])
      .where('p.id', '=', prefillId)
      .where('p.form_template_id', '=', formId)
      .where('f.deleted_at', 'is', null)
      .where('f.internal_form_slug', 'is', null)
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

    const prefill = body.prefill_id
      ? await db.selectFrom('form_prefills').select(['id', 'data']).where('id', '=', body.prefill_id).where('form_template_id', '=', form.id).executeTakeFirst()
      : undefined;
    const prefillId = prefill?.id ?? null;

    // Spam is marked, never rejected: nothing a real person sent is lost.
    const spamReasons: string[] = [];
    if (body.hp) spamReasons.push('honeypot');
    if (minFillMs > 0) {
      // No valid token (left out, forged, for another form) counts as too fast: stored and marked, never refused.
      const startedAt = startTokenIssuedAt(secretKey, form.id, body.start_token);
      const tooFast = startedAt === null || Date.now() - startedAt < minFillMs;
      // A client confirming a form the firm prefilled for them is fast for a good reason. Their answers are checked
      // against the stored prefill, not taken on the page's word: only a page really opened (a valid token) whose
      // every answer is the prefill's is let through on speed. The honeypot still marks it.
      const confirmedPrefill = startedAt !== null && prefill !== undefined && isAsPrefilled(form.document, prefill.data, data, hiddenIds);
      if (tooFast && !confirmedPrefill) spamReasons.push('filled-too-fast');
    }

    const versionId = await forms.versionId(form);
    if (!versionId) throw notFound('This form is not available.');
    // Idempotent on submission_key: a retried request returns the first response instead of storing twice.
    const answersJson = JSON.stringify(data);
    const insertedId = await responses.store({ accountId: form.accountId, formId: form.id, versionId, submissionKey: body.submission_key, answersJson, prefillId, spamReasons });
    type Stored = { id: string; same_answers: boolean };
    const stored: Stored | undefined =
      insertedId !== undefined ? { id: insertedId, same_answers: true } : (await pool.query<Stored>(EXISTING_RESPONSE_SQL, [form.id, body.submission_key, answersJson])).rows[0];
    // Nothing stored and no earlier response under this key: the form was archived since it was cached.
    if (!stored) throw notFound('This form is not available.');
    // The same key with other answers is not a retry: keeping the first answers silently would lose these.
    if (!stored.same_answers) throw conflict(SUBMISSION_KEY_CONFLICT_DETAIL);
    const { id } = stored;
    return reply.status(201).send({ id, message: form.customSubmitMessage.trim() || DEFAULT_SUBMIT_MESSAGE });
    },
  );
};
