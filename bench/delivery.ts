/**
 * Delivery: 10,000 queued deliveries (1,000 responses × 10 Zapier hooks, committed in batches of 100 responses, the way
 * submissions commit with their deliveries) drained by two workers (two pg-boss instances, as two processes would be)
 * to a loopback receiver that verifies every signature. Prints deliveries/s, p50/p99 from the commit of a response to
 * the receiver's first 2xx answer for it, and duplicates by `webhook-id`; then the same with the receiver failing 30 %
 * of requests (503), on a retry schedule scaled down 1,000× (5 s → 5 ms), where every delivery must still arrive
 * exactly once. The baseline, measured in the same run: a bare loop POSTing the same bodies one target at a time.
 */
import { randomUUID } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { sql } from 'kysely';
import { Webhook } from 'standardwebhooks';
import { createDb, migrateToLatest } from '../server/db/database.js';
import { startEmbeddedPostgres } from '../server/db/embedded-postgres.js';
import { DeliveryEngine } from '../server/delivery/delivery-engine.js';
import { createAccountWithDefaults } from '../server/forms/built-in-form.js';
import { SecretBox } from '../server/secrets/secret-box.js';

const RESPONSES = Number(process.env.RESPONSES ?? 1_000);
const HOOKS = 10;
const BATCH = 100;
const SECRET_KEY = 'b'.repeat(40);

interface Receipt {
  firstOkAt: number;
  oks: number;
  requests: number;
}

function receiver(secrets: Map<string, string>, failRate: number) {
  const receipts = new Map<string, Receipt>();
  let badSignatures = 0;
  const server: Server = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      const body = Buffer.concat(chunks).toString('utf8');
      const id = String(request.headers['webhook-id']);
      try {
        new Webhook(secrets.get(request.url ?? '') ?? 'whsec_AA==').verify(body, request.headers as Record<string, string>);
      } catch {
        badSignatures += 1;
      }
      const receipt = receipts.get(id) ?? { firstOkAt: 0, oks: 0, requests: 0 };
      receipts.set(id, receipt);
      receipt.requests += 1;
      if (Math.random() < failRate) {
        response.writeHead(503).end('try later');
        return;
      }
      receipt.oks += 1;
      if (!receipt.firstOkAt) receipt.firstOkAt = Date.now();
      response.writeHead(200, { 'content-type': 'application/json' }).end('{"status":"success"}');
    });
  });
  return { server, receipts, badSignatures: () => badSignatures };
}

const percentile = (sorted: number[], p: number) => sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))];

