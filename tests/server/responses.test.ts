import { randomUUID } from 'node:crypto';
import { parse } from 'csv-parse/sync';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FormDocument, InputElement } from '../../src/domain/form-document.js';
import { createRivalFirms, createTestContext, json, moveOutbox, type TestClient, type TestContext } from './helpers.js';
import { input, startToken, templateBody } from './form-fixtures.js';
import { COUNT_CAP } from '../../server/responses/response-routes.js';

let ctx: TestContext;
let acme: number;
let other: number;
let lawyer: TestClient;
let rival: TestClient;

interface Built {
  id: string;
  updatedAt: string;
  document: FormDocument;
  logic: unknown;
  name: InputElement;
  area: InputElement;
  topics: InputElement;
  age: InputElement;
  secret: InputElement;
}

/** Name, Area (dropdown), Topics (checkbox), Age, and "Secret", shown only when Area is the second option. */
async function buildForm(client: TestClient, accountId: number, formName = 'Intake'): Promise<Built> {
  const pageId = randomUUID();
  const name = input('textInput', pageId, 'Full name');
  const area = input('dropdown', pageId, 'Practice area');
  const topics = input('checkbox', pageId, 'Topics', { options: [{ id: randomUUID(), text: 'Custody' }, { id: randomUUID(), text: 'Divorce' }, { id: randomUUID(), text: 'Support' }] });
  const age = input('integer', pageId, 'Age');
  const secret = input('textInput', pageId, 'Secret');
  const document: FormDocument = [{ type: 'page', id: pageId, title: 'Start', children: [name, area, topics, age, secret] }];
  const logic = {
    conditionMap: {
      [secret.id]: {
        id: randomUUID(), element: { id: secret.id, type: 'input' },
        conditions: [{ id: randomUUID(), expression: [{ id: randomUUID(), type: 'group', operator: 'AND', rules: [{ id: randomUUID(), type: 'rule', predicate: 'EQ', triggerId: area.id, staticValue: area.options[1].id, referenceValueId: null }] }], actions: [{ key: 'TOGGLE_VISIBILITY', value: 'SHOW' }] }],
      },
    },
    pageMap: {},
  };
  const created = await client.request({ method: 'POST', url: `/api/${accountId}/form-templates/`, ...json(templateBody({ name: formName, jsonForm: document, jsonConditionalLogic: logic })) });
  expect(created.statusCode).toBe(201);
  return { id: created.json().id, updatedAt: created.json().updatedAt, document, logic, name, area, topics, age, secret };
}

async function submit(form: Built, data: Record<string, unknown>, extra: Record<string, unknown> = {}): Promise<string> {
  const response = await ctx.app.inject({
    method: 'POST',
    url: '/api/form-submit/',
    payload: { form_id: form.id, data, submission_key: randomUUID(), start_token: startToken(ctx.config, form.id), hp: '', ...extra },
  });
  expect(response.statusCode, response.body).toBe(201);
  await moveOutbox(ctx.pool);
  return response.json().id;
}

let intake: Built;
let other_form: Built;

beforeAll(async () => {
  ctx = await createTestContext({ SUBMIT_RATE_LIMIT: '100000', ZAPIER_HOOK_HOSTS: '127.0.0.1' });
  ({ acme, other, lawyer, rival } = await createRivalFirms(ctx));
  intake = await buildForm(lawyer, acme, 'Intake');
  other_form = await buildForm(lawyer, acme, 'Employment');
});
afterAll(() => ctx.close());

