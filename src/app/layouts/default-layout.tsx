import { useEffect, useMemo } from 'react';
import { Outlet, useLocation, useParams } from 'react-router';
import { isSidebarHidden } from './sidebar-visibility';
import { accountIdFromPath } from '../../domain/ids';
import { checkRoute } from '../../domain/route-guard';
import type { GuardResult, GuardRoute } from '../../domain/route-guard';
import { ErrorPage } from './error-page';
import { selectAccountId, selectAccountLoaded } from '../account-slice';
import { appLoaded, selectAppError, selectAppLoaded } from '../app-slice';
import { useAppDispatch, useAppSelector } from '../hooks';
import { useRouteHandle } from '../route-handle';
import { FETCH_USER_ERROR, guardUserOf, selectUser, selectUserErrorStatus, selectUserStatus } from '../user-slice';
import { AppShell } from './app-shell';
import { PageSpinner } from './page-spinner';

const PAGE_TITLE = 'Form Builder';

/**
 * The signed-in frame (spec §2, §4, §6). The screen's route loader has already loaded the user, applied the
 * redirects and switched the current account (route-loaders.ts); this frame shows the guard's error pages, the
 * error page while app.error is set (the router clears it on every navigation), and the side navigation.
 */
export function DefaultLayout() {
  const dispatch = useAppDispatch();
  const location = useLocation();
  const params = useParams();
  const handle = useRouteHandle();
  const user = useAppSelector(selectUser);
  const userStatus = useAppSelector(selectUserStatus);
  const userErrorStatus = useAppSelector(selectUserErrorStatus);
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
  // The loader switched the account before this render; this covers a failed switch on its way to the error page.
  const waitingForAccount = allowed && urlAccountId !== null && (urlAccountId !== currentAccountId || !accountLoaded);

  useEffect(() => {
    if (document.title !== PAGE_TITLE) document.title = PAGE_TITLE;
  }, [location.key]);

  useEffect(() => {
    if (!appIsLoaded) dispatch(appLoaded());
  }, [appIsLoaded, dispatch]);

  const showSidebar = hasUser && !isSidebarHidden(location.pathname, handle.name);

  if (appError) return <ErrorPage error={appError} />;
  if (guard?.kind === 'error') return <ErrorPage error={guard} />;
  // The loader threw the redirect before this screen could render; nothing to show meanwhile.
  if (guard?.kind === 'redirect') return null;

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
