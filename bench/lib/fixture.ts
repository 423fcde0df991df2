/** Shared set-up for the server benchmarks: a real PostgreSQL, our schema, a form, many responses, a signed-in client. */
import { fork, type ChildProcess } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { sql } from 'kysely';
import { hashPassword } from '../../server/auth/passwords.js';
import { createDb, migrateToLatest, type DB } from '../../server/db/database.js';
import { startEmbeddedPostgres } from '../../server/db/embedded-postgres.js';
import { createAccountWithDefaults } from '../../server/forms/built-in-form.js';
import type { FormDocument, InputElement, InputSubtype } from '../../src/domain/form-document.js';
import { signIn, type BenchSession } from './sign-in.js';

export const root = resolve(import.meta.dirname, '../..');

export interface BenchDatabase {
  connectionString: string;
  db: DB;
  close(): Promise<void>;
}

export async function startDatabase(): Promise<BenchDatabase> {
  const dir = await mkdtemp(join(tmpdir(), 'bench-db-'));
  const pg = await startEmbeddedPostgres({ dataDir: dir, database: 'bench', ephemeral: true });
  // No statement timeout: seeding a million rows on a busy shared machine takes longer than the server's 30 s.
  const { db } = createDb(pg.connectionString, { max: 4, statementTimeoutMs: 0 });
  await migrateToLatest(db);
  return {
    connectionString: pg.connectionString,
    db,
    async close() {
      await db.destroy();
      await pg.stop();
      await rm(dir, { recursive: true, force: true });
    },
  };
}

/** An 8-field intake form (text, email, phone, dropdown, radio, integer, long text, text). */
function eightFieldDocument(): { document: FormDocument; inputs: InputElement[] } {
  const pageId = randomUUID();
  const make = (subtype: InputSubtype, label: string, extra: Partial<InputElement> = {}): InputElement => ({
    type: 'input', subtype, id: randomUUID(), parentId: pageId, label, dataName: label.toLowerCase().replace(/\W+/g, '_'),
    placeholder: '', helpText: '', default: { staticValue: null, referenceValueId: null }, options: [],
    minValue: null, maxValue: null, stepValue: null, minLength: null, maxLength: null, required: false, ...extra,
  });
  const inputs = [
    make('textInput', 'Full name'), make('email', 'Email'), make('phoneNumber', 'Phone'),
    make('dropdown', 'Practice area', { options: [{ id: 'o1', text: 'Family' }, { id: 'o2', text: 'Injury' }] }),
    make('radio', 'Contact by', { options: [{ id: 'r1', text: 'Phone' }, { id: 'r2', text: 'Email' }] }),
    make('integer', 'Age'), make('textarea', 'What happened'), make('textInput', 'Opposing party'),
  ];
  return { document: [{ type: 'page', id: pageId, title: 'Intake', children: inputs }], inputs };
}

export interface SeededForm {
  accountId: number;
  formId: string;
  inputs: InputElement[];
}

/** A form with `count` responses spread over the last 120 days, inserted by PostgreSQL itself (generate_series). */
/** A new form with `count` responses, in a new account unless `intoAccount` names one. */
export async function seedResponses(db: DB, count: number, intoAccount?: number): Promise<SeededForm> {
  const accountId = intoAccount ?? (await createAccountWithDefaults(db, 'Bench Law'));
  const { document, inputs } = eightFieldDocument();
  const form = await db
    .insertInto('form_templates')
    .values({ group_id: randomUUID(), account_id: accountId, name: 'Bench intake', json_form: JSON.stringify(document), json_conditional_logic: '{"conditionMap":{},"pageMap":{}}', json_form_style: '{"button":{}}' })
    .returning(['id', 'updated_at'])
    .executeTakeFirstOrThrow();
  const version = await db
    .insertInto('form_versions')
    .values({ form_template_id: form.id, account_id: accountId, version_at: form.updated_at, json_form: JSON.stringify(document), json_conditional_logic: '{"conditionMap":{},"pageMap":{}}' })
    .returning('id')
    .executeTakeFirstOrThrow();
  const [name, email, phone, area, contact, age, story, party] = inputs.map((input) => input.id);
  await sql`
    insert into form_responses (account_id, form_template_id, form_version_id, submission_key, data, submitted_at)
    select ${accountId}, ${form.id}, ${version.id}, gen_random_uuid(),
           jsonb_build_object(${name}::text, 'Client ' || g, ${email}::text, 'client' || g || '@example.com', ${phone}::text, '+1 555 010 ' || (g % 10000),
                              ${area}::text, case when g % 2 = 0 then 'o1' else 'o2' end, ${contact}::text, 'r1', ${age}::text, 20 + g % 60,
                              ${story}::text, 'A car hit my bicycle at the crossing of 5th and Main, "near the café", on day ' || g || '.',
                              ${party}::text, '=Acme Insurance ' || g),
           now() - (g * (120 * 86400.0 / ${count})) * interval '1 second'
    from generate_series(1, ${count}) as g`.execute(db);
  await sql`vacuum analyze form_responses`.execute(db);
  return { accountId, formId: form.id, inputs };
}