describe('response list', () => {
  it('lists newest first with a summary, filters by form, spam, search and dates', async () => {
    const a = await submit(intake, { [intake.name.id]: 'Ada Lovelace', [intake.area.id]: intake.area.options[0].id });
    const b = await submit(other_form, { [other_form.name.id]: 'Grace Hopper' });
    const c = await submit(intake, { [intake.name.id]: 'Spammy McSpam' }, { hp: 'gotcha' });
    const all = (await lawyer.get(`/api/${acme}/form-responses/`)).json();
    expect(all.results.slice(0, 3).map((r: { id: string }) => r.id)).toEqual([c, b, a]);
    const first = all.results.find((r: { id: string }) => r.id === a);
    expect(first).toMatchObject({ formTemplate: intake.id, formName: 'Intake', isSpam: false });
    expect(first.summary).toEqual([{ label: 'Full name', value: 'Ada Lovelace' }, { label: 'Practice area', value: 'Family' }]);

    const byForm = (await lawyer.get(`/api/${acme}/form-responses/?form_template=${other_form.id}`)).json();
    expect(byForm.results.map((r: { id: string }) => r.id)).toEqual([b]);
    const spam = (await lawyer.get(`/api/${acme}/form-responses/?is_spam=true`)).json();
    expect(spam.results.map((r: { id: string }) => r.id)).toEqual([c]);
    const searched = (await lawyer.get(`/api/${acme}/form-responses/?search=lovelace`)).json();
    expect(searched.results.map((r: { id: string }) => r.id)).toEqual([a]);
    const tomorrow = new Date(Date.now() + 86_400_000).toISOString().slice(0, 10);
    expect((await lawyer.get(`/api/${acme}/form-responses/?submitted_after=${tomorrow}`)).json().count).toBe(0);
    expect((await lawyer.get(`/api/${acme}/form-responses/?submitted_before=${new Date().toISOString().slice(0, 10)}`)).json().count).toBe(all.count);
  });

  it('reports an exact count up to the cap and null beyond it', async () => {
    const form = await buildForm(lawyer, acme, 'Busy');
    await submit(form, { [form.name.id]: 'seed' });
    const count = () => lawyer.get(`/api/${acme}/form-responses/?form_template=${form.id}&page_size=1`).then((r) => r.json().count);
    expect(await count()).toBe(1);
    await sql`insert into form_responses (account_id, form_template_id, form_version_id, submission_key, data)
              select account_id, form_template_id, form_version_id, gen_random_uuid(), data
              from form_responses, generate_series(1, ${COUNT_CAP}) where form_template_id = ${form.id}`.execute(ctx.db);
    expect(await count()).toBeNull();
  });

  it('answers 400 naming bad filters', async () => {
    const response = await lawyer.get(`/api/${acme}/form-responses/?is_spam=maybe&page_size=1000&submitted_after=yesterday`);
    expect(response.statusCode).toBe(400);
    expect(Object.keys(response.json().errors).sort()).toEqual(['is_spam', 'page_size', 'submitted_after']);
    expect((await lawyer.get(`/api/${acme}/form-responses/?cursor=garbage`)).statusCode).toBe(400);
  });

  it('pages by cursor without skipping or repeating rows while new responses arrive', async () => {
    const form = await buildForm(lawyer, acme, 'Paging');
    // 25 responses, several sharing one timestamp (ties are broken by id).
    const version = await ctx.db.selectFrom('form_responses').select('form_version_id').where('form_template_id', '=', intake.id).executeTakeFirstOrThrow();
    await submit(form, { [form.name.id]: 'seed' });
    const formVersion = await ctx.db.selectFrom('form_responses').select('form_version_id').where('form_template_id', '=', form.id).executeTakeFirstOrThrow();
    expect(version).toBeDefined();
    const base = Date.now() - 3_600_000;
    for (let i = 0; i < 24; i++) {
      await ctx.db
        .insertInto('form_responses')
        .values({ account_id: acme, form_template_id: form.id, form_version_id: formVersion.form_version_id, submission_key: randomUUID(), data: JSON.stringify({ [form.name.id]: `row ${i}` }), submitted_at: new Date(base + Math.floor(i / 3) * 1000) })
        .execute();
    }
    const expected = (await ctx.db.selectFrom('form_responses').select('id').where('form_template_id', '=', form.id).orderBy('submitted_at', 'desc').orderBy('id', 'desc').execute()).map((r) => r.id);
    expect(expected).toHaveLength(25);

    const seen: string[] = [];
    let url: string | null = `/api/${acme}/form-responses/?form_template=${form.id}&page_size=4`;
    let pages = 0;
    while (url) {
      const page: { results: { id: string }[]; next: string | null } = (await lawyer.get(url)).json();
      seen.push(...page.results.map((r: { id: string }) => r.id));
      // New responses keep arriving at the top while we page down.
      await submit(form, { [form.name.id]: `arrival ${pages}` });
      url = page.next;
      pages += 1;
    }
    expect(seen).toEqual(expected);
    expect(pages).toBe(7);

    // And back up: previous pages give the same rows in the same order.
    const firstPage = (await lawyer.get(`/api/${acme}/form-responses/?form_template=${form.id}&page_size=4`)).json();
    const secondPage = (await lawyer.get(firstPage.next)).json();
    const backToFirst = (await lawyer.get(secondPage.previous)).json();
    expect(backToFirst.results.map((r: { id: string }) => r.id)).toEqual(firstPage.results.map((r: { id: string }) => r.id));
    expect(firstPage.previous).toBeNull();
  });
});

