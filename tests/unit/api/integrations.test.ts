import { beforeEach, describe, expect, it, vi } from 'vitest';
import { configureHttpClient } from '../../../src/api/client';
import { integrationsApi } from '../../../src/api/integrations';
import { makeStore } from '../../../src/app/store';
import { HttpResponse, http, server, startMswServer } from '../app/msw-server';
import { wireToken, wireZapier } from '../features/integrations/integration-fixtures';
import { callEndpoint } from './api-store';

startMswServer();

beforeEach(() => {
  configureHttpClient({ onUnauthorized: vi.fn(), onFatalError: vi.fn() });
  document.cookie = 'csrftoken=integration-token; path=/';
});

const { endpoints } = integrationsApi;
const page = (results: unknown[]) => ({ count: results.length, next: null, previous: null, results });

describe('integrations api', () => {
  it('reads the account’s integration of a kind as the first result, or null when there is none', async () => {
    server.use(
      http.get('/api/12/integrations/zapier/', () => HttpResponse.json(page([wireZapier()]))),
      http.get('/api/12/integrations/clio/', () => HttpResponse.json(page([]))),
    );
    const zapier = await callEndpoint((dispatch) => dispatch(endpoints.getIntegration.initiate({ accountId: 12, kind: 'zapier' })));
    expect(zapier).toMatchObject({ kind: 'zapier', enabled: true, accountToken: { tokenPrefix: 'fbk_Ab3d' } });
    expect(await callEndpoint((dispatch) => dispatch(endpoints.getIntegration.initiate({ accountId: 12, kind: 'clio' })))).toBeNull();
  });

  it('refuses an answer of another shape', async () => {
    server.use(http.get('/api/12/integrations/zapier/', () => HttpResponse.json(page([{ kind: 'zapier' }]))));
    await expect(callEndpoint((dispatch) => dispatch(endpoints.getIntegration.initiate({ accountId: 12, kind: 'zapier' })))).rejects.toMatchObject({
      status: null,
    });
  });

  it('sends the enable switch as a PATCH with the CSRF header and caches the answer', async () => {
    let sent: { body: unknown; csrf: string | null } | null = null;
    server.use(
      http.get('/api/12/integrations/zapier/', () => HttpResponse.json(page([wireZapier()]))),
      http.patch('/api/12/integrations/zapier/:id/', async ({ request }) => {
        sent = { body: await request.json(), csrf: request.headers.get('x-csrftoken') };
        return HttpResponse.json(wireZapier({ enabled: false }));
      }),
    );
    const store = makeStore();
    const subscription = store.dispatch(endpoints.getIntegration.initiate({ accountId: 12, kind: 'zapier' }));
    await subscription;
    await callEndpoint(
      (dispatch) => dispatch(endpoints.setIntegrationEnabled.initiate({ accountId: 12, kind: 'zapier', id: 'z1', enabled: false })),
      store,
    );
    expect(sent).toEqual({ body: { enabled: false }, csrf: 'integration-token' });
    // The answer replaces the cached integration (no second GET).
    await vi.waitFor(() =>
      expect(endpoints.getIntegration.select({ accountId: 12, kind: 'zapier' })(store.getState()).data).toMatchObject({ enabled: false }),
    );
    subscription.unsubscribe();
  });

  it('creates and renews the Zapier key at their routes', async () => {
    const calls: string[] = [];
    server.use(
      http.post('/api/12/integrations/zapier/create-account-token/', () => {
        calls.push('create');
        return HttpResponse.json(wireToken({ token: 'fbk_whole' }), { status: 201 });
      }),
      http.post('/api/12/integrations/zapier/:id/renew-account-token/', ({ params }) => {
        calls.push(`renew ${String(params.id)}`);
        return HttpResponse.json(wireToken({ token: 'fbk_again' }));
      }),
    );
    expect(await callEndpoint((dispatch) => dispatch(endpoints.createZapierToken.initiate({ accountId: 12 })))).toMatchObject({ token: 'fbk_whole' });
    expect(await callEndpoint((dispatch) => dispatch(endpoints.renewZapierToken.initiate({ accountId: 12, id: 'z1' })))).toMatchObject({ token: 'fbk_again' });
    expect(calls).toEqual(['create', 'renew z1']);
  });

  it('lists a form’s responses by delivery status with snake_case query values', async () => {
    let query = '';
    server.use(
      http.get('/api/12/integrations/zapier/form-responses/', ({ request }) => {
        query = new URL(request.url).search;
        return HttpResponse.json({ next: null, previous: null, results: [] });
      }),
    );
    await callEndpoint((dispatch) =>
      dispatch(endpoints.listIntegrationResponses.initiate({ accountId: 12, kind: 'zapier', status: 'failed', formTemplate: 'f1', pageSize: 200 })),
    );
    expect(query).toBe('?status=failed&form_template=f1&page_size=200');
  });
});
