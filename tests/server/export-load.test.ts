import { connect, type Socket } from 'node:net';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createExportPool, EXPORT_APPLICATION_NAME, EXPORT_STATEMENT_TIMEOUT_MS } from '../../server/db/database.js';
import { templateBody } from './form-fixtures.js';
import { createAccount, createTestContext, createUser, json, signedIn, type TestClient, type TestContext } from './helpers.js';

/**
 * Issue 10, item 1: stalled or abandoned CSV exports must not hold pooled connections. Real sockets on loopback
 * (`inject` reads every byte, so it cannot stall): clients that start an export and never read.
 */
const ROWS = 30_000;

interface Setup {
  ctx: TestContext;
  base: string;
  exportPath: string;
  lawyer: TestClient;
  clerks: TestClient[];
}

const cookieHeader = (client: TestClient) => [...client.cookies].map(([key, value]) => `${key}=${value}`).join('; ');

/** An account with a lawyer and `clerks` other users, a form with ROWS responses, and the app listening on loopback. */
async function setUp(env: Record<string, string>, clerkCount: number): Promise<Setup> {
  const ctx = await createTestContext(env);
  const acme = await createAccount(ctx.db);
  await createUser(ctx.db, { email: 'lawyer@acme.test', accountId: acme });
  const lawyer = await signedIn(ctx.app, 'lawyer@acme.test');
  const clerks: TestClient[] = [];
  for (let i = 0; i < clerkCount; i += 1) {
    await createUser(ctx.db, { email: `clerk${i}@acme.test`, accountId: acme });
    clerks.push(await signedIn(ctx.app, `clerk${i}@acme.test`));
  }
  const created = await lawyer.request({ method: 'POST', url: `/api/${acme}/form-templates/`, ...json(templateBody()) });
  expect(created.statusCode).toBe(201);
  const formId = created.json().id as string;
  const nameInput = created.json().jsonForm[0].children[1].id as string;
  // A CSV of ~14 MB, far more than socket buffers hold, so a reader that stops reading stalls the export.
  await sql`
    with version as (
      insert into form_versions (form_template_id, account_id, version_at, json_form, json_conditional_logic)
      select id, account_id, updated_at, json_form, json_conditional_logic from form_templates where id = ${formId}
      returning id
    )
    insert into form_responses (account_id, form_template_id, form_version_id, submission_key, data)
    select ${acme}, ${formId}, version.id, gen_random_uuid(), jsonb_build_object(${nameInput}::text, repeat('Jane Doe ', 45) || g)
    from version, generate_series(1, ${ROWS}) g
  `.execute(ctx.db);
  const base = await ctx.app.listen({ port: 0, host: '127.0.0.1' });
  return { ctx, base, exportPath: `/api/${acme}/form-templates/${formId}/export-responses/`, lawyer, clerks };
}

/** Starts an export and stops reading after the first bytes; `status` is the status line it saw. */
function stalledExport(setup: Setup, client: TestClient): { socket: Socket; status: Promise<number> } {
  const url = new URL(setup.base);
  const socket = connect(Number(url.port), url.hostname);
  socket.on('error', () => {});
  socket.write(`GET ${setup.exportPath} HTTP/1.1\r\nHost: ${url.host}\r\nCookie: ${cookieHeader(client)}\r\n\r\n`);
  const status = new Promise<number>((resolve) => {
    socket.once('data', (chunk: Buffer) => {
      socket.pause(); // never read again
      resolve(Number(/^HTTP\/1\.1 (\d{3})/.exec(chunk.toString('latin1'))?.[1] ?? 0));
    });
    socket.once('close', () => resolve(0));
  });
  return { socket, status };
}

/** Backends of this database doing anything (a query, an open transaction), besides the one asking. */
async function busyBackends(ctx: TestContext, applicationName?: string): Promise<number> {
  const row = await sql<{ n: number }>`
    select count(*)::int as n from pg_stat_activity
    where datname = current_database() and pid <> pg_backend_pid() and state is not null and state <> 'idle'
      and (${applicationName ?? null}::text is null or application_name = ${applicationName ?? null})
  `.execute(ctx.db);
  return row.rows[0].n;
}

