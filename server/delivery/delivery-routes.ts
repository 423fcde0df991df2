import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { DB } from '../db/database.js';
import { conflict, notFound } from '../errors.js';
import { accountScopeOf } from '../routes/account-scope.js';
import { errorResponses } from '../../src/contract/common.js';
import {
  attemptPushResultSchema,
  integrationResponsePageSchema,
  integrationResponsesParamsSchema,
  integrationResponsesQuerySchema,
  sendUnsentResultSchema,
} from '../../src/contract/deliveries.js';
import { formResponseParamsSchema } from '../../src/contract/form-responses.js';
import type { DeliveryEngine } from './delivery-engine.js';

/** How long attempt_push waits for its deliveries' outcome before answering with where they stand. */
const PUSH_WAIT_MS = 15_000;
const PUSH_POLL_MS = 100;

/** The order in which a response's deliveries need attention: the list shows the first. */
export const ATTENTION_ORDER = `case d.status when 'failed' then 0 when 'blocked' then 1 when 'sending' then 2 when 'pending' then 3 when 'succeeded' then 4 else 5 end`;

interface DeliveryState {
  id: string;
  kind: 'centerbase' | 'zapier' | 'clio';
  status: 'pending' | 'sending' | 'succeeded' | 'failed' | 'blocked' | 'cancelled';
  attempt_count: number;
  last_error: string | null;
  external_ref: string | null;
}

