/**
 * Clio pushes (issue 12 figures), against the Clio stand-in (tests/stand-ins/clio: a real HTTP server checked against
 * Clio's OpenAPI document) and a real embedded PostgreSQL, each figure beside its baseline from the same run:
 *   1. push latency (contact found or created, matter, note) p50/p99 and requests per push, beside one bare request
 *      to the same stand-in;
 *   2. 200 responses queued against a budget of 50 requests per window: time to drain beside the floor the budget
 *      allows, 429s answered, failures (target 0) and duplicate contacts and matters (target 0). Clio's window is 60 s;
 *      WINDOW_SECONDS (default 3) shrinks it so the run takes about a minute instead of about sixteen.
 *
 * The integration is connected through the stand-in's OAuth consent (its authorise form answered "allow") and the
 * adapter's own connect; responses, field maps and deliveries are written as the submit path writes them, and the
 * engine drains the integration's target in this process.
 *
 * Env: PUSHES (50) for the latency figure, BUDGET_RESPONSES (200), WINDOW_SECONDS (3).
 */
import { randomUUID } from 'node:crypto';
import { sql } from 'kysely';
import { loadConfig } from '../server/config.js';
import { createDb } from '../server/db/database.js';
import { DeliveryEngine } from '../server/delivery/delivery-engine.js';
import { createAccountWithDefaults } from '../server/forms/built-in-form.js';
import { ClioAdapter } from '../server/integrations/clio/clio-adapter.js';
import { clioSettingsFrom } from '../server/integrations/clio/clio-settings.js';
import { decryptIntegrationSecret } from '../server/integrations/integration-repository.js';
import { SecretBox } from '../server/secrets/secret-box.js';
import type { FormDocument, InputElement } from '../src/domain/form-document.js';
import { labelledInput } from '../tests/fixtures/form-factories.js';
import { startClioStandIn } from '../tests/stand-ins/clio/clio-stand-in.js';
import { percentile, startDatabase } from './lib/fixture.js';

const PUSHES = Number(process.env.PUSHES ?? 50);
const BUDGET_RESPONSES = Number(process.env.BUDGET_RESPONSES ?? 200);
const WINDOW_SECONDS = Number(process.env.WINDOW_SECONDS ?? 3);
const REDIRECT_URI = 'http://127.0.0.1/bench/callback';


