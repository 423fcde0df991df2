import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Provider } from 'react-redux';
import { RouterProvider, createMemoryRouter } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { MockInstance } from 'vitest';
import { browserLocation } from '../../../../src/app/browser-location';
import { makeStore } from '../../../../src/app/store';
import { supportMailto } from '../../../../src/components/error-page';
import { ErrorPage } from '../../../../src/app/layouts/error-page';
import { apiUser, meHandler, server, signedOutHandler, startMswServer } from '../msw-server';
import { makeUser, renderWithProviders } from '../../test-utils';

startMswServer();

const signedIn = { user: { user: makeUser(), status: 'loaded' as const } };

let assign: MockInstance<(url: string) => void>;
beforeEach(() => {
  assign = vi.spyOn(browserLocation, 'assign').mockImplementation(() => {});
});
afterEach(() => vi.restoreAllMocks());

/** What the server puts into index.html from SUPPORT_EMAIL (server/static.ts). */
function serverSupportEmail(address: string): () => void {
  const meta = document.createElement('meta');
  meta.name = 'formbuilder-support-email';
  meta.content = address;
  document.head.append(meta);
  return () => meta.remove();
}

describe('error page variants (spec §2)', () => {
  let removeSupportEmail = () => {};
  beforeEach(() => {
    removeSupportEmail = serverSupportEmail('help@smith-law.example');
  });
  afterEach(() => removeSupportEmail());

  it.each([
    [{ statusCode: 404, message: 'Account Not Found' }, 'Account Not Found', 'Please contact Support for assistance.'],
    [
      { statusCode: 404, message: 'Page Not Found: /abc' },
      'Page Not Found',
      'The page you were looking for has been moved or does not exist',
    ],
    [{ statusCode: 403, message: 'Forbidden' }, 'Access Denied', 'Please contact Support for assistance.'],
    [{ statusCode: 500, message: 'Boom' }, 'Unknown Error', 'Please contact Support for assistance.'],
  ])('%o shows “%s”, a history back link and Contact Support', (error, title, text) => {
    renderWithProviders(<ErrorPage error={error} />, { preloadedState: signedIn });
    expect(screen.getByRole('heading', { level: 1, name: title })).toBeInTheDocument();
    expect(screen.getByText(text)).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Back to Previous Page' })).toBeInTheDocument();
    const support = screen.getByRole('link', { name: 'Contact Support' });
    expect(support.getAttribute('href')).toMatch(/^mailto:help@smith-law\.example\?/);
  });

  it('shows what failed when the title does not already say it', () => {
    const { unmount } = renderWithProviders(<ErrorPage error={{ statusCode: 404, message: 'Page not found: /12/x' }} />, {
      preloadedState: signedIn,
    });
    expect(screen.getByText('Page not found: /12/x')).toBeInTheDocument();
    unmount();
    renderWithProviders(<ErrorPage error={{ statusCode: 404, message: 'Account Not Found' }} />, {
      preloadedState: signedIn,
    });
    expect(screen.getAllByText('Account Not Found')).toHaveLength(1);
  });

  it('Archived Form points back to all forms and offers no support button', () => {
    renderWithProviders(<ErrorPage error={{ statusCode: 404, message: 'Archived Form' }} />, {
      preloadedState: signedIn,
      route: '/12/build/3f2b8c1e-8a55-4c41-9d0e-2b7f5f1a9c11',
    });
    expect(screen.getByRole('heading', { level: 1, name: 'Archived Form' })).toBeInTheDocument();
    expect(screen.getByText('This form must be unarchived before editing')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Back to All Forms' })).toHaveAttribute('href', '/12');
    expect(screen.queryByRole('link', { name: 'Contact Support' })).not.toBeInTheDocument();
  });

  it('puts the error and the page into the support mail', () => {
    const href = supportMailto({ statusCode: 404, message: 'Page Not Found: /abc' }, 'http://localhost/abc');
    expect(href.startsWith('mailto:help@smith-law.example?subject=')).toBe(true);
    const body = decodeURIComponent(href.split('body=')[1]);
    expect(body).toContain('Error 404: Page Not Found: /abc');
    expect(body).toContain('Page: http://localhost/abc');
  });

  it('opens the mail without a recipient when the server has no support address, never to a made-up one', () => {
    removeSupportEmail();
    renderWithProviders(<ErrorPage error={{ statusCode: 500, message: 'Boom' }} />, { preloadedState: signedIn });
    expect(screen.getByRole('link', { name: 'Contact Support' }).getAttribute('href')).toMatch(/^mailto:\?subject=Form%20Builder%20support%20request&body=/);
  });
});

describe('error page navigation and session', () => {
  it('shows the side navigation when signed in', () => {
    renderWithProviders(<ErrorPage error={{ statusCode: 403 }} />, { preloadedState: signedIn });
    expect(screen.getByRole('navigation', { name: 'Main' })).toBeInTheDocument();
    expect(screen.getByRole('main')).toBeInTheDocument();
  });

  it('fetches the user quietly and then shows the side navigation', async () => {
    server.use(meHandler(apiUser()));
    const { store } = renderWithProviders(<ErrorPage error={{ statusCode: 404 }} />);
    expect(screen.queryByRole('navigation', { name: 'Main' })).not.toBeInTheDocument();
    expect(await screen.findByRole('navigation', { name: 'Main' })).toBeInTheDocument();
    expect(store.getState().user.user?.id).toBe(7);
  });

  it('stays quiet when nobody is signed in: no toast, no login redirect, no sidebar', async () => {
    server.use(signedOutHandler());
    const { store } = renderWithProviders(<ErrorPage error={{ statusCode: 404 }} />);
    await waitFor(() => expect(store.getState().user.status).toBe('failed'));
    expect(store.getState().app.toast.show).toBe(false);
    expect(assign).not.toHaveBeenCalled();
    expect(screen.queryByRole('navigation', { name: 'Main' })).not.toBeInTheDocument();
  });

  it('Back to Previous Page goes one step back in history', async () => {
    const store = makeStore(signedIn);
    const router = createMemoryRouter(
      [
        { path: '/12/responses', element: <h1>Responses</h1> },
        { path: '*', element: <ErrorPage error={{ statusCode: 403 }} /> },
      ],
      { initialEntries: ['/12/responses', '/12/secret'], initialIndex: 1 },
    );
    render(
      <Provider store={store}>
        <RouterProvider router={router} />
      </Provider>,
    );
    await userEvent.click(screen.getByRole('button', { name: 'Back to Previous Page' }));
    expect(await screen.findByRole('heading', { name: 'Responses' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/12/responses');
  });

  it('Back to Previous Page on the first page of the session goes home instead', async () => {
    const { user, location } = renderWithProviders(<ErrorPage error={{ statusCode: 403 }} />, {
      preloadedState: signedIn,
      route: '/12/secret',
    });
    await user.click(screen.getByRole('button', { name: 'Back to Previous Page' }));
    expect(location().pathname).toBe('/');
  });
});