/** `attempt_push`, `send-unsent` and the per-integration response list (INTEGRATIONS.md "Delivery engine"). */
export const deliveryRoutes: FastifyPluginAsyncZod<{ db: DB; delivery: DeliveryEngine }> = async (app, { db, delivery }) => {
  const { pool } = delivery;

  const statesOf = async (responseId: string) =>
    (
      await pool.query<DeliveryState>(
        `select d.id, i.kind, d.status, d.attempt_count, d.last_error, d.external_ref
         from deliveries d join account_integrations i on i.id = d.integration_id
         where d.form_response_id = $1 order by d.created_at, d.target`,
        [responseId],
      )
    ).rows;

  app.post(
    '/form-responses/:id/attempt_push/',
    { schema: { params: formResponseParamsSchema, response: { 200: attemptPushResultSchema, ...errorResponses } } },
    async (request) => {
      const { account } = accountScopeOf(request);
      const response = await db
        .selectFrom('form_responses')
        .select(['id', 'is_spam'])
        .where('id', '=', request.params.id)
        .where('account_id', '=', account.id)
        .executeTakeFirst();
      if (!response) throw notFound();
      if (response.is_spam) throw conflict('This response is marked as spam: mark it as not spam to push it.');
      const before = new Map((await statesOf(response.id)).map((state) => [state.id, state.attempt_count]));
      const queued = await delivery.inTransaction((_client, exec) => delivery.enqueue(exec, [response.id], 'attempt_push'));
      for (const target of new Set(queued.map((row) => row.target))) delivery.kick(target);
      // Waits until every queued delivery has had an attempt since (or reached an end), at most PUSH_WAIT_MS.
      const queuedTargets = new Set(queued.map((row) => row.target));
      const deadline = Date.now() + PUSH_WAIT_MS;
      let states = await statesOf(response.id);
      const settled = (list: DeliveryState[]) =>
        list.every((state) => state.status !== 'sending' && (state.status !== 'pending' || state.attempt_count > (before.get(state.id) ?? 0)));
      while (queuedTargets.size > 0 && !settled(states) && Date.now() < deadline) {
        await new Promise((resolve) => setTimeout(resolve, PUSH_POLL_MS));
        states = await statesOf(response.id);
      }
      return {
        results: states.map((state) => ({
          kind: state.kind,
          status: state.status,
          ...(state.status !== 'succeeded' && state.last_error ? { error: state.last_error } : {}),
          ...(state.external_ref ? { externalRef: state.external_ref } : {}),
        })),
      };
    },
  );

  app.post(
    '/integrations/:kind/send-unsent/',
    { schema: { params: integrationResponsesParamsSchema, response: { 202: sendUnsentResultSchema, ...errorResponses } } },
    async (request, reply) => {
      const { account } = accountScopeOf(request);
      const integration = await db
        .selectFrom('account_integrations')
        .select('id')
        .where('account_id', '=', account.id)
        .where('kind', '=', request.params.kind)
        .executeTakeFirst();
      if (!integration) throw notFound('This integration is not set up.');
      // A kind without an adapter on this server has nothing to send with.
      if (!delivery.adapter(request.params.kind)) return reply.status(202).send({ queued: 0 });
      const queued = await delivery.inTransaction((_client, exec) => delivery.enqueue(exec, null, 'send_unsent', account.id, request.params.kind));
      return reply.status(202).send({ queued: new Set(queued.map((row) => row.responseId)).size });
    },
  );

  app.get(
    '/integrations/:kind/form-responses/',
    { schema: { params: integrationResponsesParamsSchema, querystring: integrationResponsesQuerySchema, response: { 200: integrationResponsePageSchema, ...errorResponses } } },
    async (request) => {
      const { account } = accountScopeOf(request);
      const { kind } = request.params;
      const { status, form_template: formTemplate, page, page_size: pageSize } = request.query;
      const has = (deliveryStatus: string) =>
        `exists (select 1 from deliveries d2 join account_integrations i2 on i2.id = d2.integration_id
                 where d2.form_response_id = r.id and i2.kind = $2 and d2.status = '${deliveryStatus}')`;
      const filter = status === 'unsent' ? `not ${has('succeeded')}` : status === 'failed' ? has('failed') : status === 'succeeded' ? has('succeeded') : 'true';
      const { rows } = await pool.query<{
        id: string;
        form_template_id: string;
        form_name: string;
        submitted_at: Date;
        status: DeliveryState['status'] | null;
        attempt_count: number | null;
        last_error: string | null;
        next_attempt_at: Date | null;
        succeeded_at: Date | null;
        external_ref: string | null;
      }>(
        `select r.id, r.form_template_id, f.name as form_name, r.submitted_at,
                d.status, d.attempt_count, d.last_error, d.next_attempt_at, d.succeeded_at, d.external_ref
         from form_responses r
         join form_templates f on f.id = r.form_template_id
         left join lateral (
           select d.* from deliveries d join account_integrations i on i.id = d.integration_id
           where d.form_response_id = r.id and i.kind = $2
           order by ${ATTENTION_ORDER}, d.updated_at desc limit 1
         ) d on true
         where r.account_id = $1 and not r.is_spam and ($3::uuid is null or r.form_template_id = $3) and ${filter}
         order by r.submitted_at desc, r.id desc
         limit $4 offset $5`,
        [account.id, kind, formTemplate ?? null, pageSize + 1, (page - 1) * pageSize],
      );
      const pageUrl = (to: number) => {
        const query = new URLSearchParams();
        if (status) query.set('status', status);
        if (formTemplate) query.set('form_template', formTemplate);
        query.set('page', String(to));
        query.set('page_size', String(pageSize));
        return `/api/${account.id}/integrations/${kind}/form-responses/?${query.toString()}`;
      };
      return {
        next: rows.length > pageSize ? pageUrl(page + 1) : null,
        previous: page > 1 ? pageUrl(page - 1) : null,
        results: rows.slice(0, pageSize).map((row) => ({
          id: row.id,
          formTemplate: row.form_template_id,
          formName: row.form_name,
          submittedAt: row.submitted_at.toISOString(),
          delivery: row.status
            ? {
                status: row.status,
                attemptCount: row.attempt_count ?? 0,
                lastError: row.last_error,
                nextAttemptAt: row.next_attempt_at?.toISOString() ?? null,
                succeededAt: row.succeeded_at?.toISOString() ?? null,
                externalRef: row.external_ref,
              }
            : null,
        })),
      };
    },
  );
};
