import { useEffect } from 'react';
import { isHandledByClient } from '../api/errors';
import { showErrorToast } from './app-slice';
import { useAppDispatch } from './hooks';

// Failures already toasted: several screens may read one cached failure, and StrictMode runs effects twice.
const toasted = new WeakSet<object>();

/**
 * Toasts a query's failure once with the screen's spec §8 message, unless the http client already shows it
 * (login redirect, error page). The query's `error` object is new for each failed request.
 */
export function useErrorToast(error: unknown, message: string): void {
  const dispatch = useAppDispatch();
  useEffect(() => {
    if (error === null || typeof error !== 'object' || toasted.has(error)) return;
    toasted.add(error);
    if (!isHandledByClient(error)) dispatch(showErrorToast(message));
  }, [error, message, dispatch]);
}
