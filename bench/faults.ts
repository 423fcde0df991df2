/**
 * Faults under load: the real server (`server/server.ts`, embedded PostgreSQL in a fresh DATA_DIR) takes public
 * submissions from 30 concurrent clients while we kill -9 (1) its PostgreSQL, (2) the server itself, which we then
 * start again as a process manager would, (3) both at once, then start the server again. For each run it prints the
 * acknowledged (201) submissions, how many of them are stored, lost and doubled, the 5xx and 503 answers, and the
 * outage: from the kill to the last refused or unanswered submission ('not recovered' when failures last to the end of
 * the run), and whether the server process died by itself. Target (issue 10): 0 lost, 0 doubled, never a 500,
 * PostgreSQL's death recovered without anyone acting in under 10 s.
 *
 * `SERVER_ROOT=/path/to/other/checkout npm run bench:faults` runs the same against another checkout's server (e.g. the
 * commit before the fixes), for a before/after in one session. Only loopback traffic; every loop is bounded in time.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import pg from 'pg';
import { freePort, startEmbeddedPostgres } from '../server/db/embedded-postgres.js';
import { signIn } from './lib/sign-in.js';

const root = resolve(process.env.SERVER_ROOT ?? join(import.meta.dirname, '..'));
const CLIENTS = 30;
const BEFORE_KILL_MS = 2_000;
const AFTER_KILL_MS = 12_000;
const ADMIN = { email: 'admin@faults.test', password: 'faults-password-123' };
const sleep = (ms: number) => new Promise((done) => setTimeout(done, ms));

function startServer(dataDir: string, port: number): ChildProcess {
  return spawn(process.execPath, ['--import', 'tsx', join(root, 'server/server.ts')], {
    cwd: root,
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      DATABASE_URL: '',
      ADMIN_EMAIL: ADMIN.email,
      ADMIN_PASSWORD: ADMIN.password,
      SUBMIT_RATE_LIMIT: '1000000',
      SUBMIT_MIN_FILL_MS: '0',
      LOG_LEVEL: 'silent',
      NODE_ENV: 'production',
    },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
}

async function waitHealthy(base: string, timeoutMs = 60_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    const ok = await fetch(`${base}/api/health/`, { signal: AbortSignal.timeout(2_000) }).then((r) => r.ok, () => false);
    if (ok) return;
    await sleep(100);
  }
  throw new Error('the server did not become healthy');
}

/** Signs in as the administrator and makes a one-input form in the first account. */
async function makeForm(base: string): Promise<Form> {
  const session = await signIn(base, ADMIN.email, ADMIN.password);
  const accounts = (await (await fetch(`${base}/api/accounts/`, { headers: { cookie: session.cookie } })).json()) as { results: { id: number }[] };
  const accountId = accounts.results[0].id;
  const pageId = randomUUID();
  const inputId = randomUUID();
  const jsonForm = [
    {
      type: 'page', id: pageId, title: 'Start',
      children: [{
        type: 'input', subtype: 'textInput', id: inputId, parentId: pageId, label: 'Name', dataName: 'name', placeholder: '', helpText: '',
        default: { staticValue: null, referenceValueId: null }, options: [], minValue: null, maxValue: null, stepValue: null,
        minLength: null, maxLength: null, required: false,
      }],
    },
  ];
  const created = await fetch(`${base}/api/${accountId}/form-templates/`, {
    method: 'POST',
    headers: session.jsonHeaders(),
    body: JSON.stringify({ name: 'Faults', jsonForm, jsonConditionalLogic: { conditionMap: {}, pageMap: {} } }),
  });
  if (created.status !== 201) throw new Error(`form creation failed: ${created.status} ${await created.text()}`);
  const formId = ((await created.json()) as { id: string }).id;
  // What the respondent page sends back (an older server hands out none and reads started_at instead).
  const startToken = (await fetch(`${base}/api/public/forms/${formId}/`)).headers.get('x-form-start-token') ?? '';
  return { formId, inputId, startToken };
}

interface Form {
  formId: string;
  inputId: string;
  startToken: string;
}

interface Tally {
  acknowledged: Map<string, string>; // response id → submission key
  statuses: Map<string, number>;
  /** When the last refused or unanswered submission came back: the outage lasts until then. */
  lastFailureAt: number | undefined;
}

