import { useEffect, useMemo } from 'react';
import { Navigate, Outlet, useLocation, useParams } from 'react-router';
import { useStore } from 'react-redux';
import { isSidebarHidden } from './sidebar-visibility';
import { accountIdFromPath } from '../../domain/ids';
import { checkRoute } from '../../domain/route-guard';
import type { GuardResult, GuardRoute } from '../../domain/route-guard';
import { ErrorPage } from './error-page';
import { currentAccountSet, selectAccountId, selectAccountLoaded, setCurrentAccount } from '../account-slice';
import { appLoaded, selectAppError, selectAppLoaded } from '../app-slice';
import { useAppDispatch, useAppSelector } from '../hooks';
import { useRouteHandle } from '../route-handle';
import type { RootState } from '../store';
import {
  FETCH_USER_ERROR,
  getAuthRedirectUserDetails,
  guardUserOf,
  selectIsAdmin,
  selectUser,
  selectUserErrorStatus,
  selectUserStatus,
} from '../user-slice';
import { AppShell } from './app-shell';
import { PageSpinner } from './page-spinner';

export const PAGE_TITLE = 'Form Builder';

/**
 * The signed-in frame (spec §2, §4, §6): loads the user when no user id is present, runs the route checks before
 * the page renders (redirects replace the entry; failures show the error page), switches an admin's current account
 * to the URL's, and shows the error page while app.error is set (the router clears it on every navigation).
 */
export function DefaultLayout() {
  const dispatch = useAppDispatch();
  const store = useStore<RootState>();
  const location = useLocation();
  const params = useParams();
  const handle = useRouteHandle();
  const user = useAppSelector(selectUser);
  const userStatus = useAppSelector(selectUserStatus);
  const userErrorStatus = useAppSelector(selectUserErrorStatus);
  const isAdmin = useAppSelector(selectIsAdmin);
  const appError = useAppSelector(selectAppError);
  const appIsLoaded = useAppSelector(selectAppLoaded);
  const currentAccountId = useAppSelector(selectAccountId);
  const accountLoaded = useAppSelector(selectAccountLoaded);

  const fullPath = `${location.pathname}${location.search}${location.hash}`;
  const hasUser = user?.id != null;

  const guard = useMemo<GuardResult | null>(() => {
    const route: GuardRoute = {
      name: handle.name,
      layout: handle.layout,
      path: location.pathname,
      fullPath,
      params,
      permission: handle.permission,
    };
    // An unmatched path fails whoever asks; everything else waits for the user.
    if (handle.name === null || hasUser) return checkRoute(route, guardUserOf(user));
    return null;
  }, [handle, location.pathname, fullPath, params, hasUser, user]);

  const allowed = guard?.kind === 'allow';
  const urlAccountId = allowed ? accountIdFromPath(location.pathname, params) : null;
  // Spec §4: an admin's current account follows the URL; a user's is always their own (the guard saw to that).
  const switchAccount = allowed && isAdmin && urlAccountId !== null && urlAccountId !== currentAccountId;
  const ownAccount = allowed && !isAdmin ? (user?.account ?? null) : null;
  const adoptOwnAccount = ownAccount !== null && ownAccount.id !== currentAccountId;
  const waitingForAccount = allowed && urlAccountId !== null && (urlAccountId !== currentAccountId || !accountLoaded);

  useEffect(() => {
    if (document.title !== PAGE_TITLE) document.title = PAGE_TITLE;
  }, [location.key]);

  useEffect(() => {
    if (!appIsLoaded) dispatch(appLoaded());
  }, [appIsLoaded, dispatch]);

  useEffect(() => {
    if (hasUser || handle.name === null) return;
    // Read the store itself: a second effect run (StrictMode) must see the request the first one started.
    const { status } = store.getState().user;
    if (status === 'loading' || status === 'failed') return;
    void dispatch(getAuthRedirectUserDetails({ route: fullPath }));
  }, [hasUser, handle.name, fullPath, dispatch, store]);

  useEffect(() => {
    if (!switchAccount || urlAccountId === null) return;
    if (store.getState().account.accountId === urlAccountId) return;
    void dispatch(setCurrentAccount({ accountId: urlAccountId, route: fullPath }));
  }, [switchAccount, urlAccountId, fullPath, dispatch, store]);

  useEffect(() => {
    if (adoptOwnAccount && ownAccount) dispatch(currentAccountSet(ownAccount));
  }, [adoptOwnAccount, ownAccount, dispatch]);

  const showSidebar = hasUser && !isSidebarHidden(location.pathname, handle.name);

  if (appError) return <ErrorPage error={appError} />;
  if (guard?.kind === 'error') return <ErrorPage error={guard} />;
  if (guard?.kind === 'redirect') return <Navigate to={guard.to} replace />;

  if (!guard) {
    if (userStatus === 'failed' && userErrorStatus !== 401) {
      return <ErrorPage error={{ statusCode: 500, message: FETCH_USER_ERROR }} />;
    }
    // Loading, or a 401 on its way to /login.
    return (
      <AppShell showSidebar={false}>
        <PageSpinner label="Loading your workspace…" fullPage />
      </AppShell>
    );
  }

  return (
    <AppShell showSidebar={showSidebar}>
      {waitingForAccount ? <PageSpinner label="Loading account…" fullPage /> : <Outlet />}
    </AppShell>
  );
}
