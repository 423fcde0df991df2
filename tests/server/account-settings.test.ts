import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createRivalFirms, createTestContext, createUser, json, signedIn, type TestClient, type TestContext } from './helpers.js';

let ctx: TestContext;
let acme: number;
let other: number;
let lawyer: TestClient;
let rival: TestClient;

beforeAll(async () => {
  ctx = await createTestContext();
  ({ acme, other, lawyer, rival } = await createRivalFirms(ctx));
});
afterAll(() => ctx.close());

const settings = (client: TestClient, accountId: number) => client.get(`/api/${accountId}/settings/`);
const patch = (client: TestClient, accountId: number, body: unknown) =>
  client.request({ method: 'PATCH', url: `/api/${accountId}/settings/`, ...json(body) });

describe('account settings: the firm’s time zone', () => {
  it('starts unset; a member’s browser default is taken once, a change always', async () => {
    expect((await settings(lawyer, acme)).json()).toEqual({ timeZone: null });

    const first = await patch(lawyer, acme, { time_zone: 'US/Eastern', if_unset: true });
    expect(first.statusCode, first.body).toBe(200);
    // Stored under Intl's canonical name (what browsers report and the settings list offers).
    expect(first.json()).toEqual({ timeZone: 'America/New_York' });
    // Another member's browser elsewhere does not move it.
    const again = await patch(lawyer, acme, { time_zone: 'Europe/Paris', if_unset: true });
    expect(again.json()).toEqual({ timeZone: 'America/New_York' });
    // A user choosing one does.
    const chosen = await patch(lawyer, acme, { time_zone: 'Asia/Tokyo' });
    expect(chosen.json()).toEqual({ timeZone: 'Asia/Tokyo' });
    expect((await settings(lawyer, acme)).json()).toEqual({ timeZone: 'Asia/Tokyo' });
  });

  it('takes no browser default from an administrator visiting another firm, but lets them set it', async () => {
    const visited = (await ctx.db.insertInto('accounts').values({ internal_name: 'Visited' }).returning('id').executeTakeFirstOrThrow()).id;
    await createUser(ctx.db, { email: 'staff@formbuilder.test', isStaff: true });
    const staff = await signedIn(ctx.app, 'staff@formbuilder.test');
    expect((await patch(staff, visited, { time_zone: 'Pacific/Auckland', if_unset: true })).json()).toEqual({ timeZone: null });
    expect((await patch(staff, visited, { time_zone: 'Pacific/Auckland' })).json()).toEqual({ timeZone: 'Pacific/Auckland' });
  });

  it('answers 400 naming time_zone for anything that is not an IANA time zone', async () => {
    for (const value of ['Mars/Olympus_Mons', '+05:00', 'EST', '', 'America/New_York; drop table accounts', 42]) {
      const response = await patch(lawyer, acme, { time_zone: value });
      expect(response.statusCode, String(value)).toBe(400);
      expect(Object.keys(response.json().errors), String(value)).toEqual(['time_zone']);
    }
    expect((await patch(lawyer, acme, {})).json().errors.time_zone).toEqual(['is required']);
    expect((await patch(lawyer, acme, { time_zone: 'UTC', if_unset: 'yes' })).json().errors).toHaveProperty('if_unset');
    expect((await settings(lawyer, acme)).json()).toEqual({ timeZone: 'Asia/Tokyo' });
  });

  it('keeps each account’s setting to itself', async () => {
    expect((await settings(rival, acme)).statusCode).toBe(403);
    expect((await patch(rival, acme, { time_zone: 'Europe/Paris' })).statusCode).toBe(403);
    expect((await patch(rival, acme, { time_zone: 'Europe/Paris', if_unset: true })).statusCode).toBe(403);
    expect((await patch(rival, other, { time_zone: 'Europe/Paris' })).json()).toEqual({ timeZone: 'Europe/Paris' });
    expect((await settings(lawyer, acme)).json()).toEqual({ timeZone: 'Asia/Tokyo' });
    expect((await settings(lawyer, other)).statusCode).toBe(403);
  });

  it('refuses a change without the CSRF token', async () => {
    const response = await lawyer.request({ method: 'PATCH', url: `/api/${acme}/settings/`, ...json({ time_zone: 'Europe/Paris' }), csrf: false });
    expect(response.statusCode).toBe(403);
    expect((await settings(lawyer, acme)).json()).toEqual({ timeZone: 'Asia/Tokyo' });
  });
});
