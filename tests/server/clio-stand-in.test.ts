import { afterEach, describe, expect, it } from 'vitest';
import { startClioStandIn, type ClioStandIn, type ClioStandInOptions } from '../stand-ins/clio/clio-stand-in.js';

/** The Clio stand-in itself, over real HTTP: what the adapter's tests will rely on must hold first. */

const REDIRECT_URI = 'http://127.0.0.1:9/integrations/clio/callback/';
let clio: ClioStandIn | undefined;
let clock = Date.parse('2026-03-02T10:00:00Z');

async function start(options: ClioStandInOptions = {}): Promise<ClioStandIn> {
  clock = Date.parse('2026-03-02T10:00:00Z');
  clio = await startClioStandIn({ now: () => clock, ...options });
  return clio;
}

afterEach(async () => {
  // close() fails the test when a contract violation was recorded and not taken by the test.
  await clio?.close();
  clio = undefined;
});

const form = (fields: Record<string, string>) => ({
  method: 'POST',
  headers: { 'content-type': 'application/x-www-form-urlencoded' },
  body: new URLSearchParams(fields).toString(),
});

async function api(standIn: ClioStandIn, token: string, path: string, init: RequestInit = {}): Promise<Response> {
  return fetch(`${standIn.url}/api/v4/${path}`, {
    ...init,
    headers: { authorization: `Bearer ${token}`, 'x-api-version': '4.0.9', 'content-type': 'application/json', ...init.headers },
  });
}

const post = (body: unknown): RequestInit => ({ method: 'POST', body: JSON.stringify(body) });

/** The browser's part: open the consent page, submit the form it renders with the chosen button. */
async function consent(standIn: ClioStandIn, decision: 'allow' | 'deny', extra: Record<string, string> = {}): Promise<URL> {
  const authorizeUrl = new URL('/oauth/authorize', standIn.url);
  const params = { response_type: 'code', client_id: standIn.clientId, redirect_uri: REDIRECT_URI, state: 'st-123', ...extra };
  for (const [name, value] of Object.entries(params)) authorizeUrl.searchParams.set(name, value);
  const page = await fetch(authorizeUrl);
  expect(page.status).toBe(200);
  const html = await page.text();
  expect(html).toContain('<button type="submit" name="decision" value="allow">Allow access</button>');
  expect(html).toContain('<button type="submit" name="decision" value="deny">Deny</button>');
  const hidden = Object.fromEntries([...html.matchAll(/<input type="hidden" name="([^"]+)" value="([^"]*)">/g)].map((m) => [m[1], m[2]]));
  const action = /<form method="post" action="([^"]+)">/.exec(html)?.[1];
  const answer = await fetch(new URL(action ?? '', standIn.url), { ...form({ ...hidden, decision }), redirect: 'manual' });
  expect(answer.status).toBe(302);
  return new URL(answer.headers.get('location') ?? '');
}

async function exchange(standIn: ClioStandIn, fields: Record<string, string>): Promise<Response> {
  return fetch(`${standIn.url}/oauth/token`, form({ client_id: standIn.clientId, client_secret: standIn.clientSecret, ...fields }));
}

async function connect(standIn: ClioStandIn): Promise<{ access_token: string; refresh_token: string }> {
  const back = await consent(standIn, 'allow');
  const answer = await exchange(standIn, { grant_type: 'authorization_code', code: back.searchParams.get('code') ?? '', redirect_uri: REDIRECT_URI });
  expect(answer.status).toBe(200);
  return (await answer.json()) as { access_token: string; refresh_token: string };
}

