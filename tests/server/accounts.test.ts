import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ACCOUNTS_PAGE_SIZE } from '../../src/contract/accounts.js';
import { createAccount, createTestContext, createUser, signedIn, type TestClient, type TestContext } from './helpers.js';

let ctx: TestContext;
let acme: number;
let other: number;
let admin: TestClient;
let lawyer: TestClient;
let homeless: TestClient;

beforeAll(async () => {
  ctx = await createTestContext();
  acme = await createAccount(ctx.db, 'Acme Law');
  other = await createAccount(ctx.db, 'Other Firm LLP');
  for (let i = 0; i < 25; i++) await createAccount(ctx.db, `Bulk Firm ${String(i).padStart(2, '0')}`);
  await createUser(ctx.db, { email: 'admin@acme.test', isSuperuser: true });
  await createUser(ctx.db, { email: 'staff@acme.test', isStaff: true });
  await createUser(ctx.db, { email: 'lawyer@acme.test', accountId: acme });
  await createUser(ctx.db, { email: 'nobody@acme.test' });
  admin = await signedIn(ctx.app, 'admin@acme.test');
  lawyer = await signedIn(ctx.app, 'lawyer@acme.test');
  homeless = await signedIn(ctx.app, 'nobody@acme.test');
});
afterAll(() => ctx.close());

describe('GET /api/accounts/', () => {
  it('is for admins only: 401 signed out, 403 for an ordinary user', async () => {
    expect((await ctx.app.inject({ method: 'GET', url: '/api/accounts/' })).statusCode).toBe(401);
    const response = await lawyer.get('/api/accounts/');
    expect(response.statusCode).toBe(403);
    expect(response.json()).toEqual({ detail: 'Forbidden' });
  });

  it('lists accounts by name in pages, with next/previous links', async () => {
    const first = await admin.get('/api/accounts/');
    expect(first.statusCode).toBe(200);
    const body = first.json();
    expect(body.count).toBe(27);
    expect(body.results).toHaveLength(ACCOUNTS_PAGE_SIZE);
    expect(body.results[0]).toEqual({ id: acme, internalName: 'Acme Law' });
    expect(body.next).toBe('/api/accounts/?page=2');
    expect(body.previous).toBeNull();
    const second = (await admin.get('/api/accounts/?page=2')).json();
    expect(second.results).toHaveLength(7);
    expect(second.next).toBeNull();
    expect(second.previous).toBe('/api/accounts/?page=1');
  });

  it('searches case-insensitively by name and by id', async () => {
    expect((await admin.get('/api/accounts/?search=other')).json().results).toEqual([{ id: other, internalName: 'Other Firm LLP' }]);
    expect((await admin.get(`/api/accounts/?search=${acme}`)).json().results[0]).toEqual({ id: acme, internalName: 'Acme Law' });
    expect((await admin.get('/api/accounts/?search=%25')).json().count).toBe(0);
  });

  it('is also open to staff', async () => {
    const staff = await signedIn(ctx.app, 'staff@acme.test');
    expect((await staff.get('/api/accounts/')).statusCode).toBe(200);
  });

  it('answers 400 naming the bad query parameter', async () => {
    const response = await admin.get('/api/accounts/?page=zero');
    expect(response.statusCode).toBe(400);
    expect(response.json().errors.page).toBeDefined();
  });
});

describe('account isolation on /api/{accountId}/', () => {
  it('lets a user read their own account', async () => {
    const response = await lawyer.get(`/api/${acme}/`);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ id: acme, internalName: 'Acme Law' });
  });

  it("answers 403 to a user reading another account's routes", async () => {
    const response = await lawyer.get(`/api/${other}/`);
    expect(response.statusCode).toBe(403);
    expect(response.json()).toEqual({ detail: 'Forbidden' });
  });

  it("answers 404 'Account Not Found' for an unknown account", async () => {
    for (const client of [lawyer, admin]) {
      const response = await client.get('/api/999999/');
      expect(response.statusCode).toBe(404);
      expect(response.json()).toEqual({ detail: 'Account Not Found' });
    }
  });

  it('answers 404 for a non-numeric account id', async () => {
    expect((await admin.get('/api/abc/')).statusCode).toBe(404);
  });

  it('lets admins read any account', async () => {
    expect((await admin.get(`/api/${other}/`)).json()).toEqual({ id: other, internalName: 'Other Firm LLP' });
  });

  it('answers 401 when signed out and 403 to a user without an account', async () => {
    expect((await ctx.app.inject({ method: 'GET', url: `/api/${acme}/` })).statusCode).toBe(401);
    expect((await homeless.get(`/api/${acme}/`)).statusCode).toBe(403);
  });
});

