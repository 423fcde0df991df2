import { PgBoss, type Db as BossDb } from 'pg-boss';
import type pg from 'pg';
import type { DB } from '../db/database.js';
import type { IntegrationAdapter } from '../integrations/adapter.js';
import { ZapierAdapter } from '../integrations/zapier-adapter.js';
import type { SecretBox } from '../secrets/secret-box.js';
import type { Answers } from '../../src/domain/answers.js';
import type { ConditionalLogic, FormDocument } from '../../src/domain/form-document.js';
import type { HookAnswer } from './hook-sender.js';
import { classifyStatus, nextRetryDelay, parseRetryAfter, type Outcome } from './schedule.js';

/**
 * The delivery engine (INTEGRATIONS.md "Delivery engine"). The `deliveries` rows are the truth (what is due, what
 * was sent); pg-boss jobs, one per target to work on, only wake a worker up. So a lost or repeated job costs nothing:
 * a worker drains a target from the rows, holding a PostgreSQL advisory lock on that target for the whole drain. The
 * lock is what keeps one delivery in flight per target across processes, and it dies with its connection, so a
 * killed worker frees the target at once; the sweeper then finds the delivery it left `sending` and sends it again,
 * under the same `webhook-id`.
 */

const DELIVERY_QUEUE = 'deliveries';
/** pg-boss keeps its tables in this schema of the same database. */
const BOSS_SCHEMA = 'pgboss';
/** First key of the advisory locks on targets (the second is hashtext(target)); any constant no other code uses. */
const TARGET_LOCK_SPACE = 0x0de1;
const HOOK_TIMEOUT_MS = 15_000;
/** How long a wake-up waits for others to share it: a burst of submissions costs one, not one each. */
const WAKE_BATCH_MS = 20;
const ZAPIER_PREFIX = 'zapier:';
/**
 * While the web side of this process is saturated, a drain waits this long before each delivery (at least 20 a second
 * per target still go), and a move of the outbox takes DEFERRED_OUTBOX_BATCH rows a second; the rest waits for a lull
 * (autovacuum's cost delay, for pushes). Making a delivery costs about what storing its submission did.
 */
const DEFER_MS = 50;
const MOVE_DEFER_MS = 1_000;
const DEFERRED_OUTBOX_BATCH = 50;
/** Outbox rows one statement turns into deliveries. */
const OUTBOX_BATCH = 500;
/** The pg-boss job that asks a worker to move the outbox (every other job names a target). */
const OUTBOX_JOB = 'outbox';

export type DeliveryTrigger = 'submit' | 'attempt_push' | 'send_unsent' | 'replay';

interface Logger {
  info(object: object, message: string): void;
  warn(object: object, message: string): void;
  error(object: object, message: string): void;
}

const silent: Logger = { info() {}, warn() {}, error() {} };

export interface DeliveryEngineOptions {
  db: DB;
  pool: pg.Pool;
  secrets: SecretBox;
  /** ZAPIER_HOOK_HOSTS, checked again at every send: a host removed from it gets nothing more. */
  hookHosts: readonly string[];
  logger?: Logger;
  /** The engine's notion of now (next_attempt_at, due checks); tests pass a fake one. */
  clock?: () => Date;
  random?: () => number;
  /** Multiplies the retry schedule (tests and the bench shrink it). */
  scheduleScale?: number;
  timeoutMs?: number;
  /** How often a worker looks for due or orphaned deliveries without a job. */
  sweepIntervalMs?: number;
  /** Targets one process drains at once. */
  concurrency?: number;
  /** pg-boss's polling interval (≥ 0.5 s). */
  pollingIntervalSeconds?: number;
  /** Adapters by kind besides Zapier's, which the engine makes from `secrets` and `hookHosts`. */
  adapters?: readonly IntegrationAdapter[];
}

/** Runs SQL in the caller's transaction: a pg client (clientDb) or pg-boss's fromKysely(trx). */
export type SqlExecutor = BossDb;

const clientDb = (client: pg.ClientBase): SqlExecutor => ({
  executeSql: async (text, values) => client.query(text, values as unknown[]),
});