describe('OAuth', () => {
  it('runs the authorisation-code dance over HTTP: consent page, redirect with code and state, token exchange, who_am_i', async () => {
    const standIn = await start();
    const back = await consent(standIn, 'allow');
    expect(`${back.origin}${back.pathname}`).toBe(REDIRECT_URI);
    expect(back.searchParams.get('state')).toBe('st-123');
    const code = back.searchParams.get('code') ?? '';
    const answer = await exchange(standIn, { grant_type: 'authorization_code', code, redirect_uri: REDIRECT_URI });
    expect(answer.status).toBe(200);
    const tokens = (await answer.json()) as Record<string, unknown>;
    expect(tokens).toMatchObject({ token_type: 'bearer', expires_in: 30 * 24 * 3600 });
    expect(tokens.access_token).toEqual(expect.any(String));
    expect(tokens.refresh_token).toEqual(expect.any(String));

    const me = await api(standIn, String(tokens.access_token), 'users/who_am_i.json?fields=id,name,email');
    expect(me.status).toBe(200);
    expect(me.headers.get('x-api-version')).toBe('4.0.9');
    expect(await me.json()).toEqual({ data: { id: standIn.store.user.id, name: 'Avery Counsel', email: standIn.store.user.email } });

    // Single use: the replay fails, and what the first exchange issued is revoked with it.
    const replay = await exchange(standIn, { grant_type: 'authorization_code', code, redirect_uri: REDIRECT_URI });
    expect(replay.status).toBe(400);
    expect(await replay.json()).toMatchObject({ error: 'invalid_grant' });
    expect((await api(standIn, String(tokens.access_token), 'users/who_am_i.json')).status).toBe(401);
    standIn.assertNoContractViolations();
  });

  it('redirects a refusal with error=access_denied when asked to, and shows a page otherwise', async () => {
    const standIn = await start();
    const back = await consent(standIn, 'deny', { redirect_on_decline: 'true' });
    expect(back.searchParams.get('error')).toBe('access_denied');
    expect(back.searchParams.get('state')).toBe('st-123');
    expect(back.searchParams.has('code')).toBe(false);

    const page = await fetch(`${standIn.url}/oauth/authorize`, {
      ...form({ response_type: 'code', client_id: standIn.clientId, redirect_uri: REDIRECT_URI, decision: 'deny' }),
      redirect: 'manual',
    });
    expect(page.status).toBe(200);
    expect(await page.text()).toContain('Access not granted');
  });

  it('checks the client: a wrong secret is invalid_client, an unknown client or redirect URI is never redirected to', async () => {
    const standIn = await start({ redirectUris: [REDIRECT_URI] });
    const back = await consent(standIn, 'allow');
    const wrong = await exchange(standIn, {
      grant_type: 'authorization_code',
      code: back.searchParams.get('code') ?? '',
      redirect_uri: REDIRECT_URI,
      client_secret: 'not-the-secret',
    });
    expect(wrong.status).toBe(401);
    expect(await wrong.json()).toEqual({ error: 'invalid_client', error_description: 'Client authentication failed' });

    const elsewhere = await fetch(
      `${standIn.url}/oauth/authorize?response_type=code&client_id=${standIn.clientId}&redirect_uri=${encodeURIComponent('http://127.0.0.1:9/evil')}`,
      { redirect: 'manual' },
    );
    expect(elsewhere.status).toBe(400);
    expect(elsewhere.headers.get('location')).toBeNull();
    const unknown = await fetch(`${standIn.url}/oauth/authorize?response_type=code&client_id=nobody&redirect_uri=${encodeURIComponent(REDIRECT_URI)}`);
    expect(unknown.status).toBe(400);
  });

  it('refreshes with rotation: the new refresh token works once, the spent one is invalid_grant', async () => {
    const standIn = await start();
    const first = await connect(standIn);
    const refreshed = await exchange(standIn, { grant_type: 'refresh_token', refresh_token: first.refresh_token });
    expect(refreshed.status).toBe(200);
    const second = (await refreshed.json()) as { access_token: string; refresh_token: string };
    expect(second.refresh_token).not.toBe(first.refresh_token);
    expect((await api(standIn, second.access_token, 'users/who_am_i.json')).status).toBe(200);

    const spent = await exchange(standIn, { grant_type: 'refresh_token', refresh_token: first.refresh_token });
    expect(spent.status).toBe(400);
    expect(await spent.json()).toMatchObject({ error: 'invalid_grant' });
  });

  it("keeps Clio Manage's reusable refresh token when rotation is off", async () => {
    const standIn = await start({ rotateRefreshTokens: false });
    const first = await connect(standIn);
    for (let i = 0; i < 2; i++) {
      const answer = await exchange(standIn, { grant_type: 'refresh_token', refresh_token: first.refresh_token });
      expect(answer.status).toBe(200);
      expect(await answer.json()).not.toHaveProperty('refresh_token');
    }
  });

  it('answers 401 invalid_token once the access token expires, and a refresh cures it', async () => {
    const standIn = await start({ accessTokenTtlSeconds: 60 });
    const tokens = await connect(standIn);
    expect((await api(standIn, tokens.access_token, 'users/who_am_i.json')).status).toBe(200);
    clock += 61_000;
    const expired = await api(standIn, tokens.access_token, 'users/who_am_i.json');
    expect(expired.status).toBe(401);
    expect(expired.headers.get('www-authenticate')).toContain('error="invalid_token"');
    expect(await expired.json()).toEqual({ error: { type: 'invalid_token', message: 'The access token expired' } });

    const refreshed = (await (await exchange(standIn, { grant_type: 'refresh_token', refresh_token: tokens.refresh_token })).json()) as { access_token: string };
    expect((await api(standIn, refreshed.access_token, 'users/who_am_i.json')).status).toBe(200);
  });

  it('stops every token when the firm revokes the app, and deauthorize revokes the grant', async () => {
    const standIn = await start();
    const tokens = await connect(standIn);
    standIn.revokeAllTokens();
    expect((await api(standIn, tokens.access_token, 'users/who_am_i.json')).status).toBe(401);
    const refresh = await exchange(standIn, { grant_type: 'refresh_token', refresh_token: tokens.refresh_token });
    expect(await refresh.json()).toMatchObject({ error: 'invalid_grant' });

    const again = await connect(standIn);
    const deauthorized = await fetch(`${standIn.url}/oauth/deauthorize`, { method: 'POST', headers: { authorization: `Bearer ${again.access_token}` } });
    expect(deauthorized.status).toBe(200);
    expect((await api(standIn, again.access_token, 'users/who_am_i.json')).status).toBe(401);
  });
});

