import { waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { accountsApi } from '../../../src/api/accounts';
import {
  appLoaded,
  currentFormIdSet,
  errorCleared,
  errorRaised,
  initialAppState,
  showErrorToast,
  showSuccessToast,
  sidebarToggled,
  toastCleared,
  toastShown,
  updateFound,
} from '../../../src/app/app-slice';
import { currentAccountSet, initialAccountState } from '../../../src/app/account-slice';
import { userLoggedOut } from '../../../src/app/root-actions';
import { makeStore } from '../../../src/app/store';
import { initialUserState } from '../../../src/app/user-slice';
import { initialResponseState } from '../../../src/features/responses/response-slice';
import { makeUser } from '../test-utils';

describe('app slice', () => {
  it('starts with the spec §3 defaults: sidebar open, no toast, no error', () => {
    const store = makeStore();
    expect(store.getState().app).toEqual(initialAppState);
    expect(initialAppState.sidebarOpen).toBe(true);
    expect(initialAppState.toast).toEqual({ show: false, title: '', message: '', variant: '' });
    expect(initialAppState.loaded).toBe(false);
  });

  it('shows a success toast titled Success and an error toast titled Error, and clears it', () => {
    const store = makeStore();
    store.dispatch(toastShown({ variant: 'success', message: 'Form created' }));
    expect(store.getState().app.toast).toEqual({
      show: true,
      title: 'Success',
      message: 'Form created',
      variant: 'success',
    });
    store.dispatch(toastShown({ variant: 'danger', message: 'Unable to load account list' }));
    expect(store.getState().app.toast).toEqual({
      show: true,
      title: 'Error',
      message: 'Unable to load account list',
      variant: 'danger',
    });
    store.dispatch(toastCleared());
    expect(store.getState().app.toast).toEqual({ show: false, title: '', message: '', variant: '' });
  });

  it('has helpers with the spec §8 default messages', () => {
    expect(showSuccessToast()).toEqual(
      toastShown({ variant: 'success', message: 'Action completed successfully' }),
    );
    expect(showErrorToast()).toEqual(toastShown({ variant: 'danger', message: 'Contact support for help.' }));
    expect(showErrorToast('Unable to fetch user details').payload.message).toBe('Unable to fetch user details');
  });

  it('raises and clears the error shown by the error page', () => {
    const store = makeStore();
    store.dispatch(errorRaised({ statusCode: 404, message: 'Account Not Found', fatal: true }));
    expect(store.getState().app.error).toEqual({ statusCode: 404, message: 'Account Not Found', fatal: true });
    store.dispatch(errorCleared());
    expect(store.getState().app.error).toBeNull();
  });

  it('toggles the sidebar, marks the app loaded, sets the current form and notes an update', () => {
    const store = makeStore();
    store.dispatch(sidebarToggled());
    expect(store.getState().app.sidebarOpen).toBe(false);
    store.dispatch(sidebarToggled());
    expect(store.getState().app.sidebarOpen).toBe(true);
    store.dispatch(appLoaded());
    store.dispatch(currentFormIdSet('contact-export-form'));
    store.dispatch(updateFound());
    const { app } = store.getState();
    expect(app.loaded).toBe(true);
    expect(app.currentFormId).toBe('contact-export-form');
    expect(app.updateAvailable).toBe(true);
  });
});

describe('logout', () => {
  it('resets every slice and the api cache', async () => {
    const account = { id: 12, internalName: 'Acme Legal' };
    const store = makeStore({
      user: { user: makeUser(), status: 'loaded' },
      response: { selectedResponseId: 'r1' },
    });
    store.dispatch(accountsApi.util.upsertQueryData('getAccount', 12, account));
    await waitFor(() => expect(accountsApi.endpoints.getAccount.select(12)(store.getState()).data).toEqual(account));
    store.dispatch(currentAccountSet(account));
    store.dispatch(sidebarToggled());
    store.dispatch(currentFormIdSet('00000000-0000-0000-0000-000000000000'));
    store.dispatch(toastShown({ variant: 'success', message: 'Saved' }));
    store.dispatch(errorRaised({ statusCode: 403, message: 'Forbidden', fatal: true }));

    store.dispatch(userLoggedOut());

    const state = store.getState();
    expect(state.user).toEqual(initialUserState);
    expect(state.account).toEqual(initialAccountState);
    expect(state.app).toEqual(initialAppState);
    expect(state.response).toEqual(initialResponseState);
    expect(accountsApi.endpoints.getAccount.select(12)(state).data).toBeUndefined();
    expect(state.api.queries).toEqual({});
  });
});
