import { describe, expect, it } from 'vitest';
import { clioFieldList } from '../../server/integrations/clio/clio-fields.js';
import { clioBaseUrl, clioSettingsFrom } from '../../server/integrations/clio/clio-settings.js';
import { RateBudget, retryAfterMs } from '../../server/integrations/clio/rate-budget.js';
import { tokenPairFrom } from '../../server/integrations/clio/clio-client.js';

/** The Clio adapter's pure parts: its rate budget, regions, token answers and field lists. */

const headers = (values: Record<string, string>) => new Headers(values);

describe('RateBudget', () => {
  it('lets requests go until Clio says the window is spent, then waits for X-RateLimit-Reset', () => {
    let now = 1_000_000;
    const budget = new RateBudget(() => now);
    expect(budget.delayMs()).toBe(0);
    budget.observe(200, headers({ 'x-ratelimit-limit': '50', 'x-ratelimit-remaining': '1', 'x-ratelimit-reset': String((now + 30_000) / 1000) }));
    expect(budget.delayMs()).toBe(0);
    budget.spend();
    expect(budget.delayMs()).toBe(30_000);
    now += 30_000;
    expect(budget.delayMs()).toBe(0);
    // A new window: unknown until Clio answers again, so the next request goes.
    budget.spend();
    expect(budget.delayMs()).toBe(0);
  });

  it('holds every request for Retry-After after a 429, or to the window end without one', () => {
    let now = 5_000_000;
    const budget = new RateBudget(() => now);
    budget.observe(429, headers({ 'retry-after': '7' }));
    expect(budget.delayMs()).toBe(7_000);
    now += 7_000;
    expect(budget.delayMs()).toBe(0);
    budget.observe(429, headers({ 'x-ratelimit-remaining': '0', 'x-ratelimit-reset': String((now + 12_000) / 1000) }));
    expect(budget.delayMs()).toBe(12_000);
    expect(retryAfterMs('Wed, 21 Oct 2015 07:28:00 GMT', Date.parse('Wed, 21 Oct 2015 07:27:50 GMT'))).toBe(10_000);
    expect(retryAfterMs('soon', 0)).toBeNull();
  });
});

describe('settings and tokens', () => {
  it('uses the region hosts unless CLIO_BASE_URL points elsewhere', () => {
    const real = clioSettingsFrom({ CLIO_CLIENT_ID: 'id', CLIO_CLIENT_SECRET: 's', CLIO_BASE_URL: undefined });
    expect(clioBaseUrl(real, 'us')).toBe('https://app.clio.com');
    expect(clioBaseUrl(real, 'eu')).toBe('https://eu.app.clio.com');
    expect(clioBaseUrl(real, 'au')).toBe('https://au.app.clio.com');
    const local = clioSettingsFrom({ CLIO_CLIENT_ID: 'id', CLIO_CLIENT_SECRET: 's', CLIO_BASE_URL: 'http://127.0.0.1:4000/' });
    expect(clioBaseUrl(local, 'ca')).toBe('http://127.0.0.1:4000');
  });

  it('keeps the previous refresh token when a refresh answers none, and refuses an answer without an access token', () => {
    const pair = tokenPairFrom({ access_token: 'a2', expires_in: 600 }, 'r1', 0);
    expect(pair).toEqual({ accessToken: 'a2', refreshToken: 'r1', expiresAt: new Date(600_000).toISOString() });
    expect(tokenPairFrom({ refresh_token: 'r2' }, 'r1', 0)).toBeNull();
  });
});

describe('clioFieldList', () => {
  it('lists standard then custom fields, picklists with their live options, deleted ones left out', () => {
    const fields = clioFieldList(
      'Matter',
      [
        { id: 7, name: 'Referral', field_type: 'picklist', required: true, picklist_options: [{ id: 1, option: 'Web' }, { id: 2, option: 'Old', deleted_at: '2024-01-01' }] },
        { id: 8, name: 'Gone', field_type: 'text_line', deleted: true },
      ],
      [{ id: 50, name: 'Family Law' }],
    );
    expect(fields.map((f) => f.id)).toEqual(['description', 'client_reference', 'location', 'practice_area', 'custom_field:7']);
    expect(fields.find((f) => f.id === 'custom_field:7')).toEqual({ id: 'custom_field:7', name: 'Referral', type: 'picklist', required: true, options: [{ id: '1', text: 'Web' }] });
    expect(fields.find((f) => f.id === 'practice_area')?.options).toEqual([{ id: '50', text: 'Family Law' }]);
    expect(clioFieldList('Contact', [], []).filter((f) => f.required).map((f) => f.id)).toEqual(['last_name']);
  });
});
