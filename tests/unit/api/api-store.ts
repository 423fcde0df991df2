import { makeStore } from '../../../src/app/store';

/**
 * Runs one api endpoint through a fresh store, like a screen would: resolves with the parsed answer or rejects with
 * the ApiFailure the cache keeps (`.unwrap()`), then lets go of the cache entry.
 */
export async function callEndpoint<T>(
  start: (dispatch: ReturnType<typeof makeStore>['dispatch']) => PromiseLike<unknown> & { unwrap: () => Promise<T>; unsubscribe?: () => void },
  store = makeStore(),
): Promise<T> {
  const request = start(store.dispatch);
  try {
    return await request.unwrap();
  } finally {
    request.unsubscribe?.();
  }
}
