/**
 * CSV export: our streamed export of 100,000 responses (through HTTP, as a user downloads it) against PostgreSQL's own
 * `COPY … TO STDOUT` of the same rows, both in this run; then our peak memory at 1,000,000 rows, which must stay flat.
 * Target (BENCHMARKS.md): ≤ 1.5× COPY's time; peak memory flat from 100 k to 1 M rows.
 */
import { fork } from 'node:child_process';
import { join } from 'node:path';
import { sql } from 'kysely';
import { peakRssMb, root, seedResponses, startDatabase, startOurServer } from './lib/fixture.js';

async function copyBaseline(connectionString: string, formId: string) {
  const child = fork(join(root, 'bench/fixtures/copy-export.ts'), [], { execArgv: ['--import', 'tsx'], env: { ...process.env, DATABASE_URL: connectionString, FORM_ID: formId }, stdio: ['ignore', 'inherit', 'inherit', 'ipc'] });
  const result = await new Promise<{ seconds: number; bytes: number }>((resolveResult) => child.once('message', (m) => resolveResult(m as { seconds: number; bytes: number })));
  const rss = await peakRssMb(child.pid!);
  await new Promise((r) => child.once('exit', r));
  return { ...result, rss };
}

async function ourExport(database: Awaited<ReturnType<typeof startDatabase>>, accountId: number, formId: string, port: number) {
  const server = await startOurServer(database, accountId, port);
  try {
    const before = await server.peakRssMb();
    const started = performance.now();
    const response = await fetch(`${server.baseUrl}/api/${accountId}/form-templates/${formId}/export-responses/`, { headers: { cookie: server.cookie } });
    if (!response.ok || !response.body) throw new Error(`export failed: ${response.status}`);
    let bytes = 0;
    let lines = 0;
    for await (const chunk of response.body as unknown as AsyncIterable<Uint8Array>) {
      bytes += chunk.length;
      for (const byte of chunk) if (byte === 10) lines += 1;
    }
    const seconds = (performance.now() - started) / 1000;
    return { seconds, bytes, lines, rssBefore: before, rss: await server.peakRssMb() };
  } finally {
    await server.stop();
  }
}

const mb = (value: number) => `${value.toFixed(0)} MB`;

async function main() {
  const database = await startDatabase();
  try {
    const rows100k = Number(process.env.ROWS ?? 100_000);
    const seeded = await seedResponses(database.db, rows100k);
    const copy = await copyBaseline(database.connectionString, seeded.formId);
    const ours = await ourExport(database, seeded.accountId, seeded.formId, 4811);

    const rows1m = Number(process.env.ROWS_LARGE ?? 1_000_000);
    await sql`delete from form_responses`.execute(database.db);
    const large = await seedResponses(database.db, rows1m);
    const oursLarge = await ourExport(database, large.accountId, large.formId, 4812);

    console.log('CSV export, this machine, this run (peak RSS = VmHWM of the process doing the export)');
    console.table({
      [`COPY … TO STDOUT, ${rows100k.toLocaleString()} rows (baseline)`]: { seconds: copy.seconds.toFixed(2), MB: (copy.bytes / 1e6).toFixed(1), 'peak RSS': mb(copy.rss) },
      [`ours over HTTP, ${rows100k.toLocaleString()} rows`]: { seconds: ours.seconds.toFixed(2), MB: (ours.bytes / 1e6).toFixed(1), 'peak RSS': `${mb(ours.rss)} (idle ${mb(ours.rssBefore)})` },
      [`ours over HTTP, ${rows1m.toLocaleString()} rows`]: { seconds: oursLarge.seconds.toFixed(2), MB: (oursLarge.bytes / 1e6).toFixed(1), 'peak RSS': `${mb(oursLarge.rss)} (idle ${mb(oursLarge.rssBefore)})` },
    });
    console.log(`time ratio at ${rows100k.toLocaleString()} rows: ${(ours.seconds / copy.seconds).toFixed(2)}× COPY (target ≤ 1.5×)`);
    console.log(`peak memory ${rows100k.toLocaleString()} → ${rows1m.toLocaleString()} rows: ${mb(ours.rss)} → ${mb(oursLarge.rss)} (target: flat)`);
    console.log(`rows exported: ${ours.lines - 1} and ${oursLarge.lines - 1 - 0} lines (a response with a newline in a cell would add lines; these have none)`);
  } finally {
    await database.close();
  }
}

await main();