describe('response detail and spam', () => {
  it('labels answers as the form was when submitted, in form order, without hidden inputs', async () => {
    const id = await submit(intake, {
      [intake.age.id]: 40,
      [intake.name.id]: 'Ada',
      [intake.topics.id]: [intake.topics.options[2].id, intake.topics.options[0].id],
      [intake.area.id]: intake.area.options[0].id,
      [intake.secret.id]: 'should be dropped: hidden',
    });
    // Rename an input afterwards: the response keeps the label it was answered under.
    const current = (await lawyer.get(`/api/${acme}/form-templates/${intake.id}/`)).json();
    const edited = structuredClone(current.jsonForm) as FormDocument;
    (edited[0].children[0] as InputElement).label = 'Legal name';
    const put = await lawyer.request({ method: 'PUT', url: `/api/${acme}/form-templates/${intake.id}/`, ...json({ ...templateBody({ name: 'Intake', jsonForm: edited, jsonConditionalLogic: current.jsonConditionalLogic }), updated_at: current.updatedAt }) });
    expect(put.statusCode).toBe(200);

    const detail = (await lawyer.get(`/api/${acme}/form-responses/${id}/`)).json();
    expect(detail.formTemplate).toMatchObject({ id: intake.id, name: 'Intake' });
    expect(detail.answers.map((a: { label: string; displayValue: string }) => [a.label, a.displayValue])).toEqual([
      ['Full name', 'Ada'],
      ['Practice area', 'Family'],
      ['Topics', 'Support; Custody'],
      ['Age', '40'],
    ]);
  });

  it('toggles spam with PUT and answers 400 for a bad body', async () => {
    const id = await submit(intake, { [intake.name.id]: 'Toggle me' });
    const marked = await lawyer.request({ method: 'PUT', url: `/api/${acme}/form-responses/${id}/`, ...json({ is_spam: true }) });
    expect(marked.statusCode).toBe(200);
    expect(marked.json().isSpam).toBe(true);
    expect((await lawyer.get(`/api/${acme}/form-responses/${id}/`)).json().isSpam).toBe(true);
    const unmarked = await lawyer.request({ method: 'PUT', url: `/api/${acme}/form-responses/${id}/`, ...json({ is_spam: false }) });
    expect(unmarked.json().isSpam).toBe(false);
    const bad = await lawyer.request({ method: 'PUT', url: `/api/${acme}/form-responses/${id}/`, ...json({ is_spam: 'yes' }) });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().errors.is_spam).toBeDefined();
  });

  it('isolates responses by account on every route', async () => {
    const id = await submit(intake, { [intake.name.id]: 'Private client' });
    const attempts = await Promise.all([
      rival.get(`/api/${acme}/form-responses/`),
      rival.get(`/api/${acme}/form-responses/${id}/`),
      rival.request({ method: 'PUT', url: `/api/${acme}/form-responses/${id}/`, ...json({ is_spam: true }) }),
      rival.get(`/api/${acme}/form-templates/${intake.id}/export-responses/`),
    ]);
    for (const response of attempts) expect(response.statusCode).toBe(403);
    expect((await rival.get(`/api/${other}/form-responses/${id}/`)).statusCode).toBe(404);
    expect((await rival.get(`/api/${other}/form-responses/`)).json().count).toBe(0);
    expect((await rival.get(`/api/${other}/form-templates/${intake.id}/export-responses/`)).statusCode).toBe(404);
    expect((await lawyer.get(`/api/${acme}/form-responses/${id}/`)).json().isSpam).toBe(false);
  });
});

