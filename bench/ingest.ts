/**
 * Ingest: POST /api/form-submit/ under autocannon (50 connections) against a plain Fastify + pg insert into the
 * same database, in the same run: ROUNDS (default 3) rounds, the two alternating which goes first, each round's ratio
 * printed (the machine is shared and drifts during a run). Prints req/s, latency p50/p99, errors, and checks every 201
 * is a row in the table.
 * Target (BENCHMARKS.md): ≥ 0.6× the baseline's req/s, p99 ≤ 30 ms, 0 errors, every accepted row stored. Our server
 * runs its delivery workers as `npm start` does (OURS_WORKERS=0: without them); they move each submission's outbox
 * row (to no delivery here), and the bench prints when the outbox is empty after the load.
 *
 * Then, in as many rounds alternating with the bare insert, the same load on the same form with one Zapier hook on
 * it, subscribed through `/api/zapier/hooks/` with an API key, to a loopback receiver that verifies every signature
 * (`standardwebhooks`) and counts requests by `webhook-id`, while the delivery workers run in the server as `npm start`
 * runs them (HOOK_WORKERS=0: without workers, to separate the insert's cost from theirs). Prints accepted/s, p50/p99
 * and each round's ratio to the bare insert (target ≥ 0.5×); after each hooked load it waits for the workers to
 * drain, and prints lost (accepted, never delivered: target 0), duplicates (a `webhook-id` answered 2xx twice:
 * target 0) and the drain time after each load. Every load starts on vacuumed tables. HOOK_ROUNDS (default ROUNDS) sets
 * how many hooked rounds run; 0 leaves the hooked scenario out.
 */
import { fork } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import autocannon from 'autocannon';
import { sql } from 'kysely';
import { Webhook } from 'standardwebhooks';
import { createDb, migrateToLatest, type DB } from '../server/db/database.js';
import { startEmbeddedPostgres } from '../server/db/embedded-postgres.js';
import { createAccountWithDefaults } from '../server/forms/built-in-form.js';
import type { FormDocument, InputElement, InputSubtype } from '../src/domain/form-document.js';
import { clusterCpuMs, processCpuMs } from './lib/cpu.js';
import { startOurServer, type BenchServer } from './lib/fixture.js';

const root = resolve(import.meta.dirname, '..');
const DURATION = Number(process.env.DURATION ?? 10);
/** Baseline and ours (no integration) alternate this many times: the machine is shared, and drifts during a run. */
const ROUNDS = Math.max(1, Number(process.env.ROUNDS ?? 3));
/** Rounds of the hooked scenario (default ROUNDS; 0 leaves it out, to measure the submit path alone). */
const HOOK_ROUNDS = Math.max(0, Number(process.env.HOOK_ROUNDS ?? ROUNDS));
const CONNECTIONS = 50;
/** Whether our server runs its delivery workers, as `npm start` does (OURS_WORKERS=0: without them). */
const oursWorkers = process.env.OURS_WORKERS !== '0';
const DRAIN_TIMEOUT_S = Number(process.env.DRAIN_TIMEOUT ?? 600);

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
    // Ours runs the delivery workers in the server, as `npm start` does: they move every submission's outbox row.
    env: { ...process.env, MODE: mode, DATABASE_URL: databaseUrl, PORT: String(port), WORKERS: mode === 'ours' && oursWorkers ? '1' : '0' },
    stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
  });
  await new Promise<void>((ready, fail) => {
    child.once('message', () => ready());
    child.once('exit', (code) => fail(new Error(`${mode} server exited ${code}`)));
  });
  return child;
}

/** CPU ms so far of the server under load and of the PostgreSQL cluster. */
type CpuSample = () => { server: number; postgres: number };

