/**
 * Ingest: POST /api/form-submit/ under autocannon (50 connections) against a plain Fastify + pg insert into the
 * same database, in the same run. Prints req/s, latency p50/p99, errors, and checks every 201 is a row in the table.
 * Target (BENCHMARKS.md): ≥ 0.6× the baseline's req/s, p99 ≤ 30 ms, 0 errors, every accepted row stored.
 */
import { fork } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import autocannon from 'autocannon';
import { sql } from 'kysely';
import { createDb, migrateToLatest } from '../server/db/database.js';
import { startEmbeddedPostgres } from '../server/db/embedded-postgres.js';
import { createAccountWithDefaults } from '../server/forms/built-in-form.js';
import type { FormDocument, InputElement, InputSubtype } from '../src/domain/form-document.js';

const root = resolve(import.meta.dirname, '..');
const DURATION = Number(process.env.DURATION ?? 10);
const CONNECTIONS = 50;

function eightFieldForm(): { document: FormDocument; logic: unknown; answers: (i: number) => Record<string, unknown> } {
  const pageId = randomUUID();
  const make = (subtype: InputSubtype, label: string, extra: Partial<InputElement> = {}): InputElement => ({
    type: 'input', subtype, id: randomUUID(), parentId: pageId, label, dataName: label.toLowerCase().replace(/\W+/g, '_'),
    placeholder: '', helpText: '', default: { staticValue: null, referenceValueId: null }, options: [],
    minValue: null, maxValue: null, stepValue: null, minLength: null, maxLength: null, required: false, ...extra,
  });
  const area = make('dropdown', 'Practice area', { options: [{ id: 'o1', text: 'Family' }, { id: 'o2', text: 'Injury' }], required: true });
  const inputs = [
    make('textInput', 'Full name', { required: true }), make('email', 'Email', { required: true }), make('phoneNumber', 'Phone'),
    area, make('radio', 'Contact by', { options: [{ id: 'r1', text: 'Phone' }, { id: 'r2', text: 'Email' }] }),
    make('integer', 'Age', { minValue: 18, maxValue: 120 }), make('textarea', 'What happened', { maxLength: 5000 }), make('textInput', 'Opposing party'),
  ];
  const logic = {
    conditionMap: {
      [inputs[7].id]: {
        id: 'cfg', element: { id: inputs[7].id, type: 'input' },
        conditions: [{ id: 'c', expression: [{ id: 'g', type: 'group', operator: 'AND', rules: [{ id: 'r', type: 'rule', predicate: 'EQ', triggerId: area.id, staticValue: 'o2', referenceValueId: null }] }], actions: [{ key: 'TOGGLE_VISIBILITY', value: 'SHOW' }] }],
      },
    },
    pageMap: {},
  };
  return {
    document: [{ type: 'page', id: pageId, title: 'Intake', children: inputs }],
    logic,
    answers: (i) => ({
      [inputs[0].id]: `Client ${i}`, [inputs[1].id]: `client${i}@example.com`, [inputs[2].id]: '+1 (555) 010-2030', [inputs[3].id]: 'o2',
      [inputs[4].id]: 'r2', [inputs[5].id]: 40, [inputs[6].id]: 'A car hit my bicycle at a crossing.', [inputs[7].id]: 'Acme Insurance',
    }),
  };
}

async function startServer(mode: 'ours' | 'plain', databaseUrl: string, port: number) {
  const child = fork(join(root, 'bench/fixtures/ingest-server.ts'), [], {
    execArgv: ['--import', 'tsx'],
    env: { ...process.env, MODE: mode, DATABASE_URL: databaseUrl, PORT: String(port) },
    stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
  });
  await new Promise<void>((ready, fail) => {
    child.once('message', () => ready());
    child.once('exit', (code) => fail(new Error(`${mode} server exited ${code}`)));
  });
  return child;
}

/** A short untimed run first, so both servers are measured warm (JIT, pools, caches). */
async function warmUp(url: string, body: (i: number) => string) {
  let counter = 0;
  await autocannon({ url, connections: 10, duration: 2, method: 'POST', headers: { 'content-type': 'application/json' }, requests: [{ setupRequest: (request) => ({ ...request, body: body(counter++) }) }] });
}