interface ClaimedDelivery {
  id: string;
  account_id: number;
  integration_id: string;
  progress: Record<string, unknown>;
  form_response_id: string;
  target: string;
  attempt_count: number;
  created_at: Date;
  round_from: number;
  was_sending: boolean;
  /** The Zapier hook (null for another target, or a hook row that is gone). */
  hook_id: string | null;
  target_url: string | null;
  secret: string | null;
  hook_deleted_at: Date | null;
  /** The response as submitted, with its form version. */
  submitted_at: Date;
  data: Answers;
  json_form: FormDocument;
  json_conditional_logic: ConditionalLogic;
  form_id: string;
  form_name: string;
}

/**
 * The deliveries responses should have, over a relation `r` of responses (`account_id, id, form_template_id,
 * is_spam`): one per live Zapier hook of the response's form while the account's Zapier integration is enabled, and
 * one for Clio (and one for Centerbase) when it is enabled with push web leads and the form has an enabled field map
 * of that kind with rows; spam none.
 * One definition for the outbox's mover and for enqueue: which hooks and integrations a response goes to is decided
 * when its outbox row is moved (a few milliseconds after its submission), not per submission.
 */
function wantedDeliveriesSql(responses: string): string {
  return `select r.account_id, r.id as response_id, i.id as integration_id, 'zapier:' || h.id as target
    from ${responses} r
    join zapier_hooks h on h.form_template_id = r.form_template_id and h.account_id = r.account_id and h.deleted_at is null
    join account_integrations i on i.account_id = r.account_id and i.kind = 'zapier' and i.enabled
    where not r.is_spam
    union all
    -- Clio and Centerbase: one delivery per integration, aimed at the integration itself.
    select r.account_id, r.id, i.id, i.kind || ':' || i.id
    from ${responses} r
    join account_integrations i on i.account_id = r.account_id and i.kind in ('clio', 'centerbase') and i.enabled and i.push_web_leads
    where not r.is_spam
      and exists (
        select 1 from form_mappers m
        where m.account_id = r.account_id and m.form_template_id = r.form_template_id and m.integration_api_type = i.kind and m.enabled
          and m.conversion_rules <> '[]'::jsonb
      )`;
}

/**
 * Creates the missing deliveries of these responses and, unless `submit` only adds, puts unfinished ones (pending,
 * failed, cancelled) back to due now. `$1` response ids (null: every response of the account `$4`), `$2` trigger,
 * `$3` now, `$5` whether to requeue, `$6` one target or one kind only (null: all).
 */
const ENQUEUE_SQL = `
  with wanted as (
    select * from (${wantedDeliveriesSql(`(select * from form_responses where ($1::uuid[] is null or id = any($1::uuid[])) and ($4::bigint is null or account_id = $4::bigint))`)}) w
    -- A target, or every target of a kind.
    where $6::text is null or w.target = $6::text or w.target like $6::text || ':%'
  )
  insert into deliveries as d (account_id, form_response_id, integration_id, target, trigger, next_attempt_at)
  select account_id, response_id, integration_id, target, $2, $3 from wanted
  on conflict (form_response_id, target) do update
    set status = 'pending',
        trigger = excluded.trigger,
        next_attempt_at = excluded.next_attempt_at,
        updated_at = excluded.next_attempt_at,
        -- A failed delivery starts a new round of the retry schedule; a pending one keeps its place in it.
        progress = case when d.status <> 'pending' then d.progress || jsonb_build_object('roundFrom', d.attempt_count) else d.progress end
    -- Cancelled with its hook still live means it was marked spam, and has just been un-marked.
    where $5::boolean and d.status in ('pending', 'failed', 'cancelled')
  returning d.form_response_id, d.target`;

/**
 * Up to `$2` rows of the outbox become their responses' deliveries (due at `$1`), in one statement: the rows leave the
 * outbox exactly as their deliveries are made. Rows another mover holds are skipped, not waited for; a delivery made
 * meanwhile (attempt_push) is kept. A response marked spam or deleted since it was submitted gets none.
 */
const MOVE_OUTBOX_SQL = `
  with moved as (
    delete from delivery_outbox
    where ctid = any(array(select ctid from delivery_outbox limit $2 for update skip locked))
    returning form_response_id
  ),
  made as (
    insert into deliveries (account_id, form_response_id, integration_id, target, trigger, next_attempt_at)
    select account_id, response_id, integration_id, target, 'submit', $1
    from (${wantedDeliveriesSql('(select r.account_id, r.id, r.form_template_id, r.is_spam from form_responses r join moved m on m.form_response_id = r.id)')}) wanted
    on conflict (form_response_id, target) do nothing
    returning target
  )
  select (select count(*) from moved)::int as moved, array(select distinct target from made) as targets`;

