import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { randomBytes, scryptSync } from 'node:crypto';
import { sql } from 'kysely';
import { PASSWORD_PARAMS } from '../../server/auth/passwords.js';
import { MAX_FAILURES_PER_ADDRESS, MAX_FAILURES_PER_EMAIL_AND_ADDRESS } from '../../server/auth/throttle.js';
import { TestClient, countRows, createAccount, createTestContext, createUser, type TestContext } from './helpers.js';

let ctx: TestContext;
let accountId: number;

beforeAll(async () => {
  ctx = await createTestContext();
  accountId = await createAccount(ctx.db);
  await createUser(ctx.db, { email: 'lawyer@acme.test', accountId });
  await createUser(ctx.db, { email: 'throttled@acme.test', accountId });
});
afterAll(() => ctx.close());

describe('built-in sign-in page', () => {
  it('renders an accessible form with labels and a CSRF field', async () => {
    const client = new TestClient(ctx.app);
    const response = await client.get('/auth/login/?next=/5/responses');
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toContain('text/html');
    expect(response.body).toContain('<label for="email">Email</label>');
    expect(response.body).toContain('<label for="password">Password</label>');
    expect(response.body).toContain('name="csrfmiddlewaretoken"');
    expect(response.body).toContain('value="/5/responses"');
    expect(client.cookies.get('csrftoken')).toBeTruthy();
  });

  it('signs in with the right password, sets the session cookie and redirects to next', async () => {
    const client = new TestClient(ctx.app);
    const response = await client.signIn('Lawyer@Acme.test', 'correct-horse', '/login-redirect?next=%2F1');
    expect(response.statusCode).toBe(303);
    expect(response.headers.location).toBe('/login-redirect?next=%2F1');
    const cookie = [response.headers['set-cookie']].flat().find((c) => c?.startsWith('sessionid='));
    expect(cookie).toMatch(/HttpOnly/);
    expect(cookie).toMatch(/SameSite=Lax/);
    const me = await client.get('/api/me/');
    expect(me.statusCode).toBe(200);
    expect(me.json()).toMatchObject({ email: 'lawyer@acme.test', isStaff: false, isSuperuser: false, account: { id: accountId, internalName: 'Acme Law' } });
  });

  it('refuses a wrong password with a clear message and no session', async () => {
    const client = new TestClient(ctx.app);
    const response = await client.signIn('lawyer@acme.test', 'wrong-password');
    expect(response.statusCode).toBe(401);
    expect(response.body).toContain('The email or password is incorrect.');
    expect(response.body).toContain('role="alert"');
    expect(client.cookies.has('sessionid')).toBe(false);
    expect((await client.get('/api/me/')).statusCode).toBe(401);
  });

  it('refuses an unknown email the same way', async () => {
    const response = await new TestClient(ctx.app).signIn('nobody@acme.test', 'whatever-pass');
    expect(response.statusCode).toBe(401);
    expect(response.body).toContain('The email or password is incorrect.');
  });

  it('throttles after repeated failures, even for the right password, with Retry-After', async () => {
    const client = new TestClient(ctx.app);
    for (let i = 0; i < MAX_FAILURES_PER_EMAIL_AND_ADDRESS; i++) {
      expect((await client.signIn('throttled@acme.test', `wrong-${i}`)).statusCode).toBe(401);
    }
    const blocked = await client.signIn('throttled@acme.test', 'correct-horse');
    expect(blocked.statusCode).toBe(429);
    expect(Number(blocked.headers['retry-after'])).toBeGreaterThan(0);
    expect(blocked.body).toContain('Too many failed sign-in attempts');
    expect(client.cookies.has('sessionid')).toBe(false);
    // Other users are not affected.
    expect((await new TestClient(ctx.app).signIn('lawyer@acme.test')).statusCode).toBe(303);
  });

  it('checks at most the limit of 200 parallel guesses at one email (the attempt is counted before the password)', async () => {
    await createUser(ctx.db, { email: 'guessed@acme.test', accountId });
    const clients = Array.from({ length: 200 }, () => new TestClient(ctx.app));
    const responses = await Promise.all(clients.map((client, i) => client.signIn('guessed@acme.test', `guess-${i}`)));
    const statuses = responses.map((response) => response.statusCode);
    expect(statuses.filter((status) => status === 401)).toHaveLength(MAX_FAILURES_PER_EMAIL_AND_ADDRESS);
    expect(statuses.filter((status) => status === 429)).toHaveLength(200 - MAX_FAILURES_PER_EMAIL_AND_ADDRESS);
    expect(statuses.filter((status) => status === 303)).toHaveLength(0);
  });

  it('locks out an address that is clearly guessing, whatever the email, and frees it once the window passes', async () => {
    await createUser(ctx.db, { email: 'office@acme.test', accountId });
    await ctx.db.deleteFrom('login_failures').where('ip', '=', '127.0.0.1').execute();
    // Colleagues behind one office address mistyping their own passwords: under the bar, a correct password works.
    const failures = Array.from({ length: MAX_FAILURES_PER_ADDRESS - 1 }, (_, i) => ({ email: `typo-${i}@acme.test`, ip: '127.0.0.1' }));
    await ctx.db.insertInto('login_failures').values(failures).execute();
    try {
      expect((await new TestClient(ctx.app).signIn('office@acme.test')).statusCode).toBe(303);
      await ctx.db.insertInto('login_failures').values({ email: 'one-more@acme.test', ip: '127.0.0.1' }).execute();
      const blocked = await new TestClient(ctx.app).signIn('office@acme.test');
      expect(blocked.statusCode).toBe(429);
      expect(Number(blocked.headers['retry-after'])).toBeGreaterThan(0);
      await sql`update login_failures set created_at = now() - interval '61 minutes' where ip = '127.0.0.1'`.execute(ctx.db);
      expect((await new TestClient(ctx.app).signIn('office@acme.test')).statusCode).toBe(303);
    } finally {
      await ctx.db.deleteFrom('login_failures').where('ip', '=', '127.0.0.1').execute();
    }
  });

  it('upgrades a hash made with weaker scrypt parameters at the next sign-in', async () => {
    const salt = randomBytes(16);
    const key = scryptSync('correct-horse', salt, 64, { N: 16384, r: 8, p: 1 });
    const oldHash = ['scrypt', 16384, 8, 1, salt.toString('base64url'), key.toString('base64url')].join('$');
    await createUser(ctx.db, { email: 'old-hash@acme.test', accountId });
    await ctx.db.updateTable('users').set({ password_hash: oldHash }).where('email', '=', 'old-hash@acme.test').execute();

    expect((await new TestClient(ctx.app).signIn('old-hash@acme.test')).statusCode).toBe(303);
    const row = await ctx.db.selectFrom('users').select('password_hash').where('email', '=', 'old-hash@acme.test').executeTakeFirstOrThrow();
    expect(row.password_hash).toMatch(new RegExp(`^scrypt\\$${PASSWORD_PARAMS.N}\\$8\\$1\\$`));
    // The new hash still signs in.
    expect((await new TestClient(ctx.app).signIn('old-hash@acme.test')).statusCode).toBe(303);
  });

  it('refuses a sign-in post without the CSRF token', async () => {
    const client = new TestClient(ctx.app);
    await client.get('/auth/login/');
    const response = await client.request({
      method: 'POST',
      url: '/auth/login/',
      payload: 'email=lawyer%40acme.test&password=correct-horse',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
    });
    expect(response.statusCode).toBe(403);
    expect(client.cookies.has('sessionid')).toBe(false);
  });

  it('recovers from a missing CSRF cookie: the refusal hands out a token the next attempt can use', async () => {
    const client = new TestClient(ctx.app);
    const refused = await client.request({
      method: 'POST',
      url: '/auth/login/',
      payload: 'email=lawyer%40acme.test&password=correct-horse',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
    });
    expect(refused.statusCode).toBe(403);
    const token = client.cookies.get('csrftoken');
    expect(token).toBeTruthy();
    expect(refused.body).toContain(`value="${token}"`);
    const retried = await client.request({
      method: 'POST',
      url: '/auth/login/',
      payload: `email=lawyer%40acme.test&password=correct-horse&csrfmiddlewaretoken=${token}`,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
    });
    expect(retried.statusCode).toBe(303);
  });

  it.each([
    'https://evil.test/steal',
    '//evil.test/steal',
    '/\\evil.test',
    'javascript:alert(1)',
    '\\\\evil.test',
    ' https://evil.test',
    '/.//evil.test',
    '/..//evil.test',
    '/%2e//evil.test',
    '/a/..//evil.test',
    '/%2E%2E//evil.test',
  ])('never redirects off-site after sign-in (next=%s)', async (next) => {
    const response = await new TestClient(ctx.app).signIn('lawyer@acme.test', 'correct-horse', next);
    expect(response.statusCode).toBe(303);
    expect(response.headers.location).toBe('/login-redirect');
  });

  it.each(['https://evil.test/', '/.//evil.test', '/..//evil.test', '/%2e//evil.test', '/a/..//evil.test'])(
    'never redirects off-site after sign-out (next=%s)',
    async (next) => {
      expect((await new TestClient(ctx.app).get(`/auth/logout/?next=${encodeURIComponent(next)}`)).headers.location).toBe('/login');
      const client = new TestClient(ctx.app);
      await client.signIn('lawyer@acme.test');
      const response = await client.signOut(next);
      expect(response.statusCode).toBe(303);
      expect(response.headers.location).toBe('/login');
    },
  );

  it('never redirects off-site from the sign-in page when already signed in (next=/.//evil.test)', async () => {
    const client = new TestClient(ctx.app);
    await client.signIn('lawyer@acme.test');
    const response = await client.get(`/auth/login/?next=${encodeURIComponent('/.//evil.test')}`);
    expect(response.statusCode).toBe(303);
    expect(response.headers.location).toBe('/login-redirect');
  });

  it('signs out by POST with the CSRF token: the session row is gone and /api/me answers 401', async () => {
    const client = new TestClient(ctx.app);
    await client.signIn('lawyer@acme.test');
    const before = await countRows(ctx.db, 'sessions');
    const response = await client.signOut('/login');
    expect(response.statusCode).toBe(303);
    expect(response.headers.location).toBe('/login');
    expect(await countRows(ctx.db, 'sessions')).toBe(before - 1);
    expect((await client.get('/api/me/')).statusCode).toBe(401);
  });

  it('does not sign out on a GET (a link or image elsewhere): it asks, with a form that posts', async () => {
    const client = new TestClient(ctx.app);
    await client.signIn('lawyer@acme.test');
    const page = await client.get('/auth/logout/?next=/login');
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain('<form method="post" action="/auth/logout/">');
    expect(page.body).toContain(`name="csrfmiddlewaretoken" value="${client.cookies.get('csrftoken')}"`);
    expect((await client.get('/api/me/')).statusCode).toBe(200);
  });

  it('does not sign out on a POST without the right token', async () => {
    const client = new TestClient(ctx.app);
    await client.signIn('lawyer@acme.test');
    const forged = await client.request({
      method: 'POST',
      url: '/auth/logout/',
      payload: 'next=%2Flogin&csrfmiddlewaretoken=forged',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
    });
    expect(forged.statusCode).toBe(403);
    expect((await client.get('/api/me/')).statusCode).toBe(200);
  });

  it('POST /api/logout/ ends the session (with the CSRF header)', async () => {
    const client = new TestClient(ctx.app);
    await client.signIn('lawyer@acme.test');
    expect((await client.request({ method: 'POST', url: '/api/logout/' })).statusCode).toBe(200);
    expect((await client.get('/api/me/')).statusCode).toBe(401);
  });
});

