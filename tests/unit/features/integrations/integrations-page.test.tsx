import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
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
  wireCenterbase,
  wireResponse,
  wireZapier,
} from './integration-fixtures';

startMswServer();

const card = (name: string) => screen.findByRole('listitem', { name });

function standardHandlers(zapier: unknown = wireZapier()) {
  return [
    templateHandler(),
    integrationHandler('centerbase', wireCenterbase()),
    integrationHandler('zapier', zapier),
    integrationHandler('clio', null),
    responsesHandler('centerbase', () => []),
  ];
}

describe('IntegrationsPage', () => {
  it('shows Centerbase, Zapier and Clio with their state, this form’s counts and where to go next', async () => {
    const asked: string[] = [];
    server.use(
      ...standardHandlers(),
      responsesHandler('zapier', (status, url) => {
        asked.push(`${status} ${url.searchParams.get('form_template')} ${url.searchParams.get('page_size')}`);
        if (status === 'unsent') return [wireResponse(1), wireResponse(2, { status: 'pending' })];
        return status === 'failed' ? [wireResponse(3, { status: 'failed' })] : [];
      }),
    );
    renderIntegrations(LIST_PATH);

    expect(await screen.findByRole('heading', { level: 1, name: 'Integrations: Family intake' })).toBeInTheDocument();
    expect(screen.getAllByRole('heading', { level: 2 }).map((heading) => heading.textContent)).toEqual(['Centerbase', 'Zapier', 'Clio']);

    const zapier = await card('Zapier');
    expect(await within(zapier).findByText('Connected')).toBeInTheDocument();
    expect(within(zapier).getByRole('switch', { name: 'Enabled' })).toBeChecked();
    await waitFor(() => expect(within(zapier).getByText('Unsent').nextElementSibling).toHaveTextContent('2'));
    const failedLink = within(zapier).getByRole('link', { name: /1\s*failed responses: show them/ });
    expect(failedLink).toHaveAttribute('href', `/12/responses?form=${FORM_ID}&delivery=failed`);
    expect(within(zapier).getByRole('button', { name: 'Send unsent' })).toBeEnabled();
    expect(within(zapier).getByRole('link', { name: 'Open Zapier' })).toHaveAttribute('href', `${LIST_PATH}/zapier`);
    expect(asked).toEqual(expect.arrayContaining([`unsent ${FORM_ID} 200`, `failed ${FORM_ID} 200`]));

    const centerbase = await card('Centerbase');
    expect(await within(centerbase).findByText('Not connected')).toBeInTheDocument();
    expect(within(centerbase).getByRole('switch', { name: 'Disabled' })).not.toBeChecked();
    // Nothing to send to until Centerbase is connected: the button says so instead of pretending.
    const send = await within(centerbase).findByRole('button', { name: 'Send unsent' });
    expect(send).toBeDisabled();
    expect(send).toHaveAccessibleDescription('Connect Centerbase to send responses to it.');
    await waitFor(() => expect(within(centerbase).getByText('Failed').nextElementSibling).toHaveTextContent('0'));

    const clio = await card('Clio');
    expect(await within(clio).findByText('Not set up')).toBeInTheDocument();
    expect(within(clio).queryByRole('switch')).not.toBeInTheDocument();
    expect(within(clio).queryByRole('button', { name: 'Send unsent' })).not.toBeInTheDocument();
    expect(within(clio).getByRole('link', { name: 'Set up Clio' })).toHaveAttribute('href', `${LIST_PATH}/clio`);
  });

  it('says a count goes on past the page it read', async () => {
    server.use(...standardHandlers(), responsesHandler('zapier', () => [wireResponse(1)], true));
    renderIntegrations(LIST_PATH);
    const zapier = await card('Zapier');
    await waitFor(() => expect(within(zapier).getByText('Unsent').nextElementSibling).toHaveTextContent('1+'));
  });

  it('tells a firm without a Zap on this form why Send unsent waits', async () => {
    server.use(...standardHandlers(wireZapier({ restHooks: [] })), responsesHandler('zapier', () => []));
    renderIntegrations(LIST_PATH);
    const send = await within(await card('Zapier')).findByRole('button', { name: 'Send unsent' });
    expect(send).toBeDisabled();
    expect(send).toHaveAccessibleDescription(/No Zap is on for this form yet/);
  });

  it('locks the switch while it changes, then says the integration was updated', async () => {
    let release: () => void = () => {};
    let body: unknown;
    server.use(
      ...standardHandlers(),
      responsesHandler('zapier', () => []),
      http.patch(`${API}/zapier/${ZAPIER_ID}/`, async ({ request }) => {
        body = await request.json();
        await new Promise<void>((resolve) => (release = resolve));
        return HttpResponse.json(wireZapier({ enabled: false }));
      }),
    );
    const { user, store } = renderIntegrations(LIST_PATH);
    const zapier = await card('Zapier');
    await user.click(await within(zapier).findByRole('switch', { name: 'Enabled' }));

    await waitFor(() => expect(within(zapier).getByRole('switch')).toBeDisabled());
    expect(body).toEqual({ enabled: false });
    release();
    const off = await within(zapier).findByRole('switch', { name: 'Disabled' });
    await waitFor(() => expect(off).toBeEnabled());
    expect(off).not.toBeChecked();
    expect(store.getState().app.toast).toMatchObject({ variant: 'success', message: 'Integration updated successfully' });
  });

  it('keeps the switch as it was when the change fails', async () => {
    server.use(
      ...standardHandlers(),
      responsesHandler('zapier', () => []),
      http.patch(`${API}/zapier/${ZAPIER_ID}/`, () => HttpResponse.json({ detail: 'Boom' }, { status: 500 })),
    );
    const { user, store } = renderIntegrations(LIST_PATH);
    const zapier = await card('Zapier');
    await user.click(await within(zapier).findByRole('switch', { name: 'Enabled' }));
    await waitFor(() =>
      expect(store.getState().app.toast).toMatchObject({ variant: 'danger', message: 'Unable to change the status of this integration at this time' }),
    );
    expect(within(zapier).getByRole('switch', { name: 'Enabled' })).toBeChecked();
    expect(within(zapier).getByRole('switch')).toBeEnabled();
  });

  it('sends unsent responses, then says all were sent once none is left', async () => {
    let sent = 0;
    server.use(
      ...standardHandlers(),
      responsesHandler('zapier', (status) => (status === 'unsent' && sent === 0 ? [wireResponse(1), wireResponse(2)] : [])),
      http.post(`${API}/zapier/send-unsent/`, () => {
        sent += 1;
        return HttpResponse.json({ queued: 2 }, { status: 202 });
      }),
    );
    const { user, store } = renderIntegrations(LIST_PATH);
    const zapier = await card('Zapier');
    await waitFor(() => expect(within(zapier).getByText('Unsent').nextElementSibling).toHaveTextContent('2'));
    const messages: string[] = [];
    const unsubscribe = store.subscribe(() => {
      const { toast } = store.getState().app;
      if (toast.show && messages.at(-1) !== toast.message) messages.push(toast.message);
    });

    await user.click(within(zapier).getByRole('button', { name: 'Send unsent' }));
    await waitFor(() => expect(messages).toEqual(['Sending unsent responses', 'All responses have been sent successfully']));
    unsubscribe();
    expect(sent).toBe(1);
    expect(store.getState().app.toast.variant).toBe('success');
    expect(within(zapier).getByText('Unsent').nextElementSibling).toHaveTextContent('0');
  });

  it('says how many are still unsent when the sending settles with failures', async () => {
    let sent = false;
    server.use(
      ...standardHandlers(),
      responsesHandler('zapier', (status) => {
        if (!sent) return status === 'unsent' ? [wireResponse(1)] : [];
        // After the send: one failed for good, one waiting for a retry an hour away.
        const later = new Date(Date.now() + 3_600_000).toISOString();
        const settled = [wireResponse(1, { status: 'failed', lastError: 'HTTP 400' }), wireResponse(2, { status: 'pending', nextAttemptAt: later })];
        return status === 'unsent' ? settled : status === 'failed' ? settled.slice(0, 1) : [];
      }),
      http.post(`${API}/zapier/send-unsent/`, () => {
        sent = true;
        return HttpResponse.json({ queued: 1 }, { status: 202 });
      }),
    );
    const { user, store } = renderIntegrations(LIST_PATH);
    const zapier = await card('Zapier');
    await user.click(await within(zapier).findByRole('button', { name: 'Send unsent' }));
    await waitFor(() => expect(store.getState().app.toast).toMatchObject({ variant: 'danger', message: '2 responses could not be sent yet' }));
    expect(within(zapier).getByRole('link', { name: /1\s*failed responses/ })).toBeInTheDocument();
  });

  it('shows the spec message when an integration does not load, and loads it again on request', async () => {
    let fail = true;
    server.use(
      // Before the standard handlers: the first match answers.
      http.get(`${API}/zapier/`, () =>
        fail
          ? HttpResponse.json({ detail: 'Boom' }, { status: 500 })
          : HttpResponse.json({ count: 1, next: null, previous: null, results: [wireZapier()] }),
      ),
      ...standardHandlers(),
      responsesHandler('zapier', () => []),
    );
    const { user, store } = renderIntegrations(LIST_PATH);
    const zapier = await card('Zapier');
    const alert = await within(zapier).findByRole('alert', {}, { timeout: 3000 });
    expect(alert).toHaveTextContent('Unable to load integration data.');
    expect(store.getState().app.toast).toMatchObject({ variant: 'danger', message: 'Unable to load integration data' });

    fail = false;
    await user.click(within(alert).getByRole('button', { name: 'Try again' }));
    expect(await within(zapier).findByText('Connected')).toBeInTheDocument();
  });
});