/** One batch of the outbox into deliveries due at `now`: how many rows it took and the targets that got deliveries. */
export async function moveOutboxBatch(pool: pg.Pool, now: Date, limit = OUTBOX_BATCH): Promise<{ moved: number; targets: string[] }> {
  const { rows } = await pool.query<{ moved: number; targets: string[] }>({ name: 'delivery-outbox-move', text: MOVE_OUTBOX_SQL, values: [now, limit] });
  return rows[0];
}

/**
 * A live delivery's place in its target's queue, as the `deliveries_due` index has it (migration 0009): one a dead
 * worker left `sending` (its `next_attempt_at` is null) before every due one, then the due ones by when they were due.
 */
const DUE_ORDER = `coalesce(next_attempt_at, '-infinity'::timestamptz)`;
/** Live and due at `$2` (or a bound parameter named by the caller): the condition that index answers. */
const liveAndDue = (now: string) => `status in ('pending', 'sending') and ${DUE_ORDER} <= ${now}`;
const LIVE_AND_DUE = liveAndDue('$2');

/**
 * Makes the statement's own (implicit) transaction commit without waiting for its WAL to reach the disk. Only for the
 * writes before a request goes out (the claim, the attempt row): a worker sends one delivery at a time per target, so
 * every synchronous commit there was a whole fsync of its own (no other commit to share it with), three a delivery,
 * and a busy hook drained at about a hundred a second. What these writes record is lost only if PostgreSQL itself
 * crashes before the next synchronous commit (the outcome's, which flushes them too); the delivery is then still due
 * and goes again under the same `webhook-id`, as after a worker's crash. Outcomes and checkpoints stay synchronous.
 */
const ASYNC_COMMIT = `async_commit as (select set_config('synchronous_commit', 'off', true))`;

/**
 * The next delivery of a target: one a dead worker left `sending` first, then the due ones, oldest first (one index
 * probe, however long the backlog); with what its request needs (hook, response, form version) in the same round trip.
 */
export const CLAIM_SQL = `
  with next as (
    select id, status from deliveries
    where target = $1 and ${LIVE_AND_DUE}
    order by ${DUE_ORDER}, created_at
    limit 1
    for update skip locked
  )
  , claimed as (
    update deliveries d
    set status = 'sending', attempt_count = d.attempt_count + 1, next_attempt_at = null, updated_at = $2
    from next where d.id = next.id
    returning d.id, d.account_id, d.integration_id, d.progress, d.form_response_id, d.target, d.attempt_count, d.created_at,
      coalesce((d.progress ->> 'roundFrom')::int, 0) as round_from, next.status = 'sending' as was_sending
  )
  , ${ASYNC_COMMIT}
  select c.*, h.id as hook_id, h.target_url, h.secret, h.deleted_at as hook_deleted_at,
    r.submitted_at, r.data, v.json_form, v.json_conditional_logic, f.id as form_id, f.name as form_name
  from claimed c
  cross join async_commit
  join form_responses r on r.id = c.form_response_id
  join form_versions v on v.id = r.form_version_id
  join form_templates f on f.id = r.form_template_id
  -- The cast only for Zapier targets: PostgreSQL may evaluate either side of an AND first.
  left join zapier_hooks h on h.id = case when c.target like 'zapier:%' then substr(c.target, 8)::uuid end`;

/** Only while this attempt still owns the row: a delivery is never moved back from an outcome another wrote. */
const UPDATE_DELIVERY_SQL = `
  update deliveries set status = $3, next_attempt_at = $4, last_error = $5, last_status_code = coalesce($6, last_status_code), updated_at = $7,
    succeeded_at = case when $3 = 'succeeded' then $7 else succeeded_at end
  where id = $1 and status = 'sending' and attempt_count = $2`;

function errorKindOf(answer: HookAnswer): 'network' | 'timeout' | 'http' | 'auth' | 'validation' | 'rate_limited' | null {
  if (answer.kind !== 'answered') return answer.kind;
  if (answer.status >= 200 && answer.status < 300) return null;
  if (answer.status === 429) return 'rate_limited';
  if (answer.status === 401 || answer.status === 403) return 'auth';
  if (answer.status === 400 || answer.status === 422) return 'validation';
  return 'http';
}

