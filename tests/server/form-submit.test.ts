import { randomUUID } from 'node:crypto';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FormDocument } from '../../src/domain/form-document.js';
import { createAccount, createTestContext, createUser, json, signedIn, type TestClient, type TestContext } from './helpers.js';
import { input, startToken, templateBody } from './form-fixtures.js';

let ctx: TestContext;
let acme: number;
let lawyer: TestClient;

/** Page 1: "Do you have a lawyer?" (text), "Lawyer name" (required, shown only when the answer is "yes"), "Age" (integer 18–120), "Area" (dropdown). */
function logicForm() {
  const pageId = randomUUID();
  const question = input('textInput', pageId, 'Do you have a lawyer');
  const lawyerName = input('textInput', pageId, 'Lawyer name', { required: true });
  const age = input('integer', pageId, 'Age', { minValue: 18, maxValue: 120 });
  const area = input('dropdown', pageId, 'Area');
  const email = input('email', pageId, 'Email');
  const document: FormDocument = [{ type: 'page', id: pageId, title: 'Start', children: [question, lawyerName, age, area, email] }];
  const logic = {
    conditionMap: {
      [lawyerName.id]: {
        id: randomUUID(),
        element: { id: lawyerName.id, type: 'input' },
        conditions: [
          {
            id: randomUUID(),
            expression: [{ id: randomUUID(), type: 'group', operator: 'AND', rules: [{ id: randomUUID(), type: 'rule', predicate: 'EQ', triggerId: question.id, staticValue: 'yes', referenceValueId: null }] }],
            actions: [{ key: 'TOGGLE_VISIBILITY', value: 'SHOW' }],
          },
        ],
      },
    },
    pageMap: {},
  };
  return { document, logic, ids: { question: question.id, lawyerName: lawyerName.id, age: age.id, area: area.id, email: email.id }, areaOption: area.options[0].id };
}

let form: ReturnType<typeof logicForm>;
let formId: string;

beforeAll(async () => {
  ctx = await createTestContext({ SUBMIT_RATE_LIMIT: '1000', SUBMIT_MIN_FILL_MS: '3000' });
  acme = await createAccount(ctx.db, 'Acme Law');
  await createUser(ctx.db, { email: 'lawyer@acme.test', accountId: acme });
  lawyer = await signedIn(ctx.app, 'lawyer@acme.test');
  form = logicForm();
  const created = await lawyer.request({
    method: 'POST',
    url: `/api/${acme}/form-templates/`,
    ...json(templateBody({ name: 'Logic intake', custom_submit_message: 'We will be in touch.', jsonForm: form.document, jsonConditionalLogic: form.logic })),
  });
  expect(created.statusCode).toBe(201);
  formId = created.json().id;
});
afterAll(() => ctx.close());

const submit = (payload: Record<string, unknown>, headers: Record<string, string> = {}) => {
  const targetFormId = typeof payload.form_id === 'string' ? payload.form_id : formId;
  return ctx.app.inject({
    method: 'POST',
    url: '/api/form-submit/',
    payload: JSON.stringify({ form_id: formId, submission_key: randomUUID(), start_token: startToken(ctx.config, targetFormId), hp: '', ...payload }),
    headers: { 'content-type': 'application/json', ...headers },
  });
};

const stored = (id: string) => ctx.db.selectFrom('form_responses').selectAll().where('id', '=', id).executeTakeFirstOrThrow();

