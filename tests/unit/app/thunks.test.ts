import { waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { MockInstance } from 'vitest';
import { accountsApi } from '../../../src/api/accounts';
import { setCurrentAccount } from '../../../src/app/account-slice';
import { browserLocation } from '../../../src/app/browser-location';
import { connectHttpClient } from '../../../src/app/http-wiring';
import { makeStore } from '../../../src/app/store';
import { getAuthRedirectUserDetails } from '../../../src/app/user-slice';
import { HttpResponse, apiUser, http, meHandler, server, signedOutHandler, startMswServer } from './msw-server';

startMswServer();

let assign: MockInstance<(url: string) => void>;
beforeEach(() => {
  assign = vi.spyOn(browserLocation, 'assign').mockImplementation(() => {});
});
afterEach(() => vi.restoreAllMocks());

const failing = () => http.get('/api/me/', () => HttpResponse.json({ detail: 'Boom' }, { status: 500 }));

describe('user/getAuthRedirectUserDetails', () => {
  it('stores the user and starts from the account on the profile', async () => {
    server.use(meHandler(apiUser()));
    const store = makeStore();
    await store.dispatch(getAuthRedirectUserDetails());
    expect(store.getState().user).toMatchObject({ status: 'loaded', user: { id: 7, firstName: 'Uma' } });
    expect(store.getState().account).toMatchObject({ accountId: 12, loaded: true });
  });

  it('toasts Unable to fetch user details on failure unless asked to stay quiet', async () => {
    server.use(failing());
    const store = makeStore();
    await store.dispatch(getAuthRedirectUserDetails());
    expect(store.getState().app.toast).toMatchObject({ show: true, title: 'Error', message: 'Unable to fetch user details' });

    const quiet = makeStore();
    await quiet.dispatch(getAuthRedirectUserDetails({ hideErrorMsg: true }));
    expect(quiet.getState().app.toast.show).toBe(false);
    expect(quiet.getState().user.status).toBe('failed');
  });

  it('sends a signed-out visitor to /login with the route as next, unless noRedirect', async () => {
    server.use(signedOutHandler());
    const store = makeStore();
    await store.dispatch(getAuthRedirectUserDetails({ route: '/12/responses' }));
    expect(assign).toHaveBeenCalledWith('/login?next=%2F12%2Fresponses');
    expect(store.getState().app.toast.show).toBe(false);
    expect(store.getState().user.errorStatus).toBe(401);

    assign.mockClear();
    await makeStore().dispatch(getAuthRedirectUserDetails({ noRedirect: true }));
    expect(assign).not.toHaveBeenCalled();
  });

  it('switches an admin to the given account', async () => {
    server.use(
      meHandler(apiUser({ isStaff: true, account: null })),
      http.get('/api/15/', () => HttpResponse.json({ id: 15, internalName: 'Baker & Co' })),
    );
    const store = makeStore();
    await store.dispatch(getAuthRedirectUserDetails({ accountId: 15 }));
    await waitFor(() => expect(store.getState().account.currentAccount).toEqual({ id: 15, internalName: 'Baker & Co' }));
  });
});

describe('account/setCurrentAccount', () => {
  it('stores the id at once and the account when it arrives', async () => {
    server.use(http.get('/api/15/', () => HttpResponse.json({ id: 15, internalName: 'Baker & Co' })));
    const store = makeStore();
    const pending = store.dispatch(setCurrentAccount({ accountId: 15 }));
    expect(store.getState().account).toMatchObject({ accountId: 15, loaded: false, currentAccount: null });
    await pending;
    expect(store.getState().account).toMatchObject({ accountId: 15, loaded: true });
  });

  it('turns a missing account into the Account Not Found error page', async () => {
    server.use(http.get('/api/99/', () => HttpResponse.json({ detail: 'Account Not Found' }, { status: 404 })));
    const store = makeStore();
    connectHttpClient(store);
    await store.dispatch(setCurrentAccount({ accountId: 99 }));
    expect(store.getState().app.error).toEqual({ statusCode: 404, message: 'Account Not Found', fatal: true });
  });

  it('shows the Unknown Error page for other failures, unless noRedirect', async () => {
    server.use(http.get('/api/99/', () => HttpResponse.json({ detail: 'Boom' }, { status: 500 })));
    const store = makeStore();
    connectHttpClient(store);
    await store.dispatch(setCurrentAccount({ accountId: 99 }));
    expect(store.getState().app.error).toMatchObject({ statusCode: 500, fatal: true });

    const quiet = makeStore();
    connectHttpClient(quiet);
    const result = await quiet.dispatch(setCurrentAccount({ accountId: 99, noRedirect: true }));
    expect(setCurrentAccount.rejected.match(result)).toBe(true);
    expect(quiet.getState().app.error).toBeNull();
  });
});

describe('the account list (api cache)', () => {
  it('keeps the page of accounts and the total, asked with snake_case query values', async () => {
    server.use(
      http.get('/api/accounts/', ({ request }) => {
        const url = new URL(request.url);
        expect(url.searchParams.get('search')).toBe('acme');
        expect(url.searchParams.get('page')).toBe('2');
        return HttpResponse.json({ count: 21, next: null, previous: null, results: [{ id: 3, internalName: 'Acme' }] });
      }),
    );
    const store = makeStore();
    const request = store.dispatch(accountsApi.endpoints.listAccounts.initiate({ search: 'acme', page: 2 }));
    await request;
    expect(accountsApi.endpoints.listAccounts.select({ search: 'acme', page: 2 })(store.getState()).data).toEqual({
      count: 21,
      next: null,
      previous: null,
      results: [{ id: 3, internalName: 'Acme' }],
    });
    request.unsubscribe();
  });
});

describe('current account from the profile', () => {
  it('is not set implicitly for an admin who has an account of their own', async () => {
    server.use(meHandler(apiUser({ isStaff: true, account: { id: 1, internalName: 'Demo Law Firm' } })));
    const store = makeStore();
    await store.dispatch(getAuthRedirectUserDetails());
    expect(store.getState().account.accountId).toBeNull();
    expect(store.getState().account.currentAccount).toBeNull();
  });
});