export class DeliveryEngine {
  private readonly options: DeliveryEngineOptions;
  private readonly clock: () => Date;
  private readonly logger: Logger;
  private bossStart?: Promise<PgBoss>;
  private readonly running = new Set<Promise<void>>();
  private readonly abort = new AbortController();
  private sweepTimer?: NodeJS.Timeout;
  private sweeping = false;
  private stopping = false;
  /** Set by startWorkers: processes that work also run pg-boss's maintenance (expiring and deleting old jobs). */
  private maintains = false;
  private wakeTimer?: NodeJS.Timeout;
  /** A move of the outbox is running in this process, and another was asked for meanwhile. */
  private moving = false;
  private moveAgain = false;
  /** Targets a drain started by a wake-up is working on in this process, and those woken again meanwhile. */
  private readonly draining = new Set<string>();
  private readonly drainAgain = new Set<string>();
  private readonly adapters: Map<string, IntegrationAdapter>;
  private deferring: () => boolean = () => false;

  constructor(options: DeliveryEngineOptions) {
    this.options = options;
    const zapier = new ZapierAdapter({ secrets: options.secrets, hookHosts: () => options.hookHosts });
    this.adapters = new Map([zapier, ...(options.adapters ?? [])].map((adapter) => [adapter.kind, adapter]));
    this.clock = options.clock ?? (() => new Date());
    this.logger = options.logger ?? silent;
  }

  get pool(): pg.Pool {
    return this.options.pool;
  }

  /**
   * Drains in this process wait DEFER_MS before each delivery while `busy()` says so (the web side is saturated: see
   * server/load/web-load.ts). Deliveries are seconds-tolerant; a person waiting on a submission is not.
   */
  deferWhile(busy: () => boolean): void {
    this.deferring = busy;
  }

  /** The adapter of an integration kind (undefined until that kind has one). */
  adapter(kind: string): IntegrationAdapter | undefined {
    return this.adapters.get(kind);
  }

  /** Zapier's adapter, typed: the routes that issue keys and disconnect use it. */
  get zapier(): ZapierAdapter {
    return this.adapters.get('zapier') as ZapierAdapter;
  }

  /** pg-boss on the same database, started (and its schema installed) on first use. */
  boss(): Promise<PgBoss> {
    this.bossStart ??= (async () => {
      const { pool } = this.options;
      const boss = new PgBoss({
        db: { executeSql: async (text, values) => pool.query(text, values as unknown[]) },
        schema: BOSS_SCHEMA,
        // Cron schedules are not used; maintenance (expiring and deleting old jobs) runs where workers run.
        schedule: false,
        supervise: this.maintains,
      });
      boss.on('error', (error: Error) => this.logger.error({ reason: error.message }, 'delivery queue error'));
      await boss.start();
      if (!(await boss.getQueue(DELIVERY_QUEUE))) {
        // A drain of a long backlog may outlast the default 15 minutes; a job that fails (database trouble) is tried
        // again, and the sweeper catches whatever is still due anyway.
        await boss.createQueue(DELIVERY_QUEUE, { expireInSeconds: 3600, retryLimit: 5, retryDelay: 5, retryBackoff: true, deleteAfterSeconds: 86_400 });
      }
      return boss;
    })();
    return this.bossStart;
  }

  /**
   * Deliveries (and their jobs) for these responses, in the caller's transaction `exec`: committed with it or not at
   * all. `submit` only creates; the other triggers also put unfinished deliveries back to due now.
   */
  async enqueue(exec: SqlExecutor, responseIds: readonly string[] | null, trigger: DeliveryTrigger, accountId?: number, target?: string): Promise<{ responseId: string; target: string }[]> {
    const { rows } = await exec.executeSql(ENQUEUE_SQL, [responseIds, trigger, this.clock(), accountId ?? null, trigger !== 'submit', target ?? null]);
    const queued = (rows as { form_response_id: string; target: string }[]).map((row) => ({ responseId: row.form_response_id, target: row.target }));
    const targets = [...new Set(queued.map((row) => row.target))];
    if (targets.length > 0) {
      const boss = await this.boss();
      await boss.insert(DELIVERY_QUEUE, targets.map((target) => ({ data: { target } })), { db: exec });
    }
    return queued;
  }

  /** The engine's now (a fake clock in tests): what a new delivery's `next_attempt_at` is. */
  now(): Date {
    return this.clock();
  }