describe('CSV export', () => {
  it('streams a spreadsheet-safe CSV that parses back exactly, across form versions', async () => {
    const form = await buildForm(lawyer, acme, 'Client Intake (2026)');
    const tricky = [
      'Smith, "Bob"',
      'line one\nline two',
      '=HYPERLINK("http://evil.test","click")',
      '+1 555 0100',
      '-5',
      '-2+3',
      '@SUM(A1)',
      '\tTabbed',
      '\rReturn',
      'Zoë Ñandú 山田太郎 مرحبا',
      // Backslashes and a literal "\t": escaped twice on the way (JSON, then COPY's text format), read back as typed.
      'C:\\Cases\\new \\t \\\\N',
    ];
    for (const value of tricky) {
      const id = await submit(form, { [form.name.id]: value, [form.topics.id]: [form.topics.options[0].id, form.topics.options[1].id], [form.area.id]: form.area.options[1].id, [form.secret.id]: 'shown' });
      // Submitted text is trimmed; put leading tab / carriage return back as an older client could have stored them.
      if (value !== value.trim()) {
        await sql`update form_responses set data = jsonb_set(data, ${sql.lit(`{${form.name.id}}`)}::text[], to_jsonb(${value}::text)) where id = ${id}`.execute(ctx.db);
      }
    }

    // Edit the form: drop "Age", add "Email", rename "Full name".
    const current = (await lawyer.get(`/api/${acme}/form-templates/${form.id}/`)).json();
    const edited = structuredClone(current.jsonForm) as FormDocument;
    const page = edited[0];
    page.children = page.children.filter((c) => c.id !== form.age.id);
    (page.children[0] as InputElement).label = 'Legal name';
    const email = input('email', page.id, 'Email');
    page.children.push(email);
    const put = await lawyer.request({ method: 'PUT', url: `/api/${acme}/form-templates/${form.id}/`, ...json({ ...templateBody({ name: 'Client Intake (2026)', jsonForm: edited, jsonConditionalLogic: current.jsonConditionalLogic }), updated_at: current.updatedAt }) });
    expect(put.statusCode).toBe(200);
    await new Promise((r) => setTimeout(r, 1100));
    await submit(form, { [form.name.id]: 'After edit', [email.id]: 'after@example.com' });

    const response = await lawyer.get(`/api/${acme}/form-templates/${form.id}/export-responses/`);
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(response.headers['content-disposition']).toMatch(/^attachment; filename="client-intake-2026-responses-\d{4}-\d{2}-\d{2}\.csv"/);
    const body = response.rawPayload.toString('utf8');
    expect(body.startsWith('\uFEFF')).toBe(true);
    const rows: string[][] = parse(body.slice(1), { relax_column_count: false });
    expect(rows[0]).toEqual(['Response ID', 'Submitted at', 'Spam', 'Legal name', 'Practice area', 'Topics', 'Secret', 'Email', 'Age']);
    const data = rows.slice(1);
    expect(data).toHaveLength(tricky.length + 1);
    const names = data.map((row) => row[3]);
    expect(names.slice(0, tricky.length)).toEqual([
      'Smith, "Bob"',
      'line one\nline two',
      `'=HYPERLINK("http://evil.test","click")`,
      // Plain numbers and phone numbers are left as typed; formulas stay neutralised.
      '+1 555 0100',
      '-5',
      `'-2+3`,
      `'@SUM(A1)`,
      `'\tTabbed`,
      `'\rReturn`,
      'Zoë Ñandú 山田太郎 مرحبا',
      'C:\\Cases\\new \\t \\\\N',
    ]);
    expect(data[0][4]).toBe('Injury');
    expect(data[0][5]).toBe('Custody; Divorce');
    expect(data[0][6]).toBe('shown');
    // The account has no time zone yet: UTC, with its offset written out.
    expect(data[0][1]).toMatch(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2} \+00:00$/);
    const last = data[data.length - 1];
    expect([last[3], last[7], last[8]]).toEqual(['After edit', 'after@example.com', '']);
    for (const row of data) expect(row).toHaveLength(rows[0].length);
  });

  it('writes Submitted at in the firm’s time zone with its offset', async () => {
    const form = await buildForm(lawyer, acme, 'Time zones');
    const winter = await submit(form, { [form.name.id]: 'winter' });
    const summer = await submit(form, { [form.name.id]: 'summer' });
    await sql`update form_responses set submitted_at = '2026-01-15T14:15:02.987Z' where id = ${winter}`.execute(ctx.db);
    await sql`update form_responses set submitted_at = '2026-07-01T12:00:00Z' where id = ${summer}`.execute(ctx.db);
    const times = async () => {
      const response = await lawyer.get(`/api/${acme}/form-templates/${form.id}/export-responses/`);
      expect(response.statusCode).toBe(200);
      return (parse(response.rawPayload.toString('utf8').slice(1)) as string[][]).slice(1).map((row) => [row[3], row[1]]);
    };
    const zone = (timeZone: string) => lawyer.request({ method: 'PATCH', url: `/api/${acme}/settings/`, ...json({ time_zone: timeZone }) });
    expect((await zone('America/New_York')).statusCode).toBe(200);
    expect(await times()).toEqual([
      ['winter', '2026-01-15 09:15:02 -05:00'],
      ['summer', '2026-07-01 08:00:00 -04:00'],
    ]);
    await zone('Asia/Tokyo');
    expect(await times()).toEqual([
      ['winter', '2026-01-15 23:15:02 +09:00'],
      ['summer', '2026-07-01 21:00:00 +09:00'],
    ]);
    // Half-hour offsets west of UTC keep their sign on the minutes too.
    await zone('America/St_Johns');
    expect((await times())[0]).toEqual(['winter', '2026-01-15 10:45:02 -03:30']);
  });

  it('limits to the last N days', async () => {
    const form = await buildForm(lawyer, acme, 'Recent');
    const id = await submit(form, { [form.name.id]: 'old' });
    await sql`update form_responses set submitted_at = now() - interval '40 days' where id = ${id}`.execute(ctx.db);
    await submit(form, { [form.name.id]: 'new' });
    const rows = (days: string) => lawyer.get(`/api/${acme}/form-templates/${form.id}/export-responses/${days}`).then((r) => parse(r.rawPayload.toString('utf8').slice(1)) as string[][]);
    expect((await rows('?days=30')).slice(1).map((r) => r[3])).toEqual(['new']);
    expect((await rows('')).slice(1).map((r) => r[3])).toEqual(['old', 'new']);
    const bad = await lawyer.get(`/api/${acme}/form-templates/${form.id}/export-responses/?days=-3`);
    expect(bad.statusCode).toBe(400);
  });
});

