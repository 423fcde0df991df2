import { randomUUID } from 'node:crypto';
import http from 'node:http';
import { createRequire } from 'node:module';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createAppTester } from 'zapier-platform-core';
import { buildApp } from '../../server/app.js';
import { loadConfig } from '../../server/config.js';
import type { DB } from '../../server/db/database.js';
import { DeliveryEngine } from '../../server/delivery/delivery-engine.js';
import { SecretBox } from '../../server/secrets/secret-box.js';
import type { FormDocument, InputElement } from '../../src/domain/form-document.js';
import { HookReceiver, runZapierApp, subscribeZapHook, zapierApp } from '../../e2e/zapier.js';
import { input, sampleDocument, templateBody } from './form-fixtures.js';
import { createAccount, createTestDatabase, createUser, json, signedIn, type TestClient } from './helpers.js';

/**
 * The Zapier app (`zapier-app/`) driven by zapier-platform-core's app tester against the real server on loopback,
 * its delivery workers running, and a loopback receiver that verifies every push with the `standardwebhooks` package.
 * Offline: nothing here reaches Zapier.
 */

const require = createRequire(import.meta.url);
const schemaTools = require('zapier-platform-core/src/tools/schema') as {
  compileApp(app: unknown): unknown;
  validateApp(app: unknown): { message: string; property: string }[];
};
const INVALID_KEY_MESSAGE =
  'Your API key is not valid: generate a new one in Form Builder (open a form, then Integrations → Zapier → ' +
  'Generate API key) and reconnect your Form Builder account in Zapier.';

let app: FastifyInstance;
let db: DB;
let dropDatabase: () => Promise<void>;
let engine: DeliveryEngine;
let baseUrl: string;
let receiver: HookReceiver;
let lawyer: TestClient;
let acme: number;
let apiKey: string;
let rivalKey: string;
let formId: string;
let rivalFormId: string;
let inputs: InputElement[];

const trigger = zapierApp.triggers.new_response.operation;
const run = <T>(method: Parameters<typeof runZapierApp>[1], bundle: Record<string, unknown>) => runZapierApp<T>(baseUrl, method, bundle);
const auth = (key = apiKey) => ({ authData: { apiKey: key } });

/** The sample form plus a checkbox, whose answers are lists (Zapier's `list` output fields). */
function intakeDocument(): FormDocument {
  const document = sampleDocument();
  const contact = document[1];
  contact.children.push(input('checkbox', contact.id, 'Incident types'));
  return document;
}

/** Submits on the public route, over HTTP, as a respondent's browser does. */
async function submitPublicly(answers: { name: string; area: 'Family' | 'Injury'; incidents: ('Family' | 'Injury')[] }): Promise<string> {
  const [name, area, , incidents] = inputs;
  const optionId = (element: InputElement, text: string) => element.options.find((option) => option.text === text)!.id;
  const response = await fetch(`${baseUrl}/api/form-submit/`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({
      form_id: formId,
      data: {
        [name.id]: answers.name,
        [area.id]: optionId(area, answers.area),
        [incidents.id]: answers.incidents.map((text) => optionId(incidents, text)),
      },
      submission_key: randomUUID(),
      hp: '',
    }),
  });
  expect(response.status, await response.clone().text()).toBe(201);
  return ((await response.json()) as { id: string }).id;
}

const deliveriesOf = (responseId: string) => db.selectFrom('deliveries').selectAll().where('form_response_id', '=', responseId).execute();
type DeliveryRow = Awaited<ReturnType<typeof deliveriesOf>>[number];