async function main() {
  const database = await startDatabase();
  const clio = await startClioStandIn({ customFieldCount: 40, rateLimit: { limit: 1_000_000, windowSeconds: 60 }, precompileValidators: true });
  const { db, pool } = createDb(database.connectionString, { max: 10 });
  let engine: DeliveryEngine | undefined;
  try {
    const config = loadConfig({ DATABASE_URL: database.connectionString, SECRET_KEY: 'k'.repeat(40), CLIO_CLIENT_ID: clio.clientId, CLIO_CLIENT_SECRET: clio.clientSecret, CLIO_BASE_URL: clio.url });
    const secrets = new SecretBox(config.SECRET_KEY!);
    const adapter = new ClioAdapter({ db, secrets, settings: clioSettingsFrom(config) });
    engine = new DeliveryEngine({ db, pool, secrets, hookHosts: [], timeoutMs: 15_000, scheduleScale: 0.001, adapters: [adapter] });
    const accountId = await createAccountWithDefaults(db, 'Bench Law');
    const context = { db, secrets, accountId };

    // Connect: the stand-in's consent form answered "allow", its code exchanged by the adapter.
    const consent = await fetch(`${clio.url}/oauth/authorize`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ response_type: 'code', client_id: clio.clientId, redirect_uri: REDIRECT_URI, state: 'bench', decision: 'allow' }).toString(),
      redirect: 'manual',
    });
    const code = new URL(consent.headers.get('location') ?? '').searchParams.get('code');
    if (!code) throw new Error(`the stand-in's consent gave no code (${consent.status})`);
    await adapter.connect(context, { code, redirectUri: REDIRECT_URI, region: 'us' });
    await adapter.refreshApis(context);
    const integration = await db.selectFrom('account_integrations').selectAll().where('account_id', '=', accountId).where('kind', '=', 'clio').executeTakeFirstOrThrow();
    await db.updateTable('account_integrations').set({ enabled: true, push_web_leads: true }).where('id', '=', integration.id).execute();
    const target = `clio:${integration.id}`;

    // The form, its version, and its Contact and Matter maps (as the field-map editor saves them).
    const formId = randomUUID();
    const pageId = randomUUID();
    const areas = clio.store.practiceAreas.slice(0, 3).map((area) => ({ id: randomUUID(), text: area.name }));
    const [name, email, area] = [labelledInput('textInput', pageId, 'Full name', { required: true }), labelledInput('email', pageId, 'Email'), labelledInput('dropdown', pageId, 'Area of law', { options: areas })];
    const document: FormDocument = [{ type: 'page', id: pageId, title: 'Intake', children: [name, email, area] }];
    await db.insertInto('form_templates').values({ id: formId, group_id: formId, account_id: accountId, name: 'Clio bench', json_form: JSON.stringify(document), json_conditional_logic: '{"conditionMap":{},"pageMap":{}}', json_form_style: '{"button":{}}' }).execute();
    const version = await sql<{ id: string }>`insert into form_versions (form_template_id, account_id, version_at, json_form, json_conditional_logic)
      values (${formId}, ${accountId}, now(), ${JSON.stringify(document)}, '{"conditionMap":{},"pageMap":{}}') returning id`.execute(db);
    const apis = await db.selectFrom('integration_apis').select(['id', 'external_key']).where('integration_id', '=', integration.id).execute();
    const side = (input: InputElement) => ({ id: input.id, name: input.label, type: input.subtype, required: input.required });
    const maps: [string, unknown[]][] = [
      ['Contact', [
        { id: randomUUID(), local: side(name), foreign: { id: 'last_name', name: 'Last name', type: 'text_line', required: true } },
        { id: randomUUID(), local: side(email), foreign: { id: 'email', name: 'Email', type: 'email', required: false } },
      ]],
      ['Matter', [{ id: randomUUID(), local: side(area), foreign: { id: 'practice_area', name: 'Practice area', type: 'picklist', required: false } }]],
    ];
    for (const [key, rules] of maps) {
      await db.insertInto('form_mappers').values({
        account_id: accountId, form_template_id: formId, integration_api_type: 'clio',
        integration_api_id: apis.find((api) => api.external_key === key)!.id, conversion_rules: JSON.stringify(rules), enabled: true,
      }).execute();
    }

    /** Responses and their deliveries, as a submission writes them. */
    const queue = async (count: number, prefix: string) => {
      const ids: string[] = [];
      for (let i = 0; i < count; i += 1) {
        const data = { [name.id]: `${prefix} Person${i}`, [email.id]: `${prefix.toLowerCase()}${i}@example.test`, [area.id]: areas[i % areas.length].id };
        const response = await db.insertInto('form_responses').values({ account_id: accountId, form_template_id: formId, form_version_id: version.rows[0].id, submission_key: randomUUID(), data: JSON.stringify(data), is_spam: false, spam_reasons: [] }).returning('id').executeTakeFirstOrThrow();
        await db.insertInto('deliveries').values({ account_id: accountId, form_response_id: response.id, integration_id: integration.id, target, trigger: 'submit', next_attempt_at: new Date() }).execute();
        ids.push(response.id);
      }
      return ids;
    };
    const drainAll = async (ids: string[], timeoutMs: number) => {
      const deadline = Date.now() + timeoutMs;
      while (Date.now() < deadline) {
        await engine!.drain(target);
        const waiting = await db.selectFrom('deliveries').select('id').where('form_response_id', 'in', ids).where('status', 'not in', ['succeeded', 'failed']).execute();
        if (waiting.length === 0) return;
        await new Promise((resolve) => setTimeout(resolve, 50));
      }
    };
    const apiRequestsSince = (from: number) => clio.requests.slice(from).filter((request) => request.path.startsWith('/api/v4/'));

    // 1. Latency, beside one bare request.
    const token = decryptIntegrationSecret(secrets, integration.id, integration.secret!).accessToken!;
    const bare: number[] = [];
    for (let i = 0; i < PUSHES; i += 1) {
      const started = performance.now();
      await (await fetch(`${clio.url}/api/v4/contacts.json?query=x&fields=id`, { headers: { authorization: `Bearer ${token}`, 'x-api-version': '4.0.9' } })).text();
      bare.push(performance.now() - started);
    }
    const latencyIds = await queue(PUSHES, 'Lat');
    const fromLatency = clio.requests.length;
    await drainAll(latencyIds, 120_000);
    const attempts = await db.selectFrom('delivery_attempts as a').innerJoin('deliveries as d', 'd.id', 'a.delivery_id').select(['a.duration_ms', 'd.status']).where('d.form_response_id', 'in', latencyIds).execute();
    const latencyRequests = apiRequestsSince(fromLatency).length;
    const durations = attempts.filter((a) => a.status === 'succeeded' && a.duration_ms !== null).map((a) => a.duration_ms!);

    // 2. The budget: 50 requests per window.
    const budgetIds = await queue(BUDGET_RESPONSES, 'Bud');
    clio.setRateLimit(50, WINDOW_SECONDS);
    const fromBudget = clio.requests.length;
    const started = performance.now();
    await drainAll(budgetIds, 30 * 60_000);
    const seconds = (performance.now() - started) / 1000;
    const budgetRequests = apiRequestsSince(fromBudget);
    const statuses = await db.selectFrom('deliveries').select('status').where('form_response_id', 'in', budgetIds).execute();
    const contacts = clio.store.contacts.filter((contact) => contact.email_addresses.some((e) => e.address.startsWith('bud')));
    const matters = clio.store.matters.filter((matter) => contacts.some((contact) => contact.id === matter.client_id));

    console.log('Clio pushes to the stand-in (checked against Clio\'s OpenAPI document), this run');
    console.table([
      { measure: `push (${PUSHES}): contact, matter, note`, 'p50 ms': percentile(durations, 50), 'p99 ms': percentile(durations, 99), 'requests per push': (latencyRequests / PUSHES).toFixed(2) },
      { measure: 'baseline: one bare request', 'p50 ms': Number(percentile(bare, 50).toFixed(1)), 'p99 ms': Number(percentile(bare, 99).toFixed(1)), 'requests per push': '' },
    ]);
    const floor = (budgetRequests.length / 50) * WINDOW_SECONDS;
    console.log(
      `${BUDGET_RESPONSES} responses on a budget of 50 requests per ${WINDOW_SECONDS} s: drained in ${seconds.toFixed(1)} s (the budget's floor for ${budgetRequests.length} requests: ${floor.toFixed(0)} s); ` +
        `429s ${budgetRequests.filter((request) => request.status === 429).length}; failures ${statuses.filter((s) => s.status !== 'succeeded').length} (target 0); ` +
        `duplicate contacts ${contacts.length - BUDGET_RESPONSES}, duplicate matters ${matters.length - BUDGET_RESPONSES} (target 0); contract violations ${clio.contractViolations.length}`,
    );
  } finally {
    await engine?.stop();
    await db.destroy();
    await clio.close();
    await database.close();
  }
}

await main();
