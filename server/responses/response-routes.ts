import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { sql, type Expression, type ExpressionBuilder, type SqlBool } from 'kysely';
import type { Database } from '../db/schema.js';
import type { DB } from '../db/database.js';
import { containsPattern } from '../db/like.js';
import { badRequest, notFound } from '../errors.js';
import type { DeliveryEngine } from '../delivery/delivery-engine.js';
import { loadResponseDeliveries } from '../delivery/delivery-repository.js';
import { ATTENTION_ORDER } from '../delivery/delivery-routes.js';
import { accountScopeOf } from '../routes/account-scope.js';
import { pageUrl } from '../routes/pagination.js';
import { accountParamsSchema, errorResponses } from '../../src/contract/common.js';
import {
  formResponseCountsSchema,
  formResponseDetailSchema,
  formResponseListQuerySchema,
  formResponseNeighboursQuerySchema,
  formResponseNeighboursSchema,
  formResponsePageSchema,
  formResponseParamsSchema,
  formResponseSpamBodySchema,
  type FormResponseDetail,
  type FormResponseListItem,
  type FormResponseListQuery,
  type ResponseDeliveryFilter,
} from '../../src/contract/form-responses.js';
import type { ConditionalLogic, FormDocument } from '../../src/domain/form-document.js';
import { describeResponse } from '../../src/domain/response-view.js';
import type { Answers } from '../../src/domain/answers.js';
import { decodeCursor, encodeCursor } from './cursor.js';

/** Lists report an exact total up to this many matches, and null beyond (counting is O(matches)). */
export const COUNT_CAP = 1_000;

/** A date alone means the whole day: "before 2026-11-20" includes that day. */
function boundary(value: string, end: boolean): Date {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(value)) return new Date(value);
  const start = new Date(`${value}T00:00:00.000Z`);
  return end ? new Date(start.getTime() + 86_400_000) : start;
}

type ResponsesAlias = Database & { r: Database['form_responses'] };

/** Deliveries that still owe their target the response. */
const OPEN_STATUSES = ['pending', 'sending', 'failed', 'blocked'] as const;

/**
 * Whether response `r` has a delivery in one of these statuses, or any. The account is a constant, not `r.account_id`:
 * when the planner hashes the subquery once instead of probing per row, it then reads this account's deliveries
 * through (account_id, status), never the whole table.
 */
const hasDelivery = (accountId: number, statuses: readonly string[] | null) =>
  sql<SqlBool>`exists (select 1 from deliveries d where d.form_response_id = r.id and d.account_id = ${accountId}${
    statuses === null ? sql`` : sql` and d.status in (${sql.join(statuses)})`
  })`;

/**
 * A target the engine would push a new delivery of `r` to: a live Zapier hook on its form while the account's Zapier
 * integration is enabled (the `wanted` rows of the engine's enqueue). Clio and Centerbase join when their adapters do.
 */
const hasLiveTarget = (accountId: number) => sql<SqlBool>`exists (
  select 1 from zapier_hooks h
  join account_integrations i on i.account_id = h.account_id and i.kind = 'zapier' and i.enabled
  where h.form_template_id = r.form_template_id and h.account_id = ${accountId} and h.deleted_at is null)`;

/**
 * The `delivery` filter across integrations (docs/api.md "Deliveries"). Spam is never pushed, so it is left out of
 * all three. `unsent`: a target still owes it (a delivery waiting, sending, failed or blocked), or it never arrived
 * anywhere while it had somewhere to go (no success, and a cancelled delivery or a live target now, e.g. a hook
 * subscribed after it came). So the list's badge and the filter agree: every open status is unsent.
 */
function deliveryCondition(filter: ResponseDeliveryFilter, accountId: number): Expression<SqlBool> {
  const has = (statuses: readonly string[] | null) => hasDelivery(accountId, statuses);
  switch (filter) {
    case 'unsent':
      return sql<SqlBool>`(not r.is_spam and (${has(OPEN_STATUSES)}
        or (not ${has(['succeeded'])} and (${has(null)} or ${hasLiveTarget(accountId)}))))`;
    case 'failed':
      return sql<SqlBool>`(not r.is_spam and ${has(['failed'])})`;
    case 'succeeded':
      return sql<SqlBool>`(not r.is_spam and ${has(['succeeded'])})`;
  }
}

