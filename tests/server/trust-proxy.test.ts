import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TestClient, createAccount, createTestContext, createUser, type TestContext } from './helpers.js';

/** The address a failed sign-in was counted against: what request.ip was. */
async function failedSignInAddress(ctx: TestContext, email: string, forwardedFor: string): Promise<string> {
  const client = new TestClient(ctx.app);
  await client.get('/auth/login/');
  const form = new URLSearchParams({ email, password: 'wrong', csrfmiddlewaretoken: client.cookies.get('csrftoken') ?? '' });
  const response = await client.request({
    method: 'POST',
    url: '/auth/login/',
    payload: form.toString(),
    headers: { 'content-type': 'application/x-www-form-urlencoded', 'x-forwarded-for': forwardedFor },
  });
  expect(response.statusCode).toBe(401);
  const row = await ctx.db.selectFrom('login_failures').select('ip').where('email', '=', email).executeTakeFirstOrThrow();
  return row.ip;
}

describe('TRUST_PROXY', () => {
  let direct: TestContext;
  let oneProxy: TestContext;
  beforeAll(async () => {
    [direct, oneProxy] = await Promise.all([createTestContext(), createTestContext({ TRUST_PROXY: 'loopback' })]);
    for (const ctx of [direct, oneProxy]) await createUser(ctx.db, { email: 'lawyer@acme.test', accountId: await createAccount(ctx.db) });
  });
  afterAll(async () => {
    await Promise.all([direct.close(), oneProxy.close()]);
  });

  it('ignores X-Forwarded-For when not behind a proxy', async () => {
    expect(await failedSignInAddress(direct, 'a@acme.test', '203.0.113.9')).toBe('127.0.0.1');
  });

  it('behind a proxy on loopback, takes the address that proxy saw, not the left-most one a client can write', async () => {
    // The client wrote "198.51.100.1"; our proxy appended the address it really saw.
    expect(await failedSignInAddress(oneProxy, 'b@acme.test', '198.51.100.1, 203.0.113.9')).toBe('203.0.113.9');
  });
});

describe('TRUST_PROXY naming another address', () => {
  let elsewhere: TestContext;
  beforeAll(async () => {
    elsewhere = await createTestContext({ TRUST_PROXY: '10.0.0.0/8' });
    await createUser(elsewhere.db, { email: 'lawyer@acme.test', accountId: await createAccount(elsewhere.db) });
  });
  afterAll(() => elsewhere.close());

  it('does not believe a client that connects directly and writes its own X-Forwarded-For', async () => {
    expect(await failedSignInAddress(elsewhere, 'c@acme.test', '203.0.113.9')).toBe('127.0.0.1');
  });
});
