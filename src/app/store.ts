import { combineReducers, configureStore } from '@reduxjs/toolkit';
import type { Reducer, UnknownAction } from '@reduxjs/toolkit';
import { FLUSH, PAUSE, PERSIST, PURGE, REGISTER, REHYDRATE, persistReducer, persistStore } from 'redux-persist';
import type { PersistConfig, PersistorOptions } from 'redux-persist';
// The lib/ build of redux-persist breaks under Vite (ARCHITECTURE.md).
import storage from 'redux-persist/es/storage';
import autoMergeLevel1 from 'redux-persist/es/stateReconciler/autoMergeLevel1';
import { api } from '../api/api-slice';
import type { FormState } from '../features/builder/form-state';
import { initialIntegrationState, integrationReducer } from '../features/integrations/integration-slice';
import type { IntegrationState } from '../features/integrations/integration-slice';
import { initialResponseState, responseReducer } from '../features/responses/response-slice';
import type { ResponseState } from '../features/responses/response-slice';
import { initialPrefillState, prefillReducer } from '../features/share/prefill-slice';
import type { PrefillState } from '../features/share/prefill-slice';
import { accountReducer, initialAccountState } from './account-slice';
import type { AccountState } from './account-slice';
import { appReducer, initialAppState } from './app-slice';
import type { AppState } from './app-slice';
import { lazySlices, onLazySliceRegistered } from './lazy-slices';
import { userLoggedOut } from './root-actions';
import { initialUserState, userReducer } from './user-slice';
import type { UserState } from './user-slice';

/** The design card's slices, each holding its feature's client state, and the api cache holding server data. */
export interface RootState {
  app: AppState;
  user: UserState;
  account: AccountState;
  form: FormState;
  integration: IntegrationState;
  response: ResponseState;
  prefill: PrefillState;
  [api.reducerPath]: ReturnType<typeof api.reducer>;
}

/** Spec §4: key 'starfield', holding only the sidebar state and the current form id; the rest starts empty. */
const PERSIST_KEY = 'starfield';
const PERSISTED_APP_KEYS = ['sidebarOpen', 'currentFormId'] as const satisfies readonly (keyof AppState)[];

/**
 * What may come back from storage: the two persisted fields, and only with the right types. The whitelist limits
 * what is written; this limits what is read (an older build or a hand-edited entry may hold more).
 */
function restorableAppFields(inbound: unknown): Partial<AppState> {
  if (inbound === null || typeof inbound !== 'object') return {};
  const stored = inbound as Record<string, unknown>;
  const restored: Partial<AppState> = {};
  if (typeof stored.sidebarOpen === 'boolean') restored.sidebarOpen = stored.sidebarOpen;
  if (stored.currentFormId === null || typeof stored.currentFormId === 'string') {
    restored.currentFormId = stored.currentFormId;
  }
  return restored;
}

const appPersistConfig: PersistConfig<AppState> = {
  key: PERSIST_KEY,
  storage,
  whitelist: [...PERSISTED_APP_KEYS],
  stateReconciler: (inbound, original, reduced, config) =>
    autoMergeLevel1(restorableAppFields(inbound) as AppState, original, reduced, config),
};

// redux-persist adds its `_persist` bookkeeping to the app slice at runtime; nothing in the app reads it.
const persistedAppReducer = persistReducer(appPersistConfig, appReducer) as unknown as Reducer<AppState>;

const staticReducers = {
  app: persistedAppReducer,
  user: userReducer,
  account: accountReducer,
  integration: integrationReducer,
  response: responseReducer,
  prefill: prefillReducer,
  [api.reducerPath]: api.reducer,
};

/**
 * The root reducer over the static slices and the lazy ones registered so far ('form' arrives with the builder's
 * routes: RootState names it, and only builder code, which registers it first, reads it).
 * Signing out resets every slice and the api cache, here and only here. The app slice resets through its own reducer
 * (it handles userLoggedOut), so redux-persist keeps its bookkeeping and writes the reset state; the other slices
 * and the cache simply start over.
 */
function buildRootReducer(): Reducer<RootState, UnknownAction, Partial<RootState>> {
  const lazy = Object.fromEntries(lazySlices().map((slice) => [slice.key, slice.reducer]));
  const combinedReducer = combineReducers({ ...staticReducers, ...lazy }) as unknown as Reducer<RootState, UnknownAction, Partial<RootState>>;
  return (state, action) => {
    if (state && userLoggedOut.match(action)) {
      return combinedReducer({ app: state.app }, action);
    }
    return combinedReducer(state, action);
  };
}

/** Each slice given is merged over its initial state, so tests can preload just the fields they care about. */
type ClientSlices = Omit<RootState, typeof api.reducerPath>;
export type PreloadedState = { [Slice in keyof ClientSlices]?: Partial<ClientSlices[Slice]> };

const initialSlices: Omit<ClientSlices, 'form'> = {
  app: initialAppState,
  user: initialUserState,
  account: initialAccountState,
  integration: initialIntegrationState,
  response: initialResponseState,
  prefill: initialPrefillState,
};

function fillSlices(preloaded: PreloadedState): Partial<RootState> {
  const initial: Record<string, unknown> = { ...initialSlices };
  for (const slice of lazySlices()) initial[slice.key] = slice.initialState;
  const filled: Partial<RootState> = {};
  for (const key of Object.keys(preloaded) as (keyof ClientSlices)[]) {
    const slice = preloaded[key];
    // A lazy slice not registered yet has no reducer to keep its state: it starts when it is registered.
    if (slice && key in initial) Object.assign(filled, { [key]: { ...(initial[key] as object), ...slice } });
  }
  return filled;
}

export function makeStore(preloadedState?: PreloadedState) {
  const store = configureStore({
    reducer: buildRootReducer(),
    preloadedState: preloadedState ? fillSlices(preloadedState) : undefined,
    middleware: (getDefaultMiddleware) =>
      getDefaultMiddleware({
        // redux-persist's lifecycle actions carry functions.
        serializableCheck: { ignoredActions: [FLUSH, REHYDRATE, PAUSE, PERSIST, PURGE, REGISTER] },
      }).concat(api.middleware),
  });
  // A slice registered later (the builder's routes loading) joins this store; a store gone meanwhile is forgotten.
  const ref = new WeakRef(store);
  const stop = onLazySliceRegistered(() => {
    const current = ref.deref();
    if (current) current.replaceReducer(buildRootReducer());
    else stop();
  });
  return store;
}

export type AppStore = ReturnType<typeof makeStore>;
export type AppDispatch = AppStore['dispatch'];

/**
 * The application's store and its persistor. Persistence starts when main.tsx calls `persistor.persist()`, so
 * merely importing this module (tests do, for makeStore) neither reads nor writes storage.
 */
export const store = makeStore();
// `manualPersist` exists in redux-persist 6 but is missing from its type declarations.
const manualPersist = { manualPersist: true } as PersistorOptions;
export const persistor = persistStore(store, manualPersist);