export interface BenchServer {
  baseUrl: string;
  child: ChildProcess;
  cookie: string;
  session: BenchSession;
  /** Peak resident memory of the server process so far (VmHWM), in MB. */
  peakRssMb(): Promise<number>;
  stop(): Promise<void>;
}

export async function peakRssMb(pid: number): Promise<number> {
  const status = await readFile(`/proc/${pid}/status`, 'utf8');
  return Number(/VmHWM:\s+(\d+)/.exec(status)?.[1] ?? 0) / 1024;
}

/** Resident memory of the process now (VmRSS), in MB. */
export async function rssMb(pid: number): Promise<number> {
  const status = await readFile(`/proc/${pid}/status`, 'utf8');
  return Number(/VmRSS:\s+(\d+)/.exec(status)?.[1] ?? 0) / 1024;
}

/**
 * Starts the process's peak (VmHWM) again from its resident memory now (Linux `clear_refs` 5), so the next peak read
 * is the peak of what it did since: a server's start-up (module loading, compiling) peaks above a streamed export.
 */
export async function resetPeakRss(pid: number): Promise<void> {
  await writeFile(`/proc/${pid}/clear_refs`, '5');
}

/** Our real app in a child process (`env` added to its environment), and a session cookie of a user of `accountId`. */
export async function startOurServer(database: Pick<BenchDatabase, 'connectionString' | 'db'>, accountId: number, port: number, env: Record<string, string> = {}): Promise<BenchServer> {
  const email = `bench-${randomUUID()}@example.com`;
  await database.db.insertInto('users').values({ email, password_hash: await hashPassword('bench-password'), first_name: 'B', last_name: 'B', is_staff: false, is_superuser: false, account_id: accountId }).execute();
  const child = fork(join(root, 'bench/fixtures/ingest-server.ts'), [], {
    execArgv: ['--import', 'tsx'],
    env: { ...process.env, ...env, MODE: 'ours', DATABASE_URL: database.connectionString, PORT: String(port) },
    stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
  });
  await new Promise<void>((ready, fail) => {
    child.once('message', () => ready());
    child.once('exit', (code) => fail(new Error(`server exited ${code}`)));
  });
  const baseUrl = `http://127.0.0.1:${port}`;
  let session: BenchSession;
  try {
    session = await signIn(baseUrl, email, 'bench-password');
  } catch (error) {
    // Never leave a server behind holding the port.
    child.kill('SIGTERM');
    throw error;
  }
  return {
    baseUrl,
    child,
    cookie: session.cookie,
    session,
    peakRssMb: () => peakRssMb(child.pid!),
    async stop() {
      const exited = new Promise((r) => child.once('exit', r));
      child.kill('SIGTERM');
      await exited;
    },
  };
}

export const percentile = (values: number[], p: number) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))];
};

/** `samples` timings (ms) of `run`, one after another, after 5 warm-up runs. */
export async function sampleMs(run: () => Promise<unknown>, samples: number): Promise<number[]> {
  for (let i = 0; i < 5; i++) await run(); // warm
  const times: number[] = [];
  for (let i = 0; i < samples; i++) {
    const started = performance.now();
    await run();
    times.push(performance.now() - started);
  }
  return times;
}
