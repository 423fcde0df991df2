import { randomUUID } from 'node:crypto';
import Fastify, { type RouteOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { z } from 'zod';
import type * as errors from '../../server/errors.js';
import { missingResponseSchema, registerContract, registerErrorHandler } from '../../server/errors.js';
import { errorResponses } from '../../src/contract/common.js';
import { createRivalFirms, createTestContext, json, type TestClient, type TestContext } from './helpers.js';
import { templateBody } from './form-fixtures.js';

let ctx: TestContext;
let acme: number;
let lawyer: TestClient;
/** Every route the app registers, seen by an onRoute hook installed with the contract, before any route. */
const routes = vi.hoisted((): RouteOptions[] => []);
let appRoutes: RouteOptions[] = [];

vi.mock('../../server/errors.js', async (importOriginal) => {
  const original = await importOriginal<typeof errors>();
  return {
    ...original,
    registerContract: (app: Parameters<typeof original.registerContract>[0]) => {
      original.registerContract(app);
      app.addHook('onRoute', (route) => void routes.push(route));
    },
  };
});

beforeAll(async () => {
  ctx = await createTestContext();
  appRoutes = [...routes];
  ({ acme, lawyer } = await createRivalFirms(ctx));
});
afterAll(() => ctx.close());

describe('every /api route declares its answers', () => {
  it('refuses to register an /api route without a response schema', async () => {
    const app = Fastify();
    registerContract(app);
    expect(() => app.get('/api/undeclared/', async () => ({}))).toThrow(/declares no 2xx response schema/);
    expect(() => app.get('/api/only-ok/', { schema: { response: { 200: z.object({}) } } }, async () => ({}))).toThrow(/no error response schema/);
    app.get('/api/declared/', { schema: { response: { 200: z.object({ ok: z.boolean() }), ...errorResponses } } }, async () => ({ ok: true }));
    app.get('/not-api/', async () => 'html');
    await app.close();
  });

  it('holds for every /api route of the app', () => {
    const apiRoutes = appRoutes.filter((route) => route.url.startsWith('/api/') && route.method !== 'HEAD');
    const names = apiRoutes.map((route) => `${String(route.method)} ${route.url}`);
    // health, me, logout, accounts, account, 2 account settings, 7 form-template, 5 prefill, 3 response, response
    // counts, a response's neighbours, export, 2 public reads, submit; 7 integration, 2 account-token, 4 form-mapper,
    // 6 Zapier-facing; attempt_push, send-unsent, an integration's responses; 3 Clio (authorize, disconnect, refresh
    // the field lists)
    expect(names).toHaveLength(54);
    expect(names).toEqual(
      expect.arrayContaining([
        'POST /api/form-submit/',
        'GET /api/:accountId/form-templates/:id/export-responses/',
        'PATCH /api/:accountId/integrations/:kind/:id/',
        'DELETE /api/zapier/hooks/:id/',
        'PATCH /api/:accountId/settings/',
        'GET /api/:accountId/form-responses/counts/',
        'GET /api/:accountId/form-responses/:id/neighbours/',
      ]),
    );
    for (const route of apiRoutes) {
      expect(missingResponseSchema(route), `${String(route.method)} ${route.url}`).toBeNull();
      expect(route.schema?.response).toHaveProperty('4xx');
    }
  });

  it('drops what the contract does not name from answers', async () => {
    const app = Fastify();
    registerContract(app);
    registerErrorHandler(app);
    app.get('/api/echo/', { schema: { response: { 200: z.object({ id: z.number() }), ...errorResponses } } }, async () => ({ id: 1, secret: 'x' }) as { id: number });
    const response = await app.inject({ method: 'GET', url: '/api/echo/' });
    expect(response.json()).toEqual({ id: 1 });
    await app.close();
  });
});

describe('a bad body to a missing resource answers 400 (validation runs before any lookup)', () => {
  it('for a form template', async () => {
    const url = `/api/${acme}/form-templates/${randomUUID()}/`;
    const bad = await lawyer.request({ method: 'PUT', url, ...json({ name: '' }) });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().errors.name).toEqual(['Form name is required']);
    const good = await lawyer.request({ method: 'PUT', url, ...json({ ...templateBody(), updated_at: new Date().toISOString() }) });
    expect(good.statusCode).toBe(404);
    const rename = await lawyer.request({ method: 'PATCH', url, ...json({ name: 42 }) });
    expect(rename.statusCode).toBe(400);
  });

  it('for a prefill and a response', async () => {
    const prefill = await lawyer.request({ method: 'PATCH', url: `/api/${acme}/form-prefills/${randomUUID()}/`, ...json({ name: '' }) });
    expect(prefill.statusCode).toBe(400);
    expect(prefill.json()).toMatchObject({ detail: 'Invalid prefill.', errors: { name: ['Prefill name is required'] } });
    const response = await lawyer.request({ method: 'PUT', url: `/api/${acme}/form-responses/${randomUUID()}/`, ...json({ is_spam: 'yes' }) });
    expect(response.statusCode).toBe(400);
    expect(response.json().errors.is_spam).toEqual(['must be true or false']);
    expect((await lawyer.request({ method: 'PUT', url: `/api/${acme}/form-responses/${randomUUID()}/`, ...json({ is_spam: true }) })).statusCode).toBe(404);
  });

  it('but a path id that cannot exist is 404, whatever the body', async () => {
    const response = await lawyer.request({ method: 'PUT', url: `/api/${acme}/form-templates/not-a-uuid/`, ...json({ name: '' }) });
    expect(response.statusCode).toBe(404);
    expect(response.json()).toEqual({ detail: 'Not found.' });
  });

  it("and an unknown account is 404 'Account Not Found' before any validation", async () => {
    const response = await lawyer.request({ method: 'PUT', url: `/api/${acme + 1000}/form-templates/not-a-uuid/`, ...json({ name: '' }) });
    expect(response.statusCode).toBe(404);
    expect(response.json()).toEqual({ detail: 'Account Not Found' });
  });
});

describe('form ids: any UUID version and variant, like the SPA', () => {
  // z.uuid() refuses this one (version 0, variant "c"); the SPA's isFormId and PostgreSQL accept it.
  const unusual = '12345678-1234-0234-c234-123456789012';

  it('looks the form up instead of refusing the id', async () => {
    expect((await lawyer.get(`/api/${acme}/form-templates/${unusual}/`)).statusCode).toBe(404);
    expect((await ctx.app.inject({ method: 'GET', url: `/api/public/forms/${unusual}/` })).json()).toEqual({ detail: 'This form is not available.' });
    const submit = await ctx.app.inject({ method: 'POST', url: '/api/form-submit/', payload: { form_id: unusual, data: {}, submission_key: unusual } });
    expect(submit.statusCode).toBe(404);
  });
});

describe('query strings', () => {
  it("answer 400 'Invalid query parameters.' naming the field", async () => {
    const response = await lawyer.get(`/api/${acme}/form-templates/?archived=maybe`);
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ detail: 'Invalid query parameters.', errors: { archived: ['must be true or false'] } });
  });
});
