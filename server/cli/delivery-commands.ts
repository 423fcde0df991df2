import { parseArgs } from 'node:util';
import { sql } from 'kysely';
import type pg from 'pg';
import { z } from 'zod';
import { loadConfig } from '../config.js';
import type { DB } from '../db/database.js';
import { DeliveryEngine } from '../delivery/delivery-engine.js';
import { resolveSecretKey } from '../secret-key.js';
import { SecretBox } from '../secrets/secret-box.js';
import { UsageError, parse } from './usage.js';

/**
 * `deliveries`, `delivery` and `replay-delivery`: what an operator needs to find a stuck delivery, see why, and send it
 * again. They read only what the API shows (never a hook's secret or target URL, an API key or a token).
 */

const STATUSES = ['pending', 'sending', 'succeeded', 'failed', 'blocked', 'cancelled'] as const;
/** As long as `attempt_push` waits for its outcome. */
const DEFAULT_WAIT_SECONDS = 15;
const LIST_ERROR_CHARS = 80;
const EXCERPT_CHARS = 300;

const uuid = z.uuid({ error: 'must be a UUID' });

const iso = (value: Date | null) => (value ? value.toISOString() : '—');
const shorten = (text: string | null, chars: number) => {
  if (!text) return '—';
  const line = text.replace(/\s+/g, ' ').trim();
  return line.length > chars ? `${line.slice(0, chars - 1)}…` : line;
};

/** Left-aligned columns, two spaces apart. */
function table(header: string[], rows: string[][]): string {
  const widths = header.map((title, column) => Math.max(title.length, ...rows.map((row) => row[column].length)));
  const line = (cells: string[]) => cells.map((cell, column) => cell.padEnd(widths[column])).join('  ').trimEnd();
  return [line(header), ...rows.map(line)].join('\n');
}

/** The one positional argument of `delivery` and `replay-delivery`. */
function deliveryIdOf(positionals: string[]): string {
  if (positionals.length !== 1) throw new UsageError('give exactly one delivery id');
  const parsed = uuid.safeParse(positionals[0]);
  if (!parsed.success) throw new UsageError(`${positionals[0]}: a delivery id must be a UUID`);
  return parsed.data;
}

export async function listDeliveries(db: DB, args: string[]): Promise<string> {
  const { values } = parseArgs({ args, strict: true, options: { account: { type: 'string' }, status: { type: 'string' }, form: { type: 'string' }, limit: { type: 'string', default: '50' } } });
  const input = parse(
    z.object({
      account: z.string({ error: 'is required' }).regex(/^\d+$/, 'must be a numeric account id').transform(Number),
      status: z.enum(STATUSES, { error: `must be one of ${STATUSES.join(', ')}` }).optional(),
      form: uuid.optional(),
      limit: z.string().regex(/^\d+$/, 'must be a whole number').transform(Number).pipe(z.number().min(1, 'must be at least 1').max(1000, 'must be at most 1000')),
    }),
    values,
  );
  const account = await db.selectFrom('accounts').select('id').where('id', '=', input.account).executeTakeFirst();
  if (!account) throw new UsageError(`--account ${input.account}: no account has this id`);
  if (input.form) {
    const form = await db.selectFrom('form_templates').select('id').where('id', '=', input.form).where('account_id', '=', input.account).executeTakeFirst();
    if (!form) throw new UsageError(`--form ${input.form}: account ${input.account} has no form with this id`);
  }
  let query = db
    .selectFrom('deliveries as d')
    .innerJoin('form_responses as r', 'r.id', 'd.form_response_id')
    .select(['d.id', 'd.form_response_id', 'd.target', 'd.status', 'd.attempt_count', 'd.last_error', 'd.next_attempt_at'])
    .where('d.account_id', '=', input.account)
    .orderBy('d.updated_at', 'desc')
    .orderBy('d.id')
    .limit(input.limit + 1);
  if (input.status) query = query.where('d.status', '=', input.status);
  if (input.form) query = query.where('r.form_template_id', '=', input.form);
  const rows = await query.execute();
  const what = [input.status, 'deliveries'].filter(Boolean).join(' ');
  if (rows.length === 0) return `No ${what} in account ${input.account}${input.form ? ` for form ${input.form}` : ''}.`;
  const shown = rows.slice(0, input.limit);
  const lines = table(
    ['DELIVERY', 'RESPONSE', 'TARGET', 'STATUS', 'ATTEMPTS', 'NEXT TRY', 'LAST ERROR'],
    shown.map((row) => [row.id, row.form_response_id, row.target, row.status, String(row.attempt_count), iso(row.next_attempt_at), shorten(row.last_error, LIST_ERROR_CHARS)]),
  );
  const more = rows.length > input.limit ? `\n(the ${input.limit} most recently changed; more with --limit)` : '';
  return `${lines}${more}`;
}

