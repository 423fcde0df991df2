import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { Route, Routes } from 'react-router';
import { describe, expect, it } from 'vitest';
import { AccountSettingsPage } from '../../../src/features/accounts/account-settings-page';
import { HttpResponse, http, server, startMswServer } from '../app/msw-server';
import { renderWithProviders } from '../test-utils';

startMswServer();

function settingsApi(initial: string | null, answerPatch?: (body: { time_zone: string }) => Response) {
  let timeZone = initial;
  const patches: unknown[] = [];
  server.use(
    http.get('/api/12/settings/', () => HttpResponse.json({ timeZone })),
    http.patch('/api/12/settings/', async ({ request }) => {
      const body = (await request.json()) as { time_zone: string };
      patches.push(body);
      if (answerPatch) return answerPatch(body);
      timeZone = body.time_zone;
      return HttpResponse.json({ timeZone });
    }),
  );
  return patches;
}

const renderPage = () =>
  renderWithProviders(
    <Routes>
      <Route path="/:accountId/settings" element={<AccountSettingsPage />} />
    </Routes>,
    { route: '/12/settings' },
  );

describe('account settings: the time zone', () => {
  it('shows the saved zone, saves a new one and says so', async () => {
    const patches = settingsApi('America/New_York');
    const { user, store } = renderPage();
    expect(screen.getByRole('heading', { level: 1, name: 'Settings' })).toBeInTheDocument();
    expect(screen.getByRole('status')).toHaveTextContent('Loading settings…');
    const select = await screen.findByRole('combobox', { name: 'Time zone' });
    expect(select).toHaveValue('America/New_York');
    expect(select).toHaveAccessibleDescription('Exports use America/New York.');
    expect(within(select).getByRole('option', { name: /^America\/New York \(UTC−0[45]:00\)$/ })).toBeInTheDocument();
    // Nothing to save until it changes.
    expect(screen.getByRole('button', { name: 'Save' })).toBeDisabled();

    // A select of every zone (some 400 options): userEvent would walk each one.
    fireEvent.change(select, { target: { value: 'Asia/Tokyo' } });
    await user.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(patches).toEqual([{ time_zone: 'Asia/Tokyo' }]));
    await waitFor(() => expect(select).toHaveAccessibleDescription('Exports use Asia/Tokyo.'));
    expect(store.getState().app.toast).toMatchObject({ show: true, variant: 'success', message: 'Time zone saved' });
    expect(screen.getByRole('button', { name: 'Save' })).toBeDisabled();
  });

  it('says when no zone is set yet (exports in UTC) and asks for one', async () => {
    settingsApi(null);
    renderPage();
    const select = await screen.findByRole('combobox', { name: 'Time zone' });
    expect(select).toHaveValue('');
    expect(within(select).getByRole('option', { name: 'Choose a time zone' })).toBeInTheDocument();
    expect(screen.getByText(/Not set yet: exports use UTC until it is\./)).toBeInTheDocument();
  });

  it('shows the server’s reason beside the field when it refuses a zone', async () => {
    settingsApi('UTC', () =>
      HttpResponse.json({ detail: 'Invalid input.', errors: { time_zone: ["is not a time zone this server's database knows: Asia/Tokyo"] } }, { status: 400 }),
    );
    const { user } = renderPage();
    const select = await screen.findByRole('combobox', { name: 'Time zone' });
    // A select of every zone (some 400 options): userEvent would walk each one.
    fireEvent.change(select, { target: { value: 'Asia/Tokyo' } });
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText("The time zone is not a time zone this server's database knows: Asia/Tokyo.")).toBeInTheDocument();
    expect(select).toHaveAttribute('aria-invalid', 'true');
  });

  it('offers to try again when the settings cannot be loaded', async () => {
    let fail = true;
    server.use(http.get('/api/12/settings/', () => (fail ? HttpResponse.json({ detail: 'boom' }, { status: 500 }) : HttpResponse.json({ timeZone: 'UTC' }))));
    const { user } = renderPage();
    expect(await screen.findByRole('alert')).toHaveTextContent('Unable to load the account settings.');
    fail = false;
    await user.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('combobox', { name: 'Time zone' })).toHaveValue('UTC');
  });
});
