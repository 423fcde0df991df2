import { configureHttpClient } from '../api/client';
import { errorRaised } from './app-slice';
import { browserLocation, loginPath } from './browser-location';
import type { AppStore } from './store';

/** Spec §6 through the one HTTP client: 401 → /login?next={current full path}; 403/404 → the error page. */
export function connectHttpClient(store: AppStore): void {
  configureHttpClient({
    onUnauthorized: (nextPath) => browserLocation.assign(loginPath(nextPath)),
    onFatalError: ({ statusCode, message }) => store.dispatch(errorRaised({ statusCode, message, fatal: true })),
  });
}
