import { useEffect } from 'react';
import { useStore } from 'react-redux';
import { ErrorPageContent } from '../../components/error-page';
import type { ErrorPageProps } from '../../components/error-page';
import { useAppDispatch, useAppSelector } from '../hooks';
import type { RootState } from '../store';
import { getAuthRedirectUserDetails, selectIsLoggedIn } from '../user-slice';
import { AppShell } from './app-shell';

/**
 * The error page of spec §2 in the app shell: the side navigation shows when someone is signed in, which is why the
 * user details are fetched quietly (no toast, no login redirect) when missing.
 */
export function ErrorPage({ error }: ErrorPageProps) {
  const dispatch = useAppDispatch();
  const store = useStore<RootState>();
  const loggedIn = useAppSelector(selectIsLoggedIn);

  useEffect(() => {
    const { user, status } = store.getState().user;
    if (user?.id != null || status === 'loading' || status === 'failed') return;
    void dispatch(getAuthRedirectUserDetails({ hideErrorMsg: true, noRedirect: true }));
  }, [dispatch, store]);

  return (
    <AppShell showSidebar={loggedIn}>
      <ErrorPageContent error={error} />
    </AppShell>
  );
}