describe('spam in the list, previous/next, counts per form', () => {
  it('leaves spam out with is_spam=false and says how much it left out', async () => {
    const form = await buildForm(lawyer, acme, 'Spam counting');
    const kept = await submit(form, { [form.name.id]: 'Real client' });
    const spam = [
      await submit(form, { [form.name.id]: 'Bot one' }, { hp: 'x' }),
      await submit(form, { [form.name.id]: 'Too quick' }, { start_token: undefined }),
    ];
    const page = (query: string) => lawyer.get(`/api/${acme}/form-responses/?form_template=${form.id}&${query}`).then((r) => r.json());
    const hidden = await page('is_spam=false');
    expect(hidden.results.map((r: { id: string }) => r.id)).toEqual([kept]);
    expect(hidden).toMatchObject({ count: 1, spamCount: 2 });
    // The same filters otherwise: a search that matches one spam response counts only it.
    expect(await page('is_spam=false&search=bot')).toMatchObject({ count: 0, spamCount: 1 });
    // Only the spam, or everything: no spam count to give.
    const only = await page('is_spam=true');
    expect(only.results.map((r: { id: string }) => r.id)).toEqual([...spam].reverse());
    expect(only).not.toHaveProperty('spamCount');
    expect(await page('')).not.toHaveProperty('spamCount');
    // The delivery filters leave spam out already.
    expect(await page('is_spam=false&delivery=unsent')).toMatchObject({ spamCount: 0 });
    // Pages after the first carry no counts.
    const first = await page('is_spam=false&page_size=1');
    expect(first.spamCount).toBe(2);
  });

  it('gives the newer and older response under the list’s own filters, from any response of the account', async () => {
    const form = await buildForm(lawyer, acme, 'Neighbours');
    const first = await submit(form, { [form.name.id]: 'Alice Able' });
    const versionId = (await ctx.db.selectFrom('form_responses').select('form_version_id').where('id', '=', first).executeTakeFirstOrThrow()).form_version_id;
    // Five more, one second apart, two of them sharing a timestamp (ties go by id), one spam.
    const base = Date.now() - 60_000;
    const at = [base + 1000, base + 2000, base + 2000, base + 3000, base + 4000];
    const names = ['Bob Baker', 'Cleo Cole', 'Dan Dale', 'Spam Bot', 'Eve Ewing'];
    for (const [index, name] of names.entries()) {
      await ctx.db
        .insertInto('form_responses')
        .values({ account_id: acme, form_template_id: form.id, form_version_id: versionId, submission_key: randomUUID(), data: JSON.stringify({ [form.name.id]: name }), submitted_at: new Date(at[index]), is_spam: name === 'Spam Bot' })
        .execute();
    }
    await sql`update form_responses set submitted_at = ${new Date(base)} where id = ${first}`.execute(ctx.db);
    const list = async (query: string) => ((await lawyer.get(`/api/${acme}/form-responses/?form_template=${form.id}&page_size=200&${query}`)).json().results as { id: string }[]).map((r) => r.id);
    const neighbours = async (id: string, query: string) => {
      const response = await lawyer.get(`/api/${acme}/form-responses/${id}/neighbours/?form_template=${form.id}&${query}`);
      expect(response.statusCode, response.body).toBe(200);
      return response.json() as { newer: string | null; older: string | null };
    };
    // Walking the list by its neighbours gives the list's own order, at both ends null.
    for (const query of ['is_spam=false', '', 'search=a']) {
      const order = await list(query);
      expect(order.length).toBeGreaterThan(2);
      for (const [index, id] of order.entries()) {
        expect(await neighbours(id, query), `${query} #${index}`).toEqual({ newer: order[index - 1] ?? null, older: order[index + 1] ?? null });
      }
    }
    // A response outside the filtered list (spam, while the list hides spam) still finds its place in it.
    const spamId = (await list('is_spam=true'))[0];
    const visible = await list('is_spam=false');
    expect(await neighbours(spamId, 'is_spam=false')).toEqual({ newer: visible[0], older: visible[1] });

    expect((await lawyer.get(`/api/${acme}/form-responses/${randomUUID()}/neighbours/`)).statusCode).toBe(404);
    expect((await lawyer.get(`/api/${acme}/form-responses/${first}/neighbours/?delivery=sent`)).statusCode).toBe(400);
    expect((await rival.get(`/api/${acme}/form-responses/${first}/neighbours/`)).statusCode).toBe(403);
    expect((await rival.get(`/api/${other}/form-responses/${first}/neighbours/`)).statusCode).toBe(404);
  });

  it('counts each form’s responses that are not spam, for this account only', async () => {
    const one = await buildForm(lawyer, acme, 'Counted one');
    const two = await buildForm(lawyer, acme, 'Counted two');
    const none = await buildForm(lawyer, acme, 'Counted none');
    await submit(one, { [one.name.id]: 'a' });
    await submit(one, { [one.name.id]: 'b' });
    await submit(one, { [one.name.id]: 'spam' }, { hp: 'x' });
    await submit(two, { [two.name.id]: 'c' });
    const response = await lawyer.get(`/api/${acme}/form-responses/counts/`);
    expect(response.statusCode, response.body).toBe(200);
    const counts = Object.fromEntries((response.json().results as { formTemplate: string; count: number }[]).map((row) => [row.formTemplate, row.count]));
    expect(counts[one.id]).toBe(2);
    expect(counts[two.id]).toBe(1);
    expect(counts[none.id]).toBeUndefined();
    expect((await rival.get(`/api/${acme}/form-responses/counts/`)).statusCode).toBe(403);
    expect((await rival.get(`/api/${other}/form-responses/counts/`)).json().results).toEqual([]);
  });
});

