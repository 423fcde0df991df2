import { Route, Routes } from 'react-router';
import { IntegrationsPage } from '../../../../src/features/integrations/integrations-page';
import { ZapierPage } from '../../../../src/features/integrations/zapier-page';
import type { PreloadedState } from '../../../../src/app/store';
import { HttpResponse, http } from '../../app/msw-server';
import { renderWithProviders } from '../../test-utils';
import { ACCOUNT_ID, FORM_ID } from '../share/share-fixtures';

export { FORM_ID };
export const ZAPIER_ID = '55555555-5555-4555-8555-555555555555';
const TOKEN_ID = '66666666-6666-4666-8666-666666666666';
export const LIST_PATH = `/${ACCOUNT_ID}/build/${FORM_ID}/integrations`;
export const API = `/api/${ACCOUNT_ID}/integrations`;

const STAMPS = { createdAt: '2026-11-01T09:00:00.000Z', updatedAt: '2026-11-01T09:00:00.000Z' };

export function wireToken(overrides: Record<string, unknown> = {}) {
  return {
    id: TOKEN_ID,
    token: 'fbk_Ab3d…',
    tokenPrefix: 'fbk_Ab3d',
    isActive: true,
    account: ACCOUNT_ID,
    name: 'Zapier',
    lastUsedAt: null,
    createdAt: '2026-11-02T09:00:00.000Z',
    ...overrides,
  };
}

export function wireZapier(overrides: Record<string, unknown> = {}) {
  return {
    id: ZAPIER_ID,
    kind: 'zapier',
    account: ACCOUNT_ID,
    enabled: true,
    pushWebLeads: true,
    status: 'connected',
    apis: [],
    ...STAMPS,
    accountToken: wireToken(),
    restHooks: [{ id: '77777777-7777-4777-8777-777777777777', formTemplate: FORM_ID, event: 'response.created', createdAt: STAMPS.createdAt }],
    ...overrides,
  };
}

export function wireCenterbase(overrides: Record<string, unknown> = {}) {
  return {
    id: '88888888-8888-4888-8888-888888888888',
    kind: 'centerbase',
    account: ACCOUNT_ID,
    enabled: false,
    pushWebLeads: false,
    status: 'disconnected',
    apis: [],
    ...STAMPS,
    apiKeySet: true,
    apiKey: '********',
    subdomain: 'acme',
    companyName: null,
    ...overrides,
  };
}

/** `GET integrations/{kind}/`: the account's integration of that kind, or none. */
export const integrationHandler = (kind: string, integration: unknown) =>
  http.get(`${API}/${kind}/`, () =>
    HttpResponse.json({ count: integration ? 1 : 0, next: null, previous: null, results: integration ? [integration] : [] }),
  );

export function wireResponse(index: number, delivery: Record<string, unknown> | null = null) {
  return {
    id: `99999999-9999-4999-8999-${String(index).padStart(12, '0')}`,
    formTemplate: FORM_ID,
    formName: 'Family intake',
    submittedAt: '2026-11-20T10:00:00.000Z',
    delivery: delivery && {
      status: 'failed',
      attemptCount: 1,
      lastError: null,
      nextAttemptAt: null,
      succeededAt: null,
      externalRef: null,
      ...delivery,
    },
  };
}

/** `GET integrations/{kind}/form-responses/`: `pick` answers each `status` filter. */
export const responsesHandler = (kind: string, pick: (status: string | null, url: URL) => unknown[], more = false) =>
  http.get(`${API}/${kind}/form-responses/`, ({ request }) => {
    const url = new URL(request.url);
    return HttpResponse.json({ next: more ? `${url.pathname}?page=2` : null, previous: null, results: pick(url.searchParams.get('status'), url) });
  });

/** Renders the integration screens under their real route patterns, starting at `path`. */
export function renderIntegrations(path: string, preloadedState: PreloadedState = {}) {
  return renderWithProviders(
    <Routes>
      <Route path=":accountId/build/:formId/integrations" element={<IntegrationsPage />} />
      <Route path=":accountId/build/:formId/integrations/zapier" element={<ZapierPage />} />
      <Route path="*" element={<p>Elsewhere</p>} />
    </Routes>,
    { route: path, preloadedState },
  );
}
