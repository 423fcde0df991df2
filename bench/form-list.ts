/**
 * The form list with response counts: p50/p95 of what the account home asks for — GET form-templates/ (the forms,
 * as before) and GET form-responses/counts/ (each form's responses that are not spam) — with ROWS responses (default
 * 100,000; 10 % spam) over FORMS forms of one account, beside the bare grouped count in PostgreSQL, in this run.
 * Another account holds as many responses again, which the counts must not read.
 */
import { randomUUID } from 'node:crypto';
import { sql } from 'kysely';
import { createAccountWithDefaults } from '../server/forms/built-in-form.js';
import { percentile, sampleMs, startDatabase, startOurServer, type BenchDatabase } from './lib/fixture.js';

const ROWS = Number(process.env.ROWS ?? 100_000);
const FORMS = Number(process.env.FORMS ?? 20);
const SAMPLES = 40;

const time = (run: () => Promise<unknown>) => sampleMs(run, SAMPLES);

/** An account with FORMS forms and ROWS responses spread over them (every tenth one spam). */
async function seedAccount(database: BenchDatabase, name: string): Promise<number> {
  const accountId = await createAccountWithDefaults(database.db, name);
  const document = JSON.stringify([{ type: 'page', id: randomUUID(), title: 'Intake', children: [] }]);
  const forms: { id: string; version: string }[] = [];
  for (let index = 0; index < FORMS; index++) {
    const form = await database.db
      .insertInto('form_templates')
      .values({ group_id: randomUUID(), account_id: accountId, name: `Form ${index + 1}`, json_form: document, json_conditional_logic: '{"conditionMap":{},"pageMap":{}}', json_form_style: '{"button":{}}' })
      .returning(['id', 'updated_at'])
      .executeTakeFirstOrThrow();
    const version = await database.db
      .insertInto('form_versions')
      .values({ form_template_id: form.id, account_id: accountId, version_at: form.updated_at, json_form: document, json_conditional_logic: '{"conditionMap":{},"pageMap":{}}' })
      .returning('id')
      .executeTakeFirstOrThrow();
    forms.push({ id: form.id, version: version.id });
  }
  const formIds = forms.map((form) => form.id);
  const versionIds = forms.map((form) => form.version);
  // Uneven on purpose: form 1 gets the most, the last ones few.
  await sql`
    insert into form_responses (account_id, form_template_id, form_version_id, submission_key, data, is_spam, submitted_at)
    select ${accountId}, (${formIds}::uuid[])[pick], (${versionIds}::uuid[])[pick], gen_random_uuid(), '{}'::jsonb, g % 10 = 0,
           now() - g * interval '1 second'
    from generate_series(1, ${ROWS}) as g, lateral (select 1 + floor(${FORMS} * power(random(), 2))::int as pick) p`.execute(database.db);
  return accountId;
}

async function main() {
  const database = await startDatabase();
  try {
    const accountId = await seedAccount(database, 'Bench Law');
    await seedAccount(database, 'Another firm');
    await sql`vacuum analyze form_responses`.execute(database.db);

    const grouped = () =>
      sql`select form_template_id, count(*) from form_responses where account_id = ${accountId} and not is_spam group by form_template_id`.execute(database.db);
    const sqlTimes = await time(grouped);

    const server = await startOurServer(database, accountId, 4831, { PRESSURE_MAX_EVENT_LOOP_DELAY_MS: '0' });
    try {
      const get = (path: string) => async () => {
        const response = await fetch(`${server.baseUrl}/api/${accountId}/${path}`, { headers: { cookie: server.cookie } });
        if (!response.ok) throw new Error(`${path} failed ${response.status}`);
        await response.json();
      };
      const forms = await time(get('form-templates/'));
      const counts = await time(get('form-responses/counts/'));
      const both = await time(() => Promise.all([get('form-templates/')(), get('form-responses/counts/')()]));
      const fmt = (values: number[]) => ({ p50: `${percentile(values, 50).toFixed(1)} ms`, p95: `${percentile(values, 95).toFixed(1)} ms` });
      console.log(`Form list, ${FORMS} forms, ${ROWS.toLocaleString()} responses in the account (another account as many), ${SAMPLES} samples each, this run`);
      console.table({
        'SQL grouped count of the account (baseline)': fmt(sqlTimes),
        'GET form-templates/ (the list, as before)': fmt(forms),
        'GET form-responses/counts/ (the counts)': fmt(counts),
        'the page: both at once': fmt(both),
      });
    } finally {
      await server.stop();
    }
  } finally {
    await database.close();
  }
}

await main();