describe('API', () => {
  it('answers only id and etag unless fields are named, and nested records take their own selection', async () => {
    const standIn = await start();
    const { access_token: token } = standIn.issueTokens();
    const bare = (await (await api(standIn, token, 'users/who_am_i.json')).json()) as { data: Record<string, unknown> };
    expect(Object.keys(bare.data).sort()).toEqual(['etag', 'id']);

    const picklists = await api(standIn, token, 'custom_fields.json?field_type=picklist&parent_type=matter&fields=id,name,picklist_options{id,option,deleted_at}');
    const { data } = (await picklists.json()) as { data: { name: string; picklist_options: { option: string; deleted_at?: string }[] }[] };
    const referral = data.find((f) => f.name === 'Referral source');
    expect(referral?.picklist_options.map((o) => o.option)).toEqual(['Web search', 'Referral from a client', 'Referral from a lawyer', 'Advertising', 'Yellow pages']);
    expect(referral?.picklist_options[4].deleted_at).toEqual(expect.any(String));

    const unknown = await api(standIn, token, 'users/who_am_i.json?fields=id,shoe_size');
    expect(unknown.status).toBe(400);
    standIn.assertNoContractViolations();
  });

  it('pages with meta.paging.next until the last page, keeping limit and fields', async () => {
    const standIn = await start();
    const { access_token: token } = standIn.issueTokens();
    const seen: number[] = [];
    let next: string | undefined = `${standIn.url}/api/v4/custom_fields.json?limit=100&fields=id,name`;
    let pages = 0;
    while (next) {
      const answer = await fetch(next, { headers: { authorization: `Bearer ${token}` } });
      expect(answer.status).toBe(200);
      const body = (await answer.json()) as { data: { id: number; name: string }[]; meta: { paging: { next?: string }; records: number } };
      expect(body.data.length).toBeLessThanOrEqual(100);
      expect(body.meta.records).toBe(standIn.store.customFields.length);
      seen.push(...body.data.map((f) => f.id));
      next = body.meta.paging.next;
      if (next) expect(new URL(next).searchParams.get('fields')).toBe('id,name');
      pages += 1;
    }
    expect(pages).toBe(3);
    expect(seen).toEqual(standIn.store.customFields.map((f) => f.id).sort((a, b) => a - b));

    // Clio's default and largest page is 200: the seeded 240 fields need two.
    const first = (await (await api(standIn, token, 'custom_fields.json')).json()) as { data: unknown[]; meta: { paging: { next?: string } } };
    expect(first.data).toHaveLength(200);
    expect(first.meta.paging.next).toEqual(expect.any(String));
    expect((await api(standIn, token, 'practice_areas.json?limit=201')).status).toBe(400);
  });

  it('creates a contact, finds it by email, opens a matter with a practice area and a picklist value, and attaches a note', async () => {
    const standIn = await start();
    const { access_token: token } = standIn.issueTokens();
    const created = await api(standIn, token, 'contacts.json?fields=id,name,primary_email_address', post({
      data: {
        type: 'Person',
        name: 'Dana Whitfield',
        first_name: 'Dana',
        last_name: 'Whitfield',
        email_addresses: [{ name: 'Home', address: 'dana@example.test', default_email: true }],
        phone_numbers: [{ name: 'Mobile', number: '+1 555 0100', default_number: true }],
      },
    }));
    expect(created.status).toBe(201);
    const contact = ((await created.json()) as { data: { id: number; primary_email_address: string } }).data;
    expect(contact.primary_email_address).toBe('dana@example.test');

    const found = (await (await api(standIn, token, 'contacts.json?query=DANA%40example.test&fields=id')).json()) as { data: { id: number }[] };
    expect(found.data).toEqual([{ id: contact.id }]);
    const none = (await (await api(standIn, token, 'contacts.json?query=nobody%40example.test')).json()) as { data: unknown[] };
    expect(none.data).toEqual([]);

    const referral = standIn.store.customFields.find((f) => f.name === 'Referral source');
    const area = standIn.store.practiceAreas.find((a) => a.name === 'Personal Injury');
    const matter = await api(standIn, token, 'matters.json?fields=id,display_number,client{id,name},practice_area{name},custom_field_values{value,picklist_option{option}}', post({
      data: {
        client: { id: contact.id },
        description: 'Web lead: car accident',
        practice_area: { id: area?.id },
        custom_field_values: [{ custom_field: { id: referral?.id }, value: String(referral?.picklist_options[0].id) }],
      },
    }));
    expect(matter.status).toBe(201);
    const matterBody = ((await matter.json()) as { data: Record<string, unknown> & { id: number } }).data;
    expect(matterBody).toMatchObject({
      display_number: '00001-Whitfield',
      client: { id: contact.id, name: 'Dana Whitfield' },
      practice_area: { name: 'Personal Injury' },
      custom_field_values: [{ value: String(referral?.picklist_options[0].id), picklist_option: { option: 'Web search' } }],
    });

    const note = await api(standIn, token, 'notes.json?fields=id,subject,matter{id}', post({
      data: { type: 'Matter', matter: { id: matterBody.id }, subject: 'Web intake', detail: 'Q: What happened?\nA: A car accident.' },
    }));
    expect(note.status).toBe(201);
    const contactNote = await api(standIn, token, 'notes.json', post({ data: { type: 'Contact', contact: { id: contact.id }, subject: 'Intake', detail: '…' } }));
    expect(contactNote.status).toBe(201);

    expect(standIn.store.contacts).toHaveLength(1);
    expect(standIn.store.matters).toMatchObject([{ client_id: contact.id, practice_area_id: area?.id, description: 'Web lead: car accident' }]);
    expect(standIn.store.notes.map((n) => [n.type, n.matter_id, n.contact_id])).toEqual([
      ['Matter', matterBody.id, null],
      ['Contact', null, contact.id],
    ]);
    standIn.assertNoContractViolations();
  });

  it("answers 422 naming the field for what Clio refuses beyond the document's types", async () => {
    const standIn = await start();
    const { access_token: token } = standIn.issueTokens();
    const contact = ((await (await api(standIn, token, 'contacts.json', post({ data: { type: 'Person', name: 'Lee Park' } }))).json()) as { data: { id: number } }).data;
    const referral = standIn.store.customFields.find((f) => f.name === 'Referral source');
    const deletedOption = referral?.picklist_options.find((o) => o.deleted_at);
    const refused = await api(standIn, token, 'matters.json', post({
      data: { client: { id: contact.id }, description: 'x', custom_field_values: [{ custom_field: { id: referral?.id }, value: String(deletedOption?.id) }] },
    }));
    expect(refused.status).toBe(422);
    expect(await refused.json()).toEqual({ error: { type: 'UnprocessableEntity', message: 'Custom field values Referral source is a deleted picklist option' } });

    const incident = standIn.store.customFields.find((f) => f.name === 'Date of incident');
    if (incident) incident.required = true;
    const missing = await api(standIn, token, 'matters.json', post({ data: { client: { id: contact.id }, description: 'x' } }));
    expect(await missing.json()).toEqual({ error: { type: 'UnprocessableEntity', message: "Custom field values Date of incident can't be blank" } });
    const noClient = await api(standIn, token, 'matters.json', post({ data: { client: { id: 1 }, description: 'x' } }));
    expect(noClient.status).toBe(422);
    expect(standIn.store.matters).toEqual([]);
  });
});