async function timed(setup: Setup, path: string, cookie?: string): Promise<{ status: number; ms: number }> {
  const started = performance.now();
  const response = await fetch(`${setup.base}${path}`, { headers: cookie ? { cookie } : {}, signal: AbortSignal.timeout(5_000) });
  await response.arrayBuffer();
  return { status: response.status, ms: performance.now() - started };
}

const csvLines = (body: string) => body.trimEnd().split('\r\n').length;

describe('25 stalled CSV exports', () => {
  const STALL_TIMEOUT_MS = 1_500;
  const STALLED_EXPORTS = 25;
  let setup: Setup;

  // Two clerks, two exports each: the stalled readers hold the whole export pool (4) until the stall timeout.
  beforeAll(async () => {
    setup = await setUp({ EXPORT_STALL_TIMEOUT_MS: String(STALL_TIMEOUT_MS), EXPORT_POOL_SIZE: '4', EXPORT_USER_CONCURRENCY: '2' }, 2);
  }, 60_000);
  afterAll(() => setup?.ctx.close());

  it('leave health, /api/me/ and another user’s export working, and leak no connection', async () => {
    const { ctx, lawyer, clerks } = setup;
    const stalled = Array.from({ length: STALLED_EXPORTS }, (_, i) => stalledExport(setup, clerks[i % clerks.length]));

    // During: health and /api/me/ every 100 ms, each within 1 s; meanwhile the lawyer downloads the whole CSV.
    const probes: { status: number; ms: number }[] = [];
    let probing = true;
    const probeLoop = (async () => {
      while (probing) {
        probes.push(await timed(setup, '/api/health/'), await timed(setup, '/api/me/', cookieHeader(lawyer)));
        await new Promise((resolve) => setTimeout(resolve, 100));
      }
    })();
    const statuses = await Promise.all(stalled.map((s) => s.status));
    const full = await fetch(`${setup.base}${setup.exportPath}`, { headers: { cookie: cookieHeader(lawyer) }, signal: AbortSignal.timeout(20_000) });
    const fullBody = await full.text();
    probing = false;
    await probeLoop;

    expect(full.status).toBe(200);
    expect(csvLines(fullBody)).toBe(ROWS + 1);
    // Each clerk runs 2 exports at once; the other 21 hear 429 at once.
    expect(statuses.filter((status) => status === 200)).toHaveLength(4);
    expect(statuses.filter((status) => status === 429)).toHaveLength(STALLED_EXPORTS - 4);
    expect(probes.length).toBeGreaterThan(4);
    for (const probe of probes) {
      expect(probe.status).toBe(200);
      expect(probe.ms).toBeLessThan(1_000);
    }
    console.info(
      `stalled exports: ${STALLED_EXPORTS} (${statuses.filter((s) => s === 200).length} started, ${statuses.filter((s) => s === 429).length} × 429); ` +
        `${probes.length} health and /api/me/ probes, slowest ${Math.round(Math.max(...probes.map((p) => p.ms)))} ms`,
    );

    // After: the stall timeout closed every stalled reader; with the clients gone, no backend is left busy.
    for (const { socket } of stalled) socket.destroy();
    await expect.poll(() => busyBackends(ctx, EXPORT_APPLICATION_NAME), { timeout: 5_000, interval: 100 }).toBe(0);
    await expect.poll(() => busyBackends(ctx), { timeout: 5_000, interval: 100 }).toBe(0);
    for (const probe of await Promise.all([timed(setup, '/api/health/'), timed(setup, '/api/me/', cookieHeader(lawyer))])) {
      expect(probe.status).toBe(200);
      expect(probe.ms).toBeLessThan(1_000);
    }
    // The clerks' slots came back with their connections: their exports run again.
    const again = await fetch(`${setup.base}${setup.exportPath}`, { headers: { cookie: cookieHeader(clerks[0]) } });
    expect(again.status).toBe(200);
    expect(csvLines(await again.text())).toBe(ROWS + 1);
  }, 40_000);

  it('answers 429 with Retry-After and a detail past the per-user export limit', async () => {
    const { clerks } = setup;
    const first = [stalledExport(setup, clerks[1]), stalledExport(setup, clerks[1])];
    expect(await Promise.all(first.map((s) => s.status))).toEqual([200, 200]);
    const third = await fetch(`${setup.base}${setup.exportPath}`, { headers: { cookie: cookieHeader(clerks[1]) } });
    expect(third.status).toBe(429);
    expect(third.headers.get('retry-after')).toMatch(/^\d+$/);
    expect((await third.json()).detail).toMatch(/exports running/);
    for (const { socket } of first) socket.destroy();
    // An abandoned export gives its slot back: the same clerk may export again.
    await expect.poll(async () => (await fetch(`${setup.base}${setup.exportPath}?days=1`, { headers: { cookie: cookieHeader(clerks[1]) } })).status).toBe(200);
  }, 20_000);
});

