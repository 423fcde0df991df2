import { act, render, screen, waitFor } from '@testing-library/react';
import { Provider } from 'react-redux';
import { RouterProvider } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { MockInstance } from 'vitest';
import { errorRaised, showSuccessToast, updateFound } from '../../../src/app/app-slice';
import { resetReloadState } from '../../../src/app/build-check';
import { browserLocation } from '../../../src/app/browser-location';
import { connectHttpClient } from '../../../src/app/http-wiring';
import { createAppRouter } from '../../../src/app/router';
import { ROUTE_DEFINITIONS } from '../../../src/app/routes';
import { makeStore } from '../../../src/app/store';
import type { PreloadedState } from '../../../src/app/store';
import { makeUser } from '../test-utils';
import { HttpResponse, apiUser, http, meHandler, server, signedOutHandler, startMswServer } from './msw-server';

startMswServer();

const FORM_ID = '3f2b8c1e-8a55-4c41-9d0e-2b7f5f1a9c11';
const member = makeUser();
const admin = makeUser({ id: 1, isStaff: true, account: null, email: 'admin@example.test' });

let assign: MockInstance<(url: string) => void>;
let timeZoneOffers: { accountId: string; body: unknown }[];
beforeEach(() => {
  resetReloadState();
  timeZoneOffers = [];
  // The account home lists the account's forms; these routing tests only need it to answer.
  server.use(
    http.get('/api/:accountId/form-templates/', () => HttpResponse.json({ count: 0, next: null, previous: null, results: [] })),
    // The responses screen lists the account's responses.
    http.get('/api/:accountId/form-responses/', () => HttpResponse.json({ count: 0, next: null, previous: null, results: [] })),
    // The form list shows each form's responses.
    http.get('/api/:accountId/form-responses/counts/', () => HttpResponse.json({ results: [] })),
    // A member's browser offers its time zone to the account once (taken only while it has none).
    http.patch('/api/:accountId/settings/', async ({ request, params }) => {
      timeZoneOffers.push({ accountId: String(params.accountId), body: await request.json() });
      return HttpResponse.json({ timeZone: 'UTC' });
    }),
  );
  assign = vi.spyOn(browserLocation, 'assign').mockImplementation(() => {});
});
afterEach(() => vi.restoreAllMocks());

function renderApp(path: string, preloadedState: PreloadedState = {}) {
  const store = makeStore(preloadedState);
  connectHttpClient(store);
  const router = createAppRouter(store, { initialEntries: [path] });
  render(
    <Provider store={store}>
      <RouterProvider router={router} />
    </Provider>,
  );
  return { store, router };
}

const signedIn = (user = member): PreloadedState => ({ user: { user, status: 'loaded' } });

async function expectErrorTitle(title: string) {
  expect(await screen.findByRole('heading', { level: 1, name: title })).toBeInTheDocument();
}

describe('route table', () => {
  it('names every screen of spec §2 with its layout and permission', () => {
    const table = Object.fromEntries(ROUTE_DEFINITIONS.map((route) => [route.name, route]));
    expect(Object.keys(table).sort()).toEqual(
      [
        'index',
        'login',
        'logout',
        'login-redirect',
        'account-home',
        'account-admin',
        'account-settings',
        'responses',
        'response-detail',
        'build',
        'preview',
        'json-view',
        'share',
        'embed',
        'embed-docs',
        'prefills',
        'prefill-detail',
        'integrations',
        'integrations-zapier',
        'integrations-clio',
        'integrations-centerbase',
      ].sort(),
    );
    expect(table.index.layout).toBe('empty');
    for (const name of ['login', 'logout', 'login-redirect']) expect(table[name].layout).toBe('auth');
    for (const name of ['build', 'preview', 'json-view']) expect(table[name].permission).toBe('create');
    for (const name of ['share', 'embed', 'embed-docs', 'prefills', 'prefill-detail']) {
      expect(table[name].permission).toBe('share');
    }
    for (const name of ['integrations', 'integrations-zapier', 'integrations-clio', 'integrations-centerbase']) {
      expect(table[name].permission).toBe('integrate');
    }
    expect(table['integrations-clio'].path).toBe(':accountId/build/:formId/integrations/clio');
  });
});