describe('POST /api/form-submit/', () => {
  it('stores a valid response (no CSRF needed), answers 201 with the custom message', async () => {
    const response = await submit({ data: { [form.ids.question]: ' no ', [form.ids.age]: '42', [form.ids.area]: form.areaOption } });
    expect(response.statusCode).toBe(201);
    expect(response.json().message).toBe('We will be in touch.');
    const row = await stored(response.json().id);
    expect(row.data).toEqual({ [form.ids.question]: 'no', [form.ids.age]: 42, [form.ids.area]: form.areaOption });
    expect(row.is_spam).toBe(false);
    expect(row.account_id).toBe(acme);
  });

  it('does not enforce a required input hidden by logic, and drops its value', async () => {
    const response = await submit({ data: { [form.ids.question]: 'no', [form.ids.lawyerName]: 'sneaky value' } });
    expect(response.statusCode).toBe(201);
    expect((await stored(response.json().id)).data).not.toHaveProperty(form.ids.lawyerName);
  });

  it('enforces a required input once logic shows it', async () => {
    const response = await submit({ data: { [form.ids.question]: 'Yes' } });
    expect(response.statusCode).toBe(400);
    expect(response.json().errors[form.ids.lawyerName]).toEqual(['This field is required']);
    expect(response.json().detail).toContain('Lawyer name');
  });

  it.each([
    ['an integer given as text', () => ({ [form.ids.age]: 'forty' }), () => form.ids.age],
    ['an integer out of range', () => ({ [form.ids.age]: 12 }), () => form.ids.age],
    ['an unknown option', () => ({ [form.ids.area]: 'not-an-option' }), () => form.ids.area],
    ['a malformed email', () => ({ [form.ids.email]: 'someone@' }), () => form.ids.email],
    ['a list for a text input', () => ({ [form.ids.question]: ['a'] }), () => form.ids.question],
  ])('answers 400 naming the element for %s, storing nothing', async (_name, data, elementId) => {
    const before = await ctx.db.selectFrom('form_responses').select(sql<number>`count(*)::int`.as('n')).executeTakeFirstOrThrow();
    const response = await submit({ data: data() });
    expect(response.statusCode).toBe(400);
    expect(Object.keys(response.json().errors)).toContain(elementId());
    const after = await ctx.db.selectFrom('form_responses').select(sql<number>`count(*)::int`.as('n')).executeTakeFirstOrThrow();
    expect(after.n).toBe(before.n);
  });

  it('answers 400 for a malformed envelope', async () => {
    const response = await ctx.app.inject({ method: 'POST', url: '/api/form-submit/', payload: { form_id: 'nope', data: [] } });
    expect(response.statusCode).toBe(400);
    expect(Object.keys(response.json().errors)).toEqual(expect.arrayContaining(['form_id', 'data', 'submission_key']));
  });

  it('stores a repeated submission_key once and returns the first result', async () => {
    const key = randomUUID();
    const first = await submit({ submission_key: key, data: { [form.ids.question]: 'first', [form.ids.age]: '42' } });
    // A retry: the same answers (in another key order, the age as a number) under the same key.
    const second = await submit({ submission_key: key, data: { [form.ids.age]: 42, [form.ids.question]: ' first ' } });
    expect(first.statusCode).toBe(201);
    expect(second.statusCode).toBe(201);
    expect(second.json().id).toBe(first.json().id);
    const rows = await ctx.db.selectFrom('form_responses').selectAll().where('submission_key', '=', key).execute();
    expect(rows).toHaveLength(1);
    expect(rows[0].data).toEqual({ [form.ids.question]: 'first', [form.ids.age]: 42 });
  });

  it('answers 409 for a repeated submission_key with different answers, keeping the first response', async () => {
    const key = randomUUID();
    const first = await submit({ submission_key: key, data: { [form.ids.question]: 'first' } });
    expect(first.statusCode).toBe(201);
    const second = await submit({ submission_key: key, data: { [form.ids.question]: 'second' } });
    expect(second.statusCode).toBe(409);
    expect(second.json().detail).toBe(
      'This submission_key was already used for a response with different answers. Send a new submission_key for a new response.',
    );
    const rows = await ctx.db.selectFrom('form_responses').selectAll().where('submission_key', '=', key).execute();
    expect(rows).toHaveLength(1);
    expect(rows[0].data).toEqual({ [form.ids.question]: 'first' });
  });

  it('marks honeypot and too-fast submissions as spam instead of rejecting them', async () => {
    const honeypot = await submit({ hp: 'http://spam.example', data: { [form.ids.question]: 'buy now' } });
    expect(honeypot.statusCode).toBe(201);
    expect(await stored(honeypot.json().id)).toMatchObject({ is_spam: true, spam_reasons: ['honeypot'] });
    const fast = await submit({ start_token: startToken(ctx.config, formId, 500), data: { [form.ids.question]: 'quick' } });
    expect(fast.statusCode).toBe(201);
    expect(await stored(fast.json().id)).toMatchObject({ is_spam: true, spam_reasons: ['filled-too-fast'] });
  });

  it('does not call a fast submission spam when every answer is the stored prefill’s (checked, not taken on trust)', async () => {
    const prefill = await lawyer.request({
      method: 'POST',
      url: `/api/${acme}/form-prefills/`,
      ...json({ form_template: formId, name: 'Jane Doe', data: { [form.ids.question]: 'no', [form.ids.age]: 42, [form.ids.area]: form.areaOption } }),
    });
    expect(prefill.statusCode, prefill.body).toBe(201);
    const prefillId: string = prefill.json().id;
    const fast = startToken(ctx.config, formId, 800);
    const asPrefilled = { [form.ids.question]: 'no', [form.ids.age]: 42, [form.ids.area]: form.areaOption };

    // Opened from the prefill link and only confirmed, in under a second: a genuine response.
    const confirmed = await submit({ prefill_id: prefillId, start_token: fast, data: asPrefilled });
    expect(confirmed.statusCode, confirmed.body).toBe(201);
    expect(await stored(confirmed.json().id)).toMatchObject({ is_spam: false, spam_reasons: [], prefill_id: prefillId });
    // A prefilled answer left out (cleared) still leaves every sent answer the prefill's.
    const cleared = await submit({ prefill_id: prefillId, start_token: fast, data: { [form.ids.question]: 'no', [form.ids.age]: 42 } });
    expect(await stored(cleared.json().id)).toMatchObject({ is_spam: false });

    // Anything else sent that fast is still too fast: an answer changed, one added (from the URL or typed), the
    // prefill's answers claimed without its id, or without a valid start token; the honeypot marks it whatever it sent.
    const cases: [string, Record<string, unknown>, string[]][] = [
      ['changed', { prefill_id: prefillId, start_token: fast, data: { ...asPrefilled, [form.ids.age]: 43 } }, ['filled-too-fast']],
      ['added', { prefill_id: prefillId, start_token: fast, data: { ...asPrefilled, [form.ids.email]: 'jane@example.com' } }, ['filled-too-fast']],
      ['no prefill', { start_token: fast, data: asPrefilled }, ['filled-too-fast']],
      ['no token', { prefill_id: prefillId, start_token: undefined, data: asPrefilled }, ['filled-too-fast']],
      ['honeypot', { prefill_id: prefillId, start_token: fast, hp: 'http://spam.example', data: asPrefilled }, ['honeypot']],
    ];
    for (const [name, payload, reasons] of cases) {
      const response = await submit(payload);
      expect(response.statusCode, name).toBe(201);
      expect(await stored(response.json().id), name).toMatchObject({ is_spam: true, spam_reasons: reasons });
    }
  });

  it('keeps the version of the form each response was checked against', async () => {
    const before = await submit({ data: { [form.ids.question]: 'v1' } });
    const current = (await lawyer.get(`/api/${acme}/form-templates/${formId}/`)).json();
    const edited = structuredClone(current.jsonForm) as FormDocument;
    (edited[0].children[0] as { label: string }).label = 'Renamed question';
    const put = await lawyer.request({
      method: 'PUT',
      url: `/api/${acme}/form-templates/${formId}/`,
      ...json({ ...templateBody({ name: 'Logic intake', jsonForm: edited, jsonConditionalLogic: current.jsonConditionalLogic }), updated_at: current.updatedAt }),
    });
    expect(put.statusCode).toBe(200);
    await new Promise((r) => setTimeout(r, 1100)); // the published-form cache lives one second
    const after = await submit({ data: { [form.ids.question]: 'v2' } });
    const versionLabel = async (responseId: string) => {
      const row = await ctx.db
        .selectFrom('form_responses')
        .innerJoin('form_versions', 'form_versions.id', 'form_responses.form_version_id')
        .select('form_versions.json_form')
        .where('form_responses.id', '=', responseId)
        .executeTakeFirstOrThrow();
      return (row.json_form as FormDocument)[0].children[0] as { label: string };
    };
    expect((await versionLabel(before.json().id)).label).toBe('Do you have a lawyer');
    expect((await versionLabel(after.json().id)).label).toBe('Renamed question');
  });

  it('answers 404 for unknown, archived and built-in forms', async () => {
    expect((await submit({ form_id: randomUUID(), data: {} })).statusCode).toBe(404);
    const builtIn = (await lawyer.get(`/api/${acme}/form-templates/contact-export-form/`)).json();
    expect((await submit({ form_id: builtIn.id, data: {} })).statusCode).toBe(404);
  });
});