async function load(url: string, body: (i: number) => string, cpu: CpuSample) {
  let counter = 0;
  let created = 0;
  const ids: string[] = [];
  const warmIds: string[] = [];
  const onResponse = (into: string[]) => (status: number, responseBody: string) => {
    if (status !== 201) return;
    into.push((JSON.parse(responseBody) as { id: string }).id);
  };
  // A short untimed run first, so every server is measured warm (JIT, pools, caches), at the measured load's
  // concurrency: each of the pool's connections prepares its statements and fills its caches before the clock starts.
  await autocannon({
    url, connections: CONNECTIONS, duration: 3, method: 'POST', headers: { 'content-type': 'application/json' },
    requests: [{ setupRequest: (request) => ({ ...request, body: body(counter++) }), onResponse: onResponse(warmIds) }],
  });
  const measured = onResponse(ids);
  const cpuBefore = cpu();
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
          if (status === 201) created += 1;
          measured(status, responseBody);
        },
      },
    ],
  });
  const cpuAfter = cpu();
  return { result, created, ids, warmIds, cpuBefore, cpuMs: { server: cpuAfter.server - cpuBefore.server, postgres: cpuAfter.postgres - cpuBefore.postgres } };
}

interface Receipt {
  oks: number;
  firstOkAt: number;
}