describe('route guards', () => {
  it('answers a non-digit account id with the fatal Page Not Found page', async () => {
    renderApp('/abc', signedIn());
    await expectErrorTitle('Page Not Found');
    expect(screen.getByText('The page you were looking for has been moved or does not exist')).toBeInTheDocument();
    expect(screen.getByText('Page Not Found: /abc')).toBeInTheDocument();
    const support = screen.getByRole('link', { name: 'Contact Support' });
    expect(decodeURIComponent(support.getAttribute('href') ?? '')).toContain('Page Not Found: /abc');
    expect(screen.getByRole('navigation', { name: 'Main' })).toBeInTheDocument();
    // Set by the layout's effect, which a loaded machine may run a moment after the error page painted.
    await waitFor(() => expect(document.title).toBe('Form Builder'));
  });

  it('answers an unknown path with Page Not Found, without asking anyone to sign in', async () => {
    server.use(signedOutHandler());
    renderApp('/12/no/such/page?x=1');
    await expectErrorTitle('Page Not Found');
    expect(screen.getByText('Page not found: /12/no/such/page?x=1')).toBeInTheDocument();
    const support = screen.getByRole('link', { name: 'Contact Support' });
    expect(decodeURIComponent(support.getAttribute('href') ?? '')).toContain('Page not found: /12/no/such/page?x=1');
    expect(screen.getByRole('button', { name: 'Back to Previous Page' })).toBeInTheDocument();
    // The error page asked quietly: no sidebar for nobody, no login redirect.
    await waitFor(() => expect(screen.queryByRole('navigation', { name: 'Main' })).not.toBeInTheDocument());
    expect(assign).not.toHaveBeenCalled();
  });

  it('sends a user on another account’s URL to their own account', async () => {
    const { router } = renderApp('/99/responses', signedIn());
    expect(await screen.findByRole('heading', { level: 1, name: 'Forms' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/12');
    expect(await screen.findByRole('heading', { name: 'No forms yet' })).toBeInTheDocument();
  });

  it('sends a user away from /account-admin to their account', async () => {
    const { router } = renderApp('/account-admin', signedIn());
    expect(await screen.findByRole('heading', { level: 1, name: 'Forms' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/12');
  });

  it('shows Account Not Found to a user without an account', async () => {
    renderApp('/12', signedIn(makeUser({ account: null })));
    await expectErrorTitle('Account Not Found');
    expect(screen.getByText('Please contact Support for assistance.')).toBeInTheDocument();
  });

  it('lets an admin reach /account-admin', async () => {
    server.use(
      http.get('/api/accounts/', () =>
        HttpResponse.json({ count: 1, next: null, previous: null, results: [{ id: 12, internalName: 'Acme Legal' }] }),
      ),
    );
    renderApp('/account-admin', signedIn(admin));
    expect(await screen.findByRole('heading', { level: 1, name: 'Accounts' })).toBeInTheDocument();
    expect(await screen.findByRole('link', { name: 'Acme Legal' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Admin' })).toBeInTheDocument();
  });

  it('refuses the built-in mapping form on the build route but allows its integrations', async () => {
    const { router } = renderApp('/12/build/contact-export-form', signedIn());
    await expectErrorTitle('Page Not Found');

    await act(() => router.navigate('/12/build/contact-export-form/integrations'));
    expect(await screen.findByRole('heading', { level: 1, name: 'Integrations' })).toBeInTheDocument();
  });

  it('refuses sharing the built-in form and a malformed form id', async () => {
    const { router } = renderApp('/12/build/contact-export-form/share/embed', signedIn());
    await expectErrorTitle('Page Not Found');
    await act(() => router.navigate('/12/build/not-a-uuid/preview'));
    await expectErrorTitle('Page Not Found');
  });

  it('opens a form screen with its title and hides the sidebar on build routes', async () => {
    renderApp('/12/build/00000000-0000-0000-0000-000000000000', signedIn());
    expect(await screen.findByRole('heading', { level: 1, name: 'New form' })).toBeInTheDocument();
    expect(screen.queryByRole('navigation', { name: 'Main' })).not.toBeInTheDocument();
    expect(screen.getByRole('main')).toBeInTheDocument();
  });

  it.each([
    ['/12/responses', 'Responses'],
    [`/12/build/${FORM_ID}/preview`, 'Preview'],
    [`/12/build/${FORM_ID}/json-view`, 'JSON View'],
    [`/12/build/${FORM_ID}/share`, 'Share'],
    [`/12/build/${FORM_ID}/share/embed`, 'Embed'],
    [`/12/build/${FORM_ID}/share/embed/docs`, 'Embed Documentation'],
    [`/12/build/${FORM_ID}/share/prefills`, 'Prefills'],
    [`/12/build/${FORM_ID}/share/prefills/5`, 'Prefill'],
    [`/12/build/${FORM_ID}/integrations/zapier`, 'Zapier'],
    [`/12/build/${FORM_ID}/integrations/clio`, 'Clio'],
    [`/12/build/${FORM_ID}/integrations/centerbase`, 'Centerbase'],
  ])('renders %s as “%s”', async (path, title) => {
    renderApp(path, signedIn());
    expect(await screen.findByRole('heading', { level: 1, name: title })).toBeInTheDocument();
  });
});

describe('default layout', () => {
  it('loads the user when none is present, then marks the app loaded', async () => {
    server.use(meHandler(apiUser()));
    const { store } = renderApp('/12');
    expect(await screen.findByRole('heading', { level: 1, name: 'Forms' })).toBeInTheDocument();
    expect(store.getState().user.user?.email).toBe('user@example.test');
    expect(store.getState().account.currentAccount).toEqual({ id: 12, internalName: 'Acme Legal' });
    // Marked from the layout's effect, which may run after the page it rendered is found.
    await waitFor(() => expect(store.getState().app.loaded).toBe(true));
  });

  it('sends a signed-out visitor to /login with the full path as next', async () => {
    server.use(signedOutHandler());
    renderApp('/12/responses?page=2');
    await waitFor(() => expect(assign).toHaveBeenCalledWith('/login?next=%2F12%2Fresponses%3Fpage%3D2'));
  });

  it('switches an admin’s current account to the URL’s', async () => {
    server.use(http.get('/api/15/', () => HttpResponse.json({ id: 15, internalName: 'Baker & Co' })));
    const { store } = renderApp('/15/responses', signedIn(admin));
    expect(await screen.findByRole('heading', { level: 1, name: 'Responses' })).toBeInTheDocument();
    expect(store.getState().account.currentAccount).toEqual({ id: 15, internalName: 'Baker & Co' });
  });

  it('selects the response of the detail route in its loader, and loads it', async () => {
    const responseId = '9b7e0f5e-1d2c-4b7a-8e6f-0a1b2c3d4e5f';
    let reads = 0;
    server.use(
      http.get(`/api/12/form-responses/${responseId}/`, () => {
        reads += 1;
        return HttpResponse.json({
          id: responseId,
          formTemplate: { id: FORM_ID, name: 'Client intake', archived: false },
          submittedAt: '2026-03-01T10:00:00.000Z',
          isSpam: false,
          spamReasons: [],
          prefill: null,
          data: {},
          answers: [],
        });
      }),
    );
    const { store } = renderApp(`/12/responses/${responseId}`, signedIn());
    expect(await screen.findByText('Client intake')).toBeInTheDocument();
    expect(store.getState().response.selectedResponseId).toBe(responseId);
    // The loader's request and the page's subscription share one call.
    expect(reads).toBe(1);
  });

  it('shows Account Not Found when an admin opens a missing account', async () => {
    server.use(http.get('/api/404/', () => HttpResponse.json({ detail: 'Account Not Found' }, { status: 404 })));
    const { store } = renderApp('/404', signedIn(admin));
    await expectErrorTitle('Account Not Found');
    expect(store.getState().app.error).toEqual({ statusCode: 404, message: 'Account Not Found', fatal: true });
  });

  it('keeps the error its loader raised when an admin navigates to a missing account', async () => {
    server.use(
      http.get('/api/15/', () => HttpResponse.json({ id: 15, internalName: 'Baker & Co' })),
      http.get('/api/404/', () => HttpResponse.json({ detail: 'Account Not Found' }, { status: 404 })),
    );
    const { store, router } = renderApp('/15', signedIn(admin));
    expect(await screen.findByRole('heading', { level: 1, name: 'Forms' })).toBeInTheDocument();
    await act(() => router.navigate('/404'));
    await expectErrorTitle('Account Not Found');
    expect(store.getState().app.error).toEqual({ statusCode: 404, message: 'Account Not Found', fatal: true });
  });

  it('clears app.error on the next navigation', async () => {
    const { store, router } = renderApp('/12', signedIn());
    expect(await screen.findByRole('heading', { level: 1, name: 'Forms' })).toBeInTheDocument();
    act(() => {
      store.dispatch(errorRaised({ statusCode: 403, message: 'Forbidden', fatal: true }));
    });
    await expectErrorTitle('Access Denied');
    await act(() => router.navigate('/12/responses'));
    expect(await screen.findByRole('heading', { level: 1, name: 'Responses' })).toBeInTheDocument();
    expect(store.getState().app.error).toBeNull();
  });

  it('offers the browser’s time zone to the user’s own account once per page load', async () => {
    const browserZone = Intl.DateTimeFormat().resolvedOptions().timeZone;
    const { router } = renderApp('/12', signedIn());
    expect(await screen.findByRole('heading', { level: 1, name: 'Forms' })).toBeInTheDocument();
    await act(() => router.navigate('/12/responses'));
    expect(await screen.findByRole('heading', { level: 1, name: 'Responses' })).toBeInTheDocument();
    await waitFor(() => expect(timeZoneOffers).toHaveLength(1));
    expect(timeZoneOffers[0]).toEqual({ accountId: '12', body: { time_zone: browserZone, if_unset: true } });
  });

  it('offers no time zone to an account an admin visits (the browser is not the firm’s)', async () => {
    server.use(http.get('/api/15/', () => HttpResponse.json({ id: 15, internalName: 'Baker & Co' })));
    renderApp('/15/responses', signedIn(admin));
    expect(await screen.findByRole('heading', { level: 1, name: 'Responses' })).toBeInTheDocument();
    expect(await screen.findByRole('heading', { name: 'No responses yet' })).toBeInTheDocument();
    expect(timeZoneOffers).toEqual([]);
  });

  it('clears a toast on the next navigation: it does not follow the user to the next screen', async () => {
    const { store, router } = renderApp('/12', signedIn());
    expect(await screen.findByRole('heading', { level: 1, name: 'Forms' })).toBeInTheDocument();
    act(() => {
      store.dispatch(showSuccessToast('Form archived successfully'));
    });
    expect(await screen.findByText('Form archived successfully')).toBeInTheDocument();
    // Later, the user goes elsewhere.
    await new Promise((resolve) => setTimeout(resolve, 10));
    await act(() => router.navigate('/12/responses'));
    expect(await screen.findByRole('heading', { level: 1, name: 'Responses' })).toBeInTheDocument();
    expect(store.getState().app.toast.show).toBe(false);
  });

  it('keeps the toast of the action that starts the navigation (shown, then navigated, at once)', async () => {
    const { store, router } = renderApp('/12', signedIn());
    expect(await screen.findByRole('heading', { level: 1, name: 'Forms' })).toBeInTheDocument();
    await act(() => {
      store.dispatch(showSuccessToast('Form created successfully'));
      return router.navigate('/12/responses');
    });
    expect(await screen.findByRole('heading', { level: 1, name: 'Responses' })).toBeInTheDocument();
    expect(store.getState().app.toast).toMatchObject({ show: true, title: 'Success', message: 'Form created successfully' });
    expect(screen.getByText('Form created successfully')).toBeInTheDocument();
  });

  it('turns the next navigation into a full page load once a newer build is known', async () => {
    const { store, router } = renderApp('/12', signedIn());
    expect(await screen.findByRole('heading', { level: 1, name: 'Forms' })).toBeInTheDocument();
    act(() => {
      store.dispatch(updateFound());
    });
    expect(assign).not.toHaveBeenCalled();
    await act(() => router.navigate('/12/responses?archived=true'));
    expect(assign).toHaveBeenCalledWith('/12/responses?archived=true');
  });
});