async function main() {
  const dir = await mkdtemp(join(tmpdir(), 'bench-delivery-'));
  const pg = await startEmbeddedPostgres({ dataDir: dir, database: 'bench' });
  const { db, pool } = createDb(pg.connectionString, { max: 30 });
  const secretBox = new SecretBox(SECRET_KEY);
  const rows: Record<string, string | number>[] = [];
  try {
    await migrateToLatest(db);
    const accountId = await createAccountWithDefaults(db, 'Bench Law');
    await db
      .insertInto('account_integrations')
      .values({ id: randomUUID(), account_id: accountId, kind: 'zapier', enabled: true, push_web_leads: true, status: 'connected' })
      .execute();
    const pageId = randomUUID();
    const inputId = randomUUID();
    const document = [
      {
        type: 'page', id: pageId, title: 'Intake',
        children: [{
          type: 'input', subtype: 'textInput', id: inputId, parentId: pageId, label: 'Full name', dataName: 'full_name', placeholder: '', helpText: '',
          default: { staticValue: null, referenceValueId: null }, options: [], minValue: null, maxValue: null, stepValue: null, minLength: null, maxLength: null, required: true,
        }],
      },
    ];
    const logic = { conditionMap: {}, pageMap: {} };

    for (const [label, failRate] of [['receiver always answers 200', 0], ['receiver fails 30 % (503)', 0.3]] as const) {
      const secrets = new Map<string, string>();
      const target = receiver(secrets, failRate);
      await new Promise<void>((ready) => target.server.listen(0, '127.0.0.1', ready));
      const base = `http://127.0.0.1:${(target.server.address() as AddressInfo).port}`;
      const form = await db
        .insertInto('form_templates')
        .values({ group_id: randomUUID(), account_id: accountId, name: label, json_form: JSON.stringify(document), json_conditional_logic: JSON.stringify(logic), json_form_style: JSON.stringify({ button: {} }) })
        .returning('id')
        .executeTakeFirstOrThrow();
      const version = await db
        .insertInto('form_versions')
        .values({ form_template_id: form.id, account_id: accountId, version_at: new Date(), json_form: JSON.stringify(document), json_conditional_logic: JSON.stringify(logic) })
        .returning('id')
        .executeTakeFirstOrThrow();
      for (let h = 0; h < HOOKS; h += 1) {
        const id = randomUUID();
        const path = `/hooks/${failRate}/${h}`;
        const secret = `whsec_${Buffer.from(randomUUID()).toString('base64')}`;
        secrets.set(path, secret);
        await db
          .insertInto('zapier_hooks')
          .values({ id, account_id: accountId, form_template_id: form.id, event: 'response.created', target_url: `${base}${path}`, secret: secretBox.encrypt(secret, { table: 'zapier_hooks', column: 'secret', rowId: id }) })
          .execute();
      }
      const engineOptions = { db, pool, secrets: secretBox, hookHosts: ['127.0.0.1'], pollingIntervalSeconds: 0.5, sweepIntervalMs: 200, scheduleScale: 0.001, concurrency: 5 };
      const enqueuer = new DeliveryEngine(engineOptions);
      await enqueuer.boss();
      const workers = [new DeliveryEngine(engineOptions), new DeliveryEngine(engineOptions)];
      await Promise.all(workers.map((worker) => worker.startWorkers()));

      const committedAt = new Map<string, number>();
      const started = Date.now();
      for (let offset = 0; offset < RESPONSES; offset += BATCH) {
        const ids = await enqueuer.inTransaction(async (client, exec) => {
          const inserted = await client.query<{ id: string }>(
            `insert into form_responses (account_id, form_template_id, form_version_id, submission_key, data)
             select $1, $2, $3, gen_random_uuid(), jsonb_build_object($4::text, 'Client ' || n) from generate_series(1, $5) n returning id`,
            [accountId, form.id, version.id, inputId, Math.min(BATCH, RESPONSES - offset)],
          );
          await enqueuer.enqueue(exec, inserted.rows.map((row) => row.id), 'submit');
          return inserted.rows.map((row) => row.id);
        });
        const now = Date.now();
        const deliveries = await db.selectFrom('deliveries').select('id').where('form_response_id', 'in', ids).execute();
        for (const delivery of deliveries) committedAt.set(delivery.id, now);
      }
      const expected = RESPONSES * HOOKS;
      const deadline = Date.now() + 300_000;
      while (Date.now() < deadline) {
        const done = Number((await sql<{ n: string }>`select count(*) as n from deliveries where form_response_id in (select id from form_responses where form_template_id = ${form.id}) and status = 'succeeded'`.execute(db)).rows[0].n);
        if (done >= expected) break;
        await new Promise((resolve) => setTimeout(resolve, 100));
      }
      const elapsed = (Date.now() - started) / 1000;
      await Promise.all([enqueuer, ...workers].map((engine) => engine.stop()));
      await new Promise((resolve) => target.server.close(resolve));

      const latencies = [...committedAt].map(([id, at]) => (target.receipts.get(id)?.firstOkAt ?? Number.NaN) - at).filter(Number.isFinite).sort((a, b) => a - b);
      const receipts = [...target.receipts.values()];
      const states = await sql<{ status: string; n: string }>`select status, count(*) as n from deliveries where form_response_id in (select id from form_responses where form_template_id = ${form.id}) group by status`.execute(db);
      rows.push({
        run: label,
        deliveries: expected,
        'arrived (2xx)': receipts.filter((r) => r.oks > 0).length,
        'duplicates (2xx twice)': receipts.filter((r) => r.oks > 1).length,
        requests: receipts.reduce((sum, r) => sum + r.requests, 0),
        'bad signatures': target.badSignatures(),
        'deliveries/s': Math.round(expected / elapsed),
        'p50 ms': percentile(latencies, 50),
        'p99 ms': percentile(latencies, 99),
        states: states.rows.map((r) => `${r.status} ${r.n}`).join(', '),
      });
    }

    // Baseline: the same number of signed POSTs by a bare loop, 10 targets in parallel, one request at a time each.
    const secrets = new Map<string, string>();
    const bare = receiver(secrets, 0);
    await new Promise<void>((ready) => bare.server.listen(0, '127.0.0.1', ready));
    const base = `http://127.0.0.1:${(bare.server.address() as AddressInfo).port}`;
    const body = JSON.stringify({ id: randomUUID(), type: 'response.created', answers: { full_name: 'Client' } });
    const secret = `whsec_${Buffer.from(randomUUID()).toString('base64')}`;
    const started = Date.now();
    await Promise.all(
      Array.from({ length: HOOKS }, async (_, h) => {
        secrets.set(`/bare/${h}`, secret);
        const webhook = new Webhook(secret);
        for (let i = 0; i < RESPONSES; i += 1) {
          const id = randomUUID();
          const now = new Date();
          await fetch(`${base}/bare/${h}`, {
            method: 'POST',
            headers: { 'content-type': 'application/json', 'webhook-id': id, 'webhook-timestamp': String(Math.floor(now.getTime() / 1000)), 'webhook-signature': webhook.sign(id, now, body) },
            body,
          }).then((response) => response.text());
        }
      }),
    );
    const bareElapsed = (Date.now() - started) / 1000;
    await new Promise((resolve) => bare.server.close(resolve));
    rows.push({ run: 'baseline: bare fetch loop, no queue or database', deliveries: RESPONSES * HOOKS, 'deliveries/s': Math.round((RESPONSES * HOOKS) / bareElapsed) });

    console.log(`${RESPONSES * HOOKS} deliveries (${RESPONSES} responses × ${HOOKS} hooks), 2 workers, one request in flight per hook, this run`);
    console.table(rows);
  } finally {
    await db.destroy();
    await pg.stop();
    await rm(dir, { recursive: true, force: true });
  }
}

await main();
