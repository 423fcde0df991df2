import type pg from 'pg';

/** One accepted submission, checked and ready to store. */
export interface NewResponse {
  accountId: number;
  formId: string;
  versionId: string;
  submissionKey: string;
  /** The answers, as JSON text. */
  answersJson: string;
  prefillId: string | null;
  spamReasons: string[];
}

/**
 * Stores submissions, one or many, in one statement: they commit together, or not at all (then each is stored again
 * on its own). Idempotent on (form, submission_key): a key already used stores nothing, and the route reads the
 * earlier response to tell a retry (same answers) from a different submission reusing the key. The form must be
 * active in the statement's own snapshot: an archive committed before it stores nothing, whatever the published-form
 * cache holds.
 *
 * Atomic as one statement: a response not marked spam commits with its row in `delivery_outbox`, or neither commits.
 * Which deliveries it gets (a live Zapier hook of its form, an enabled Clio or Centerbase field map) the workers
 * decide when they move the row (DeliveryEngine.moveOutbox), a batch at a time: asking here, per submission, cost
 * every form (with integrations or not) about a tenth of its throughput.
 *
 * Answers `ord` (1-based, the position in the arrays) and the new id for each row it inserted. Rows are inserted in
 * key order, so that two statements holding the same two keys (retries racing) wait for each other in the same order
 * and cannot deadlock. Spam reasons travel comma-joined: they are fixed words, and a text[] of text[] cannot be
 * unnested row by row. A named prepared statement: PostgreSQL parses and plans it once per connection.
 */
const INSERT_SQL = `
  with input as (
    select * from unnest($1::bigint[], $2::uuid[], $3::uuid[], $4::uuid[], $5::jsonb[], $6::uuid[], $7::text[])
      with ordinality as t(account_id, form_template_id, form_version_id, submission_key, data, prefill_id, spam_reasons, ord)
  ),
  inserted as (
    insert into form_responses (account_id, form_template_id, form_version_id, submission_key, data, prefill_id, is_spam, spam_reasons)
    select account_id, form_template_id, form_version_id, submission_key, data, prefill_id, spam_reasons <> '', string_to_array(spam_reasons, ',')
    from input
    where exists (select 1 from form_templates f where f.id = input.form_template_id and f.deleted_at is null)
    order by form_template_id, submission_key
    on conflict (form_template_id, submission_key) do nothing
    returning id, form_template_id, submission_key, is_spam
  ),
  queued as (
    insert into delivery_outbox (form_response_id)
    select id from inserted where not is_spam
  )
  select input.ord::int as ord, inserted.id, not inserted.is_spam as queued
  from inserted join input using (form_template_id, submission_key)`;

/** Most submissions one statement stores. */
const MAX_BATCH = 500;

/**
 * Most answer JSON (UTF-8 bytes) one statement carries, so that a burst of large submissions is not sent as one huge
 * message: past it, the rest wait for the next statement. A single larger submission still goes, alone.
 */
const MAX_BATCH_JSON_BYTES = 4 * 1024 * 1024;

/** Submissions of a failed group stored again at once, one statement each: the pool serves other requests too. */
const FALLBACK_CONCURRENCY = 4;

/** Statements storing submissions at once, each on its own pooled connection. */
const WRITERS = 2;

interface Waiting {
  response: NewResponse;
  /** Form and submission key: what a statement may hold only once. */
  key: string;
  /** Bytes of answer JSON, toward MAX_BATCH_JSON_BYTES. */
  bytes: number;
  /** With the new response's id, or undefined when nothing was stored (key already used, form archived). */
  done: (id: string | undefined) => void;
  failed: (error: unknown) => void;
}

/**
 * Stores accepted submissions, many to a statement when they arrive together (a group commit). A submission arriving
 * while fewer than WRITERS statements are running is stored at once, alone: an idle server adds no wait. Under load,
 * the ones arriving while the statements run wait for the next one and go in it together: PostgreSQL then parses,
 * plans, inserts and flushes its log once for all of them, which is most of what a submission costs it. Nobody is
 * answered before their row has committed.
 */