  /**
   * Wakes the workers after a submission left rows in `delivery_outbox`. Only a wake-up, so it is batched: submissions
   * arriving within WAKE_BATCH_MS share one. Where this process runs workers it moves the outbox and drains what that
   * made itself; otherwise it sends one pg-boss job for whichever worker takes it. If that fails, or the process dies
   * first, the sweeper moves the outbox anyway.
   */
  wakeOutbox(): void {
    if (this.wakeTimer) return;
    this.wakeTimer = setTimeout(() => this.flushWake(), WAKE_BATCH_MS);
  }

  private flushWake(): void {
    this.wakeTimer = undefined;
    if (this.stopping) return;
    if (this.maintains) {
      this.moveSoon();
      return;
    }
    const woken = this.boss()
      .then((boss) => boss.insert(DELIVERY_QUEUE, [{ data: { target: OUTBOX_JOB } }]))
      .then(
        () => undefined,
        (error: unknown) => this.logger.warn({ reason: error instanceof Error ? error.message : String(error) }, 'delivery wake-up failed: the sweeper will find it'),
      );
    this.track(woken);
  }

  /** Moves the outbox in this process, or, when a move is already running here, once more after it. */
  private moveSoon(): void {
    if (this.moving) {
      this.moveAgain = true;
      return;
    }
    this.moving = true;
    const run = async (): Promise<void> => {
      try {
        for (const target of await this.moveOutbox()) this.drainSoon(target);
      } finally {
        this.moving = false;
        if (this.moveAgain && !this.stopping) {
          this.moveAgain = false;
          this.moveSoon();
        }
      }
    };
    this.track(run());
  }

  /**
   * Turns the rows of `delivery_outbox` into deliveries, OUTBOX_BATCH at a time, each batch in one statement (the
   * rows leave the outbox as their deliveries are made, or neither happens); several processes may move at once.
   * Returns the targets that got deliveries. While the web side is saturated it moves a batch per MOVE_DEFER_MS.
   */
  async moveOutbox(): Promise<string[]> {
    const targets = new Set<string>();
    for (;;) {
      const deferred = this.deferring();
      if (deferred) await new Promise((resume) => setTimeout(resume, MOVE_DEFER_MS));
      if (this.stopping) break;
      const limit = deferred ? DEFERRED_OUTBOX_BATCH : OUTBOX_BATCH;
      const batch = await moveOutboxBatch(this.options.pool, this.clock(), limit);
      for (const target of batch.targets) targets.add(target);
      if (batch.moved < limit) break;
    }
    return [...targets];
  }

  /** Drains the target in this process, or, when a drain of it is already running here, once more after it. */
  private drainSoon(target: string): void {
    if (this.draining.has(target)) {
      this.drainAgain.add(target);
      return;
    }
    this.draining.add(target);
    const run = async (): Promise<void> => {
      try {
        await this.drain(target);
      } finally {
        this.draining.delete(target);
        if (this.drainAgain.delete(target) && !this.stopping) this.drainSoon(target);
      }
    };
    this.track(run());
  }

  /** Runs `work` in a transaction on one pooled connection; `exec` runs SQL in it (for enqueue). */
  async inTransaction<T>(work: (client: pg.PoolClient, exec: SqlExecutor) => Promise<T>): Promise<T> {
    const client = await this.options.pool.connect();
    try {
      await client.query('begin');
      const result = await work(client, clientDb(client));
      await client.query('commit');
      return result;
    } catch (error) {
      await client.query('rollback').catch(() => {});
      throw error;
    } finally {
      client.release();
    }
  }

  /** Drains the target now in this process (attempt_push); returns at once. */
  kick(target: string): void {
    this.track(this.drain(target));
  }

  private track(work: Promise<void>): Promise<void> {
    const tracked = work.catch((error: unknown) => {
      this.logger.error({ reason: error instanceof Error ? error.message : String(error) }, 'delivery drain failed');
    });
    this.running.add(tracked);
    void tracked.finally(() => this.running.delete(tracked));
    return tracked;
  }

