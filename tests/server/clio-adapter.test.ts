import { randomUUID } from 'node:crypto';
import { Writable } from 'node:stream';
import type { FastifyInstance } from 'fastify';
import type pg from 'pg';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp, buildLoggerOptions } from '../../server/app.js';
import { loadConfig, type Config } from '../../server/config.js';
import type { DB } from '../../server/db/database.js';
import { DeliveryEngine } from '../../server/delivery/delivery-engine.js';
import { ClioAdapter } from '../../server/integrations/clio/clio-adapter.js';
import { clioSettingsFrom } from '../../server/integrations/clio/clio-settings.js';
import { ensureBuiltInForm } from '../../server/forms/built-in-form.js';
import { decryptIntegrationSecret } from '../../server/integrations/integration-repository.js';
import { SecretBox } from '../../server/secrets/secret-box.js';
import type { FormDocument, InputElement } from '../../src/domain/form-document.js';
import { BUILT_IN_FORM_SLUG } from '../../src/domain/ids.js';
import { startClioStandIn, type ClioStandIn } from '../stand-ins/clio/clio-stand-in.js';
import { input, templateBody } from './form-fixtures.js';
import { createAccount, createTestDatabase, createUser, json, signedIn, type TestClient } from './helpers.js';

/**
 * The Clio adapter over real HTTP against the Clio stand-in (checked against Clio's OpenAPI document) and real
 * PostgreSQL: the OAuth dance through the app's routes, field lists with paging, pushes with checkpoints, refresh,
 * revocation and rate limits. Deliveries are drained by calling the engine directly, so each step is deterministic.
 */

const logLines: string[] = [];
let clio: ClioStandIn;
let app: FastifyInstance;
let db: DB;
let pool: pg.Pool;
let config: Config;
let dropDatabase: () => Promise<void>;
let engine: DeliveryEngine;
let adapter: ClioAdapter;
let secrets: SecretBox;
let acme: number;
let other: number;
let lawyer: TestClient;
let rival: TestClient;
let integrationId: string;

const NEXT = '/1/build/form/integrations/clio';

/** The browser's part of the dance: our authorise URL, Clio's consent page answered, and Clio's redirect back. */
async function consent(client: TestClient, decision: 'allow' | 'deny', next = NEXT): Promise<URL> {
  const answer = await client.get(`/api/${acme}/integrations/clio/authorize/?next=${encodeURIComponent(next)}`);
  expect(answer.statusCode, answer.body).toBe(200);
  const authorize = new URL(answer.json().url);
  expect(authorize.origin + authorize.pathname).toBe(`${clio.url}/oauth/authorize`);
  const response = await fetch(`${clio.url}/oauth/authorize`, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({ ...Object.fromEntries(authorize.searchParams), decision }).toString(),
    redirect: 'manual',
  });
  expect(response.status).toBe(302);
  return new URL(response.headers.get('location')!);
}

/** Clio's redirect, followed by the signed-in browser: where our callback sends it. */
async function callback(client: TestClient, back: URL): Promise<URL> {
  const answer = await client.get(`${back.pathname}${back.search}`);
  expect(answer.statusCode, answer.body).toBe(303);
  return new URL(answer.headers.location as string, 'http://app.test');
}

async function connect(client: TestClient = lawyer): Promise<URL> {
  return callback(client, await consent(client, 'allow'));
}

const integration = () => db.selectFrom('account_integrations').selectAll().where('account_id', '=', acme).where('kind', '=', 'clio').executeTakeFirstOrThrow();

