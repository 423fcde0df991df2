/**
 * Response list: p95 of GET /api/{accountId}/form-responses/ (page of 50) at depth 0 and at depth 100,000 over HTTP,
 * beside the same page fetched with OFFSET and with a bare keyset query straight from PostgreSQL, in this run.
 * Target (BENCHMARKS.md): p95 ≤ 15 ms at any depth.
 */
import { sql } from 'kysely';
import { encodeCursor } from '../server/responses/cursor.js';
import { percentile, sampleMs, seedResponses, startDatabase, startOurServer } from './lib/fixture.js';

const ROWS = Number(process.env.ROWS ?? 110_000);
const DEPTH = Math.min(100_000, ROWS - 100);
const SAMPLES = 60;

const time = (run: () => Promise<unknown>) => sampleMs(run, SAMPLES);

async function main() {
  const database = await startDatabase();
  try {
    const seeded = await seedResponses(database.db, ROWS);
    const anchor = await sql<{ micros: string; id: string }>`
      select (extract(epoch from submitted_at) * 1000000)::bigint::text as micros, id::text from form_responses
      where account_id = ${seeded.accountId} order by submitted_at desc, id desc offset ${DEPTH - 1} limit 1`.execute(database.db);
    const cursor = encodeCursor({ direction: 'next', micros: anchor.rows[0].micros, id: anchor.rows[0].id });

    const offsetSql = () => sql`select id, data from form_responses where account_id = ${seeded.accountId} order by submitted_at desc, id desc offset ${DEPTH} limit 50`.execute(database.db);
    const keysetSql = () => sql`select id, data from form_responses where account_id = ${seeded.accountId} and (submitted_at, id) < (timestamptz 'epoch' + ${anchor.rows[0].micros}::bigint * interval '1 microsecond', ${anchor.rows[0].id}::uuid) order by submitted_at desc, id desc limit 50`.execute(database.db);
    const offsetTimes = await time(offsetSql);
    const keysetTimes = await time(keysetSql);

    const server = await startOurServer(database, seeded.accountId, 4821);
    try {
      const get = (query: string) => async () => {
        const response = await fetch(`${server.baseUrl}/api/${seeded.accountId}/form-responses/?page_size=50${query}`, { headers: { cookie: server.cookie } });
        if (!response.ok) throw new Error(`list failed ${response.status}`);
        const body = (await response.json()) as { results: unknown[] };
        if (body.results.length !== 50) throw new Error('short page');
      };
      const depth0 = await time(get(''));
      const depth100k = await time(get(`&cursor=${cursor}`));
      const filtered = await time(get(`&form_template=${seeded.formId}&is_spam=false&cursor=${cursor}`));
      const fmt = (values: number[]) => ({ p50: `${percentile(values, 50).toFixed(1)} ms`, p95: `${percentile(values, 95).toFixed(1)} ms` });
      console.log(`Response list, page of 50, ${ROWS.toLocaleString()} responses in the account, ${SAMPLES} samples each, this run`);
      console.table({
        [`SQL OFFSET ${DEPTH.toLocaleString()} (baseline)`]: fmt(offsetTimes),
        [`SQL keyset at ${DEPTH.toLocaleString()} (baseline)`]: fmt(keysetTimes),
        'ours over HTTP, depth 0 (with count)': fmt(depth0),
        [`ours over HTTP, depth ${DEPTH.toLocaleString()}`]: fmt(depth100k),
        [`ours over HTTP, depth ${DEPTH.toLocaleString()}, form + spam filters`]: fmt(filtered),
      });
      console.log('target: p95 ≤ 15 ms at any depth');
    } finally {
      await server.stop();
    }
  } finally {
    await database.close();
  }
}

await main();