describe('submissions arriving together', () => {
  const ofKeys = (keys: string[]) =>
    ctx.db
      .selectFrom('form_responses')
      .select(['id', 'submission_key', 'data', 'is_spam', 'spam_reasons', sql<string>`xmin::text`.as('transaction')])
      .where('submission_key', 'in', keys)
      .execute();

  it('commit many to a statement, each answered with its own row, spam kept out of the outbox', async () => {
    const burst = Array.from({ length: 40 }, (_, i) => ({ submission_key: randomUUID(), hp: i % 5 === 0 ? 'bot' : '', data: { [form.ids.question]: `burst ${i}`, [form.ids.age]: 20 + i } }));
    const answers = await Promise.all(burst.map((payload) => submit(payload)));
    expect(answers.map((answer) => answer.statusCode)).toEqual(burst.map(() => 201));
    const rows = await ofKeys(burst.map((payload) => payload.submission_key));
    expect(rows).toHaveLength(40);
    const rowOf = new Map(rows.map((row) => [row.submission_key, row]));
    for (const [i, payload] of burst.entries()) {
      const row = rowOf.get(payload.submission_key)!;
      // Each request is answered with the id of the row holding its own answers.
      expect(answers[i].json().id).toBe(row.id);
      expect(row.data).toEqual(payload.data);
      expect(row.is_spam).toBe(i % 5 === 0);
      expect(row.spam_reasons).toEqual(i % 5 === 0 ? ['honeypot'] : []);
    }
    // Rows written by one statement share its transaction: without the group commit there would be 40.
    expect(new Set(rows.map((row) => row.transaction)).size).toBeLessThan(40);
    const outbox = await ctx.db.selectFrom('delivery_outbox').select('form_response_id').where('form_response_id', 'in', rows.map((row) => row.id)).execute();
    expect(outbox.map((row) => row.form_response_id).sort()).toEqual(rows.filter((row) => !row.is_spam).map((row) => row.id).sort());
  });

  it('store a key sent three times in one burst once, and refuse its reuse with other answers', async () => {
    const key = randomUUID();
    const same = { submission_key: key, data: { [form.ids.question]: 'retried' } };
    const others = Array.from({ length: 10 }, (_, i) => ({ submission_key: randomUUID(), data: { [form.ids.question]: `other ${i}` } }));
    const answers = await Promise.all([same, ...others, same, same].map((payload) => submit(payload)));
    expect(answers.map((answer) => answer.statusCode)).toEqual(answers.map(() => 201));
    const retries = [answers[0], answers[11], answers[12]].map((answer) => answer.json().id);
    expect(new Set(retries).size).toBe(1);
    expect(await ofKeys([key])).toHaveLength(1);
    const reused = await Promise.all([submit({ submission_key: key, data: { [form.ids.question]: 'changed' } }), ...others.map((payload) => submit(payload))]);
    expect(reused.map((answer) => answer.statusCode)).toEqual([409, ...others.map(() => 201)]);
  });

  it('keep the others when one submission of a statement cannot be stored', async () => {
    const { ResponseWriter } = await import('../../server/submissions/response-writer.js');
    const { id: versionId } = await ctx.db.selectFrom('form_versions').select('id').where('form_template_id', '=', formId).executeTakeFirstOrThrow();
    let wakes = 0;
    const groupErrors: unknown[] = [];
    const writer = new ResponseWriter(ctx.pool, () => (wakes += 1), (error) => groupErrors.push(error));
    const response = (prefillId: string | null) => ({
      accountId: acme, formId, versionId, submissionKey: randomUUID(), answersJson: '{}', prefillId, spamReasons: [],
    });
    // A prefill deleted after it was read: its foreign key fails the statement it is in.
    const batch = [response(null), response(null), response(randomUUID()), response(null), response(null)];
    const results = await Promise.allSettled(batch.map((row) => writer.store(row)));
    expect(results.map((result) => result.status)).toEqual(['fulfilled', 'fulfilled', 'rejected', 'fulfilled', 'fulfilled']);
    const kept = await ofKeys(batch.map((row) => row.submissionKey));
    expect(kept.map((row) => row.submission_key).sort()).toEqual(batch.filter((row) => row.prefillId === null).map((row) => row.submissionKey).sort());
    expect(wakes).toBeGreaterThan(0);
    expect(groupErrors).toHaveLength(1);
  });

  it('answer their submitters even when waking the delivery workers fails', async () => {
    const { ResponseWriter } = await import('../../server/submissions/response-writer.js');
    const { id: versionId } = await ctx.db.selectFrom('form_versions').select('id').where('form_template_id', '=', formId).executeTakeFirstOrThrow();
    const writer = new ResponseWriter(ctx.pool, () => {
      throw new Error('the workers are stopping');
    });
    const burst = Array.from({ length: 5 }, () => ({ accountId: acme, formId, versionId, submissionKey: randomUUID(), answersJson: '{}', prefillId: null, spamReasons: [] }));
    const results = await Promise.all(burst.map((row) => writer.store(row)));
    const rows = await ofKeys(burst.map((row) => row.submissionKey));
    // Each submitter is answered with the id of its own new row.
    expect(results).toEqual(burst.map((row) => rows.find((stored) => stored.submission_key === row.submissionKey)?.id));
    expect(rows).toHaveLength(5);
  });

  it('split a burst of large submissions across statements (at most 4 MB of answers each)', async () => {
    const { ResponseWriter } = await import('../../server/submissions/response-writer.js');
    const { id: versionId } = await ctx.db.selectFrom('form_versions').select('id').where('form_template_id', '=', formId).executeTakeFirstOrThrow();
    const writer = new ResponseWriter(ctx.pool, () => {});
    const large = JSON.stringify({ [form.ids.question]: 'x'.repeat(1_500_000) });
    const burst = Array.from({ length: 6 }, () => ({ accountId: acme, formId, versionId, submissionKey: randomUUID(), answersJson: large, prefillId: null, spamReasons: [] }));
    const results = await Promise.all(burst.map((row) => writer.store(row)));
    const rows = await ofKeys(burst.map((row) => row.submissionKey));
    expect(rows).toHaveLength(6);
    expect(results).toEqual(burst.map((row) => rows.find((stored) => stored.submission_key === row.submissionKey)?.id));
    // Two are stored at once, alone; the four that waited (6 MB) go two and two, not in one statement.
    expect(new Set(rows.map((row) => row.transaction)).size).toBe(4);
  });
});