async function formWithClioMaps(name: string, practiceAreas = ['Family Law', 'Personal Injury']) {
  const document = templateBody().jsonForm as FormDocument;
  const page = document[0];
  const area = input('dropdown', page.id, 'Area of law', { options: practiceAreas.map((text) => ({ id: randomUUID(), text })) });
  page.children.push(area);
  const created = (await lawyer.request({ method: 'POST', url: `/api/${acme}/form-templates/`, ...json(templateBody({ name, jsonForm: document })) })).json();
  const inputs: InputElement[] = [];
  for (const p of created.jsonForm as FormDocument) for (const child of p.children) {
    if (child.type === 'input') inputs.push(child);
    if (child.type === 'section') for (const leaf of child.children) if (leaf.type === 'input') inputs.push(leaf);
  }
  const byLabel = (label: string) => inputs.find((i) => i.label === label)!;
  const apis = (await lawyer.get(`/api/${acme}/integrations/clio/apis/`)).json().results as { id: string; externalKey: string }[];
  const rule = (local: InputElement, foreign: string) => ({
    id: randomUUID(),
    local: { id: local.id, name: local.label, type: local.subtype, required: false },
    foreign: { id: foreign, name: foreign, type: 'text_line', required: false },
  });
  for (const [key, rules] of [
    ['Contact', [rule(byLabel('Full name'), 'last_name'), rule(byLabel('Email address'), 'email')]],
    ['Matter', [rule(byLabel('Area of law'), 'practice_area')]],
  ] as const) {
    const api = apis.find((a) => a.externalKey === key)!;
    const made = await lawyer.request({
      method: 'POST',
      url: `/api/${acme}/form-mappers/`,
      ...json({ form_template: created.id, integration_api_type: 'clio', integration_api_id: api.id, conversion_rules: rules, enabled: true }),
    });
    expect(made.statusCode, made.body).toBe(201);
  }
  return { formId: created.id as string, byLabel };
}

async function submit(form: Awaited<ReturnType<typeof formWithClioMaps>>, name: string, email: string, area = 'Family Law'): Promise<string> {
  const areaInput = form.byLabel('Area of law');
  const practice = form.byLabel('Practice area');
  const response = await app.inject({
    method: 'POST',
    url: '/api/form-submit/',
    ...json({
      form_id: form.formId,
      data: {
        [form.byLabel('Full name').id]: name,
        [form.byLabel('Email address').id]: email,
        [practice.id]: practice.options[0].id,
        [areaInput.id]: areaInput.options.find((o) => o.text === area)!.id,
      },
      submission_key: randomUUID(),
      hp: '',
    }),
  });
  expect(response.statusCode, response.body).toBe(201);
  return response.json().id as string;
}

const deliveryOf = (responseId: string) => db.selectFrom('deliveries').selectAll().where('form_response_id', '=', responseId).where('target', 'like', 'clio:%').executeTakeFirstOrThrow();
const attemptsOf = (deliveryId: string) => db.selectFrom('delivery_attempts').selectAll().where('delivery_id', '=', deliveryId).orderBy('attempt_no').execute();
/** Runs every due Clio delivery now, then lets the scaled retry schedule come due and runs again. */
async function drain(rounds = 1): Promise<void> {
  for (let round = 0; round < rounds; round += 1) {
    await new Promise((resolve) => setTimeout(resolve, 30));
    await engine.moveOutbox();
    await engine.drain(`clio:${(await integration()).id}`);
  }
}
/** Drains until the delivery of this response is no longer waiting: a scaled retry or a Retry-After may be a moment away. */
async function settle(responseId: string, timeoutMs = 10_000) {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    await drain();
    const delivery = await deliveryOf(responseId);
    if ((delivery.status !== 'pending' && delivery.status !== 'sending') || Date.now() > deadline) return delivery;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}
const apiRequests = (from: number) => clio.requests.slice(from).filter((r) => r.path.startsWith('/api/v4/')).map((r) => `${r.method} ${r.path.slice('/api/v4/'.length)}`);

