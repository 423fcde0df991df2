import { screen, waitFor, within } from '@testing-library/react';
import { Route, Routes } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { browserLocation } from '../../../../src/app/browser-location';
import { ClioPage } from '../../../../src/features/integrations/clio-page';
import { HttpResponse, http, server, startMswServer } from '../../app/msw-server';
import { renderWithProviders } from '../../test-utils';
import { ACCOUNT_ID, APIS, FORM_ID, apisHandler, failing, mappersHandler, templateHandler, wireMapper } from './field-maps/field-map-fixtures';

startMswServer();

const CLIO_ID = '12121212-1212-4121-8121-121212121212';
const API = `/api/${ACCOUNT_ID}/integrations/clio`;
const CLIO_PATH = `/${ACCOUNT_ID}/build/${FORM_ID}/integrations/clio`;
const CONSENT_URL = 'https://app.clio.com/oauth/authorize?client_id=abc&state=xyz';

function wireClio(overrides: Record<string, unknown> = {}) {
  return {
    id: CLIO_ID,
    kind: 'clio',
    account: ACCOUNT_ID,
    enabled: true,
    pushWebLeads: true,
    status: 'connected',
    apis: [],
    createdAt: '2026-11-01T09:00:00.000Z',
    updatedAt: '2026-11-01T09:00:00.000Z',
    connectedAs: 'Avery Counsel · avery@example-law.test',
    region: 'us',
    ...overrides,
  };
}

/** GET clio answers `current()` each time, so a test can change what the server holds. */
const clioHandler = (current: () => unknown) =>
  http.get(`${API}/`, () => {
    const integration = current();
    return HttpResponse.json({ count: integration ? 1 : 0, next: null, previous: null, results: integration ? [integration] : [] });
  });

/** Every record type's field list: `count` fields. */
const fieldListsHandler = (count = 3) =>
  http.get(`${APIS}:apiId/field_list/`, () =>
    HttpResponse.json({
      count,
      next: null,
      previous: null,
      results: Array.from({ length: count }, (_, index) => ({ id: `f${index}`, name: `Field ${index}`, type: 'text_line', required: false })),
    }),
  );

function renderClio(path = CLIO_PATH) {
  return renderWithProviders(
    <Routes>
      <Route path=":accountId/build/:formId/integrations/clio" element={<ClioPage />} />
      <Route path="*" element={<p>Elsewhere</p>} />
    </Routes>,
    { route: path },
  );
}

const step = (name: string) =>
  within(screen.getByRole('navigation', { name: 'Clio setup' }))
    .getAllByRole('listitem')
    .find((item) => item.textContent?.includes(name)) as HTMLElement;

let assign: ReturnType<typeof vi.spyOn>;
beforeEach(() => {
  assign = vi.spyOn(browserLocation, 'assign').mockImplementation(() => {});
});
afterEach(() => vi.restoreAllMocks());