  /**
   * Sends every due delivery of one target, one at a time, unless another worker holds the target. After letting
   * the lock go it looks once more: a delivery committed while it was finishing would otherwise wait for the sweeper.
   */
  async drain(target: string): Promise<void> {
    if (this.stopping) return;
    const client = await this.options.pool.connect();
    let locked = false;
    let broken: Error | undefined;
    try {
      locked = (await client.query<{ ok: boolean }>('select pg_try_advisory_lock($1, hashtext($2)) as ok', [TARGET_LOCK_SPACE, target])).rows[0].ok;
      if (!locked) return;
      while (!this.stopping) {
        if (this.deferring()) await new Promise((resume) => setTimeout(resume, DEFER_MS));
        if (this.stopping) break;
        // Named: PostgreSQL plans each of the drain's statements once per connection (planning the claim cost more
        // than running it).
        const claimed = (await client.query<ClaimedDelivery>({ name: 'delivery-claim', text: CLAIM_SQL, values: [target, this.clock()] })).rows[0];
        if (!claimed) break;
        await this.attempt(client, claimed);
      }
    } catch (error) {
      broken = error instanceof Error ? error : new Error(String(error));
      throw error;
    } finally {
      if (locked && !broken) await client.query('select pg_advisory_unlock($1, hashtext($2))', [TARGET_LOCK_SPACE, target]).catch(() => {});
      // A connection that failed mid-drain is dropped, and its lock with it.
      client.release(broken);
    }
    if (locked && !this.stopping && (await this.hasDue(target))) await this.drain(target);
  }

  private async hasDue(target: string): Promise<boolean> {
    const { rows } = await this.options.pool.query(
      `select 1 from deliveries where target = $1 and ${LIVE_AND_DUE} limit 1`,
      [target, this.clock()],
    );
    return rows.length > 0;
  }

  /** One attempt of a claimed delivery, through its target's adapter; the outcome is written atomically with the attempt row. */
  private async attempt(client: pg.PoolClient, delivery: ClaimedDelivery): Promise<void> {
    const attemptNo = delivery.attempt_count;
    if (delivery.was_sending) {
      await client.query(
        `update delivery_attempts set error_kind = 'network', error_message = 'The worker stopped during this attempt; its result is unknown'
         where delivery_id = $1 and attempt_no = $2 and response_status is null and error_kind is null`,
        [delivery.id, attemptNo - 1],
      );
    }
    // `zapier:{hookId}`, `clio:{integrationId}`, `centerbase:{integrationId}`.
    const kind = delivery.target.slice(0, delivery.target.indexOf(':'));
    const adapter = this.adapters.get(kind);
    if (!adapter) {
      await this.finish(client, delivery, { status: 'blocked', lastError: 'No adapter for this target yet' });
      return;
    }
    let startedAt: Date | undefined;
    const answer = await adapter.push(
      {
        deliveryId: delivery.id,
        accountId: delivery.account_id,
        integrationId: delivery.integration_id,
        progress: delivery.progress,
        target: delivery.target,
        createdAt: delivery.created_at,
        attemptNo,
        response: { id: delivery.form_response_id, submittedAt: delivery.submitted_at, data: delivery.data },
        form: { id: delivery.form_id, name: delivery.form_name },
        document: delivery.json_form,
        logic: delivery.json_conditional_logic,
        zapierHook: delivery.hook_id && delivery.target_url && delivery.secret
          ? { id: delivery.hook_id, targetUrl: delivery.target_url, encryptedSecret: delivery.secret, deletedAt: delivery.hook_deleted_at }
          : null,
      },
      {
        beforeSend: async (method, url) => {
          if (startedAt) {
            // A push of several requests: the attempt shows the last one that went out.
            await client.query('update delivery_attempts set request_method = $3, request_url = $4 where delivery_id = $1 and attempt_no = $2', [delivery.id, attemptNo, method, url]);
            return;
          }
          startedAt = this.clock();
          await client.query({
            name: 'delivery-attempt-start',
            text: `with ${ASYNC_COMMIT}
              insert into delivery_attempts (delivery_id, attempt_no, started_at, request_method, request_url) select $1, $2, $3, $4, $5 from async_commit`,
            values: [delivery.id, attemptNo, startedAt, method, url],
          });
        },
        checkpoint: async (progress) => {
          // Only while this attempt owns the row, like every write of an outcome.
          await client.query(
            `update deliveries set progress = progress || $3::jsonb, updated_at = $4 where id = $1 and status = 'sending' and attempt_count = $2`,
            [delivery.id, attemptNo, JSON.stringify(progress), this.clock()],
          );
        },
        signal: this.abort.signal,
        timeoutMs: this.options.timeoutMs ?? HOOK_TIMEOUT_MS,
      },
    );
    if (answer.kind === 'not_sent') {
      const attemptLog = startedAt ? { attemptNo, startedAt, errorKind: answer.errorKind ?? null, message: answer.message } : undefined;
      await this.finish(client, delivery, { status: answer.status, lastError: answer.message }, attemptLog);
      return;
    }
    if (!startedAt) throw new Error(`the ${kind} adapter sent a request without recording it first`);
    // Whatever the receiver echoed, a secret never reaches a row.
    const redact = (text: string) => answer.redact.reduce((scrubbed, secret) => scrubbed.split(secret).join('[redacted]'), text);
    const outcome: Outcome = answer.kind === 'answered' ? classifyStatus(answer.status) : 'retry';
    const statusCode = answer.kind === 'answered' ? answer.status : null;
    const message = redact(answer.message);
    const attemptLog = {
      attemptNo,
      startedAt,
      errorKind: errorKindOf(answer),
      message: outcome === 'succeeded' ? null : message,
      status: statusCode,
      excerpt: answer.kind === 'answered' ? redact(answer.excerpt) : null,
    };
    this.logger.info({ deliveryId: delivery.id, target: delivery.target, attempt: attemptNo, status: statusCode, outcome }, 'delivery attempt');
    switch (outcome) {
      case 'succeeded':
        await this.finish(client, delivery, { status: 'succeeded', lastError: null, statusCode }, attemptLog);
        return;
      case 'failed':
        await this.finish(client, delivery, { status: 'failed', lastError: message, statusCode }, attemptLog);
        return;
      case 'gone':
        if (kind !== 'zapier') {
          await this.finish(client, delivery, { status: 'failed', lastError: message, statusCode }, attemptLog);
          return;
        }
        await this.finish(client, delivery, { status: 'cancelled', lastError: 'The Zap is off or deleted (HTTP 410): the hook was removed', statusCode, hookGone: delivery.target.slice(ZAPIER_PREFIX.length) }, attemptLog);
        return;
      case 'retry': {
        // Cut off by our own shutdown: not the receiver's fault, so it goes again as soon as a worker runs.
        const delay = this.stopping
          ? 0
          : nextRetryDelay(attemptNo - delivery.round_from, {
              random: this.options.random ?? Math.random,
              retryAfterMs: answer.kind === 'answered' ? parseRetryAfter(answer.retryAfter, this.clock()) : null,
              scale: this.options.scheduleScale,
            });
        if (delay === null) {
          await this.finish(client, delivery, { status: 'failed', lastError: `${message} (gave up after ${attemptNo} attempts)`, statusCode }, attemptLog);
        } else {
          await this.finish(client, delivery, { status: 'pending', lastError: message, statusCode, retryInMs: delay }, attemptLog);
        }
        return;
      }
      default: {
        const unknownOutcome: never = outcome;
        throw new Error(`unknown outcome ${String(unknownOutcome)}`);
      }
    }
  }

