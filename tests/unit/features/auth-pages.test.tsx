import { act, cleanup, render, screen, waitFor } from '@testing-library/react';
import { Provider } from 'react-redux';
import { RouterProvider } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { MockInstance } from 'vitest';
import { browserLocation, safeNextPath } from '../../../src/app/browser-location';
import { createAppRouter } from '../../../src/app/router';
import { makeStore } from '../../../src/app/store';
import type { PreloadedState } from '../../../src/app/store';
import { LoginPage, backendLoginUrl } from '../../../src/features/auth/login-page';
import {
  LOGOUT_MESSAGE_DELAY_MS,
  LOGOUT_MESSAGE_READ_MS,
  LogoutPage,
} from '../../../src/features/auth/logout-page';
import { HttpResponse, apiUser, http, meHandler, server, signedOutHandler, startMswServer } from '../app/msw-server';
import { makeUser, renderWithProviders } from '../test-utils';

startMswServer();

let assign: MockInstance<(url: string) => void>;
let post: MockInstance<(url: string, fields: Record<string, string>) => void>;
beforeEach(() => {
  assign = vi.spyOn(browserLocation, 'assign').mockImplementation(() => {});
  post = vi.spyOn(browserLocation, 'post').mockImplementation(() => {});
});
afterEach(() => {
  vi.useRealTimers();
  vi.restoreAllMocks();
});

const adminApiUser = apiUser({ id: 1, isSuperuser: true, account: null });

describe('safe next paths', () => {
  it('accepts same-origin paths only', () => {
    expect(safeNextPath('/12/responses?archived=true#top')).toBe('/12/responses?archived=true#top');
    expect(safeNextPath('//evil.example')).toBeNull();
    expect(safeNextPath('/\\evil.example')).toBeNull();
    expect(safeNextPath('https://evil.example/')).toBeNull();
    expect(safeNextPath('12')).toBeNull();
    expect(safeNextPath('')).toBeNull();
    expect(safeNextPath(null)).toBeNull();
  });
});

describe('/login', () => {
  it('sends the browser to the backend sign-in with next set to /login-redirect', () => {
    renderWithProviders(<LoginPage />, { route: '/login' });
    expect(assign).toHaveBeenCalledWith(`/auth/login/?next=${encodeURIComponent('/login-redirect')}`);
    expect(screen.getByRole('heading', { name: 'Sign in' })).toBeInTheDocument();
    expect(screen.getByText('Redirecting to sign-in…')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Continue to the sign-in page' })).toHaveAttribute(
      'href',
      '/auth/login/?next=%2Flogin-redirect',
    );
  });

  it('carries a next path through sign-in', () => {
    renderWithProviders(<LoginPage />, { route: `/login?next=${encodeURIComponent('/12/responses?page=2')}` });
    const expected = '/auth/login/?next=' + encodeURIComponent('/login-redirect?next=/12/responses%3Fpage%3D2');
    expect(assign).toHaveBeenCalledWith(expected);
    // Decoded once (as the address bar shows it), the deep link is readable.
    expect(decodeURIComponent(expected)).toContain('/12/responses');
    // Decoded as a query by the backend, then by /login-redirect, it is exactly the original path.
    const backendNext = new URL(expected, 'http://x').searchParams.get('next') ?? '';
    expect(new URL(backendNext, 'http://x').searchParams.get('next')).toBe('/12/responses?page=2');
    expect(backendLoginUrl('//evil.example')).toBe('/auth/login/?next=%2Flogin-redirect');
  });
});

/** The app's router at `path`, so the route's loader runs as it does in the browser. */
function renderRoute(path: string, preloadedState: PreloadedState = {}) {
  const store = makeStore(preloadedState);
  const router = createAppRouter(store, { initialEntries: [path] });
  render(
    <Provider store={store}>
      <RouterProvider router={router} />
    </Provider>,
  );
  return { store, router };
}

