import { render, screen, waitFor } from '@testing-library/react';
import { Provider } from 'react-redux';
import { RouterProvider, createMemoryRouter } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { MockInstance } from 'vitest';
import { RELOAD_GUARD_STORAGE_KEY, resetReloadState } from '../../../src/app/build-check';
import { browserLocation } from '../../../src/app/browser-location';
import { RouteErrorPage } from '../../../src/app/route-error';
import { makeStore } from '../../../src/app/store';
import { makeUser } from '../test-utils';

let assign: MockInstance<(url: string) => void>;
beforeEach(() => {
  resetReloadState();
  assign = vi.spyOn(browserLocation, 'assign').mockImplementation(() => {});
});
afterEach(() => vi.restoreAllMocks());

function renderFailingRoute(failure: Error) {
  const router = createMemoryRouter(
    [
      {
        path: '/',
        errorElement: <RouteErrorPage />,
        HydrateFallback: () => null,
        children: [{ path: ':accountId/responses', lazy: () => Promise.reject(failure) }],
      },
    ],
    { initialEntries: ['/12/responses?page=2'] },
  );
  render(
    <Provider store={makeStore({ user: { user: makeUser(), status: 'loaded' } })}>
      <RouterProvider router={router} />
    </Provider>,
  );
}

const chunkGone = () => new TypeError('Failed to fetch dynamically imported module: /assets/responses-page-abc.js');

describe('route errors', () => {
  it('reloads the page when a code chunk fails to load', async () => {
    renderFailingRoute(chunkGone());
    expect(await screen.findByText('Loading the latest version…')).toBeInTheDocument();
    // The reload starts in an effect after the spinner is committed.
    await waitFor(() => expect(assign).toHaveBeenCalledTimes(1));
    expect(assign).toHaveBeenCalledWith('/12/responses?page=2');
  });

  it('shows the error page instead when a reload happened less than 10 s ago', async () => {
    sessionStorage.setItem(RELOAD_GUARD_STORAGE_KEY, String(Date.now() - 2_000));
    vi.spyOn(console, 'error').mockImplementation(() => {});
    renderFailingRoute(chunkGone());
    expect(await screen.findByRole('heading', { level: 1, name: 'Unknown Error' })).toBeInTheDocument();
    expect(assign).not.toHaveBeenCalled();
  });

  it('shows Unknown Error for any other failure', async () => {
    const logged = vi.spyOn(console, 'error').mockImplementation(() => {});
    renderFailingRoute(new Error('Cannot read properties of undefined'));
    expect(await screen.findByRole('heading', { level: 1, name: 'Unknown Error' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Contact Support' })).toBeInTheDocument();
    expect(assign).not.toHaveBeenCalled();
    // Logged from an effect after the page is committed.
    await waitFor(() => expect(logged).toHaveBeenCalled());
  });
});