export class ResponseWriter {
  readonly #pool: pg.Pool;
  readonly #onQueued: () => void;
  readonly #onGroupFailed: (error: unknown) => void;
  #waiting: Waiting[] = [];
  #writing = 0;

  /**
   * `onQueued` is called after a statement that left outbox rows for the delivery workers; `onGroupFailed` with the
   * error of a grouped statement whose submissions are then stored one by one.
   */
  constructor(pool: pg.Pool, onQueued: () => void, onGroupFailed: (error: unknown) => void = () => {}) {
    this.#pool = pool;
    this.#onQueued = onQueued;
    this.#onGroupFailed = onGroupFailed;
  }

  /**
   * Resolves with the new response's id once its row has committed, or with undefined when nothing was stored: its
   * key was already used (the caller reads the earlier response), or its form was archived.
   */
  store(response: NewResponse): Promise<string | undefined> {
    return new Promise((done, failed) => {
      const key = `${response.formId}/${response.submissionKey.toLowerCase()}`;
      this.#waiting.push({ response, key, bytes: Buffer.byteLength(response.answersJson), done, failed });
      this.#next();
    });
  }

  #next(): void {
    while (this.#writing < WRITERS && this.#waiting.length > 0) {
      const batch = this.#takeBatch();
      this.#writing += 1;
      void this.#write(batch).finally(() => {
        this.#writing -= 1;
        this.#next();
      });
    }
  }

  /**
   * The waiting submissions, oldest first, up to MAX_BATCH and MAX_BATCH_JSON_BYTES, leaving for a later statement
   * any whose key is already in this one: ON CONFLICT would keep one of the two, and which one's answers the other is
   * compared with must be clear.
   */
  #takeBatch(): Waiting[] {
    const batch: Waiting[] = [];
    const later: Waiting[] = [];
    const keys = new Set<string>();
    let bytes = 0;
    for (const waiting of this.#waiting) {
      const full = batch.length >= MAX_BATCH || (batch.length > 0 && bytes + waiting.bytes > MAX_BATCH_JSON_BYTES);
      if (full || keys.has(waiting.key)) later.push(waiting);
      else {
        keys.add(waiting.key);
        bytes += waiting.bytes;
        batch.push(waiting);
      }
    }
    this.#waiting = later;
    return batch;
  }

  /** Stores `batch` in one statement and answers each of its submitters; never rejects. */
  async #write(batch: Waiting[]): Promise<void> {
    let rows: { ord: number; id: string; queued: boolean }[];
    try {
      rows = (await this.#pool.query<{ ord: number; id: string; queued: boolean }>({ name: 'form-submit-insert', text: INSERT_SQL, values: columnsOf(batch) })).rows;
    } catch (error) {
      if (batch.length === 1) {
        batch[0].failed(error);
        return;
      }
      // One bad row (a prefill deleted since it was read, say) fails the statement: store each on its own, a few at a
      // time, so only that one fails and the others are kept.
      this.#onGroupFailed(error);
      const rest = [...batch];
      const storeNext = async (): Promise<void> => {
        for (let next = rest.shift(); next; next = rest.shift()) await this.#write([next]);
      };
      await Promise.all(Array.from({ length: FALLBACK_CONCURRENCY }, storeNext));
      return;
    }
    const idOf = new Map(rows.map((row) => [row.ord, row.id]));
    for (const [index, waiting] of batch.entries()) waiting.done(idOf.get(index + 1));
    // After the submitters are answered: a wake-up that fails is never theirs to see.
    if (rows.some((row) => row.queued)) {
      try {
        this.#onQueued();
      } catch {
        // The rows are committed and answered; the workers' periodic sweep moves them.
      }
    }
  }
}

/** The statement's parameters: one array per column, in the order of `batch`. */
function columnsOf(batch: Waiting[]): unknown[] {
  const columns: unknown[][] = [[], [], [], [], [], [], []];
  for (const { response } of batch) {
    columns[0].push(response.accountId);
    columns[1].push(response.formId);
    columns[2].push(response.versionId);
    columns[3].push(response.submissionKey);
    columns[4].push(response.answersJson);
    columns[5].push(response.prefillId);
    columns[6].push(response.spamReasons.join(','));
  }
  return columns;
}