async function findDelivery(db: DB, id: string) {
  return db
    .selectFrom('deliveries as d')
    .innerJoin('form_responses as r', 'r.id', 'd.form_response_id')
    .innerJoin('form_templates as f', 'f.id', 'r.form_template_id')
    .innerJoin('account_integrations as i', 'i.id', 'd.integration_id')
    .leftJoin('zapier_hooks as h', (join) => join.on(sql<boolean>`d.target = 'zapier:' || h.id::text`))
    .select([
      'd.id', 'd.account_id', 'd.form_response_id', 'd.target', 'd.status', 'd.trigger', 'd.attempt_count', 'd.last_error', 'd.last_status_code',
      'd.next_attempt_at', 'd.created_at', 'd.updated_at', 'd.succeeded_at', 'd.external_ref',
      'r.is_spam', 'f.id as form_id', 'f.name as form_name', 'i.kind', 'i.enabled as integration_enabled',
      'h.id as hook_id', 'h.deleted_at as hook_deleted_at', 'h.deleted_reason as hook_deleted_reason',
    ])
    .where('d.id', '=', id)
    .executeTakeFirst();
}

type FoundDelivery = NonNullable<Awaited<ReturnType<typeof findDelivery>>>;

function hookState(delivery: FoundDelivery): string {
  if (!delivery.target.startsWith('zapier:')) return '';
  if (!delivery.hook_id) return ' (its hook no longer exists)';
  if (delivery.hook_deleted_at) return ` (hook removed ${delivery.hook_deleted_at.toISOString()}: ${delivery.hook_deleted_reason ?? 'unknown reason'})`;
  return ' (hook live)';
}

export async function showDelivery(db: DB, args: string[]): Promise<string> {
  const { positionals } = parseArgs({ args, strict: true, allowPositionals: true, options: {} });
  const id = deliveryIdOf(positionals);
  const delivery = await findDelivery(db, id);
  if (!delivery) throw new UsageError(`${id}: no delivery has this id`);
  const attempts = await db.selectFrom('delivery_attempts').selectAll().where('delivery_id', '=', id).orderBy('attempt_no').execute();
  const fields: [string, string][] = [
    ['account', String(delivery.account_id)],
    ['response', `${delivery.form_response_id}${delivery.is_spam ? ' (marked as spam)' : ''}`],
    ['form', `${delivery.form_id} "${delivery.form_name}"`],
    ['integration', `${delivery.kind}${delivery.integration_enabled ? '' : ' (disabled)'}`],
    ['target', `${delivery.target}${hookState(delivery)}`],
    ['status', delivery.status],
    ['trigger', delivery.trigger],
    ['attempts', String(delivery.attempt_count)],
    ['last error', delivery.last_error ?? '—'],
    ['last HTTP status', delivery.last_status_code === null ? '—' : String(delivery.last_status_code)],
    ['next try', iso(delivery.next_attempt_at)],
    ['created', iso(delivery.created_at)],
    ['updated', iso(delivery.updated_at)],
    ['succeeded', iso(delivery.succeeded_at)],
    ['external ref', delivery.external_ref ?? '—'],
  ];
  const width = Math.max(...fields.map(([name]) => name.length));
  const head = [`Delivery ${delivery.id}`, ...fields.map(([name, value]) => `  ${name.padEnd(width)}  ${value}`)].join('\n');
  if (attempts.length === 0) return `${head}\n\nNo attempts yet.`;
  const log = table(
    ['#', 'STARTED', 'MS', 'REQUEST', 'HTTP', 'ERROR'],
    attempts.map((attempt) => [
      String(attempt.attempt_no),
      attempt.started_at.toISOString(),
      attempt.duration_ms === null ? '—' : String(attempt.duration_ms),
      `${attempt.request_method} ${attempt.request_url}`,
      attempt.response_status === null ? '—' : String(attempt.response_status),
      attempt.error_kind ? `${attempt.error_kind}: ${shorten(attempt.error_message, LIST_ERROR_CHARS)}` : '—',
    ]),
  );
  const answers = attempts
    .filter((attempt) => attempt.response_excerpt)
    .map((attempt) => `  #${attempt.attempt_no}: ${shorten(attempt.response_excerpt, EXCERPT_CHARS)}`);
  return `${head}\n\nAttempts (oldest first):\n${log}${answers.length ? `\n\nAnswers (first ${EXCERPT_CHARS} characters):\n${answers.join('\n')}` : ''}`;
}