describe('rate limits and faults', () => {
  it('sends X-RateLimit-* on every answer and 429 with Retry-After once the budget is spent', async () => {
    const standIn = await start({ rateLimit: { limit: 3, windowSeconds: 60 } });
    const { access_token: token } = standIn.issueTokens();
    const remaining: string[] = [];
    for (let i = 0; i < 3; i++) {
      const answer = await api(standIn, token, 'practice_areas.json');
      expect(answer.status).toBe(200);
      expect(answer.headers.get('x-ratelimit-limit')).toBe('3');
      expect(Number(answer.headers.get('x-ratelimit-reset'))).toBe(Math.ceil((clock + 60_000) / 1000));
      remaining.push(answer.headers.get('x-ratelimit-remaining') ?? '');
    }
    expect(remaining).toEqual(['2', '1', '0']);
    clock += 20_000;
    const limited = await api(standIn, token, 'practice_areas.json');
    expect(limited.status).toBe(429);
    expect(limited.headers.get('retry-after')).toBe('40');
    expect(limited.headers.get('x-ratelimit-remaining')).toBe('0');
    expect(await limited.json()).toMatchObject({ error: { type: 'RateLimited' } });

    clock += 40_000;
    expect((await api(standIn, token, 'practice_areas.json')).status).toBe(200);
    standIn.assertNoContractViolations();
  });

  it('fails the next N requests to a path with a status, then answers normally', async () => {
    const standIn = await start();
    const { access_token: token } = standIn.issueTokens();
    standIn.injectFault('/api/v4/contacts.json', { kind: 'status', status: 503, headers: { 'retry-after': '2' } }, { times: 2, method: 'POST' });
    const body = post({ data: { type: 'Person', name: 'Kim Ode' } });
    expect((await api(standIn, token, 'contacts.json')).status).toBe(200);
    const failed = await api(standIn, token, 'contacts.json', body);
    expect(failed.status).toBe(503);
    expect(failed.headers.get('retry-after')).toBe('2');
    expect((await api(standIn, token, 'contacts.json', body)).status).toBe(503);
    expect((await api(standIn, token, 'contacts.json', body)).status).toBe(201);
    expect(standIn.store.contacts).toHaveLength(1);
    expect(standIn.requests.filter((r) => r.path === '/api/v4/contacts.json').map((r) => r.status)).toEqual([200, 503, 503, 201]);
  });

  it('drops the connection or never answers, and still closes', async () => {
    const standIn = await start();
    const { access_token: token } = standIn.issueTokens();
    standIn.injectFault('/api/v4/users/who_am_i.json', { kind: 'close' });
    await expect(api(standIn, token, 'users/who_am_i.json')).rejects.toThrow();
    standIn.injectFault('/oauth/token', { kind: 'hang' });
    const started = Date.now();
    await expect(
      fetch(`${standIn.url}/oauth/token`, { ...form({ grant_type: 'refresh_token' }), signal: AbortSignal.timeout(300) }),
    ).rejects.toThrow();
    expect(Date.now() - started).toBeGreaterThanOrEqual(250);
    expect((await api(standIn, token, 'users/who_am_i.json')).status).toBe(200);
    standIn.injectFault('/api/v4/users/who_am_i.json', { kind: 'hang' });
    const hanging = api(standIn, token, 'users/who_am_i.json').catch((error: unknown) => error);
    await new Promise((resolve) => setTimeout(resolve, 50));
    await standIn.close();
    expect(await hanging).toBeInstanceOf(Error);
    clio = undefined;
  });
});

