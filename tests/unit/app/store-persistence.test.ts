import { persistStore } from 'redux-persist';
import type { Persistor } from 'redux-persist';
import { describe, expect, it } from 'vitest';
import {
  appLoaded,
  currentFormIdSet,
  errorRaised,
  sidebarToggled,
  toastShown,
  updateFound,
} from '../../../src/app/app-slice';
import { currentAccountSet } from '../../../src/app/account-slice';
import { makeStore } from '../../../src/app/store';
import type { AppStore } from '../../../src/app/store';

const STORAGE_KEY = 'persist:starfield';
const FORM_ID = '3f2b8c1e-8a55-4c41-9d0e-2b7f5f1a9c11';

function bootstrapped(persistor: Persistor): Promise<void> {
  return new Promise((resolve) => {
    if (persistor.getState().bootstrapped) return resolve();
    const stop = persistor.subscribe(() => {
      if (!persistor.getState().bootstrapped) return;
      stop();
      resolve();
    });
  });
}

async function persistedStore(): Promise<{ store: AppStore; persistor: Persistor }> {
  const store = makeStore();
  const persistor = persistStore(store);
  await bootstrapped(persistor);
  return { store, persistor };
}

function storedEntry(): Record<string, unknown> {
  const raw = localStorage.getItem(STORAGE_KEY);
  expect(raw).not.toBeNull();
  const outer = JSON.parse(raw ?? '{}') as Record<string, string>;
  return Object.fromEntries(Object.entries(outer).map(([key, value]) => [key, JSON.parse(value)]));
}

describe('persisted state (key starfield)', () => {
  it('writes only sidebarOpen and currentFormId', async () => {
    const { store, persistor } = await persistedStore();
    store.dispatch(sidebarToggled());
    store.dispatch(currentFormIdSet(FORM_ID));
    store.dispatch(appLoaded());
    store.dispatch(updateFound());
    store.dispatch(toastShown({ variant: 'success', message: 'Saved' }));
    store.dispatch(errorRaised({ statusCode: 404, message: 'Account Not Found', fatal: true }));
    store.dispatch(currentAccountSet({ id: 12, internalName: 'Acme Legal' }));
    await persistor.flush();

    const entry = storedEntry();
    const { _persist: bookkeeping, ...persisted } = entry;
    expect(bookkeeping).toBeDefined();
    expect(persisted).toEqual({ sidebarOpen: false, currentFormId: FORM_ID });
  });

  it('rehydrates sidebarOpen and currentFormId and nothing else', async () => {
    localStorage.setItem(
      STORAGE_KEY,
      JSON.stringify({
        sidebarOpen: 'false',
        currentFormId: JSON.stringify(FORM_ID),
        // Written by some other build or by hand: must not come back.
        loaded: 'true',
        updateAvailable: 'true',
        toast: JSON.stringify({ show: true, title: 'Error', message: 'stale', variant: 'danger' }),
        error: JSON.stringify({ statusCode: 403, message: 'Forbidden', fatal: true }),
        _persist: JSON.stringify({ version: -1, rehydrated: true }),
      }),
    );

    const { store } = await persistedStore();
    const { app } = store.getState();
    expect(app.sidebarOpen).toBe(false);
    expect(app.currentFormId).toBe(FORM_ID);
    expect(app.loaded).toBe(false);
    expect(app.updateAvailable).toBe(false);
    expect(app.toast.show).toBe(false);
    expect(app.error).toBeNull();
    expect(store.getState().user.user).toBeNull();
    expect(store.getState().account.accountId).toBeNull();
  });

  it('ignores stored values of the wrong type', async () => {
    localStorage.setItem(
      STORAGE_KEY,
      JSON.stringify({ sidebarOpen: '"yes"', currentFormId: '42', _persist: '{"version":-1,"rehydrated":true}' }),
    );
    const { store } = await persistedStore();
    expect(store.getState().app.sidebarOpen).toBe(true);
    expect(store.getState().app.currentFormId).toBeNull();
  });

  it('keeps persisting after a logout reset', async () => {
    const { store, persistor } = await persistedStore();
    store.dispatch(sidebarToggled());
    const { userLoggedOut } = await import('../../../src/app/root-actions');
    store.dispatch(userLoggedOut());
    store.dispatch(currentFormIdSet(FORM_ID));
    await persistor.flush();
    const { _persist: _bookkeeping, ...persisted } = storedEntry();
    expect(persisted).toEqual({ sidebarOpen: true, currentFormId: FORM_ID });
  });
});
