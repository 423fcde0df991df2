import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { HttpResponse, http, server, startMswServer } from '../../app/msw-server';
import { templateHandler } from '../share/share-fixtures';
import {
  API,
  FORM_ID,
  LIST_PATH,
  ZAPIER_ID,
  integrationHandler,
  renderIntegrations,
  responsesHandler,
  wireResponse,
  wireToken,
  wireZapier,
} from './integration-fixtures';

startMswServer();

const ZAPIER_PATH = `${LIST_PATH}/zapier`;
const FULL_KEY = 'fbk_Ab3dEfGhIjKlMnOpQrStUvWxYz0123456789abcdefg';
const step = (name: string) =>
  within(screen.getByRole('navigation', { name: 'Zapier setup' }))
    .getAllByRole('listitem')
    .find((item) => item.textContent?.includes(name)) as HTMLElement;

/** GET zapier answers `current()` each time, so a test can change what the server holds. */
const zapierHandler = (current: () => unknown) =>
  http.get(`${API}/zapier/`, () => {
    const integration = current();
    return HttpResponse.json({ count: integration ? 1 : 0, next: null, previous: null, results: integration ? [integration] : [] });
  });

describe('ZapierPage', () => {
  it('generates an API key, shows it once with a copy button, and marks the step complete', async () => {
    let integration: unknown = null;
    let body: unknown;
    server.use(
      templateHandler(),
      zapierHandler(() => integration),
      responsesHandler('zapier', () => []),
      http.post(`${API}/zapier/create-account-token/`, async ({ request }) => {
        body = await request.json();
        integration = wireZapier({ restHooks: [] });
        return HttpResponse.json(wireToken({ token: FULL_KEY }), { status: 201 });
      }),
    );
    const { user } = renderIntegrations(ZAPIER_PATH);

    expect(await screen.findByRole('heading', { level: 2, name: 'Generate API key' })).toBeInTheDocument();
    expect(step('Generate API key')).toHaveTextContent(/Step 1:\s*Generate API key$/);
    await user.click(screen.getByRole('button', { name: 'Generate API key' }));

    expect(await screen.findByText(FULL_KEY)).toBeInTheDocument();
    expect(body).toEqual({});
    await waitFor(() => expect(step('Generate API key')).toHaveTextContent(/\(complete\)$/));
    // Later reads carry the masked key; the whole one stays only where it was first shown.
    expect(screen.getByText('fbk_Ab3d…')).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Copy API key' }));
    expect(await navigator.clipboard.readText()).toBe(FULL_KEY);
    expect(await screen.findByText('Copied!')).toBeInTheDocument();
  });

  it('says so when the key cannot be generated', async () => {
    server.use(
      templateHandler(),
      zapierHandler(() => null),
      responsesHandler('zapier', () => []),
      http.post(`${API}/zapier/create-account-token/`, () => HttpResponse.json({ detail: 'Boom' }, { status: 500 })),
    );
    const { user, store } = renderIntegrations(ZAPIER_PATH);
    await user.click(await screen.findByRole('button', { name: 'Generate API key' }));
    await waitFor(() =>
      expect(store.getState().app.toast).toMatchObject({ variant: 'danger', message: 'An error occurred while generating API key' }),
    );
    expect(screen.getByRole('button', { name: 'Generate API key' })).toBeEnabled();
  });

  it('renews the key only after confirmation', async () => {
    const renewed = vi.fn();
    server.use(
      templateHandler(),
      zapierHandler(() => wireZapier()),
      responsesHandler('zapier', () => []),
      http.post(`${API}/zapier/${ZAPIER_ID}/renew-account-token/`, () => {
        renewed();
        return HttpResponse.json(wireToken({ token: FULL_KEY }));
      }),
    );
    const { user } = renderIntegrations(ZAPIER_PATH);

    await user.click(await screen.findByRole('button', { name: 'Renew API key' }));
    const confirm = await screen.findByRole('dialog', { name: /current key stops working at once/ });
    await user.click(within(confirm).getByRole('button', { name: 'Cancel' }));
    expect(renewed).not.toHaveBeenCalled();

    await user.click(screen.getByRole('button', { name: 'Renew API key' }));
    await user.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Yes, renew' }));
    expect(await screen.findByText(FULL_KEY)).toBeInTheDocument();
    expect(renewed).toHaveBeenCalledOnce();
  });

  it('disconnects only after confirmation: the key goes, and Generate API key is offered again', async () => {
    const disconnected = vi.fn();
    let current = wireZapier();
    server.use(
      templateHandler(),
      zapierHandler(() => current),
      responsesHandler('zapier', () => []),
      http.post(`${API}/zapier/${ZAPIER_ID}/disconnect/`, () => {
        disconnected();
        current = wireZapier({ status: 'disconnected', accountToken: null, restHooks: [] });
        return HttpResponse.json(current);
      }),
    );
    const { user, store } = renderIntegrations(ZAPIER_PATH);

    await user.click(await screen.findByRole('button', { name: 'Disconnect Zapier' }));
    const confirm = await screen.findByRole('dialog', { name: /every Zap on this account stops receiving responses/ });
    await user.click(within(confirm).getByRole('button', { name: 'Cancel' }));
    expect(disconnected).not.toHaveBeenCalled();

    await user.click(screen.getByRole('button', { name: 'Disconnect Zapier' }));
    await user.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Yes, disconnect' }));
    expect(await screen.findByRole('button', { name: 'Generate API key' })).toBeInTheDocument();
    expect(disconnected).toHaveBeenCalledOnce();
    expect(screen.queryByRole('button', { name: 'Renew API key' })).not.toBeInTheDocument();
    expect(store.getState().app.toast.message).toBe('Integration updated successfully');
  });

  it('walks through connecting in Zapier to the live test, then Save returns to the list and the step resets', async () => {
    let delivered = false;
    server.use(
      templateHandler(),
      zapierHandler(() => wireZapier()),
      // The list Save returns to.
      integrationHandler('centerbase', null),
      integrationHandler('clio', null),
      responsesHandler('zapier', (_status, url) => {
        expect(url.searchParams.get('form_template')).toBe(FORM_ID);
        return !delivered
          ? [wireResponse(1, { status: 'pending', attemptCount: 1, lastError: 'HTTP 503 from hooks.zapier.com', nextAttemptAt: '2099-01-01T00:00:00.000Z' })]
          : [wireResponse(1, { status: 'succeeded', attemptCount: 2, succeededAt: '2026-11-20T10:00:05.000Z' })];
      }),
    );
    const { user, store, location } = renderIntegrations(ZAPIER_PATH);

    await user.click(await screen.findByRole('button', { name: 'Next' }));
    expect(screen.getByRole('heading', { level: 2, name: 'Connect in Zapier' })).toBeInTheDocument();
    expect(screen.getByText('New Response')).toBeInTheDocument();
    expect(screen.getByText('fbk_Ab3d…')).toBeInTheDocument();
    expect(await screen.findByText('Family intake')).toBeInTheDocument();
    expect(screen.getByText('One Zap is on for this form.')).toBeInTheDocument();
    expect(step('Connect in Zapier')).toHaveTextContent(/\(complete\)$/);
    expect(store.getState().integration.stepperStep).toBe(1);

    await user.click(screen.getByRole('button', { name: 'Next' }));
    expect(await screen.findByText('Waiting to retry')).toBeInTheDocument();
    expect(screen.getByText('HTTP 503 from hooks.zapier.com')).toBeInTheDocument();
    expect(screen.getByText('Next try')).toBeInTheDocument();
    // Read again while the step is shown: the delivery goes through.
    delivered = true;
    expect(await screen.findByText('Delivered', {}, { timeout: 8000 })).toBeInTheDocument();
    expect(screen.getByText('Attempts').nextElementSibling).toHaveTextContent('2');
    await waitFor(() => expect(step('Test')).toHaveTextContent(/\(complete\)$/));

    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(location().pathname).toBe(LIST_PATH);
    expect(store.getState().integration.stepperStep).toBe(0);
  }, 15_000);

  it('asks for a test response when the form has none yet', async () => {
    server.use(templateHandler(), zapierHandler(() => wireZapier()), responsesHandler('zapier', () => []));
    renderIntegrations(ZAPIER_PATH, { integration: { stepperStep: 2 } });
    expect(await screen.findByText('No responses yet')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: /Open the form to submit a test response/ })).toHaveAttribute('href', `/f/${FORM_ID}`);
  });

  it('reads the latest delivery again on entering the test step, not the list it showed before', async () => {
    let submitted = false;
    server.use(
      templateHandler(),
      zapierHandler(() => wireZapier()),
      responsesHandler('zapier', () => (submitted ? [wireResponse(1, { status: 'succeeded', attemptCount: 1, succeededAt: '2026-11-20T10:00:05.000Z' })] : [])),
    );
    const { user } = renderIntegrations(ZAPIER_PATH, { integration: { stepperStep: 2 } });
    expect(await screen.findByText('No responses yet')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Back' }));
    // A client submits while the firm looks at another step; coming back shows it at once, before the next poll.
    submitted = true;
    await user.click(screen.getByRole('button', { name: 'Next' }));
    expect(await screen.findByText('Delivered', {}, { timeout: 1500 })).toBeInTheDocument();
  });

  it('shows the spec message when the integration does not load', async () => {
    server.use(
      templateHandler(),
      http.get(`${API}/zapier/`, () => HttpResponse.json({ detail: 'Boom' }, { status: 500 })),
      responsesHandler('zapier', () => []),
    );
    const { store } = renderIntegrations(ZAPIER_PATH);
    expect(await screen.findByRole('alert', {}, { timeout: 3000 })).toHaveTextContent('Unable to load integration data.');
    expect(store.getState().app.toast.message).toBe('Unable to load integration data');
  });

  it('shows the spec message when the test step’s deliveries do not load', async () => {
    server.use(
      templateHandler(),
      integrationHandler('zapier', wireZapier()),
      http.get(`${API}/zapier/form-responses/`, () => HttpResponse.json({ detail: 'Boom' }, { status: 500 })),
    );
    const { store } = renderIntegrations(ZAPIER_PATH, { integration: { stepperStep: 2 } });
    expect(await screen.findByRole('alert', {}, { timeout: 3000 })).toHaveTextContent('Unable to load integration API data.');
    expect(store.getState().app.toast.message).toBe('Unable to load integration API data');
  });
});