/** Runs last: its rival-account data would change the isolation test's counts above. */
describe('response list by delivery status', () => {
  type Row = { id: string; deliveryStatus: string | null };
  const ids = (page: { results: Row[] }) => page.results.map((row) => row.id);

  /** A Zapier hook on `formId` through the Zapier-facing API (no worker runs in this suite: nothing is sent). */
  async function subscribe(client: TestClient, accountId: number, formId: string): Promise<string> {
    const created = await client.request({ method: 'POST', url: `/api/${accountId}/integrations/zapier/create-account-token/`, ...json({}) });
    expect(created.statusCode, created.body).toBe(201);
    const hook = await ctx.app.inject({
      method: 'POST',
      url: '/api/zapier/hooks/',
      headers: { 'x-api-key': created.json().token, 'content-type': 'application/json' },
      payload: JSON.stringify({ target_url: `http://127.0.0.1:9/${randomUUID()}`, event: 'response.created', form_id: formId }),
    });
    expect(hook.statusCode, hook.body).toBe(201);
    return hook.json().id;
  }

  /** Where the engine would have got to: one delivery's outcome, as its worker writes it. */
  async function settle(responseId: string, hookId: string, status: 'failed' | 'succeeded' | 'cancelled') {
    const updated = await sql`update deliveries set status = ${status}, attempt_count = 1,
      succeeded_at = case when ${status} = 'succeeded' then now() end, last_error = case when ${status} = 'failed' then 'HTTP 400' end
      where form_response_id = ${responseId} and target = ${`zapier:${hookId}`}`.execute(ctx.db);
    expect(updated.numAffectedRows).toBe(1n);
  }

  const list = async (client: TestClient, accountId: number, query: string) => {
    const response = await client.get(`/api/${accountId}/form-responses/?${query}`);
    expect(response.statusCode, response.body).toBe(200);
    return response.json() as { count: number | null; next: string | null; results: Row[] };
  };

  it('filters unsent, failed and succeeded across integrations, pages them and gives each row its status', async () => {
    const form = await buildForm(lawyer, acme, 'Deliveries');
    const quiet = await buildForm(lawyer, acme, 'No integration');
    const untouched = await submit(quiet, { [quiet.name.id]: 'Nobody listens' });
    const before = await submit(form, { [form.name.id]: 'Came before the hook' });
    const hookA = await subscribe(lawyer, acme, form.id);
    const waiting = await submit(form, { [form.name.id]: 'Waiting' });
    const cancelled = await submit(form, { [form.name.id]: 'Cancelled' });
    await settle(cancelled, hookA, 'cancelled');
    const failed = await submit(form, { [form.name.id]: 'Failed' });
    await settle(failed, hookA, 'failed');
    const delivered = await submit(form, { [form.name.id]: 'Delivered' });
    await settle(delivered, hookA, 'succeeded');
    await submit(form, { [form.name.id]: 'Spam' }, { hp: 'bot' });
    // Two hooks on the form: one got it, the other refused it (still owed: unsent as well).
    const hookB = await subscribe(lawyer, acme, form.id);
    const mixed = await submit(form, { [form.name.id]: 'Mixed' });
    await settle(mixed, hookA, 'succeeded');
    await settle(mixed, hookB, 'failed');

    const inForm = `form_template=${form.id}`;
    const unsent = await list(lawyer, acme, `delivery=unsent&${inForm}`);
    expect(ids(unsent)).toEqual([mixed, failed, cancelled, waiting, before]);
    expect(unsent.count).toBe(5);
    // Across forms too: a response whose form has no live target and no delivery is not waiting for anything.
    expect(ids(await list(lawyer, acme, 'delivery=unsent'))).toEqual([mixed, failed, cancelled, waiting, before]);
    expect(ids(await list(lawyer, acme, 'delivery=failed'))).toEqual([mixed, failed]);
    expect(ids(await list(lawyer, acme, 'delivery=succeeded'))).toEqual([mixed, delivered]);
    expect(ids(await list(lawyer, acme, 'delivery=succeeded&is_spam=true'))).toEqual([]);

    const statuses = Object.fromEntries((await list(lawyer, acme, `${inForm}&page_size=200`)).results.map((row) => [row.id, row.deliveryStatus]));
    expect([mixed, delivered, failed, cancelled, waiting, before].map((id) => statuses[id])).toEqual(['failed', 'succeeded', 'failed', 'cancelled', 'pending', null]);
    expect((await list(lawyer, acme, `form_template=${quiet.id}`)).results.find((row) => row.id === untouched)?.deliveryStatus).toBeNull();

    // Cursor pages under the filter: every match once, in order, and the count on the first page.
    const seen: string[] = [];
    let url: string | null = `/api/${acme}/form-responses/?delivery=unsent&${inForm}&page_size=1`;
    while (url) {
      const page: { next: string | null; results: Row[] } = (await lawyer.get(url)).json();
      seen.push(...ids(page));
      url = page.next;
    }
    expect(seen).toEqual([mixed, failed, cancelled, waiting, before]);

    // Zapier switched off: nothing new would be sent, so a response that never had a delivery is no longer unsent.
    const integration = (await lawyer.get(`/api/${acme}/integrations/zapier/`)).json().results[0];
    const patched = await lawyer.request({ method: 'PATCH', url: `/api/${acme}/integrations/zapier/${integration.id}/`, ...json({ enabled: false }) });
    expect(patched.statusCode, patched.body).toBe(200);
    expect(ids(await list(lawyer, acme, `delivery=unsent&${inForm}`))).toEqual([mixed, failed, cancelled, waiting]);
    await lawyer.request({ method: 'PATCH', url: `/api/${acme}/integrations/zapier/${integration.id}/`, ...json({ enabled: true }) });
  });

  it('never lets another account’s deliveries affect or leak into the filter', async () => {
    const form = await buildForm(lawyer, acme, 'Isolated');
    await subscribe(lawyer, acme, form.id);
    const mine = await submit(form, { [form.name.id]: 'Mine' });
    const rivalForm = await buildForm(rival, other, 'Rival intake');
    const rivalHook = await subscribe(rival, other, rivalForm.id);
    const theirs = await submit(rivalForm, { [rivalForm.name.id]: 'Theirs' });
    await settle(theirs, rivalHook, 'succeeded');
    // A delivery row of the rival account pointing at our response (it cannot happen through the API) counts for nothing.
    const rivalIntegration = await ctx.db.selectFrom('account_integrations').select('id').where('account_id', '=', other).where('kind', '=', 'zapier').executeTakeFirstOrThrow();
    for (const status of ['succeeded', 'failed'] as const) {
      await ctx.db
        .insertInto('deliveries')
        .values({ account_id: other, form_response_id: mine, integration_id: rivalIntegration.id, target: `zapier:${randomUUID()}`, status, trigger: 'submit' })
        .execute();
    }

    expect(ids(await list(lawyer, acme, `delivery=unsent&form_template=${form.id}`))).toEqual([mine]);
    expect(ids(await list(lawyer, acme, 'delivery=succeeded'))).not.toContain(mine);
    expect(ids(await list(lawyer, acme, 'delivery=failed'))).not.toContain(mine);
    expect(ids(await list(lawyer, acme, 'delivery=succeeded'))).not.toContain(theirs);
    expect((await list(lawyer, acme, `form_template=${form.id}`)).results[0]).toMatchObject({ id: mine, deliveryStatus: 'pending' });
    expect(ids(await list(rival, other, 'delivery=succeeded'))).toEqual([theirs]);
    expect(ids(await list(rival, other, 'delivery=unsent'))).toEqual([]);
    expect((await rival.get(`/api/${acme}/form-responses/?delivery=unsent`)).statusCode).toBe(403);
  });

  it('answers 400 naming `delivery` for a value it does not know', async () => {
    const response = await lawyer.get(`/api/${acme}/form-responses/?delivery=sent`);
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ detail: 'Invalid query parameters.', errors: { delivery: ['must be unsent, failed or succeeded'] } });
  });
});