/** The hook's receiver: verifies each request's signature with the hook's secret and counts 2xx answers by `webhook-id`. */
async function hookReceiver() {
  let secret = '';
  let badSignatures = 0;
  const receipts = new Map<string, Receipt>();
  const server = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      try {
        new Webhook(secret).verify(Buffer.concat(chunks).toString('utf8'), request.headers as Record<string, string>);
      } catch {
        badSignatures += 1;
        response.writeHead(401).end('bad signature');
        return;
      }
      const id = String(request.headers['webhook-id']);
      const receipt = receipts.get(id) ?? { oks: 0, firstOkAt: 0 };
      receipts.set(id, receipt);
      receipt.oks += 1;
      receipt.firstOkAt ||= Date.now();
      response.writeHead(200, { 'content-type': 'application/json' }).end('{"status":"success"}');
    });
  });
  await new Promise<void>((ready) => server.listen(0, '127.0.0.1', ready));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/hooks/catch/bench/`,
    receipts,
    badSignatures: () => badSignatures,
    setSecret: (value: string) => {
      secret = value;
    },
    close: () => new Promise((closed) => server.close(closed)),
  };
}

/** An API key made through the integrations route, then a hook on `formId` subscribed with it as Zapier does. */
async function subscribeHook(server: BenchServer, accountId: number, formId: string, targetUrl: string): Promise<{ id: string; secret: string }> {
  const token = await fetch(`${server.baseUrl}/api/${accountId}/integrations/zapier/create-account-token/`, { method: 'POST', headers: server.session.jsonHeaders(), body: '{}' });
  if (token.status !== 201) throw new Error(`API key: ${token.status} ${await token.text()}`);
  const apiKey = ((await token.json()) as { token: string }).token;
  const hook = await fetch(`${server.baseUrl}/api/zapier/hooks/`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'x-api-key': apiKey },
    body: JSON.stringify({ target_url: targetUrl, event: 'response.created', form_id: formId }),
  });
  if (hook.status !== 201) throw new Error(`hook subscription: ${hook.status} ${await hook.text()}`);
  return (await hook.json()) as { id: string; secret: string };
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

    const postmaster = pg.pid();
    if (postmaster === undefined) throw new Error('the bench must run its own PostgreSQL (to count its CPU)');
    const cpuOf = (server: { pid?: number }): CpuSample => () => ({ server: processCpuMs(server.pid!), postgres: clusterCpuMs(postmaster) });
    const plainUrl = 'http://127.0.0.1:4801/api/form-submit/';
    const oursUrl = 'http://127.0.0.1:4802/api/form-submit/';
    const plainServer = await startServer('plain', pg.connectionString, 4801);
    type Run = Awaited<ReturnType<typeof load>>;
    const rounds: { plain: Run; ours: Run }[] = [];
    /** Per no-integration load, seconds until its outbox rows were all moved (null: not within DRAIN_TIMEOUT). */
    const outboxWaits: (number | null)[] = [];
    type HookedRound = { plain: Run; run: Run; drain: Awaited<ReturnType<typeof waitForDrain>>; deliveredDuringLoad: number; throughDrainMs: number };
    const hookedRounds: HookedRound[] = [];
    const receiver = await hookReceiver();
    // Each load starts on vacuumed tables, so that autovacuum, woken by the rows the previous loads left, is not
    // charged to whichever load it happens to run during (it took up to a third of PostgreSQL's CPU in one).
    const vacuumed = async <T>(measure: () => Promise<T>): Promise<T> => {
      await sql`vacuum analyze`.execute(db);
      return measure();
    };
    const loadPlain = () => vacuumed(() => load(plainUrl, submission, cpuOf(plainServer)));
    try {
      const oursServer = await startServer('ours', pg.connectionString, 4802);
      try {
        startToken = (await fetch(`http://127.0.0.1:4802/api/public/forms/${formRow.id}/`)).headers.get('x-form-start-token') ?? '';
        if (!startToken) throw new Error('the public form read handed out no start token');
        // A token younger than SUBMIT_MIN_FILL_MS would file every submission as spam.
        await new Promise((done) => setTimeout(done, 3_100));
        const loadOurs = async () => {
          const run = await vacuumed(() => load(oursUrl, submission, cpuOf(oursServer)));
          // The workers move the outbox rows the load left (to no delivery: the form has no integration) once it
          // eases; nothing else runs until they are done, so their work is never charged to the next load. Without
          // workers (OURS_WORKERS=0) nobody would: the rows are deleted instead.
          if (oursWorkers) outboxWaits.push(await waitForEmptyOutbox(db, Date.now()));
          else await sql`delete from delivery_outbox`.execute(db);
          return run;
        };
        for (let round = 0; round < ROUNDS; round++) {
          const [plain, ours] = await inTurn(round, loadPlain, loadOurs);
          rounds.push({ plain, ours });
        }
      } finally {
        oursServer.kill('SIGTERM');
      }

      // Second scenario: the same form with one Zapier hook, the delivery workers running in the server, in rounds
      // alternating with the bare insert as above. After each hooked load the bench waits until every delivery of it
      // arrived, so the drain is never charged to the next load.
      if (HOOK_ROUNDS > 0) {
        const hookedServer = await startOurServer({ connectionString: pg.connectionString, db }, accountId, 4803, { WORKERS: process.env.HOOK_WORKERS ?? '1', ZAPIER_HOOK_HOSTS: '127.0.0.1' });
        try {
          receiver.setSecret((await subscribeHook(hookedServer, accountId, formRow.id, receiver.url)).secret);
          const loadHooked = async (): Promise<Omit<HookedRound, 'plain'>> => {
            const arrivedBefore = receiver.receipts.size;
            const run = await vacuumed(() => load(`${hookedServer.baseUrl}/api/form-submit/`, submission, cpuOf(hookedServer.child)));
            // How much the workers sent while the submissions were coming in (they give way to a saturated web side).
            const deliveredDuringLoad = receiver.receipts.size - arrivedBefore;
            const drain = await waitForDrain(db, receiver, [...run.warmIds, ...run.ids], Date.now());
            // From the measured load's start until every delivery arrived: what each accepted response cost in all.
            const end = cpuOf(hookedServer.child)();
            return { run, drain, deliveredDuringLoad, throughDrainMs: end.server - run.cpuBefore.server + end.postgres - run.cpuBefore.postgres };
          };
          for (let round = 0; round < HOOK_ROUNDS; round++) {
            const [plain, hooked] = await inTurn(round, loadPlain, loadHooked);
            hookedRounds.push({ ...hooked, plain });
          }
        } finally {
          await hookedServer.stop();
        }
      }
    } finally {
      plainServer.kill('SIGTERM');
      await receiver.close();
    }

    // Every id answered with 201 must be a stored row (requests still in flight when the run stopped may add rows).
    const storedOf = async (table: 'bench_plain' | 'form_responses', ids: string[]) =>
      (await sql<{ n: number }>`select count(*)::int as n from ${sql.table(table)} where id = any(${ids}::uuid[])`.execute(db)).rows[0].n;
    const row = async (name: string, run: Run, table: 'bench_plain' | 'form_responses') => {
      const rows = await storedOf(table, run.ids);
      return {
        'req/s (mean)': Math.round(run.result.requests.average),
        'p50 ms': run.result.latency.p50,
        'p99 ms': run.result.latency.p99,
        errors: run.result.errors + run.result.timeouts + run.result.non2xx,
        '201 answers': run.created,
        'of them stored': rows,
        'every 201 stored': rows === run.created ? 'yes' : `NO (${run.created - rows} missing)`,
        'CPU ms/req server': (run.cpuMs.server / run.result.requests.total).toFixed(3),
        'CPU ms/req PostgreSQL': (run.cpuMs.postgres / run.result.requests.total).toFixed(3),
        name,
      };
    };
    const table = [];
    for (const [index, round] of rounds.entries()) {
      table.push(await row(`round ${index + 1}: plain Fastify + pg insert (baseline)`, round.plain, 'bench_plain'));
      table.push(await row(`round ${index + 1}: ours, no integration (validation, logic, versioning, idempotency, outbox; workers in the server)`, round.ours, 'form_responses'));
    }
    for (const [index, round] of hookedRounds.entries()) {
      table.push(await row(`hooked round ${index + 1}: plain Fastify + pg insert (baseline)`, round.plain, 'bench_plain'));
      table.push(await row(`hooked round ${index + 1}: ours + 1 Zapier hook, delivery workers in the server`, round.run, 'form_responses'));
    }
    const cpuOfRuns = (runs: Run[]) => runs.reduce((sum, run) => sum + run.cpuMs.server + run.cpuMs.postgres, 0) / runs.reduce((sum, run) => sum + run.result.requests.total, 0);
    const ratio = (run: Run, baseline: Run) => run.result.requests.average / baseline.result.requests.average;
    const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];
    const listed = (values: number[]) => `${values.map((value) => `${value.toFixed(2)}×`).join(', ')} (median ${median(values).toFixed(2)}×)`;
    const ratios = rounds.map((round) => ratio(round.ours, round.plain));
    const hookedRatios = hookedRounds.map((round) => ratio(round.run, round.plain));
    const plainCpu = cpuOfRuns(rounds.map((round) => round.plain));
    const hookedPlainCpu = cpuOfRuns(hookedRounds.map((round) => round.plain));
    const hookedRequests = hookedRounds.reduce((sum, round) => sum + round.run.result.requests.total, 0);
    console.log(`POST /api/form-submit/ — autocannon, ${CONNECTIONS} connections, ${DURATION} s each, same PostgreSQL, this run (${ROUNDS} rounds of each scenario, its baseline alternating with it)`);
    console.table(table);
    console.log(`ratio without hooks, round by round: ${listed(ratios)} the baseline (target ≥ 0.6×, p99 ≤ 30 ms)`);
    console.log(
      oursWorkers ? `outbox after each no-integration load: ${outboxWaits.map((waited) => (waited === null ? `not empty within ${DRAIN_TIMEOUT_S} s` : `empty ${waited.toFixed(1)} s after it stopped`)).join(', ')}` : 'outbox: not moved (OURS_WORKERS=0)',
    );
    if (hookedRounds.length === 0) {
      console.log(`CPU per request, server + PostgreSQL: baseline ${plainCpu.toFixed(3)} ms; ours ${(cpuOfRuns(rounds.map((round) => round.ours)) / plainCpu).toFixed(2)}× it (HOOK_ROUNDS=0: no hooked scenario)`);
      return;
    }
    console.log(`ratio with one Zapier hook, round by round: ${listed(hookedRatios)} the baseline (target ≥ 0.5×)`);
    console.log(
      `CPU per request, server + PostgreSQL (what a busy machine changes least): baseline ${plainCpu.toFixed(3)} ms; ` +
        `ours ${(cpuOfRuns(rounds.map((round) => round.ours)) / plainCpu).toFixed(2)}× it; with one Zapier hook ${(cpuOfRuns(hookedRounds.map((round) => round.run)) / hookedPlainCpu).toFixed(2)}× its rounds' baseline during the load, ` +
        `${(hookedRounds.reduce((sum, round) => sum + round.throughDrainMs, 0) / hookedRequests / hookedPlainCpu).toFixed(2)}× counting every delivery through the drain (the warm-ups' too)`,
    );
    const accepted = hookedRounds.reduce((sum, round) => sum + round.run.warmIds.length + round.run.ids.length, 0);
    const last = hookedRounds[hookedRounds.length - 1].drain;
    console.log(
      `deliveries of the ${accepted} accepted submissions (warm-ups included): lost ${hookedRounds.reduce((sum, round) => sum + round.drain.lost, 0)} (target 0), ` +
        `duplicates ${last.duplicates} (target 0), bad signatures ${receiver.badSignatures()}; drain after each load: ` +
        hookedRounds.map((round) => (round.drain.drainSeconds === null ? `not finished within ${DRAIN_TIMEOUT_S} s` : `${round.drain.drainSeconds.toFixed(1)} s`)).join(', ') +
        ` (delivery rows: ${hookedRounds.map((round) => round.drain.states).join(' | ')}); arrived while the load ran: ${hookedRounds.map((round) => round.deliveredDuringLoad).join(', ')}`,
    );
  } finally {
    await db.destroy();
    await pg.stop();
    await rm(dir, { recursive: true, force: true });
  }
}