type ListFilters = Omit<FormResponseListQuery, 'cursor' | 'page_size'>;

/**
 * The list's filters as a condition on `r`; `spam` stands for its is_spam (the spam count asks for the spam among the
 * same matches). One home for the list, its counts and the detail's previous/next.
 */
function listFilters(accountId: number, query: ListFilters, spam: boolean | null) {
  return (eb: ExpressionBuilder<ResponsesAlias, 'r'>) => {
    const conditions: Expression<SqlBool>[] = [eb('r.account_id', '=', accountId)];
    if (query.form_template) conditions.push(eb('r.form_template_id', '=', query.form_template));
    if (spam !== null) conditions.push(eb('r.is_spam', '=', spam));
    if (query.submitted_after) conditions.push(eb('r.submitted_at', '>=', boundary(query.submitted_after, false)));
    if (query.submitted_before) conditions.push(eb('r.submitted_at', '<', boundary(query.submitted_before, true)));
    if (query.delivery) conditions.push(deliveryCondition(query.delivery, accountId));
    if (query.search) {
      conditions.push(eb(sql`lower(r.data::text)`, 'like', containsPattern(query.search, { lowerCase: true })));
    }
    return eb.and(conditions);
  };
}

interface VersionDoc {
  document: FormDocument;
  logic: ConditionalLogic;
}

