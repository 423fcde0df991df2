/**
 * Server cold start: time from spawning the process to the first healthy answer of /api/health/.
 * Ours (embedded PostgreSQL, first run and with existing data) beside bare Fastify and Fastify + pg,
 * all measured in this run on this machine. Target (BENCHMARKS.md): ≤ 1.5 s with data, first run ≤ 5 s.
 */
import { spawn } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { performance } from 'node:perf_hooks';
import { startEmbeddedPostgres } from '../server/db/embedded-postgres.js';

const root = resolve(import.meta.dirname, '..');
const tsx = join(root, 'node_modules/.bin/tsx');
const RUNS = Number(process.env.RUNS ?? 5);
let nextPort = 4700;

async function timeToHealthy(script: string, env: Record<string, string>): Promise<number> {
  const port = String(nextPort++);
  const started = performance.now();
  const child = spawn(tsx, [script], { cwd: root, env: { ...process.env, LOG_LEVEL: 'silent', PORT: port, ...env }, stdio: 'ignore' });
  try {
    for (;;) {
      if (child.exitCode !== null) throw new Error(`${script} exited with ${child.exitCode}`);
      try {
        const response = await fetch(`http://127.0.0.1:${port}/api/health/`);
        if (response.ok) return performance.now() - started;
      } catch {
        // not listening yet
      }
      await new Promise((r) => setTimeout(r, 5));
    }
  } finally {
    const exited = new Promise((r) => child.once('exit', r));
    child.kill('SIGTERM');
    await exited;
  }
}

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];
const fmt = (ms: number) => `${Math.round(ms)} ms`;

async function main() {
  const results: Record<string, number[]> = { bare: [], pg: [], firstRun: [], existing: [] };
  const pgDir = await mkdtemp(join(tmpdir(), 'bench-baseline-pg-'));
  const baselinePg = await startEmbeddedPostgres({ dataDir: pgDir, database: 'bench' });
  try {
    for (let i = 0; i < RUNS; i++) {
      results.bare.push(await timeToHealthy(join(root, 'bench/fixtures/bare-fastify.ts'), {}));
      results.pg.push(await timeToHealthy(join(root, 'bench/fixtures/fastify-pg.ts'), { DATABASE_URL: baselinePg.connectionString }));
      const dataDir = await mkdtemp(join(tmpdir(), 'bench-cold-start-'));
      const env = { DATA_DIR: dataDir, DATABASE_URL: '', ADMIN_EMAIL: 'bench@example.com', ADMIN_PASSWORD: 'bench-password' };
      results.firstRun.push(await timeToHealthy(join(root, 'server/server.ts'), env));
      results.existing.push(await timeToHealthy(join(root, 'server/server.ts'), env));
      await rm(dataDir, { recursive: true, force: true });
    }
  } finally {
    await baselinePg.stop();
    await rm(pgDir, { recursive: true, force: true });
  }
  console.log(`Server cold start to first healthy /api/health/ (median of ${RUNS} runs, this machine, this run)`);
  console.table({
    'bare Fastify (baseline)': { median: fmt(median(results.bare)), runs: results.bare.map(fmt).join(', ') },
    'Fastify + pg (baseline)': { median: fmt(median(results.pg)), runs: results.pg.map(fmt).join(', ') },
    'ours, existing data (target ≤ 1500 ms)': { median: fmt(median(results.existing)), runs: results.existing.map(fmt).join(', ') },
    'ours, first run incl. initdb (target ≤ 5000 ms)': { median: fmt(median(results.firstRun)), runs: results.firstRun.map(fmt).join(', ') },
  });
}

await main();