/**
 * Runs both loads of one round, `a` first in even rounds and `b` first in odd ones: a machine that speeds up or slows
 * down during the run favours neither. Returns their results as [a, b] either way.
 */
async function inTurn<A, B>(round: number, a: () => Promise<A>, b: () => Promise<B>): Promise<[A, B]> {
  if (round % 2 === 0) {
    const first = await a();
    return [first, await b()];
  }
  const first = await b();
  return [await a(), first];
}

/** Seconds from `loadStoppedAt` until `delivery_outbox` is empty (null: not within DRAIN_TIMEOUT). */
async function waitForEmptyOutbox(db: DB, loadStoppedAt: number): Promise<number | null> {
  const deadline = loadStoppedAt + DRAIN_TIMEOUT_S * 1000;
  while (Date.now() < deadline) {
    const { n } = (await sql<{ n: number }>`select count(*)::int as n from delivery_outbox`.execute(db)).rows[0];
    if (n === 0) return (Date.now() - loadStoppedAt) / 1000;
    await new Promise((tick) => setTimeout(tick, 100));
  }
  return null;
}

/**
 * Waits until the receiver has a 2xx for the delivery of every accepted response (or DRAIN_TIMEOUT), then counts the
 * lost (no delivery row, or never received) and the duplicates (any `webhook-id` answered 2xx more than once).
 */