describe("Clio's OpenAPI contract", () => {
  it('loads the document once per process, timed', async () => {
    const standIn = await start();
    expect(standIn.contractLoadMs).toBeGreaterThan(0);
    const again = await startClioStandIn({ precompileValidators: true });
    expect(again.contractLoadMs).toBe(standIn.contractLoadMs);
    expect(again.contractCompileMs).toBeGreaterThan(0);
    await again.close();
    // Compiled once per process, like the document itself.
    const third = await startClioStandIn({ precompileValidators: true });
    expect(third.contractCompileMs).toBeLessThan(again.contractCompileMs);
    await third.close();
  });

  it('records a request that breaks the contract: a matter without client, a wrong type, an unknown parameter or path', async () => {
    const standIn = await start();
    const { access_token: token } = standIn.issueTokens();
    const noClient = await api(standIn, token, 'matters.json', post({ data: { description: 'No client' } }));
    expect(noClient.status).toBe(400);
    const wrongType = await api(standIn, token, 'matters.json', post({ data: { client: { id: 'seventy' }, description: 'x' } }));
    expect(wrongType.status).toBe(400);
    await api(standIn, token, 'contacts.json?email=dana%40example.test');
    await api(standIn, token, 'leads.json');
    expect(standIn.store.matters).toEqual([]);

    const violations = standIn.takeContractViolations();
    expect(violations.map((v) => [v.direction, v.method, v.path])).toEqual([
      ['request', 'POST', '/api/v4/matters.json'],
      ['request', 'POST', '/api/v4/matters.json'],
      ['request', 'GET', '/api/v4/contacts.json'],
      ['request', 'GET', '/api/v4/leads.json'],
    ]);
    expect(violations[0].errors.join()).toContain("must have required property 'client'");
    expect(violations[1].errors.join()).toContain('/requestBody/data/client/id must be integer');
    expect(violations[2].errors.join()).toContain('"additionalProperty":"email"');
    expect(violations[3].errors.join()).toContain('has no operation GET /api/v4/leads.json');
  });

  it('gives answers whose every modelled field is in contract, nested records included', async () => {
    const standIn = await start();
    const { access_token: token } = standIn.issueTokens();
    const stamps = 'etag,created_at,updated_at';
    const contactBase = `id,${stamps},name,first_name,last_name,type,primary_email_address,primary_phone_number,is_client`;
    const values = `custom_field_values{id,${stamps},field_name,field_type,field_required,field_displayed,field_display_order,value,soft_deleted,custom_field{id,name,picklist_options{id,option}},picklist_option{id,etag,option,deleted_at}}`;
    const contact = `${contactBase},email_addresses{id,${stamps},address,name,primary},phone_numbers{id,${stamps},number,name,primary},${values}`;
    const matterBase = `id,${stamps},number,display_number,description,status,client_id,billable,open_date`;
    const matter = `${matterBase},client{${contactBase}},practice_area{id,${stamps},name,code},${values}`;
    const preferred = standIn.store.customFields.find((f) => f.name === 'Preferred contact time');
    const referral = standIn.store.customFields.find((f) => f.name === 'Referral source');
    const calls: [string, RequestInit?][] = [
      [`users/who_am_i.json?fields=id,${stamps},name,first_name,last_name,email,enabled,subscription_type,account_owner`],
      [
        `contacts.json?fields=${contact}`,
        post({
          data: {
            type: 'Person',
            name: 'Rae Quinn',
            last_name: 'Quinn',
            email_addresses: [{ name: 'Work', address: 'rae@example.test' }],
            phone_numbers: [{ name: 'Mobile', number: '555 0101' }, { name: 'Fax', number: '555 0102' }],
            custom_field_values: [{ custom_field: { id: preferred?.id }, value: String(preferred?.picklist_options[1].id) }],
          },
        }),
      ],
      [`contacts.json?fields=${contact}`],
      [`custom_fields.json?fields=id,${stamps},name,parent_type,field_type,displayed,deleted,required,display_order,picklist_options{id,${stamps},option,deleted_at}`],
      [`practice_areas.json?fields=id,${stamps},name,code`],
    ];
    for (const [path, init] of calls) expect((await api(standIn, token, path, init)).status).toBeLessThan(300);
    const contactId = standIn.store.contacts[0].id;
    const created = await api(standIn, token, `matters.json?fields=${matter}`, post({
      data: { client: { id: contactId }, description: 'd', custom_field_values: [{ custom_field: { id: referral?.id }, value: String(referral?.picklist_options[2].id) }] },
    }));
    expect(created.status).toBe(201);
    expect((await api(standIn, token, `matters.json?fields=${matter}`)).status).toBe(200);
    const note = await api(standIn, token, `notes.json?fields=id,${stamps},type,subject,detail,detail_text_type,date,matter{${matterBase}},contact{${contactBase}}`, post({
      data: { type: 'Matter', matter: { id: standIn.store.matters[0].id }, subject: 's', detail: 'd' },
    }));
    expect(note.status).toBe(201);
    expect((await api(standIn, token, `notes.json?type=Matter&fields=id,${stamps},type,subject,matter{id},contact{id}`)).status).toBe(200);
    standIn.assertNoContractViolations();
  });

  it('fails the test that leaves a violation unasserted, and reports what the stand-in does not model', async () => {
    const standIn = await start();
    const { access_token: token } = standIn.issueTokens();
    const unmodelled = await api(standIn, token, 'contacts.json?order=name(asc)');
    expect(unmodelled.status).toBe(501);
    const oldVersion = await api(standIn, token, 'users/who_am_i.json', { headers: { 'x-api-version': '3.0.0' } });
    expect(oldVersion.status).toBe(410);
    expect(() => standIn.assertNoContractViolations()).toThrow(/2 contract violation\(s\)/);
    await expect(standIn.close()).rejects.toThrow(/unasserted contract violation/);
    clio = undefined;
  });

  it('checks OAuth exchanges against their own schemas', async () => {
    const standIn = await start();
    const missingCode = await exchange(standIn, { grant_type: 'authorization_code', redirect_uri: REDIRECT_URI });
    expect(missingCode.status).toBe(400);
    expect(await missingCode.json()).toMatchObject({ error: 'invalid_request' });
    const unsupported = await exchange(standIn, { grant_type: 'password' });
    expect(await unsupported.json()).toMatchObject({ error: 'unsupported_grant_type' });
    expect(standIn.takeContractViolations().map((v) => v.errors.join())).toEqual([expect.stringContaining('code')]);
  });
});