export const responseRoutes: FastifyPluginAsyncZod<{ db: DB; delivery: DeliveryEngine }> = async (app, { db, delivery }) => {
  // Client data behind a session: never kept by a browser, a proxy or the back/forward cache.
  app.addHook('onRequest', async (_request, reply) => {
    void reply.header('cache-control', 'no-store');
  });

  async function loadVersions(ids: string[]): Promise<Map<string, VersionDoc>> {
    if (ids.length === 0) return new Map();
    const rows = await db.selectFrom('form_versions').select(['id', 'json_form', 'json_conditional_logic']).where('id', 'in', ids).execute();
    return new Map(rows.map((row) => [row.id, { document: row.json_form as FormDocument, logic: row.json_conditional_logic as ConditionalLogic }]));
  }

  app.get(
    '/form-responses/',
    { schema: { params: accountParamsSchema, querystring: formResponseListQuerySchema, response: { 200: formResponsePageSchema, ...errorResponses } } },
    async (request) => {
    const { account } = accountScopeOf(request);
    const { query } = request;
    const cursor = query.cursor ? decodeCursor(query.cursor) : null;
    if (query.cursor && !cursor) throw badRequest('Invalid query parameters.', { cursor: ['is not a valid cursor; start again from the first page'] });

    const filtersWith = (spam: boolean | null) => listFilters(account.id, query, spam);
    const spamFilter = query.is_spam ? query.is_spam === 'true' : null;
    const filters = filtersWith(spamFilter);

    const position = cursor ? sql`timestamptz 'epoch' + ${cursor.micros}::bigint * interval '1 microsecond'` : null;
    const backwards = cursor?.direction === 'previous';
    let select = db
      .selectFrom('form_responses as r')
      .innerJoin('form_templates as f', 'f.id', 'r.form_template_id')
      .select([
        'r.id',
        'r.form_template_id',
        'r.form_version_id',
        'r.submitted_at',
        sql<string>`(extract(epoch from r.submitted_at) * 1000000)::bigint::text`.as('micros'),
        'r.is_spam',
        'r.data',
        'r.prefill_id',
        'f.name as form_name',
        // One probe of the (form_response_id, target) index per listed row, in the same query: no N+1.
        sql<FormResponseListItem['deliveryStatus']>`(select d.status from deliveries d where d.form_response_id = r.id and d.account_id = ${account.id}
          order by ${sql.raw(ATTENTION_ORDER)}, d.updated_at desc limit 1)`.as('delivery_status'),
      ])
      .where(filters);
    if (cursor && position) {
      select = select.where(sql<SqlBool>`(r.submitted_at, r.id) ${sql.raw(backwards ? '>' : '<')} (${position}, ${cursor.id}::uuid)`);
    }
    const direction = backwards ? 'asc' : 'desc';
    let rows = await select.orderBy('r.submitted_at', direction).orderBy('r.id', direction).limit(query.page_size + 1).execute();
    const hasMore = rows.length > query.page_size;
    rows = rows.slice(0, query.page_size);
    if (backwards) rows.reverse();

    // Whether there is anything on the other side of this page.
    const first = rows[0];
    const last = rows[rows.length - 1];
    const hasNewer = backwards ? hasMore : Boolean(cursor);
    const hasOlder = backwards ? true : hasMore;

    // Counting every match is O(rows); count up to a cap so the first page stays fast at any size (null = "more").
    const cappedCount = (where: ReturnType<typeof filtersWith>) =>
      db
        .selectFrom((eb) => eb.selectFrom('form_responses as r').select(sql`1`.as('one')).where(where).limit(COUNT_CAP + 1).as('capped'))
        .select(sql<number>`count(*)::int`.as('n'))
        .executeTakeFirstOrThrow()
        .then(({ n }) => (n > COUNT_CAP ? null : n));
    const count = cursor ? null : await cappedCount(filters);
    // The list without spam (the app's default view) says how much spam it hides, for its "Show spam" link. The
    // delivery filters leave spam out by definition, so there is none to count.
    const spamCount = !cursor && spamFilter === false ? (query.delivery ? 0 : await cappedCount(filtersWith(true))) : undefined;

    const versions = await loadVersions([...new Set(rows.map((row) => row.form_version_id))]);
    return {
      count,
      ...(spamCount !== undefined ? { spamCount } : {}),
      next: hasOlder && last ? pageUrl(request, { cursor: encodeCursor({ direction: 'next', micros: last.micros, id: last.id }) }) : null,
      previous: hasNewer && first ? pageUrl(request, { cursor: encodeCursor({ direction: 'previous', micros: first.micros, id: first.id }) }) : null,
      results: rows.map((row) => {
        const version = versions.get(row.form_version_id);
        const answers = version ? describeResponse(version.document, null, row.data as Answers) : [];
        return {
          id: row.id,
          formTemplate: row.form_template_id,
          formName: row.form_name,
          submittedAt: row.submitted_at.toISOString(),
          isSpam: row.is_spam,
          prefill: row.prefill_id,
          deliveryStatus: row.delivery_status ?? null,
          summary: answers
            .filter((answer) => answer.displayValue !== '')
            .slice(0, 3)
            .map((answer) => ({ label: answer.label, value: answer.displayValue.slice(0, 200) })),
        };
      }),
    };
    },
  );

  /**
   * Each form's number of responses that are not spam (the list's default view), for the form list. One grouped
   * count over the account's rows, read from the index by account and form (form_responses_form_time).
   */
  app.get(
    '/form-responses/counts/',
    { schema: { params: accountParamsSchema, response: { 200: formResponseCountsSchema, ...errorResponses } } },
    async (request) => {
      const { account } = accountScopeOf(request);
      const rows = await db
        .selectFrom('form_responses')
        .select(['form_template_id', sql<number>`count(*)::int`.as('n')])
        .where('account_id', '=', account.id)
        .where('is_spam', '=', false)
        .groupBy('form_template_id')
        .execute();
      return { results: rows.map((row) => ({ formTemplate: row.form_template_id, count: row.n })) };
    },
  );

  async function loadResponse(accountId: number, id: string) {
    const row = await db
      .selectFrom('form_responses as r')
      .innerJoin('form_templates as f', 'f.id', 'r.form_template_id')
      .innerJoin('form_versions as v', 'v.id', 'r.form_version_id')
      .leftJoin('form_prefills as p', 'p.id', 'r.prefill_id')
      .select([
        'r.id',
        'r.form_template_id',
        'r.submitted_at',
        'r.is_spam',
        'r.spam_reasons',
        'r.data',
        'f.name as form_name',
        'f.deleted_at as form_deleted_at',
        'v.json_form',
        'v.json_conditional_logic',
        'p.id as prefill_id',
        'p.name as prefill_name',
      ])
      .where('r.id', '=', id)
      .where('r.account_id', '=', accountId)
      .executeTakeFirst();
    if (!row) throw notFound();
    return row;
  }

  const serializeDetail = async (row: Awaited<ReturnType<typeof loadResponse>>, accountId: number): Promise<FormResponseDetail> => ({
    id: row.id,
    formTemplate: { id: row.form_template_id, name: row.form_name, archived: row.form_deleted_at !== null },
    submittedAt: row.submitted_at.toISOString(),
    isSpam: row.is_spam,
    spamReasons: row.spam_reasons,
    prefill: row.prefill_id ? { id: row.prefill_id, name: row.prefill_name } : null,
    data: row.data,
    answers: describeResponse(row.json_form as FormDocument, row.json_conditional_logic as ConditionalLogic, row.data as Answers),
    deliveries: await loadResponseDeliveries(db, accountId, row.id),
  });

  const one = { params: formResponseParamsSchema, response: { 200: formResponseDetailSchema, ...errorResponses } };

  app.get('/form-responses/:id/', { schema: one }, async (request) => {
    const { account } = accountScopeOf(request);
    return serializeDetail(await loadResponse(account.id, request.params.id), account.id);
  });

  /**
   * The responses before and after this one in a list's order (newest first) under that list's filters: what the
   * detail's Previous and Next open. Keyset probes from this response's position, so it need not match the filters.
   */
  app.get(
    '/form-responses/:id/neighbours/',
    { schema: { params: formResponseParamsSchema, querystring: formResponseNeighboursQuerySchema, response: { 200: formResponseNeighboursSchema, ...errorResponses } } },
    async (request) => {
      const { account } = accountScopeOf(request);
      const { query } = request;
      const current = await db.selectFrom('form_responses').select('id').where('id', '=', request.params.id).where('account_id', '=', account.id).executeTakeFirst();
      if (!current) throw notFound();
      // Its position read in the probes themselves, exact to the microsecond (a JavaScript Date would round it).
      const position = sql`(select c.submitted_at, c.id from form_responses c where c.id = ${current.id})`;
      const neighbour = (side: 'newer' | 'older') =>
        db
          .selectFrom('form_responses as r')
          .select('r.id')
          .where(listFilters(account.id, query, query.is_spam ? query.is_spam === 'true' : null))
          .where(sql<SqlBool>`(r.submitted_at, r.id) ${sql.raw(side === 'newer' ? '>' : '<')} ${position}`)
          .orderBy('r.submitted_at', side === 'newer' ? 'asc' : 'desc')
          .orderBy('r.id', side === 'newer' ? 'asc' : 'desc')
          .limit(1)
          .executeTakeFirst()
          .then((row) => row?.id ?? null);
      const [newer, older] = await Promise.all([neighbour('newer'), neighbour('older')]);
      return { newer, older };
    },
  );

  app.put('/form-responses/:id/', { schema: { ...one, body: formResponseSpamBodySchema } }, async (request) => {
    const { account } = accountScopeOf(request);
    const current = await loadResponse(account.id, request.params.id);
    const { is_spam: isSpam } = request.body;
    await delivery.inTransaction(async (client, exec) => {
      await client.query('update form_responses set is_spam = $1 where id = $2 and account_id = $3', [isSpam, current.id, account.id]);
      // Spam is not pushed: what was waiting is cancelled, and un-marking queues the response's deliveries then.
      if (isSpam) {
        await client.query(
          `update deliveries set status = 'cancelled', next_attempt_at = null, last_error = 'Marked as spam', updated_at = now()
           where form_response_id = $1 and status = 'pending'`,
          [current.id],
        );
      } else if (current.is_spam) {
        await delivery.enqueue(exec, [current.id], 'replay');
      }
    });
    return serializeDetail({ ...current, is_spam: isSpam }, account.id);
  });
};