  private async finish(
    client: pg.PoolClient,
    delivery: ClaimedDelivery,
    result: { status: 'succeeded' | 'failed' | 'pending' | 'cancelled' | 'blocked'; lastError: string | null; statusCode?: number | null; retryInMs?: number; hookGone?: string },
    attempt?: { attemptNo: number; startedAt: Date; errorKind: string | null; message: string | null; status?: number | null; excerpt?: string | null },
  ): Promise<void> {
    const now = this.clock();
    const nextAttemptAt = result.retryInMs === undefined ? null : new Date(now.getTime() + result.retryInMs);
    const deliveryValues = [delivery.id, delivery.attempt_count, result.status, nextAttemptAt, result.lastError, result.statusCode ?? null, now];
    if (!nextAttemptAt && !result.hookGone) {
      // The common ends (success, a final failure): the attempt row and the delivery in one statement, so atomic alone.
      await client.query({
        name: 'delivery-finish',
        text: `with attempt as (
           update delivery_attempts set duration_ms = $9, response_status = $10, response_excerpt = $11, error_kind = $12, error_message = $13
           where $8::boolean and delivery_id = $1 and attempt_no = $2
         )
         ${UPDATE_DELIVERY_SQL}`,
        values: [
          ...deliveryValues,
          attempt !== undefined,
          attempt ? Math.max(0, now.getTime() - attempt.startedAt.getTime()) : null,
          attempt?.status ?? null,
          attempt?.excerpt ?? null,
          attempt?.errorKind ?? null,
          attempt?.message ?? null,
        ],
      });
      // Ended without a request (blocked, cancelled): the claim's count goes back, so the count matches the attempts.
      if (!attempt) await client.query('update deliveries set attempt_count = attempt_count - 1 where id = $1 and attempt_count = $2', [delivery.id, delivery.attempt_count]);
      return;
    }
    await client.query('begin');
    try {
      if (attempt) {
        await client.query(
          `update delivery_attempts set duration_ms = $3, response_status = $4, response_excerpt = $5, error_kind = $6, error_message = $7
           where delivery_id = $1 and attempt_no = $2`,
          [delivery.id, attempt.attemptNo, Math.max(0, now.getTime() - attempt.startedAt.getTime()), attempt.status ?? null, attempt.excerpt ?? null, attempt.errorKind, attempt.message],
        );
      }
      await client.query(UPDATE_DELIVERY_SQL, deliveryValues);
      if (result.hookGone) {
        await client.query(`update zapier_hooks set deleted_at = $2, deleted_reason = 'gone' where id = $1 and deleted_at is null`, [result.hookGone, now]);
        await client.query(
          `update deliveries set status = 'cancelled', next_attempt_at = null, last_error = 'The Zap is off or deleted: its hook was removed', updated_at = $2
           where target = $1 and status = 'pending'`,
          [delivery.target, now],
        );
      }
      if (nextAttemptAt && result.retryInMs !== undefined) {
        const boss = await this.boss();
        // pg-boss keeps real time; the job is only a wake-up, the row decides when the delivery is due.
        await boss.insert(DELIVERY_QUEUE, [{ data: { target: delivery.target }, startAfter: new Date(Date.now() + result.retryInMs) }], { db: clientDb(client) });
      }
      await client.query('commit');
    } catch (error) {
      await client.query('rollback').catch(() => {});
      throw error;
    }
  }

