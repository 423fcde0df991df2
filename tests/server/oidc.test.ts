import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import Provider from 'oidc-provider';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TestClient, createAccount, createTestContext, createUser, type TestContext } from './helpers.js';

const APP_ORIGIN = 'http://app.test';
const CLIENT_ID = 'form-builder';
const CLIENT_SECRET = 'a-long-test-client-secret-value';

let ctx: TestContext;
let issuer: string;
let server: Server;
let accountId: number;

/** A real OpenID Connect provider (oidc-provider) on a loopback port, with its dev login screens. */
async function startProvider(): Promise<void> {
  server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  issuer = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  const provider = new Provider(issuer, {
    clients: [
      {
        client_id: CLIENT_ID,
        client_secret: CLIENT_SECRET,
        redirect_uris: [`${APP_ORIGIN}/auth/oidc/callback/`],
        grant_types: ['authorization_code'],
        response_types: ['code'],
      },
    ],
    // The dev login screen accepts any "login": we use it as the user's email.
    findAccount: async (_ctx: unknown, sub: string) => ({
      accountId: sub,
      claims: async () => ({ sub, email: sub, email_verified: true }),
    }),
    claims: { openid: ['sub'], email: ['email', 'email_verified'] },
    features: { devInteractions: { enabled: true } },
  });
  server.on('request', provider.callback());
}

/** Follows a browser journey: provider URLs over real HTTP (own cookie jar), app URLs through the app. */
async function signInThroughProvider(client: TestClient, login: string): Promise<{ status: number; location?: string; body: string }> {
  const providerCookies = new Map<string, string>();
  const providerFetch = async (url: string, init: RequestInit = {}) => {
    const response = await fetch(url, {
      ...init,
      redirect: 'manual',
      headers: { ...(init.headers as Record<string, string>), cookie: [...providerCookies].map(([k, v]) => `${k}=${v}`).join('; ') },
    });
    for (const header of response.headers.getSetCookie()) {
      const [pair] = header.split(';');
      const index = pair.indexOf('=');
      providerCookies.set(pair.slice(0, index), pair.slice(index + 1));
    }
    return response;
  };

  const response = await client.get('/auth/oidc/start/?next=/login-redirect');
  expect(response.statusCode).toBe(302);
  let url = new URL(String(response.headers.location));
  expect(url.origin).toBe(issuer);
  for (let hop = 0; hop < 20; hop++) {
    if (url.origin === APP_ORIGIN) {
      const appResponse = await client.get(`${url.pathname}${url.search}`);
      return { status: appResponse.statusCode, location: appResponse.headers.location as string | undefined, body: appResponse.body };
    }
    const providerResponse = await providerFetch(url.href);
    if (providerResponse.status >= 300 && providerResponse.status < 400) {
      url = new URL(providerResponse.headers.get('location')!, url);
      continue;
    }
    // An interaction page: submit its form (login first, then consent).
    const html = await providerResponse.text();
    const action = /action="([^"]+)"/.exec(html)?.[1];
    const prompt = /name="prompt" value="([^"]+)"/.exec(html)?.[1];
    expect(action, html).toBeTruthy();
    const form = new URLSearchParams({ prompt: prompt ?? '' });
    if (prompt === 'login') {
      form.set('login', login);
      form.set('password', 'anything');
    }
    const posted = await providerFetch(new URL(action!, url).href, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: form.toString(),
    });
    expect(posted.status).toBeGreaterThanOrEqual(300);
    url = new URL(posted.headers.get('location')!, url);
  }
  throw new Error('too many redirects');
}

beforeAll(async () => {
  await startProvider();
  ctx = await createTestContext({
    OIDC_ISSUER: issuer,
    OIDC_CLIENT_ID: CLIENT_ID,
    OIDC_CLIENT_SECRET: CLIENT_SECRET,
    OIDC_NAME: 'Test SSO',
    PUBLIC_URL: APP_ORIGIN,
  });
  accountId = await createAccount(ctx.db);
  await createUser(ctx.db, { email: 'sso.user@acme.test', accountId });
});

afterAll(async () => {
  await ctx.close();
  await new Promise((resolve) => server.close(resolve));
});

describe('OIDC sign-in', () => {
  it('offers the provider on the sign-in page', async () => {
    const response = await new TestClient(ctx.app).get('/auth/login/');
    expect(response.body).toContain('Sign in with Test SSO');
    expect(response.body).toContain('/auth/oidc/start/?next=%2Flogin-redirect');
  });

  it('signs in end to end and matches the user by email (case-insensitive)', async () => {
    const client = new TestClient(ctx.app);
    const result = await signInThroughProvider(client, 'SSO.User@acme.test');
    expect(result.status).toBe(303);
    expect(result.location).toBe('/login-redirect');
    const me = await client.get('/api/me/');
    expect(me.statusCode).toBe(200);
    expect(me.json()).toMatchObject({ email: 'sso.user@acme.test', account: { id: accountId } });
  });

  it('refuses an identity with no matching user, without a session', async () => {
    const client = new TestClient(ctx.app);
    const result = await signInThroughProvider(client, 'stranger@elsewhere.test');
    expect(result.status).toBe(403);
    expect(result.body).toContain('No Form Builder user has the email stranger@elsewhere.test');
    expect((await client.get('/api/me/')).statusCode).toBe(401);
  });

  it('refuses a callback without the signed state cookie', async () => {
    const response = await new TestClient(ctx.app).get('/auth/oidc/callback/?code=abc&state=def');
    expect(response.statusCode).toBe(400);
    expect(response.body).toContain('The sign-in attempt expired');
  });
});