describe('/login-redirect', () => {
  it('sends an admin to /account-admin', async () => {
    server.use(
      meHandler(adminApiUser),
      http.get('/api/accounts/', () => HttpResponse.json({ count: 0, next: null, previous: null, results: [] })),
    );
    const { router } = renderRoute('/login-redirect');
    expect(await screen.findByRole('heading', { name: 'Signing in' })).toBeInTheDocument();
    await waitFor(() => expect(router.state.location.pathname).toBe('/account-admin'));
  });

  it('sends a user to their account, or to a safe next path', async () => {
    server.use(
      meHandler(apiUser()),
      http.get('/api/12/form-templates/', () => HttpResponse.json({ count: 0, next: null, previous: null, results: [] })),
      http.get('/api/12/form-responses/', () => HttpResponse.json({ count: 0, next: null, previous: null, results: [] })),
    );
    const first = renderRoute('/login-redirect');
    await waitFor(() => expect(first.router.state.location.pathname).toBe('/12'));
    cleanup();

    const second = renderRoute(`/login-redirect?next=${encodeURIComponent('/12/responses')}`);
    await waitFor(() => expect(second.router.state.location.pathname).toBe('/12/responses'));
    cleanup();

    const third = renderRoute(`/login-redirect?next=${encodeURIComponent('//evil.example')}`);
    await waitFor(() => expect(third.router.state.location.pathname).toBe('/12'));
  });

  it('goes back to /login without a session', async () => {
    server.use(signedOutHandler());
    const { router, store } = renderRoute(`/login-redirect?next=${encodeURIComponent('/12')}`);
    await waitFor(() => expect(router.state.location.pathname).toBe('/login'));
    expect(router.state.location.search).toBe('?next=%2F12');
    expect(store.getState().app.toast.show).toBe(false);
  });

  it('says Unable to log in at this time when the check fails', async () => {
    server.use(http.get('/api/me/', () => HttpResponse.json({ detail: 'Boom' }, { status: 500 })));
    const { store, router } = renderRoute('/login-redirect');
    await waitFor(() => expect(store.getState().app.toast.message).toBe('Unable to log in at this time'));
    expect(store.getState().app.toast.title).toBe('Error');
    expect(await screen.findByRole('link', { name: 'Try again' })).toHaveAttribute('href', '/login');
    expect(router.state.location.pathname).toBe('/login-redirect');
  });

  it('shows Account Not Found to a user without an account', async () => {
    server.use(meHandler(apiUser({ account: null })));
    renderRoute('/login-redirect');
    expect(await screen.findByRole('heading', { level: 1, name: 'Account Not Found' })).toBeInTheDocument();
  });
});

describe('/logout', () => {
  it('clears user and account state, then goes to the backend sign-out with next=/login', () => {
    document.cookie = 'csrftoken=logout-token';
    const { store } = renderWithProviders(<LogoutPage />, {
      route: '/logout',
      preloadedState: {
        user: { user: makeUser(), status: 'loaded' },
        account: { currentAccount: { id: 12, internalName: 'Acme Legal' }, accountId: 12, loaded: true },
      },
    });
    expect(store.getState().user.user).toBeNull();
    expect(store.getState().account.accountId).toBeNull();
    // A form POST with the CSRF token: the backend signs out on POST only.
    expect(post).toHaveBeenCalledWith('/auth/logout/', { next: '/login', csrfmiddlewaretoken: 'logout-token' });
    expect(assign).not.toHaveBeenCalled();
  });

  it('shows the message for ?code= after 250 ms, before leaving', () => {
    vi.useFakeTimers();
    const { store } = renderWithProviders(<LogoutPage />, { route: '/logout?code=session-expired' });
    expect(post).not.toHaveBeenCalled();
    act(() => vi.advanceTimersByTime(LOGOUT_MESSAGE_DELAY_MS - 1));
    expect(store.getState().app.toast.show).toBe(false);
    act(() => vi.advanceTimersByTime(1));
    expect(store.getState().app.toast).toMatchObject({
      show: true,
      title: 'Error',
      message: 'Your session has expired. Please sign in again.',
    });
    act(() => vi.advanceTimersByTime(LOGOUT_MESSAGE_READ_MS));
    expect(post).toHaveBeenCalledWith('/auth/logout/', expect.objectContaining({ next: '/login' }));
  });

  it('says Unable to log out at this time when the browser cannot leave', () => {
    post.mockImplementation(() => {
      throw new Error('blocked');
    });
    const { store } = renderWithProviders(<LogoutPage />, { route: '/logout' });
    expect(store.getState().app.toast.message).toBe('Unable to log out at this time');
  });
});

describe('/ (index)', () => {
  const renderIndex = (preloadedState: PreloadedState = {}) => renderRoute('/', preloadedState);

  it('sends a signed-in admin to /account-admin', async () => {
    server.use(http.get('/api/accounts/', () => HttpResponse.json({ count: 0, next: null, previous: null, results: [] })));
    const { router } = renderIndex({ user: { user: makeUser({ isSuperuser: true }), status: 'loaded' } });
    await waitFor(() => expect(router.state.location.pathname).toBe('/account-admin'));
  });

  it('sends a user to their account after asking who is signed in', async () => {
    server.use(
      meHandler(apiUser()),
      http.get('/api/12/form-templates/', () => HttpResponse.json({ count: 0, next: null, previous: null, results: [] })),
    );
    const { router } = renderIndex();
    await waitFor(() => expect(router.state.location.pathname).toBe('/12'));
  });

  it('sends everyone else to /login', async () => {
    server.use(signedOutHandler());
    const { router, store } = renderIndex();
    await waitFor(() => expect(router.state.location.pathname).toBe('/login'));
    expect(store.getState().app.toast.show).toBe(false);
  });

  it('shows Account Not Found to a user without an account', async () => {
    server.use(meHandler(apiUser({ account: null })));
    renderIndex();
    expect(await screen.findByRole('heading', { level: 1, name: 'Account Not Found' })).toBeInTheDocument();
  });
});