async function load(url: string, body: (i: number) => string) {
  await warmUp(url, body);
  let counter = 0;
  let created = 0;
  const ids: string[] = [];
  const result = await autocannon({
    url,
    connections: CONNECTIONS,
    duration: DURATION,
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    requests: [
      {
        setupRequest: (request) => ({ ...request, body: body(counter++) }),
        onResponse: (status: number, responseBody: string) => {
          if (status !== 201) return;
          created += 1;
          ids.push((JSON.parse(responseBody) as { id: string }).id);
        },
      },
    ],
  });
  return { result, created, ids };
}

async function main() {
  const dir = await mkdtemp(join(tmpdir(), 'bench-ingest-'));
  const pg = await startEmbeddedPostgres({ dataDir: dir, database: 'bench' });
  const { db } = createDb(pg.connectionString, { max: 4 });
  try {
    await migrateToLatest(db);
    await sql`create table bench_plain (id uuid primary key default gen_random_uuid(), data jsonb not null, submitted_at timestamptz not null default now())`.execute(db);
    const accountId = await createAccountWithDefaults(db, 'Bench Law');
    const form = eightFieldForm();
    const formRow = await db
      .insertInto('form_templates')
      .values({ group_id: randomUUID(), account_id: accountId, name: 'Bench', json_form: JSON.stringify(form.document), json_conditional_logic: JSON.stringify(form.logic), json_form_style: JSON.stringify({ button: {} }) })
      .returning('id')
      .executeTakeFirstOrThrow();
    await sql`update form_templates set group_id = id`.execute(db);

    // The start token is what the public form read hands the respondent page (a header); it may be reused.
    let startToken = '';
    const submission = (i: number) =>
      JSON.stringify({ form_id: formRow.id, data: form.answers(i), submission_key: randomUUID(), hp: '', start_token: startToken });

    const plainServer = await startServer('plain', pg.connectionString, 4801);
    const plain = await load('http://127.0.0.1:4801/api/form-submit/', submission);
    plainServer.kill('SIGTERM');
    const oursServer = await startServer('ours', pg.connectionString, 4802);
    startToken = (await fetch(`http://127.0.0.1:4802/api/public/forms/${formRow.id}/`)).headers.get('x-form-start-token') ?? '';
    if (!startToken) throw new Error('the public form read handed out no start token');
    // A token younger than SUBMIT_MIN_FILL_MS would file every submission as spam.
    await new Promise((done) => setTimeout(done, 3_100));
    const ours = await load('http://127.0.0.1:4802/api/form-submit/', submission);
    oursServer.kill('SIGTERM');

    // Every id answered with 201 must be a stored row (requests still in flight when the run stopped may add rows).
    const storedOf = async (table: 'bench_plain' | 'form_responses', ids: string[]) =>
      (await sql<{ n: number }>`select count(*)::int as n from ${sql.table(table)} where id = any(${ids}::uuid[])`.execute(db)).rows[0].n;
    const plainRows = await storedOf('bench_plain', plain.ids);
    const ourRows = await storedOf('form_responses', ours.ids);
    const row = (name: string, run: typeof plain, rows: number) => ({
      'req/s (mean)': Math.round(run.result.requests.average),
      'p50 ms': run.result.latency.p50,
      'p99 ms': run.result.latency.p99,
      errors: run.result.errors + run.result.timeouts + run.result.non2xx,
      '201 answers': run.created,
      'of them stored': rows,
      'every 201 stored': rows === run.created ? 'yes' : `NO (${run.created - rows} missing)`,
      name,
    });
    console.log(`POST /api/form-submit/ — autocannon, ${CONNECTIONS} connections, ${DURATION} s each, same PostgreSQL, this run`);
    console.table([row('plain Fastify + pg insert (baseline)', plain, plainRows), row('ours (validation, logic, versioning, idempotency)', ours, ourRows)]);
    console.log(`ratio: ${(ours.result.requests.average / plain.result.requests.average).toFixed(2)}× the baseline (target ≥ 0.6×, p99 ≤ 30 ms)`);
  } finally {
    await db.destroy();
    await pg.stop();
    await rm(dir, { recursive: true, force: true });
  }
}

await main();
