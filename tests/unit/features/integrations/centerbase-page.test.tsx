import { screen, waitFor, within } from '@testing-library/react';
import { Route, Routes } from 'react-router';
import { describe, expect, it } from 'vitest';
import { CenterbasePage } from '../../../../src/features/integrations/centerbase-page';
import { HttpResponse, http, server, startMswServer } from '../../app/msw-server';
import { renderWithProviders } from '../../test-utils';
import { templateHandler } from '../share/share-fixtures';
import { MAPPERS, side, wireMapper } from './field-maps/field-map-fixtures';
import { API, LIST_PATH, wireCenterbase } from './integration-fixtures';

startMswServer();

const CB_PATH = `${LIST_PATH}/centerbase`;
const CB_ID = '88888888-8888-4888-8888-888888888888';
const page = (results: unknown[]) => ({ count: results.length, next: null, previous: null, results });
const step = (name: string) =>
  within(screen.getByRole('navigation', { name: 'Centerbase setup' }))
    .getAllByRole('listitem')
    .find((item) => item.textContent?.includes(name)) as HTMLElement;

/** GET centerbase answers `current()` each time, so a test can change what the server holds. */
const centerbaseHandler = (current: () => unknown) =>
  http.get(`${API}/centerbase/`, () => {
    const integration = current();
    return HttpResponse.json(page(integration ? [integration] : []));
  });
const mappersHandler = (maps: unknown[] = []) => http.get(MAPPERS, () => HttpResponse.json(page(maps)));

function render() {
  return renderWithProviders(
    <Routes>
      <Route path=":accountId/build/:formId/integrations/centerbase" element={<CenterbasePage />} />
      <Route path="*" element={<p>Elsewhere</p>} />
    </Routes>,
    { route: CB_PATH },
  );
}