/** Why the engine queued nothing for this delivery (it decides; this only names the reason). */
function notQueuedReason(delivery: FoundDelivery): string {
  if (delivery.is_spam) return 'its response is marked as spam (mark it as not spam to push it)';
  if (!delivery.target.startsWith('zapier:')) {
    return `the ${delivery.kind} integration is disabled, does not push web leads, or has no enabled field map with rows for this form`;
  }
  if (!delivery.hook_id || delivery.hook_deleted_at) return 'its Zapier hook was removed (the Zap was turned off or deleted)';
  if (!delivery.integration_enabled) return "the account's Zapier integration is disabled";
  return `the delivery engine did not take it (status ${delivery.status})`;
}

/**
 * Puts one delivery back to due now through the engine's `enqueue` (as `attempt_push` does, for this target only),
 * then waits for a worker's attempt. A succeeded delivery is refused, as is one being sent.
 */
export async function replayDelivery(db: DB, args: string[], pool: pg.Pool): Promise<string> {
  const { values, positionals } = parseArgs({ args, strict: true, allowPositionals: true, options: { wait: { type: 'string', default: String(DEFAULT_WAIT_SECONDS) } } });
  const id = deliveryIdOf(positionals);
  const { wait } = parse(z.object({ wait: z.string().regex(/^\d+$/, 'must be a whole number of seconds').transform(Number).pipe(z.number().max(600, 'must be at most 600')) }), values);
  const delivery = await findDelivery(db, id);
  if (!delivery) throw new UsageError(`${id}: no delivery has this id`);
  if (delivery.status === 'succeeded') {
    throw new UsageError(`delivery ${id} succeeded at ${iso(delivery.succeeded_at)}; a delivery that succeeded is never sent again`);
  }
  if (delivery.status === 'sending') throw new UsageError(`delivery ${id} is being sent now (attempt ${delivery.attempt_count}); see its outcome with: npm run manage -- delivery ${id}`);

  const config = loadConfig();
  const engine = new DeliveryEngine({ db, pool, secrets: new SecretBox(resolveSecretKey(config), config.SECRET_KEY_FALLBACKS), hookHosts: config.ZAPIER_HOOK_HOSTS });
  try {
    const queued = await engine.inTransaction((_client, exec) => engine.enqueue(exec, [delivery.form_response_id], 'replay', delivery.account_id, delivery.target));
    if (!queued.some((row) => row.target === delivery.target)) throw new UsageError(`delivery ${id} was not queued: ${notQueuedReason(delivery)}`);
  } finally {
    await engine.stop();
  }
  const queuedLine = `Delivery ${id} is queued again, due now (it was ${delivery.status} after ${delivery.attempt_count} attempt(s)).`;
  if (wait === 0) return queuedLine;

  // The workers (in the server, or `npm run worker`) send it; this only watches the row, as attempt_push does.
  const deadline = Date.now() + wait * 1000;
  for (;;) {
    const now = await db.selectFrom('deliveries').select(['status', 'attempt_count', 'last_error', 'last_status_code', 'next_attempt_at']).where('id', '=', id).executeTakeFirstOrThrow();
    const attempted = now.attempt_count > delivery.attempt_count && now.status !== 'sending';
    if (attempted || now.status === 'cancelled') {
      const http = now.last_status_code === null ? '' : `, last HTTP status ${now.last_status_code}`;
      const detail = now.status === 'succeeded' ? '' : `: ${now.last_error ?? 'no error recorded'}${now.next_attempt_at ? ` (next try ${iso(now.next_attempt_at)})` : ''}`;
      return `${queuedLine}\nOutcome: ${now.status} at attempt ${now.attempt_count}${http}${detail}`;
    }
    if (Date.now() > deadline) {
      return `${queuedLine}\nNo worker has sent it within ${wait} s: is the server (npm start) or npm run worker running? Follow it with: npm run manage -- delivery ${id}`;
    }
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}
