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
 * What storing one submission did: `inserted` a new row (and `queued` its outbox row, when not spam), or found the
 * earlier response under its key (`same_answers`: a retry, not a different submission reusing the key). Undefined:
 * neither, because the form was archived, or a twin with the same key committed after the statement's snapshot.
 */
export interface StoredResponse {
  id: string | null;
  same_answers: boolean;
  inserted: boolean;
  queued?: boolean;
}

/**
 * Idempotent on (form, submission_key): a retried request gets the first response's id instead of a second row, and
 * `same_answers` tells a retry from a different submission reusing the key. The form must be active in the
 * statement's own snapshot: an archive committed before it stores nothing, whatever the published-form cache holds.
 *
 * One statement, so atomic by itself: a response not marked spam commits with its row in `delivery_outbox`, or
 * neither commits. Which deliveries it gets (a live Zapier hook of its form, an enabled Clio or Centerbase field map)
 * the workers decide when they move the row (DeliveryEngine.moveOutbox), a batch at a time: asking here, per
 * submission, cost every form (with integrations or not) about a tenth of its throughput.
 */
const INSERT_ONE_SQL = `
  with inserted as (
    insert into form_responses (account_id, form_template_id, form_version_id, submission_key, data, prefill_id, is_spam, spam_reasons)
    select $1, $2, $3, $4, $5, $6, $7, $8
    where exists (select 1 from form_templates where id = $2 and deleted_at is null)
    on conflict (form_template_id, submission_key) do nothing
    returning account_id, id, form_template_id, is_spam
  ),
  queued as (
    insert into delivery_outbox (form_response_id)
    select id from inserted where not is_spam
  )
  select id, true as same_answers, true as inserted, not is_spam as queued from inserted
  union all
  select id, data = $5::jsonb, false, false from form_responses where form_template_id = $2 and submission_key = $4
  limit 1`;

/**
 * The same for many submissions in one statement, so they commit together (or not at all: then each is stored again
 * on its own). Answers `ord` (1-based, the position in the arrays) for each row it inserted; a submission it did not
 * insert (its key already used, its form archived) is left to the route, which reads the earlier response under its
 * key. Rows are inserted in key order, so that two statements holding the same two keys (retries racing) wait for
 * each other in the same order and cannot deadlock. Spam reasons travel comma-joined: they are fixed words, and a
 * text[] of text[] cannot be unnested row by row.
 */
const INSERT_MANY_SQL = `
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
  done: (stored: StoredResponse | undefined) => void;
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

  store(response: NewResponse): Promise<StoredResponse | undefined> {
    return new Promise((done, failed) => {
      this.#waiting.push({ response, done, failed });
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
    let jsonLength = 0;
    for (const waiting of this.#waiting) {
      const key = `${waiting.response.formId}/${waiting.response.submissionKey.toLowerCase()}`;
      const length = Buffer.byteLength(waiting.response.answersJson);
      const full = batch.length >= MAX_BATCH || (batch.length > 0 && jsonLength + length > MAX_BATCH_JSON_BYTES);
      if (full || keys.has(key)) later.push(waiting);
      else {
        keys.add(key);
        jsonLength += length;
        batch.push(waiting);
      }
    }
    this.#waiting = later;
    return batch;
  }

  async #write(batch: Waiting[]): Promise<void> {
    if (batch.length === 1) return this.#writeOne(batch[0]);
    let rows: { ord: number; id: string; queued: boolean }[];
    try {
      rows = (await this.#pool.query<{ ord: number; id: string; queued: boolean }>({ name: 'form-submit-insert-many', text: INSERT_MANY_SQL, values: manyValues(batch) })).rows;
    } catch (error) {
      // One bad row (a prefill deleted since it was read, say) fails the statement: store each on its own, a few at a
      // time, so only that one fails and the others are kept.
      this.#onGroupFailed(error);
      const rest = [...batch];
      const storeNext = async (): Promise<void> => {
        for (let next = rest.shift(); next; next = rest.shift()) await this.#writeOne(next);
      };
      await Promise.all(Array.from({ length: FALLBACK_CONCURRENCY }, storeNext));
      return;
    }
    const stored = new Map(rows.map((row) => [row.ord, row]));
    for (const [index, waiting] of batch.entries()) {
      const row = stored.get(index + 1);
      waiting.done(row ? { id: row.id, same_answers: true, inserted: true, queued: row.queued } : undefined);
    }
    if (rows.some((row) => row.queued)) this.#wake();
  }

  /** Wakes the delivery workers after the submitters are answered: a wake-up that fails is never theirs to see. */
  #wake(): void {
    try {
      this.#onQueued();
    } catch {
      // The rows are committed and answered; the workers' periodic sweep moves them.
    }
  }

  async #writeOne({ response, done, failed }: Waiting): Promise<void> {
    try {
      const { accountId, formId, versionId, submissionKey, answersJson, prefillId, spamReasons } = response;
      const values = [accountId, formId, versionId, submissionKey, answersJson, prefillId, spamReasons.length > 0, spamReasons];
      // A named prepared statement: PostgreSQL parses and plans it once per connection.
      const stored = (await this.#pool.query<StoredResponse>({ name: 'form-submit-insert', text: INSERT_ONE_SQL, values })).rows[0];
      done(stored);
      if (stored?.queued) this.#wake();
    } catch (error) {
      failed(error);
    }
  }
}

function manyValues(batch: Waiting[]): unknown[] {
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