describe('CenterbasePage', () => {
  it('connects with a subdomain and API key (POST the first time), shows the company name and never the key', async () => {
    let integration: unknown = null;
    let body: unknown;
    server.use(
      templateHandler(),
      mappersHandler(),
      centerbaseHandler(() => integration),
      http.post(`${API}/centerbase/`, async ({ request }) => {
        body = await request.json();
        const connected = wireCenterbase({ status: 'connected', pushWebLeads: true, enabled: true, companyName: 'Whitfield & Park LLP', subdomain: 'whitfield-park' });
        integration = connected;
        return HttpResponse.json(connected, { status: 201 });
      }),
    );
    const { user, store } = render();

    await user.type(await screen.findByLabelText('Subdomain'), 'whitfield-park');
    await user.type(screen.getByLabelText('API key'), 'cb-secret-key');
    await user.click(screen.getByRole('button', { name: 'Connect to Centerbase' }));

    expect(await screen.findByText('Whitfield & Park LLP')).toBeInTheDocument();
    expect(body).toEqual({ subdomain: 'whitfield-park', api_key: 'cb-secret-key', push_web_leads: true });
    expect(screen.queryByDisplayValue('cb-secret-key')).not.toBeInTheDocument();
    expect(document.body.textContent).not.toContain('cb-secret-key');
    expect(screen.getByLabelText('API key')).toHaveAttribute('placeholder', 'Saved — enter a new key to replace it');
    await waitFor(() => expect(step('Authenticate')).toHaveTextContent(/\(complete\)$/));
    expect(step('Record types')).not.toHaveTextContent(/\(complete\)$/);
    expect(store.getState().app.toast).toMatchObject({ variant: 'success', message: 'Integration updated successfully' });
  });

  it('shows the server\'s reason under the API key when Centerbase refuses it (PATCH when an id exists)', async () => {
    let method = '';
    server.use(
      templateHandler(),
      mappersHandler(),
      centerbaseHandler(() => wireCenterbase({ apiKeySet: false, apiKey: null, subdomain: 'acme' })),
      http.patch(`${API}/centerbase/${CB_ID}/`, ({ request }) => {
        method = request.method;
        const reason = 'Centerbase refused the API key: Login failed (error-code 1)';
        return HttpResponse.json({ detail: `Invalid input: api_key: ${reason}`, errors: { api_key: [reason] } }, { status: 400 });
      }),
    );
    const { user, store } = render();
    await user.type(await screen.findByLabelText('API key'), 'wrong');
    await user.click(screen.getByRole('button', { name: 'Connect to Centerbase' }));

    expect(await screen.findByText('Centerbase refused the API key: Login failed (error-code 1)')).toBeInTheDocument();
    expect(method).toBe('PATCH');
    expect(screen.getByLabelText('API key')).toHaveAttribute('aria-invalid', 'true');
    expect(store.getState().app.toast).toMatchObject({ variant: 'danger' });
  });

  it('asks for what is missing before calling the server', async () => {
    server.use(templateHandler(), mappersHandler(), centerbaseHandler(() => null));
    const { user } = render();
    await user.click(await screen.findByRole('button', { name: 'Connect to Centerbase' }));
    expect(screen.getByText('Please enter your Centerbase subdomain')).toBeInTheDocument();
    expect(screen.getByText('Please enter your Centerbase API key')).toBeInTheDocument();
  });

  it('disconnects only after confirmation, with PATCH api_key null', async () => {
    let integration = wireCenterbase({ status: 'connected', pushWebLeads: true, companyName: 'Acme LLP' });
    let body: unknown;
    server.use(
      templateHandler(),
      mappersHandler(),
      centerbaseHandler(() => integration),
      http.patch(`${API}/centerbase/${CB_ID}/`, async ({ request }) => {
        body = await request.json();
        integration = wireCenterbase({ status: 'disconnected', apiKeySet: false, apiKey: null, companyName: null });
        return HttpResponse.json(integration);
      }),
    );
    const { user } = render();
    await user.click(await screen.findByRole('button', { name: 'Disconnect Centerbase' }));
    expect(body).toBeUndefined();
    await user.click(await screen.findByRole('button', { name: 'Yes, disconnect' }));
    await waitFor(() => expect(body).toEqual({ api_key: null }));
    expect(await screen.findByRole('button', { name: 'Connect to Centerbase' })).toBeInTheDocument();
    expect(screen.queryByText('Acme LLP')).not.toBeInTheDocument();
  });

  it('turns sending responses off with PATCH push_web_leads, and the authenticate step is no longer complete', async () => {
    let integration = wireCenterbase({ status: 'connected', pushWebLeads: true, enabled: true, companyName: 'Acme LLP' });
    let body: unknown;
    server.use(
      templateHandler(),
      mappersHandler(),
      centerbaseHandler(() => integration),
      http.patch(`${API}/centerbase/${CB_ID}/`, async ({ request }) => {
        body = await request.json();
        integration = { ...integration, pushWebLeads: false };
        return HttpResponse.json(integration);
      }),
    );
    const { user } = render();
    const push = await screen.findByRole('switch', { name: 'Send new responses to Centerbase' });
    expect(push).toBeChecked();
    await waitFor(() => expect(step('Authenticate')).toHaveTextContent(/\(complete\)$/));
    await user.click(push);
    await waitFor(() => expect(body).toEqual({ push_web_leads: false }));
    await waitFor(() => expect(screen.getByRole('switch', { name: 'Send new responses to Centerbase' })).not.toBeChecked());
    expect(step('Authenticate')).not.toHaveTextContent(/\(complete\)$/);
  });

  it('says so when the integration cannot be loaded', async () => {
    server.use(templateHandler(), mappersHandler(), http.get(`${API}/centerbase/`, () => HttpResponse.json({ detail: 'Boom' }, { status: 500 })));
    render();
    expect(await screen.findByRole('alert')).toHaveTextContent('Unable to load integration data');
  });

  it('completes the record types step once a field map has rows, and lists the record types', async () => {
    const apis = [
      { id: '22222222-2222-4222-8222-222222222222', apiType: 'item_type', externalKey: 'g1', name: 'Contact', fetchedAt: '2026-11-01T09:00:00.000Z' },
    ];
    server.use(
      templateHandler(),
      mappersHandler([wireMapper({ integrationApiType: 'centerbase', conversionRules: [{ id: 'r1', local: side('a', 'Name', 'textInput'), foreign: side('f', 'First Name', 'text') }] })]),
      centerbaseHandler(() => wireCenterbase({ status: 'connected', pushWebLeads: true, apis })),
      http.get(`${API}/centerbase/apis/`, () => HttpResponse.json(page(apis))),
      http.get(`${API}/centerbase/apis/${apis[0].id}/field_list/`, () => HttpResponse.json(page([side('f', 'First Name', 'text', true)]))),
    );
    const { user } = render();
    await waitFor(() => expect(step('Record types')).toHaveTextContent(/\(complete\)$/));
    await user.click(screen.getByRole('button', { name: 'Next' }));
    expect(await screen.findByText('Contact')).toBeInTheDocument();
    expect(await screen.findByText('1 field')).toBeInTheDocument();
  });
});