describe('CSRF on unsafe /api methods', () => {
  it('answers 403 when the header is missing', async () => {
    const client = new TestClient(ctx.app);
    await client.signIn('lawyer@acme.test');
    const response = await client.request({ method: 'POST', url: '/api/logout/', csrf: false });
    expect(response.statusCode).toBe(403);
    expect(response.json()).toEqual({ detail: 'CSRF Failed: CSRF token missing.' });
    expect((await client.get('/api/me/')).statusCode).toBe(200);
  });

  it('answers 403 when the header does not match the cookie', async () => {
    const client = new TestClient(ctx.app);
    await client.signIn('lawyer@acme.test');
    const response = await client.request({ method: 'POST', url: '/api/logout/', headers: { 'x-csrftoken': 'A'.repeat(32) } });
    expect(response.statusCode).toBe(403);
    expect(response.json()).toEqual({ detail: 'CSRF Failed: CSRF token incorrect.' });
  });

  it.each([
    ['POST', '/%61pi/logout/'],
    ['POST', '/%61%70%69/logout/'],
    ['POST', '/api/%6cogout/'],
  ])('checks the route that matched, whatever the spelling of the path (%s %s)', async (method, url) => {
    const client = new TestClient(ctx.app);
    await client.signIn('lawyer@acme.test');
    const response = await client.request({ method, url, csrf: false });
    expect(response.statusCode).toBe(403);
    expect((await client.get('/api/me/')).statusCode).toBe(200);
  });

  it('refuses a token made for another session (a planted cookie), though header and cookie agree', async () => {
    const attacker = new TestClient(ctx.app);
    await attacker.signIn('throttled@acme.test');
    const victim = new TestClient(ctx.app);
    await victim.signIn('lawyer@acme.test');
    const planted = attacker.cookies.get('csrftoken')!;
    victim.cookies.set('csrftoken', planted);
    const response = await victim.request({ method: 'POST', url: '/api/logout/', headers: { 'x-csrftoken': planted } });
    expect(response.statusCode).toBe(403);
    expect(response.json()).toEqual({ detail: 'CSRF Failed: CSRF token incorrect.' });
    expect((await victim.get('/api/me/')).statusCode).toBe(200);
  });

  it('rotates the token at sign-in: the one used before it no longer works', async () => {
    const client = new TestClient(ctx.app);
    await client.get('/auth/login/');
    const before = client.cookies.get('csrftoken')!;
    await client.signIn('lawyer@acme.test');
    const after = client.cookies.get('csrftoken')!;
    expect(after).not.toBe(before);
    client.cookies.set('csrftoken', before);
    expect((await client.request({ method: 'POST', url: '/api/logout/', headers: { 'x-csrftoken': before } })).statusCode).toBe(403);
    client.cookies.set('csrftoken', after);
    expect((await client.request({ method: 'POST', url: '/api/logout/' })).statusCode).toBe(200);
  });

  it('lets browsers send our origin with our own form posts (Referrer-Policy same-origin, not no-referrer)', async () => {
    // Under no-referrer, Chromium sends `Origin: null` with a same-origin form post, which the check refuses.
    const page = await new TestClient(ctx.app).get('/auth/login/');
    expect(page.headers['referrer-policy']).toBe('same-origin');
    const client = new TestClient(ctx.app);
    await client.get('/auth/login/');
    const nullOrigin = await client.request({
      method: 'POST',
      url: '/auth/login/',
      payload: new URLSearchParams({ email: 'lawyer@acme.test', password: 'correct-horse', csrfmiddlewaretoken: client.cookies.get('csrftoken')! }).toString(),
      headers: { 'content-type': 'application/x-www-form-urlencoded', origin: 'null' },
    });
    expect(nullOrigin.statusCode).toBe(403);
  });

  it('refuses an unsafe request from another origin, token or not', async () => {
    const client = new TestClient(ctx.app);
    await client.signIn('lawyer@acme.test');
    const foreign = await client.request({ method: 'POST', url: '/api/logout/', headers: { origin: 'https://evil.test' } });
    expect(foreign.statusCode).toBe(403);
    expect(foreign.json().detail).toBe('CSRF Failed: Origin checking failed - https://evil.test does not match any trusted origins.');
    expect((await client.get('/api/me/')).statusCode).toBe(200);
    const own = await client.request({ method: 'POST', url: '/api/logout/', headers: { origin: 'http://localhost:80' } });
    expect(own.statusCode).toBe(200);
  });

  it('does not require it for the public form-submit endpoint', async () => {
    const response = await ctx.app.inject({ method: 'POST', url: '/api/form-submit/', payload: {} });
    expect(response.statusCode).not.toBe(403);
  });
});

describe('/api/me', () => {
  it('answers 401 Unauthorized without a session', async () => {
    const response = await ctx.app.inject({ method: 'GET', url: '/api/me/' });
    expect(response.statusCode).toBe(401);
    expect(response.json()).toEqual({ detail: 'Unauthorized' });
  });

  it('answers 401 for a forged session cookie', async () => {
    const response = await ctx.app.inject({ method: 'GET', url: '/api/me/', headers: { cookie: 'sessionid=forged' } });
    expect(response.statusCode).toBe(401);
  });
});
