/**
 * The firm's time zone defaults to the browser of the first member of the account to open the app (accounts are made
 * by the CLI or the first start, never in a browser: docs/decisions.md "The firm's time zone"). Sent once per page
 * load and account, in the background; the server takes it only while the account has none, and only from a member.
 */
import { accountsApi } from '../api/accounts';
import type { User } from '../api/users';
import { canonicalTimeZone } from '../domain/time-zone';
import type { AppStore } from './store';

/** Accounts offered in this page load (per store: a store is one app). */
const offeredBy = new WeakMap<AppStore, Set<number>>();

function browserTimeZone(): string | null {
  try {
    return canonicalTimeZone(Intl.DateTimeFormat().resolvedOptions().timeZone ?? '');
  } catch {
    return null;
  }
}

export function offerBrowserTimeZone(store: AppStore, user: User, accountId: number | null): void {
  let offered = offeredBy.get(store);
  if (!offered) offeredBy.set(store, (offered = new Set()));
  if (accountId === null || user.account?.id !== accountId || offered.has(accountId)) return;
  offered.add(accountId);
  const timeZone = browserTimeZone();
  if (!timeZone) return;
  const request = store.dispatch(accountsApi.endpoints.updateAccountSettings.initiate({ accountId, timeZone, ifUnset: true, silent: true }));
  // A failure costs nothing: the next page load offers it again.
  void request.unwrap().then(
    () => undefined,
    () => offered.delete(accountId),
  );
}