describe('bad input never becomes a 5xx', () => {
  it('answers 400 to malformed JSON', async () => {
    const response = await lawyer.request({
      method: 'POST',
      url: '/api/logout/',
      payload: '{"not": json',
      headers: { 'content-type': 'application/json' },
    });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ detail: 'Malformed JSON in request body.' });
  });

  it('answers 413 to an oversized body', async () => {
    const response = await lawyer.request({
      method: 'POST',
      url: '/api/logout/',
      payload: JSON.stringify({ blob: 'x'.repeat(2 * 1024 * 1024) }),
      headers: { 'content-type': 'application/json' },
    });
    expect(response.statusCode).toBe(413);
    expect(response.json()).toEqual({ detail: 'Request body is too large.' });
  });

  it('answers JSON 404 for unknown API paths', async () => {
    const response = await lawyer.get('/api/no-such-thing/here/');
    expect(response.statusCode).toBe(404);
    expect(response.json()).toEqual({ detail: 'Not found.' });
  });
});

describe('serving the SPA', () => {
  it('serves index.html for client routes, unframeable', async () => {
    const response = await ctx.app.inject({ method: 'GET', url: '/12/build/00000000-0000-0000-0000-000000000000' });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toContain('text/html');
    expect(response.body).toContain('<div id="root">');
    expect(response.headers['x-frame-options']).toBe('DENY');
    expect(String(response.headers['content-security-policy'])).toContain("frame-ancestors 'none'");
  });

  it('serves index.html at the root too', async () => {
    const response = await ctx.app.inject({ method: 'GET', url: '/' });
    expect(response.statusCode).toBe(200);
    expect(response.body).toContain('<div id="root">');
  });

  it('gives the SPA no support address when neither SUPPORT_EMAIL nor ADMIN_EMAIL is set', async () => {
    const response = await ctx.app.inject({ method: 'GET', url: '/12' });
    expect(response.body).not.toContain('formbuilder-support-email');
  });

  it('gives the SPA the support address of SUPPORT_EMAIL, else of ADMIN_EMAIL, in a meta tag', async () => {
    const support = await createTestContext({ SUPPORT_EMAIL: 'help@smith-law.example', ADMIN_EMAIL: 'it@smith-law.example' });
    const admin = await createTestContext({ ADMIN_EMAIL: 'it@smith-law.example' });
    try {
      const page = (await support.app.inject({ method: 'GET', url: '/12/responses' })).body;
      expect(page).toMatch(/^<!doctype html><meta name="formbuilder-support-email" content="help@smith-law\.example">/);
      expect((await admin.app.inject({ method: 'GET', url: '/' })).body).toContain('<meta name="formbuilder-support-email" content="it@smith-law.example">');
    } finally {
      await support.close();
      await admin.close();
    }
  });

  it('serves version.json without caching', async () => {
    const response = await ctx.app.inject({ method: 'GET', url: '/version.json' });
    expect(response.statusCode).toBe(200);
    expect(response.headers['cache-control']).toBe('no-store');
  });

  it('lets other sites load /embed.js, compressed or not', async () => {
    for (const encoding of ['identity', 'br']) {
      const response = await ctx.app.inject({ method: 'GET', url: '/embed.js', headers: { 'accept-encoding': encoding } });
      expect(response.statusCode).toBe(200);
      expect(response.headers['content-encoding']).toBe(encoding === 'br' ? 'br' : undefined);
      expect(response.headers['cross-origin-resource-policy']).toBe('cross-origin');
      expect(response.headers['access-control-allow-origin']).toBe('*');
    }
  });

  it('lets any site frame the respondent page, and no other page', async () => {
    const respondent = await ctx.app.inject({ method: 'GET', url: '/f/3f2b8c1e-8a55-4c41-9d0e-2b7f5f1a9c11' });
    expect(respondent.statusCode).toBe(200);
    expect(respondent.body).toContain('id="respondent"');
    expect(respondent.headers['x-frame-options']).toBeUndefined();
    expect(String(respondent.headers['content-security-policy'])).toContain('frame-ancestors *');
    const staff = await ctx.app.inject({ method: 'GET', url: '/1/responses' });
    expect(staff.headers['x-frame-options']).toBe('DENY');
  });

  it('answers the health check without auth', async () => {
    const response = await ctx.app.inject({ method: 'GET', url: '/api/health/' });
    expect(response.json()).toEqual({ status: 'ok' });
  });
});