async function waitForDrain(db: DB, receiver: Awaited<ReturnType<typeof hookReceiver>>, responseIds: string[], loadStoppedAt: number) {
  // `= any(array)`: one parameter, however many responses were accepted.
  const ofResponses = sql<boolean>`form_response_id = any(${responseIds}::uuid[])`;
  // The workers make a response's delivery from its outbox row: read the rows again until every response has one.
  let rows: { id: string; form_response_id: string }[] = [];
  let deliveryOf = new Map<string, string>();
  const readDeliveries = async () => {
    rows = await db.selectFrom('deliveries').select(['id', 'form_response_id']).where(ofResponses).execute();
    deliveryOf = new Map(rows.map((row) => [row.form_response_id, row.id]));
  };
  const arrived = (responseId: string) => {
    const id = deliveryOf.get(responseId);
    return id !== undefined && (receiver.receipts.get(id)?.oks ?? 0) > 0;
  };
  const deadline = loadStoppedAt + DRAIN_TIMEOUT_S * 1000;
  await readDeliveries();
  while (!responseIds.every(arrived) && Date.now() < deadline) {
    await new Promise((tick) => setTimeout(tick, 100));
    if (rows.length < responseIds.length) await readDeliveries();
  }
  const drained = responseIds.every(arrived);
  // A moment more for a repeat to show up, had the engine sent anything twice.
  await new Promise((settle) => setTimeout(settle, 2_000));
  const lastArrival = rows.reduce((last, row) => Math.max(last, receiver.receipts.get(row.id)?.firstOkAt ?? 0), loadStoppedAt);
  const states = await db.selectFrom('deliveries').select(['status', (eb) => eb.fn.countAll<string>().as('n')]).where(ofResponses).groupBy('status').execute();
  return {
    lost: responseIds.filter((id) => !arrived(id)).length,
    duplicates: [...receiver.receipts.values()].filter((receipt) => receipt.oks > 1).length,
    drainSeconds: drained ? (lastArrival - loadStoppedAt) / 1000 : null,
    deliveries: rows.length,
    states: states.map((state) => `${state.status} ${state.n}`).join(', '),
  };
}

await main();
