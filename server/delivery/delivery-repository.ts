import type { DB } from '../db/database.js';
import type { ResponseDelivery } from '../../src/contract/deliveries.js';

const iso = (value: Date | null) => (value ? value.toISOString() : null);

/** A response's deliveries with their attempts (newest first), for `GET form-responses/{id}/`. */
export async function loadResponseDeliveries(db: DB, accountId: number, responseId: string): Promise<ResponseDelivery[]> {
  const deliveries = await db
    .selectFrom('deliveries as d')
    .innerJoin('account_integrations as i', 'i.id', 'd.integration_id')
    .select(['d.id', 'i.kind', 'd.target', 'd.status', 'd.attempt_count', 'd.last_error', 'd.next_attempt_at', 'd.succeeded_at', 'd.external_ref'])
    .where('d.form_response_id', '=', responseId)
    .where('d.account_id', '=', accountId)
    .orderBy('d.created_at')
    .orderBy('d.target')
    .execute();
  if (deliveries.length === 0) return [];
  const attempts = await db
    .selectFrom('delivery_attempts')
    .selectAll()
    .where(
      'delivery_id',
      'in',
      deliveries.map((d) => d.id),
    )
    .orderBy('attempt_no', 'desc')
    .execute();
  return deliveries.map((d) => ({
    id: d.id,
    kind: d.kind,
    target: d.target,
    status: d.status,
    attemptCount: d.attempt_count,
    lastError: d.last_error,
    nextAttemptAt: iso(d.next_attempt_at),
    succeededAt: iso(d.succeeded_at),
    externalRef: d.external_ref,
    attempts: attempts
      .filter((a) => a.delivery_id === d.id)
      .map((a) => ({
        attemptNo: a.attempt_no,
        startedAt: a.started_at.toISOString(),
        durationMs: a.duration_ms,
        requestMethod: a.request_method,
        requestUrl: a.request_url,
        responseStatus: a.response_status,
        responseExcerpt: a.response_excerpt,
        errorKind: a.error_kind,
        errorMessage: a.error_message,
      })),
  }));
}