beforeAll(async () => {
  // The suite's pushes together pass Clio's 50 requests a minute; the 429 path is tested by an injected answer.
  clio = await startClioStandIn({ customFieldCount: 500, rateLimit: { limit: 1000, windowSeconds: 60 } });
  const database = await createTestDatabase();
  ({ db, pool } = database);
  dropDatabase = database.drop;
  config = loadConfig({
    DATABASE_URL: database.databaseUrl,
    SECRET_KEY: 'c'.repeat(40),
    SUBMIT_MIN_FILL_MS: '0',
    SUBMIT_RATE_LIMIT: '10000',
    CLIO_CLIENT_ID: clio.clientId,
    CLIO_CLIENT_SECRET: clio.clientSecret,
    CLIO_BASE_URL: clio.url,
  });
  const stream = new Writable({
    write(chunk: Buffer, _encoding, done) {
      logLines.push(chunk.toString());
      done();
    },
  });
  const logger = pino(buildLoggerOptions('trace') as pino.LoggerOptions, stream);
  secrets = new SecretBox(config.SECRET_KEY!);
  adapter = new ClioAdapter({ db, secrets, settings: clioSettingsFrom(config) });
  engine = new DeliveryEngine({ db, pool, secrets, hookHosts: [], logger, timeoutMs: 5_000, scheduleScale: 0.001, random: () => 0.5, adapters: [adapter] });
  app = await buildApp({ config, db, pool, secretKey: config.SECRET_KEY!, logger, staticDir: '/nonexistent-static', delivery: engine });
  await app.ready();
  acme = await createAccount(db, 'Acme Law');
  other = await createAccount(db, 'Other');
  await createUser(db, { email: 'lawyer@acme.test', accountId: acme });
  await createUser(db, { email: 'rival@other.test', accountId: other });
  lawyer = await signedIn(app, 'lawyer@acme.test');
  rival = await signedIn(app, 'rival@other.test');
}, 120_000);

afterAll(async () => {
  await app?.close();
  await engine?.stop();
  await dropDatabase?.();
  await clio?.close();
});

describe('OAuth connection', () => {
  it('refuses another account, and a declined consent comes back with a message and connects nothing', async () => {
    expect((await rival.get(`/api/${acme}/integrations/clio/authorize/`)).statusCode).toBe(403);
    expect((await lawyer.get(`/api/${acme}/integrations/clio/authorize/?region=mars`)).statusCode).toBe(400);
    const back = await callback(lawyer, await consent(lawyer, 'deny'));
    expect(back.pathname).toBe(NEXT);
    expect(back.searchParams.get('clio_error')).toBe('Access to Clio was not allowed.');
    expect(await db.selectFrom('account_integrations').select('id').where('kind', '=', 'clio').execute()).toEqual([]);
  });

  it('connects: tokens encrypted, labelled with who_am_i, record types and every page of custom fields cached', async () => {
    const back = await connect();
    expect(back.pathname).toBe(NEXT);
    expect(back.searchParams.get('clio_error')).toBeNull();
    const row = await integration();
    integrationId = row.id;
    expect(row.status).toBe('connected');
    expect(row.config).toMatchObject({ region: 'us', connectedAs: `${clio.store.user.name} · ${clio.store.user.email}` });
    const secret = decryptIntegrationSecret(secrets, row.id, row.secret!);
    expect(secret.accessToken).toBeTruthy();
    expect(row.secret).not.toContain(secret.accessToken);
    const shown = (await lawyer.get(`/api/${acme}/integrations/clio/`)).json().results[0];
    expect(shown).toMatchObject({ kind: 'clio', status: 'connected', connectedAs: row.config.connectedAs, region: 'us' });
    expect(JSON.stringify(shown)).not.toContain(secret.accessToken);
    const apis = shown.apis as { id: string; externalKey: string }[];
    expect(apis.map((a) => a.externalKey).sort()).toEqual(['Contact', 'Matter']);
    for (const api of apis) {
      const fields = (await lawyer.get(`/api/${acme}/integrations/clio/apis/${api.id}/field_list/`)).json().results as { id: string; required: boolean; options?: unknown[] }[];
      const custom = clio.store.customFields.filter((f) => f.parent_type === api.externalKey && !f.deleted);
      // 250 custom fields per type: more than one page of 200, all of them listed.
      expect(custom.length).toBeGreaterThan(200);
      expect(fields.filter((f) => f.id.startsWith('custom_field:')).length).toBe(custom.length);
      if (api.externalKey === 'Matter') {
        expect(fields.find((f) => f.id === 'description')?.required).toBe(false);
        expect(fields.find((f) => f.id === 'practice_area')?.options).toHaveLength(clio.store.practiceAreas.length);
      }
    }
    expect(clio.requests.filter((r) => r.path.startsWith('/api/v4/')).every((r) => r.apiVersion === '4.0.9')).toBe(true);
    // The rival sees none of it.
    expect((await rival.get(`/api/${other}/integrations/clio/`)).json().results).toEqual([]);
    expect((await rival.request({ method: 'POST', url: `/api/${acme}/integrations/clio/apis/refresh/` })).statusCode).toBe(403);
  });

  it('spends a state once, refuses it in another session or after ten minutes, and never follows an off-site next', async () => {
    const back = await consent(lawyer, 'allow');
    const tokenCalls = () => clio.requests.filter((r) => r.path === '/oauth/token').length;
    // Another signed-in session (the rival's browser) cannot finish it, and spends it trying.
    const stolen = await callback(rival, back);
    expect(stolen.pathname).toBe('/');
    expect(stolen.searchParams.get('clio_error')).toBe('The Clio connection was started in another session. Please connect again.');
    const before = tokenCalls();
    const reused = await callback(lawyer, back);
    expect(reused.searchParams.get('clio_error')).toBe('The Clio connection expired. Please connect again.');
    expect(tokenCalls()).toBe(before);

    const late = await consent(lawyer, 'allow');
    await db.updateTable('oauth_states').set({ expires_at: new Date(Date.now() - 1000) }).execute();
    expect((await callback(lawyer, late)).searchParams.get('clio_error')).toBe('The Clio connection expired. Please connect again.');
    expect(tokenCalls()).toBe(before);

    const offsite = await callback(lawyer, await consent(lawyer, 'allow', '//evil.test/x'));
    expect(offsite.host).toBe('app.test');
    expect(offsite.pathname).toBe('/');
    expect((await lawyer.get('/integrations/clio/callback/?state=nope&code=x')).headers.location).toContain('clio_error=');
    expect((await integration()).status).toBe('connected');
  });
});

