import { createBrowserRouter, createMemoryRouter, createPath } from 'react-router';
import type { Location } from 'react-router';
import { errorCleared, toastCleared, updateFound } from './app-slice';
import { isReloading, listenForChunkLoadErrors, reloadWithGuard, startBuildCheck } from './build-check';
import { createRoutes } from './routes';
import type { AppStore } from './store';

export type AppRouter = ReturnType<typeof createBrowserRouter>;

export interface AppRouterOptions {
  /** Use an in-memory history starting at these entries (tests) instead of the browser's. */
  initialEntries?: string[];
  /** Full page loads; window.location.assign unless given. */
  assign?: (url: string) => void;
}

/**
 * Whether the toast on screen was shown in the current task. An action that shows its toast and then navigates
 * ("Form created successfully", then the builder opens) does both at once; a toast shown earlier belongs to the
 * screen it was shown on.
 */
function watchNewToasts(store: AppStore): { isNew: () => boolean; stop: () => void } {
  let seen = store.getState().app.toast;
  let newToast = 0;
  const stop = store.subscribe(() => {
    const toast = store.getState().app.toast;
    if (toast === seen) return;
    seen = toast;
    if (!toast.show) return;
    const mine = ++newToast;
    setTimeout(() => {
      if (newToast === mine) newToast = 0;
    }, 0);
  });
  return { isNew: () => newToast !== 0, stop };
}

/**
 * Every navigation (a location the router starts loading or has just committed):
 * - clears app.error when it starts (or, for one that commits at once, when it commits), so the error page of one
 *   URL does not follow the user to the next, while an error the new route's loader raised stays shown;
 * - clears the toast likewise (issue 13: a toast is news about the screen it was shown on, and must not sit over the
 *   next one), except a toast shown just now by the action that starts this navigation, which goes with it;
 * - when a newer build is known, becomes a full page load of its target (spec §4), guarded against loops.
 */
function wireNavigation(router: AppRouter, store: AppStore, assign?: (url: string) => void): () => void {
  const toasts = watchNewToasts(store);
  let committedKey = router.state.location.key;
  let pendingKey: string | null = null;
  let clearedForKey: string | null = null;
  const stopRouter = router.subscribe((state) => {
    const pending = state.navigation.location;
    const committed = state.location.key !== committedKey ? state.location : null;
    if (committed) committedKey = state.location.key;

    const target: Location | null = pending && pending.key !== pendingKey ? pending : committed;
    pendingKey = pending ? pending.key : null;
    if (!target) return;

    // A committed location has the key its pending navigation had, so one navigation clears once.
    if (target.key !== clearedForKey) {
      clearedForKey = target.key;
      if (store.getState().app.error) store.dispatch(errorCleared());
      if (store.getState().app.toast.show && !toasts.isNew()) store.dispatch(toastCleared());
    }
    if (store.getState().app.updateAvailable && !isReloading()) {
      reloadWithGuard(createPath(target), assign ? { assign } : {});
    }
  });
  return () => {
    stopRouter();
    toasts.stop();
  };
}

export function createAppRouter(store: AppStore, options: AppRouterOptions = {}): AppRouter {
  const routes = createRoutes(store);
  const router = options.initialEntries
    ? createMemoryRouter(routes, { initialEntries: options.initialEntries })
    : createBrowserRouter(routes);
  wireNavigation(router, store, options.assign);
  return router;
}

/** Production only: the hourly newer-build check and the reload on a missing code chunk. */
export function startUpdateChecks(router: AppRouter, store: AppStore): () => void {
  const stopCheck = startBuildCheck({ onUpdate: () => store.dispatch(updateFound()) });
  // During a navigation the chunk belongs to the page being opened: load that one.
  const stopListening = listenForChunkLoadErrors(() => {
    const pending = router.state.navigation.location;
    return pending ? createPath(pending) : window.location.href;
  });
  return () => {
    stopCheck();
    stopListening();
  };
}