describe('ClioPage', () => {
  it('connects: asks for the consent URL of the chosen region, returning here, and sends the browser there', async () => {
    const asked: URL[] = [];
    server.use(
      clioHandler(() => null),
      mappersHandler([]),
      http.get(`${API}/authorize/`, ({ request }) => {
        asked.push(new URL(request.url));
        return HttpResponse.json({ url: CONSENT_URL });
      }),
    );
    const { user } = renderClio();

    expect(await screen.findByRole('heading', { level: 2, name: 'Connect' })).toBeInTheDocument();
    for (const name of ['Connect', 'Record types', 'Field maps']) expect(step(name)).not.toHaveTextContent('(complete)');
    await user.selectOptions(screen.getByLabelText('Clio region'), 'eu');
    await user.click(screen.getByRole('button', { name: 'Connect to Clio' }));

    await waitFor(() => expect(assign).toHaveBeenCalledWith(CONSENT_URL));
    expect(asked).toHaveLength(1);
    expect(asked[0]!.searchParams.get('region')).toBe('eu');
    expect(asked[0]!.searchParams.get('next')).toBe(CLIO_PATH);
  });

  it('says why the consent URL cannot be had, and stays on the page', async () => {
    server.use(
      clioHandler(() => null),
      mappersHandler([]),
      http.get(`${API}/authorize/`, () => HttpResponse.json({ detail: 'Clio is not configured on this server.' }, { status: 503 })),
    );
    const { user, store } = renderClio();
    await user.click(await screen.findByRole('button', { name: 'Connect to Clio' }));
    await waitFor(() => expect(store.getState().app.toast).toMatchObject({ variant: 'danger', message: 'Clio is not configured on this server.' }));
    expect(assign).not.toHaveBeenCalled();
    expect(screen.getByRole('button', { name: 'Connect to Clio' })).toBeEnabled();
  });

  it('shows why connecting failed (clio_error) and takes it out of the address', async () => {
    server.use(
      clioHandler(() => null),
      mappersHandler([]),
    );
    const { location } = renderClio(`${CLIO_PATH}?clio_error=${encodeURIComponent('Access to Clio was not allowed.')}`);

    expect(await screen.findByRole('alert')).toHaveTextContent('Access to Clio was not allowed.');
    await waitFor(() => expect(location().search).toBe(''));
    expect(location().pathname).toBe(CLIO_PATH);
    // Still shown once the address is clean, until dismissed.
    expect(screen.getByRole('alert')).toHaveTextContent('Access to Clio was not allowed.');
  });

  it('is complete on connect only when connected and pushing web leads; the switch saves push_web_leads', async () => {
    let integration = wireClio({ pushWebLeads: false });
    const bodies: unknown[] = [];
    server.use(
      clioHandler(() => integration),
      mappersHandler([]),
      http.patch(`${API}/${CLIO_ID}/`, async ({ request }) => {
        const body = (await request.json()) as { push_web_leads: boolean };
        bodies.push(body);
        integration = wireClio({ pushWebLeads: body.push_web_leads });
        return HttpResponse.json(integration);
      }),
    );
    const { user } = renderClio();

    expect(await screen.findByText('Avery Counsel · avery@example-law.test')).toBeInTheDocument();
    expect(screen.getByText(/Connected as/)).toBeInTheDocument();
    expect(step('Connect')).not.toHaveTextContent('(complete)');
    await user.click(screen.getByRole('switch', { name: 'Send new responses to Clio' }));

    await waitFor(() => expect(step('Connect')).toHaveTextContent(/\(complete\)$/));
    expect(bodies).toEqual([{ push_web_leads: true }]);
    expect(screen.getByRole('switch', { name: 'Send new responses to Clio' })).toBeChecked();
  });

  it('warns when Clio needs reconnecting and reconnects in the stored region', async () => {
    const asked: URL[] = [];
    server.use(
      clioHandler(() => wireClio({ status: 'needs_reauth', region: 'au' })),
      mappersHandler([]),
      http.get(`${API}/authorize/`, ({ request }) => {
        asked.push(new URL(request.url));
        return HttpResponse.json({ url: CONSENT_URL });
      }),
    );
    const { user } = renderClio();

    const banner = await screen.findByRole('alert');
    expect(banner).toHaveTextContent('Clio needs reconnecting');
    // Not complete while Clio refuses the connection, even with push web leads on.
    expect(step('Connect')).not.toHaveTextContent('(complete)');
    await user.click(within(banner).getByRole('button', { name: 'Reconnect' }));

    await waitFor(() => expect(assign).toHaveBeenCalledWith(CONSENT_URL));
    expect(asked[0]!.searchParams.get('region')).toBe('au');
  });

  it('disconnects only after confirmation', async () => {
    const disconnect = vi.fn();
    server.use(
      clioHandler(() => wireClio()),
      mappersHandler([]),
      http.post(`${API}/${CLIO_ID}/disconnect/`, () => {
        disconnect();
        return HttpResponse.json(wireClio({ status: 'disconnected', connectedAs: null }));
      }),
    );
    const { user, store } = renderClio();

    await user.click(await screen.findByRole('button', { name: 'Disconnect Clio' }));
    expect(await screen.findByText(/New responses stop going to Clio/)).toBeInTheDocument();
    expect(disconnect).not.toHaveBeenCalled();
    await user.click(screen.getByRole('button', { name: 'Yes, disconnect' }));

    expect(await screen.findByRole('button', { name: 'Connect to Clio' })).toBeInTheDocument();
    expect(disconnect).toHaveBeenCalledTimes(1);
    expect(screen.queryByText(/Connected as/)).not.toBeInTheDocument();
    await waitFor(() => expect(store.getState().app.toast).toMatchObject({ variant: 'success', message: 'Integration updated successfully' }));
  });

  it('lists the record types with their field counts, refreshes them from Clio, and is complete once a map has rules', async () => {
    const refreshed = vi.fn();
    server.use(
      clioHandler(() => wireClio()),
      mappersHandler([wireMapper()]),
      apisHandler(),
      fieldListsHandler(3),
      http.post(`${APIS}refresh/`, () => {
        refreshed();
        return HttpResponse.json({ count: 0, next: null, previous: null, results: [] });
      }),
    );
    const { user } = renderClio();

    await screen.findByRole('heading', { level: 2, name: 'Connect' });
    await waitFor(() => expect(step('Record types')).toHaveTextContent(/\(complete\)$/));
    await user.click(screen.getByRole('button', { name: 'Next' }));
    expect(await screen.findByRole('heading', { level: 2, name: 'Record types' })).toHaveFocus();

    const types = () => within(screen.getByRole('list', { name: 'Clio record types' })).getAllByRole('listitem');
    await waitFor(() => expect(types().map((item) => item.textContent)).toEqual(['Contact3 fields', 'Matter3 fields']));
    expect(screen.getByText(/Read from Clio/)).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Refresh from Clio' }));
    await waitFor(() => expect(refreshed).toHaveBeenCalledTimes(1));
  });

  it('says why Clio refused a refresh, and shows the connection needs reconnecting', async () => {
    let integration = wireClio();
    server.use(
      clioHandler(() => integration),
      mappersHandler([]),
      apisHandler(),
      fieldListsHandler(),
      http.post(`${APIS}refresh/`, () => {
        integration = wireClio({ status: 'needs_reauth' });
        return HttpResponse.json({ detail: 'Clio needs reconnecting.' }, { status: 409 });
      }),
    );
    const { user, store } = renderClio();

    await screen.findByRole('heading', { level: 2, name: 'Connect' });
    await user.click(screen.getByRole('button', { name: 'Next' }));
    await user.click(await screen.findByRole('button', { name: 'Refresh from Clio' }));

    await waitFor(() => expect(store.getState().app.toast).toMatchObject({ variant: 'danger', message: 'Clio needs reconnecting.' }));
    // Read again: no longer connected, so refreshing waits for a reconnection.
    await waitFor(() => expect(screen.getByRole('button', { name: 'Refresh from Clio' })).toBeDisabled());
    await user.click(screen.getByRole('button', { name: 'Back' }));
    expect(await screen.findByRole('button', { name: 'Reconnect' })).toBeInTheDocument();
  });

  it('hosts the field maps of the record types on the last step, with Save back to all integrations', async () => {
    server.use(clioHandler(() => wireClio()), mappersHandler([]), apisHandler(), fieldListsHandler(), templateHandler());
    const { user, location } = renderClio();

    await screen.findByRole('heading', { level: 2, name: 'Connect' });
    await user.click(screen.getByRole('button', { name: 'Next' }));
    await user.click(await screen.findByRole('button', { name: 'Next' }));
    expect(await screen.findByRole('region', { name: 'Contact' }, { timeout: 5000 })).toBeInTheDocument();
    expect(screen.getByRole('region', { name: 'Matter' })).toBeInTheDocument();
    expect(step('Field maps')).not.toHaveTextContent('(complete)');

    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(location().pathname).toBe(`/${ACCOUNT_ID}/build/${FORM_ID}/integrations`);
  });

  it('says so when the integration cannot be loaded', async () => {
    server.use(failing(`${API}/`), mappersHandler([]));
    renderClio();
    expect(await screen.findByRole('alert')).toHaveTextContent('Unable to load integration data.');
    expect(screen.getByRole('button', { name: 'Try again' })).toBeInTheDocument();
  });

  it('says so when the record types cannot be loaded', async () => {
    server.use(clioHandler(() => wireClio()), mappersHandler([]), failing(APIS));
    const { user } = renderClio();
    await screen.findByRole('heading', { level: 2, name: 'Connect' });
    await user.click(screen.getByRole('button', { name: 'Next' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Unable to load integration API data.');
  });
});