/** The response's (only) delivery once `check` holds. */
async function waitForDelivery(responseId: string, check: (delivery: DeliveryRow) => boolean, what: string): Promise<DeliveryRow> {
  const deadline = Date.now() + 15_000;
  for (;;) {
    const [delivery] = await deliveriesOf(responseId);
    if (delivery && check(delivery)) return delivery;
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

beforeAll(async () => {
  receiver = await HookReceiver.start();
  const database = await createTestDatabase();
  db = database.db;
  dropDatabase = database.drop;
  const config = loadConfig({
    DATABASE_URL: database.databaseUrl,
    SECRET_KEY: 'q'.repeat(40),
    ZAPIER_HOOK_HOSTS: 'hooks.zapier.com,127.0.0.1',
    SUBMIT_MIN_FILL_MS: '0',
  });
  // As `npm start` runs it: one engine enqueues for the app and runs the workers (polling shortened for the test).
  engine = new DeliveryEngine({
    db,
    pool: database.pool,
    secrets: new SecretBox(config.SECRET_KEY!),
    hookHosts: config.ZAPIER_HOOK_HOSTS,
    pollingIntervalSeconds: 0.5,
    sweepIntervalMs: 200,
    timeoutMs: 3_000,
    // The retry schedule at a tenth (5 s → 0.5 s), so the outage test waits for a real retry, not a replay.
    scheduleScale: 0.1,
  });
  app = await buildApp({ config, db, pool: database.pool, secretKey: config.SECRET_KEY!, staticDir: '/nonexistent-static', delivery: engine });
  baseUrl = await app.listen({ port: 0, host: '127.0.0.1' });
  await engine.startWorkers();

  acme = await createAccount(db, 'Acme Law');
  const other = await createAccount(db, 'Other Firm');
  await createUser(db, { email: 'lawyer@acme.test', accountId: acme });
  await createUser(db, { email: 'rival@other.test', accountId: other });
  lawyer = await signedIn(app, 'lawyer@acme.test');
  const rival = await signedIn(app, 'rival@other.test');
  const created = (await lawyer.request({ method: 'POST', url: `/api/${acme}/form-templates/`, ...json(templateBody({ jsonForm: intakeDocument() })) })).json();
  formId = created.id;
  inputs = [];
  for (const page of created.jsonForm as FormDocument) for (const child of page.children) {
    if (child.type === 'input') inputs.push(child);
    if (child.type === 'section') for (const leaf of child.children) if (leaf.type === 'input') inputs.push(leaf);
  }
  rivalFormId = (await rival.request({ method: 'POST', url: `/api/${other}/form-templates/`, ...json(templateBody({ name: 'Rival intake' })) })).json().id;
  apiKey = (await lawyer.request({ method: 'POST', url: `/api/${acme}/integrations/zapier/create-account-token/`, ...json({}) })).json().token;
  rivalKey = (await rival.request({ method: 'POST', url: `/api/${other}/integrations/zapier/create-account-token/`, ...json({}) })).json().token;
}, 60_000);

afterAll(async () => {
  await engine?.stop();
  await app?.close();
  await receiver?.close();
  await dropDatabase?.();
});

describe('the app definition', () => {
  it("passes the platform's schema validation (what `zapier validate` checks locally) with no errors", () => {
    expect(schemaTools.validateApp(schemaTools.compileApp(zapierApp))).toEqual([]);
    // The check is live: a definition the platform would refuse is reported.
    const broken = { ...zapierApp, triggers: { ...zapierApp.triggers, new_response: { ...zapierApp.triggers.new_response, noun: undefined } } };
    expect(schemaTools.validateApp(schemaTools.compileApp(broken)).map((error) => error.property)).toContain('instance.triggers.new_response');
  });
});

describe('authentication', () => {
  it("accepts a good key and labels the connection with the account's name", async () => {
    const me = await run<{ account: { id: number; internalName: string } }>(zapierApp.authentication.test, auth());
    expect(me).toEqual({ account: { id: acme, internalName: 'Acme Law' } });
    expect(await run(zapierApp.authentication.connectionLabel, { ...auth(), inputData: me })).toBe('Acme Law');
    // Running the app left this process's own HTTP clients (the delivery engine's among them) as they were.
    expect((globalThis.fetch as { patchedByZapier?: boolean }).patchedByZapier).toBeUndefined();
    expect((http as { patchedByZapier?: boolean }).patchedByZapier).toBeUndefined();
  });

  it('refuses a wrong or renewed-away key with a message that says where to get a new one', async () => {
    await expect(run(zapierApp.authentication.test, auth(`${apiKey}x`))).rejects.toThrow(INVALID_KEY_MESSAGE);
    const spare = (await lawyer.request({ method: 'POST', url: `/api/${acme}/account-tokens/`, ...json({ name: 'Spare' }) })).json();
    expect(await run(zapierApp.authentication.test, auth(spare.token))).toEqual({ account: { id: acme, internalName: 'Acme Law' } });
    await lawyer.request({ method: 'POST', url: `/api/${acme}/account-tokens/${spare.id}/renew-token/` });
    await expect(run(zapierApp.authentication.test, auth(spare.token))).rejects.toThrow(INVALID_KEY_MESSAGE);
  });

  it('names the missing setting when the API address is unset or not http(s)', async () => {
    const tester = createAppTester(zapierApp);
    delete process.env.FORMBUILDER_API_URL;
    await expect(tester(zapierApp.authentication.test as never, auth() as never)).rejects.toThrow(/FORMBUILDER_API_URL is not set/);
    process.env.FORMBUILDER_API_URL = 'ftp://forms.example.com';
    await expect(tester(zapierApp.authentication.test as never, auth() as never)).rejects.toThrow(/FORMBUILDER_API_URL is not set/);
    // A trailing slash (as PUBLIC_URL is often written) is fine.
    process.env.FORMBUILDER_API_URL = `${baseUrl}/`;
    expect(await tester(zapierApp.authentication.test as never, auth() as never)).toEqual({ account: { id: acme, internalName: 'Acme Law' } });
  });
});

describe('the New Response trigger', () => {
  it("fills the Form dropdown with the key's account's active forms only", async () => {
    expect(await run(zapierApp.triggers.forms.operation.perform, auth())).toEqual([{ id: formId, name: 'Intake' }]);
    expect(await run(zapierApp.triggers.forms.operation.perform, auth(rivalKey))).toEqual([{ id: rivalFormId, name: 'Rival intake' }]);
  });

  it("announces the chosen form's inputs as output fields under answers, labelled as in the builder", async () => {
    const fields = await run<Record<string, unknown>[]>(trigger.outputFields as never, { ...auth(), inputData: { form_id: formId } });
    expect(fields.slice(0, -4)).toEqual([
      { key: 'id', label: 'Event ID' },
      { key: 'responseId', label: 'Response ID' },
      { key: 'formId', label: 'Form ID' },
      { key: 'formName', label: 'Form Name' },
      { key: 'submittedAt', label: 'Submitted At', type: 'datetime' },
      { key: 'timestamp', label: 'Event Time', type: 'datetime' },
      { key: 'type', label: 'Event Type' },
    ]);
    expect(fields.slice(-4)).toEqual([
      { key: 'answers__full_name', label: 'Full name', type: 'string' },
      { key: 'answers__practice_area', label: 'Practice area', type: 'string' },
      { key: 'answers__email_address', label: 'Email address', type: 'string' },
      { key: 'answers__incident_types', label: 'Incident types', type: 'string', list: true },
    ]);
    // Before a form is chosen the editor still gets the payload's own fields, and no request fails.
    const unchosen = await run<Record<string, unknown>[]>(trigger.outputFields as never, { ...auth(), inputData: {} });
    expect(unchosen).toEqual(fields.slice(0, -4));
  });

  it("lists the newest responses as samples, shaped as a push, and reports another account's form by its message", async () => {
    const first = await submitPublicly({ name: 'Sample One', area: 'Family', incidents: [] });
    const second = await submitPublicly({ name: 'Sample Two', area: 'Injury', incidents: ['Family', 'Injury'] });
    const samples = await run<Record<string, unknown>[]>(trigger.performList, { ...auth(), inputData: { form_id: formId } });
    expect(samples.map((sample) => sample.responseId)).toEqual([second, first]);
    expect(samples[0]).toEqual({
      id: second,
      type: 'response.created',
      timestamp: expect.any(String),
      formId,
      formName: 'Intake',
      responseId: second,
      submittedAt: expect.any(String),
      answers: { full_name: 'Sample Two', practice_area: 'Injury', email_address: null, incident_types: ['Family', 'Injury'] },
    });
    await expect(run(trigger.performList, { ...auth(), inputData: { form_id: rivalFormId } })).rejects.toThrow(
      'Form Builder refused the request: No such form in this account.',
    );
  });

  it('subscribes, receives a signed push of a public submission through the delivery engine, and stops after unsubscribing', async () => {
    const path = '/hooks/catch/123/abc';
    const hook = await subscribeZapHook({ apiKey, formId, receiver, path, baseUrl });
    expect(hook.secret).toMatch(/^whsec_/);
    const stored = await db.selectFrom('zapier_hooks').select(['target_url', 'form_template_id', 'event', 'deleted_at']).where('id', '=', hook.hookId).executeTakeFirstOrThrow();
    expect(stored).toEqual({ target_url: receiver.url(path), form_template_id: formId, event: 'response.created', deleted_at: null });

    const responseId = await submitPublicly({ name: 'Ada Lovelace', area: 'Injury', incidents: ['Injury'] });
    const got = await receiver.waitFor((delivery) => delivery.payload.responseId === responseId);
    const [delivery] = await deliveriesOf(responseId);
    expect(got.webhookId).toBe(delivery.id);
    expect(got.path).toBe(path);
    expect(receiver.rejected).toBe(0);

    // What the Zap's first step outputs: the payload, as the samples promised.
    const [output] = await run<Record<string, unknown>[]>(trigger.perform, { ...auth(), inputData: { form_id: formId }, cleanedRequest: got.payload });
    expect(output).toEqual({
      id: delivery.id,
      type: 'response.created',
      timestamp: delivery.created_at.toISOString(),
      formId,
      formName: 'Intake',
      responseId,
      submittedAt: expect.any(String),
      answers: { full_name: 'Ada Lovelace', practice_area: 'Injury', email_address: null, incident_types: ['Injury'] },
    });
    const samples = await run<Record<string, unknown>[]>(trigger.performList, { ...auth(), inputData: { form_id: formId } });
    expect(Object.keys(samples[0]).sort()).toEqual(Object.keys(output).sort());

    await hook.unsubscribe();
    expect((await db.selectFrom('zapier_hooks').select('deleted_reason').where('id', '=', hook.hookId).executeTakeFirstOrThrow()).deleted_reason).toBe(
      'unsubscribed',
    );
    const after = await submitPublicly({ name: 'After Unsubscribe', area: 'Family', incidents: [] });
    expect(await deliveriesOf(after)).toEqual([]);
    // The engine had every chance to send it: a sweep runs every 200 ms.
    await new Promise((resolve) => setTimeout(resolve, 1_000));
    expect([...receiver.deliveries.values()].filter((d) => d.payload.responseId === after)).toEqual([]);
    expect(got.count).toBe(1);

    // Turning the Zap off again (Zapier retries an unsubscribe it did not hear back from) is not an error.
    await expect(hook.unsubscribe()).resolves.toBeUndefined();
  });

  it('keeps retrying while Zapier is down and delivers once, under the same webhook-id, when it is back', async () => {
    const path = '/hooks/catch/123/outage';
    const hook = await subscribeZapHook({ apiKey, formId, receiver, path, baseUrl });
    receiver.stop();
    const refusedBefore = receiver.refused;
    const responseId = await submitPublicly({ name: 'Grace Hopper', area: 'Family', incidents: ['Family'] });
    const failing = await waitForDelivery(responseId, (d) => d.attempt_count >= 2 && d.status === 'pending', 'two refused attempts');
    expect(failing.last_status_code).toBe(503);
    expect(failing.next_attempt_at).not.toBeNull();
    expect(receiver.refused - refusedBefore).toBeGreaterThanOrEqual(2);

    receiver.restart();
    const sent = await waitForDelivery(responseId, (d) => d.status === 'succeeded', 'the delivery after the outage');
    const got = await receiver.waitFor((delivery) => delivery.payload.responseId === responseId);
    expect(got.webhookId).toBe(sent.id);
    expect(got.count).toBe(1);
    expect(got.path).toBe(path);
    await hook.unsubscribe();
  });

  it("cannot subscribe another account's form, and says why", async () => {
    await expect(subscribeZapHook({ apiKey: rivalKey, formId, receiver, baseUrl })).rejects.toThrow(
      'Form Builder refused the request: Invalid hook: form_id: no such form in this account',
    );
    expect(await db.selectFrom('zapier_hooks').select('id').where('form_template_id', '=', formId).where('deleted_at', 'is', null).execute()).toEqual([]);
  });
});