describe('rate limit', () => {
  it('answers 429 with Retry-After past the per-address limit', async () => {
    const limited = await createTestContext({ SUBMIT_RATE_LIMIT: '3' });
    try {
      const statuses: number[] = [];
      let retryAfter: string | undefined;
      let limitedBody: unknown;
      for (let i = 0; i < 5; i++) {
        const response = await limited.app.inject({ method: 'POST', url: '/api/form-submit/', payload: { form_id: randomUUID(), data: {}, submission_key: randomUUID() }, remoteAddress: '203.0.113.9' });
        statuses.push(response.statusCode);
        retryAfter ??= response.headers['retry-after'] as string | undefined;
        if (response.statusCode === 429) limitedBody ??= response.json();
      }
      expect(statuses).toEqual([404, 404, 404, 429, 429]);
      expect(Number(retryAfter)).toBeGreaterThan(0);
      expect(limitedBody).toEqual({ detail: `Too many submissions. Try again in ${retryAfter} seconds.` });
      const other = await limited.app.inject({ method: 'POST', url: '/api/form-submit/', payload: { form_id: randomUUID(), data: {}, submission_key: randomUUID() }, remoteAddress: '203.0.113.10' });
      expect(other.statusCode).toBe(404);
    } finally {
      await limited.close();
    }
  });
});

describe('public form and prefill reads', () => {
  it('serves the saved form for rendering, and 404 once archived', async () => {
    const created = (await lawyer.request({ method: 'POST', url: `/api/${acme}/form-templates/`, ...json(templateBody({ name: 'Public one', display_name: 'Tell us about you' })) })).json();
    const response = await ctx.app.inject({ method: 'GET', url: `/api/public/forms/${created.id}/` });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({ id: created.id, name: 'Tell us about you' });
    expect(response.json().jsonForm).toEqual(created.jsonForm);
    await lawyer.request({ method: 'DELETE', url: `/api/${acme}/form-templates/${created.id}/` });
    await new Promise((r) => setTimeout(r, 1100));
    expect((await ctx.app.inject({ method: 'GET', url: `/api/public/forms/${created.id}/` })).statusCode).toBe(404);
  });
});