describe('tokens', () => {
  it('refreshes one at a time when the access token expired, and keeps the rotated refresh token', async () => {
    const before = decryptIntegrationSecret(secrets, integrationId, (await integration()).secret!);
    clio.expireAccessTokens();
    const from = clio.requests.length;
    const answers = await Promise.all(Array.from({ length: 5 }, () => adapter.client.call(integrationId, 'GET', 'users/who_am_i.json', { query: { fields: 'id' } })));
    expect(answers.map((a) => (a.kind === 'answered' ? a.status : a.kind))).toEqual([200, 200, 200, 200, 200]);
    expect(clio.requests.slice(from).filter((r) => r.path === '/oauth/token')).toHaveLength(1);
    const after = decryptIntegrationSecret(secrets, integrationId, (await integration()).secret!);
    expect(after.accessToken).not.toBe(before.accessToken);
    expect(after.refreshToken).not.toBe(before.refreshToken);
  });
});

describe('push', () => {
  let form: Awaited<ReturnType<typeof formWithClioMaps>>;

  beforeAll(async () => {
    form = await formWithClioMaps('Clio intake');
  });

  it('queues nothing until the integration pushes web leads', async () => {
    const id = await submit(form, 'Quiet Person', 'quiet@example.test');
    // A worker moves its outbox row a moment later: while push web leads is off, into no delivery.
    await engine.moveOutbox();
    expect(await db.selectFrom('deliveries').select('id').where('form_response_id', '=', id).execute()).toEqual([]);
    const enabled = await lawyer.request({ method: 'PATCH', url: `/api/${acme}/integrations/clio/${integrationId}/`, ...json({ enabled: true, push_web_leads: true }) });
    expect(enabled.statusCode, enabled.body).toBe(200);
  });

  it('creates the contact, a matter for it with the practice area, and a note with the whole intake', async () => {
    const from = clio.requests.length;
    const id = await submit(form, 'Jane Roe', 'jane.roe@example.test');
    await drain();
    const delivery = await deliveryOf(id);
    expect(delivery.status, delivery.last_error ?? '').toBe('succeeded');
    expect(apiRequests(from)).toEqual(['GET contacts.json', 'POST contacts.json', 'POST matters.json', 'POST notes.json']);
    const contact = clio.store.contacts.find((c) => c.email_addresses.some((e) => e.address === 'jane.roe@example.test'))!;
    expect(contact.last_name).toBe('Jane Roe');
    const matter = clio.store.matters.find((m) => m.client_id === contact.id)!;
    expect(matter.practice_area_id).toBe(clio.store.practiceAreas.find((a) => a.name === 'Family Law')!.id);
    const note = clio.store.notes.find((n) => n.matter_id === matter.id)!;
    expect(note.detail).toContain('Full name: Jane Roe');
    expect(note.detail).toContain('Email address: jane.roe@example.test');
    expect(delivery.progress).toMatchObject({ contactId: contact.id, matterId: matter.id, noteId: note.id });
    clio.assertNoContractViolations();
  });

  it("uses the account's contact mapping (the built-in form's Contact map) for a form without a Contact map of its own", async () => {
    await ensureBuiltInForm(db, acme);
    const builtIn = await db.selectFrom('form_templates').select('json_form').where('account_id', '=', acme).where('internal_form_slug', '=', BUILT_IN_FORM_SLUG).executeTakeFirstOrThrow();
    const builtInInputs = (builtIn.json_form as FormDocument)[0].children as InputElement[];
    const byName = (dataName: string) => builtInInputs.find((i) => i.dataName === dataName)!;
    const apis = (await lawyer.get(`/api/${acme}/integrations/clio/apis/`)).json().results as { id: string; externalKey: string }[];
    const side = (i: InputElement) => ({ id: i.id, name: i.label, type: i.subtype, required: i.required });
    const contactMap = await lawyer.request({
      method: 'POST',
      url: `/api/${acme}/form-mappers/`,
      ...json({
        form_template: 'contact-export-form',
        integration_api_type: 'clio',
        integration_api_id: apis.find((a) => a.externalKey === 'Contact')!.id,
        conversion_rules: [
          { id: randomUUID(), local: side(byName('last_name')), foreign: { id: 'last_name', name: 'Last name', type: 'text_line', required: true } },
          { id: randomUUID(), local: side(byName('email')), foreign: { id: 'email', name: 'Email', type: 'email', required: false } },
        ],
      }),
    });
    expect(contactMap.statusCode, contactMap.body).toBe(201);

    // A form that maps only the Matter; its inputs carry the built-in form's data names.
    const document = templateBody().jsonForm as FormDocument;
    const page = document[0];
    page.children = [
      input('textInput', page.id, 'Your surname', { dataName: 'last_name', required: true }),
      input('email', page.id, 'Where we can write to you', { dataName: 'email' }),
      input('dropdown', page.id, 'Area of law', { options: [{ id: randomUUID(), text: 'Family Law' }] }),
    ];
    const created = (await lawyer.request({ method: 'POST', url: `/api/${acme}/form-templates/`, ...json(templateBody({ name: 'Matter only', jsonForm: document })) })).json();
    const [surname, mail, area] = (created.jsonForm as FormDocument)[0].children as InputElement[];
    const matterMap = await lawyer.request({
      method: 'POST',
      url: `/api/${acme}/form-mappers/`,
      ...json({
        form_template: created.id,
        integration_api_type: 'clio',
        integration_api_id: apis.find((a) => a.externalKey === 'Matter')!.id,
        conversion_rules: [{ id: randomUUID(), local: side(area), foreign: { id: 'practice_area', name: 'Practice area', type: 'picklist', required: false } }],
      }),
    });
    expect(matterMap.statusCode, matterMap.body).toBe(201);
    const submitted = await app.inject({
      method: 'POST',
      url: '/api/form-submit/',
      ...json({ form_id: created.id, data: { [surname.id]: 'Mapped Byname', [mail.id]: 'mapped.byname@example.test', [area.id]: area.options[0].id }, submission_key: randomUUID(), hp: '' }),
    });
    expect(submitted.statusCode, submitted.body).toBe(201);
    const delivery = await settle(submitted.json().id);
    expect(delivery.status, delivery.last_error ?? '').toBe('succeeded');
    const contact = clio.store.contacts.find((c) => c.last_name === 'Mapped Byname');
    expect(contact).toBeDefined();
    expect(clio.store.matters.filter((m) => m.client_id === contact!.id)).toHaveLength(1);
  });

  it('finds an existing contact by email instead of creating a second one', async () => {
    const contacts = clio.store.contacts.length;
    const id = await submit(form, 'Jane Roe', 'JANE.ROE@example.test', 'Personal Injury');
    await drain();
    expect((await deliveryOf(id)).status).toBe('succeeded');
    expect(clio.store.contacts.length).toBe(contacts);
    expect(clio.store.matters.filter((m) => m.client_id === clio.store.contacts.find((c) => c.last_name === 'Jane Roe')!.id)).toHaveLength(2);
  });

  it('resumes after a failure mid-push (contact created, matter not) without a second contact', async () => {
    clio.injectFault('/api/v4/matters.json', { kind: 'close' }, { method: 'POST' });
    const contacts = clio.store.contacts.length;
    const from = clio.requests.length;
    const id = await submit(form, 'Rick Moe', 'rick.moe@example.test');
    // The engine retries within milliseconds (the schedule is scaled down).
    const delivery = await settle(id);
    expect(delivery.status).toBe('succeeded');
    const attempts = await attemptsOf(delivery.id);
    expect(attempts.map((a) => a.error_kind)).toEqual(['network', null]);
    expect(attempts[0]).toMatchObject({ request_method: 'POST', request_url: `${clio.url}/api/v4/matters.json` });
    expect(clio.store.contacts.length).toBe(contacts + 1);
    expect(apiRequests(from)).toEqual(['GET contacts.json', 'POST contacts.json', 'POST matters.json', 'POST matters.json', 'POST notes.json']);
  });

  it('resumes a worker killed after the note was created: the note is confirmed, not written twice', async () => {
    const id = await submit(form, 'Nora Loe', 'nora.loe@example.test');
    await drain();
    const done = await deliveryOf(id);
    const notes = clio.store.notes.length;
    // As if the worker died after the note's answer, before recording success: the sweeper finds it `sending`.
    await db.updateTable('deliveries').set({ status: 'sending' }).where('id', '=', done.id).execute();
    await drain();
    expect((await deliveryOf(id)).status).toBe('succeeded');
    expect(clio.store.notes.length).toBe(notes);
  });

  it('fails naming the field when a choice has no Clio picklist option, and on Clio validation errors', async () => {
    // A map can only be saved with options Clio has (the field-map rules); here one disappears from Clio afterwards.
    const odd = await formWithClioMaps('Odd areas', ['Family Law', 'Personal Injury']);
    const refresh = async () => expect((await lawyer.request({ method: 'POST', url: `/api/${acme}/integrations/clio/apis/refresh/` })).statusCode).toBe(200);
    const areas = clio.store.practiceAreas;
    const index = areas.findIndex((area) => area.name === 'Personal Injury');
    const [removed] = areas.splice(index, 1);
    try {
      await refresh();
      const id = await submit(odd, 'Sam Poe', 'sam.poe@example.test', 'Personal Injury');
      const delivery = await settle(id);
      expect(delivery.status).toBe('failed');
      expect(delivery.last_error).toBe('The Clio field "Practice area" has no option "Personal Injury" any more: update the field map, then push again');
    } finally {
      areas.splice(index, 0, removed);
      await refresh();
    }

    clio.injectFault('/api/v4/contacts.json', { kind: 'status', status: 422, body: { error: { type: 'UnprocessableEntity', message: "Last name can't be blank" } } }, { method: 'POST' });
    const invalid = await submit(form, 'Val Ido', 'val.ido@example.test');
    await drain();
    const failed = await deliveryOf(invalid);
    expect(failed.status).toBe('failed');
    expect(failed.last_error).toBe("Clio answered HTTP 422 when creating the contact: Last name can't be blank");

    // Fixed at Clio's end: Send unsent queues this integration's unsent responses again, and they go.
    const sent = await lawyer.request({ method: 'POST', url: `/api/${acme}/integrations/clio/send-unsent/` });
    expect(sent.statusCode, sent.body).toBe(202);
    expect(sent.json().queued).toBeGreaterThanOrEqual(1);
    expect((await settle(invalid)).status).toBe('succeeded');
  });

  it('honours a 429 with Retry-After and sends once the window allows', async () => {
    clio.injectFault('/api/v4/contacts.json', { kind: 'status', status: 429, body: { error: { type: 'RateLimited', message: 'Rate limit exceeded' } }, headers: { 'retry-after': '1' } }, { method: 'GET' });
    const id = await submit(form, 'Tia Quo', 'tia.quo@example.test');
    const delivery = await settle(id);
    expect(delivery.status).toBe('succeeded');
    const [limited, sent] = await attemptsOf(delivery.id);
    expect(limited).toMatchObject({ response_status: 429, error_kind: 'rate_limited' });
    // The second try went out only after Clio's Retry-After (the rate budget held it), not at the scaled schedule.
    expect(sent.started_at.getTime() - limited.started_at.getTime()).toBeGreaterThanOrEqual(900);
    expect(sent.response_status).toBe(201);
  });

  it('waits (blocked, needs reconnecting) when the authorisation is revoked, and goes after reconnecting', async () => {
    clio.revokeAllTokens();
    const id = await submit(form, 'Una Doe', 'una.doe@example.test');
    await drain();
    const blocked = await deliveryOf(id);
    expect(blocked.status).toBe('blocked');
    expect((await integration()).status).toBe('needs_reauth');
    const contacts = clio.store.contacts.length;
    await connect();
    expect((await integration()).status).toBe('connected');
    expect((await integration()).id).toBe(integrationId);
    // The callback kicked the drain itself; this one may find the target busy, so wait for the outcome.
    const deadline = Date.now() + 10_000;
    while ((await deliveryOf(id)).status !== 'succeeded' && Date.now() < deadline) await drain();
    expect((await deliveryOf(id)).status).toBe('succeeded');
    expect(clio.store.contacts.length).toBe(contacts + 1);
  });

  it('never writes a token into a log line or an attempt row', async () => {
    const secret = decryptIntegrationSecret(secrets, integrationId, (await integration()).secret!);
    const rows = JSON.stringify(await db.selectFrom('delivery_attempts').selectAll().execute());
    const deliveries = JSON.stringify(await db.selectFrom('deliveries').selectAll().execute());
    for (const token of [secret.accessToken!, secret.refreshToken!]) {
      expect(rows).not.toContain(token);
      expect(deliveries).not.toContain(token);
      expect(logLines.join('')).not.toContain(token);
    }
    expect(logLines.join('')).not.toMatch(/[?&]code=/);
  });

  it('disconnect revokes at Clio and forgets the tokens', async () => {
    const secret = decryptIntegrationSecret(secrets, integrationId, (await integration()).secret!);
    expect((await rival.request({ method: 'POST', url: `/api/${acme}/integrations/clio/${integrationId}/disconnect/` })).statusCode).toBe(403);
    const answer = await lawyer.request({ method: 'POST', url: `/api/${acme}/integrations/clio/${integrationId}/disconnect/` });
    expect(answer.statusCode, answer.body).toBe(200);
    expect(answer.json()).toMatchObject({ status: 'disconnected', connectedAs: null });
    expect((await integration()).secret).toBeNull();
    const probe = await fetch(`${clio.url}/api/v4/users/who_am_i.json`, { headers: { authorization: `Bearer ${secret.accessToken}`, 'x-api-version': '4.0.9' } });
    expect(probe.status).toBe(401);
    clio.takeContractViolations();
  });
});