  /**
   * Moves what the outbox holds, then finds targets with due deliveries and no job, or a delivery a dead worker left
   * `sending`, and drains them.
   */
  async sweep(): Promise<void> {
    if (this.sweeping || this.stopping) return;
    this.sweeping = true;
    try {
      // What a lost wake-up (or a process that died first) left in the outbox becomes due deliveries, found below.
      await this.moveOutbox();
      const { rows } = await this.options.pool.query<{ target: string }>(
        `select distinct target from deliveries where ${liveAndDue('$1')} limit 500`,
        [this.clock()],
      );
      // A few at a time: each drain holds a connection of the pool the web requests share.
      const targets = rows.map((row) => row.target);
      const lanes = Array.from({ length: Math.min(this.options.concurrency ?? 4, targets.length) }, async () => {
        for (let target = targets.shift(); target !== undefined && !this.stopping; target = targets.shift()) await this.track(this.drain(target));
      });
      await Promise.all(lanes);
    } finally {
      this.sweeping = false;
    }
  }

  /** Workers: pg-boss jobs and the sweeper (`npm start` runs them in the server, `npm run worker` alone). */
  async startWorkers(): Promise<void> {
    this.maintains = true;
    const boss = await this.boss();
    await boss.work<{ target: string }>(
      DELIVERY_QUEUE,
      { localConcurrency: this.options.concurrency ?? 4, pollingIntervalSeconds: this.options.pollingIntervalSeconds ?? 1 },
      async (jobs) => {
        for (const job of jobs) {
          if (job.data.target === OUTBOX_JOB) this.moveSoon();
          else await this.track(this.drain(job.data.target));
        }
      },
    );
    const interval = this.options.sweepIntervalMs ?? 30_000;
    this.sweepTimer = setInterval(() => {
      void this.sweep().catch((error: unknown) => this.logger.warn({ reason: error instanceof Error ? error.message : String(error) }, 'delivery sweep failed'));
    }, interval);
    this.sweepTimer.unref();
    void this.sweep().catch(() => {});
  }

  /** Stops taking work, gives in-flight sends `graceMs` to finish, then cuts them (they go again at the next start). */
  async stop(graceMs = 5_000): Promise<void> {
    this.stopping = true;
    if (this.sweepTimer) clearInterval(this.sweepTimer);
    // A wake-up not yet handed on leaves its rows in the outbox: the next start's sweep moves them.
    if (this.wakeTimer) clearTimeout(this.wakeTimer);
    const boss = this.bossStart ? await this.bossStart.catch(() => undefined) : undefined;
    const timer = setTimeout(() => this.abort.abort(), graceMs);
    await Promise.all([...this.running]);
    clearTimeout(timer);
    await boss?.stop({ graceful: true, timeout: graceMs, close: false }).catch(() => {});
  }
}