async function load(base: () => string, form: Form, until: number, tally: Tally) {
  const client = async () => {
    while (Date.now() < until) {
      const key = randomUUID();
      let status: string;
      try {
        const response = await fetch(`${base()}/api/form-submit/`, {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify({ form_id: form.formId, submission_key: key, start_token: form.startToken, started_at: Date.now() - 60_000, hp: '', data: { [form.inputId]: `Client ${key}` } }),
          signal: AbortSignal.timeout(5_000),
        });
        status = String(response.status);
        if (response.status === 201) {
          const body = (await response.json()) as { id: string };
          tally.acknowledged.set(body.id, key);
        } else {
          await response.arrayBuffer();
        }
      } catch {
        status = 'no answer';
      }
      if (status !== '201') {
        tally.lastFailureAt = Date.now();
        tally.statuses.set(status, (tally.statuses.get(status) ?? 0) + 1);
        await sleep(25);
      }
    }
  };
  await Promise.all(Array.from({ length: CLIENTS }, client));
}

function postmasterPid(dataDir: string): number {
  return Number(readFileSync(join(dataDir, 'pg', 'postmaster.pid'), 'utf8').split('\n')[0]);
}

/** Counts what the database holds, after the server stopped (starting its PostgreSQL when nothing brought it back). */
async function storedOf(dataDir: string, ids: string[]): Promise<{ found: number; rows: number; distinctKeys: number }> {
  const postgres = await startEmbeddedPostgres({ dataDir, database: 'formbuilder' });
  const client = new pg.Client({ connectionString: postgres.connectionString });
  await client.connect();
  try {
    const found = await client.query('select count(*)::int as n from form_responses where id = any($1::uuid[])', [ids]);
    const all = await client.query('select count(*)::int as rows, count(distinct submission_key)::int as keys from form_responses');
    return { found: found.rows[0].n, rows: all.rows[0].rows, distinctKeys: all.rows[0].keys };
  } finally {
    await client.end();
    await postgres.stop();
  }
}

type Scenario = 'postgres' | 'server' | 'both';

async function run(scenario: Scenario) {
  const dataDir = await mkdtemp(join(tmpdir(), `formbuilder-faults-${scenario}-`));
  const port = await freePort();
  const base = `http://127.0.0.1:${port}`;
  let server = startServer(dataDir, port);
  try {
    await waitHealthy(base);
    const form = await makeForm(base);
    const tally: Tally = { acknowledged: new Map(), statuses: new Map(), lastFailureAt: undefined };
    const killAt = Date.now() + BEFORE_KILL_MS;
    const until = killAt + AFTER_KILL_MS;
    const loading = load(() => base, form, until, tally);
    await sleep(killAt - Date.now());
    if (scenario !== 'server') process.kill(postmasterPid(dataDir), 'SIGKILL');
    if (scenario !== 'postgres') {
      server.kill('SIGKILL');
      await new Promise((done) => server.once('exit', done));
      // A process manager starts it again.
      server = startServer(dataDir, port);
    }
    await loading;
    const crashed = server.exitCode !== null || server.signalCode !== null;
    server.kill('SIGTERM');
    await new Promise((done) => (server.exitCode !== null || server.signalCode !== null ? done(null) : server.once('exit', done)));
    const stored = await storedOf(dataDir, [...tally.acknowledged.keys()]);
    const fivexx = [...tally.statuses].filter(([status]) => status.startsWith('5')).reduce((sum, [, n]) => sum + n, 0);
    return {
      'killed -9': scenario === 'postgres' ? 'PostgreSQL' : scenario === 'server' ? 'server (restarted)' : 'both (server restarted)',
      acknowledged: tally.acknowledged.size,
      'stored of them': stored.found,
      lost: tally.acknowledged.size - stored.found,
      doubled: stored.rows - stored.distinctKeys,
      '500 answers': tally.statuses.get('500') ?? 0,
      '503 answers': tally.statuses.get('503') ?? 0,
      'other 5xx': fivexx - (tally.statuses.get('500') ?? 0) - (tally.statuses.get('503') ?? 0),
      'no answer': tally.statuses.get('no answer') ?? 0,
      'outage ms': tally.lastFailureAt === undefined ? 0 : tally.lastFailureAt > until - 1_000 ? 'not recovered' : tally.lastFailureAt - killAt,
      'server process died by itself': crashed ? 'yes' : 'no',
    };
  } finally {
    if (server.exitCode === null && server.signalCode === null) {
      server.kill('SIGTERM');
      await new Promise((done) => server.once('exit', done));
    }
    try {
      process.kill(postmasterPid(dataDir), 'SIGINT');
    } catch {
      // already stopped
    }
    await sleep(500);
    await rm(dataDir, { recursive: true, force: true });
  }
}

const rows = [];
for (const scenario of ['postgres', 'server', 'both'] as const) rows.push(await run(scenario));
console.log(`Faults under submit load (${CLIENTS} clients, kill at ${BEFORE_KILL_MS} ms, ${AFTER_KILL_MS} ms after), server in ${root}`);
console.table(rows);