describe('a full export pool', () => {
  let setup: Setup;
  beforeAll(async () => {
    setup = await setUp({ EXPORT_POOL_SIZE: '1', EXPORT_ACQUIRE_TIMEOUT_MS: '300', EXPORT_STALL_TIMEOUT_MS: '20000' }, 1);
  }, 60_000);
  afterAll(() => setup?.ctx.close());

  it('answers 503 with Retry-After after the acquire timeout, and the export runs once the pool frees', async () => {
    const held = stalledExport(setup, setup.clerks[0]);
    expect(await held.status).toBe(200);
    const started = performance.now();
    const refused = await fetch(`${setup.base}${setup.exportPath}`, { headers: { cookie: cookieHeader(setup.lawyer) } });
    expect(refused.status).toBe(503);
    expect(refused.headers.get('retry-after')).toMatch(/^\d+$/);
    expect((await refused.json()).detail).toMatch(/Too many exports/);
    expect(performance.now() - started).toBeLessThan(3_000);
    held.socket.destroy();
    await expect.poll(() => busyBackends(setup.ctx, EXPORT_APPLICATION_NAME), { timeout: 5_000, interval: 100 }).toBe(0);
    const ok = await fetch(`${setup.base}${setup.exportPath}`, { headers: { cookie: cookieHeader(setup.lawyer) } });
    expect(ok.status).toBe(200);
    expect(csvLines(await ok.text())).toBe(ROWS + 1);
  }, 20_000);
});

describe('stopping the server', () => {
  it('cuts running exports instead of waiting for their readers', async () => {
    const setup = await setUp({ EXPORT_STALL_TIMEOUT_MS: '60000' }, 1);
    const held = stalledExport(setup, setup.clerks[0]);
    expect(await held.status).toBe(200);
    const started = performance.now();
    await setup.ctx.close();
    expect(performance.now() - started).toBeLessThan(5_000);
    held.socket.destroy();
  }, 20_000);
});

describe('the export pool', () => {
  it('has its own statement timeout: a cursor read is one statement from first to last batch, and may stream for minutes', async () => {
    const { createTestDatabase } = await import('./helpers.js');
    const database = await createTestDatabase();
    const pool = createExportPool({ ...database.pool.options, statement_timeout: 1_000 }, { size: 1, userConcurrency: 1, stallTimeoutMs: 1_000 });
    const client = await pool.connect();
    try {
      const { rows } = await client.query<{ ms: number }>(`select (extract(epoch from current_setting('statement_timeout')::interval) * 1000)::int as ms`);
      expect(rows[0].ms).toBe(EXPORT_STATEMENT_TIMEOUT_MS);
    } finally {
      client.release();
      await pool.end();
      await database.drop();
    }
  });
});