describe('stored integrity', () => {
  it('keeps every response on a version of its own form and account, and deletes responses with their form', async () => {
    const form = await buildForm(lawyer, acme, 'Integrity');
    const elsewhere = await buildForm(lawyer, acme, 'Integrity elsewhere');
    const mine = await submit(form, { [form.name.id]: 'Mine' });
    const { form_version_id: version } = await ctx.db.selectFrom('form_responses').select('form_version_id').where('id', '=', mine).executeTakeFirstOrThrow();
    const store = (accountId: number, formId: string) =>
      sql`insert into form_responses (account_id, form_template_id, form_version_id, submission_key, data) values (${accountId}, ${formId}, ${version}, ${randomUUID()}, '{}')`.execute(ctx.db);
    // One foreign key checks the version, its form and its account together (migration 0012).
    await expect(store(acme, elsewhere.id)).rejects.toThrow(/form_responses_version_fkey/);
    await expect(store(other, form.id)).rejects.toThrow(/form_responses_version_fkey/);
    await expect(store(acme, form.id)).resolves.toBeDefined();
    // Deleting a form for good deletes its responses, through its versions.
    await sql`delete from form_templates where id = ${form.id}`.execute(ctx.db);
    expect(await ctx.db.selectFrom('form_responses').select('id').where('form_template_id', '=', form.id).execute()).toEqual([]);
    expect(await ctx.db.selectFrom('form_versions').select('id').where('form_template_id', '=', form.id).execute()).toEqual([]);
  });
});
