import { useEffect, useState } from 'react';
import { Navigate } from 'react-router';
import { useAppDispatch, useAppSelector } from '../../app/hooks';
import { PageSpinner } from '../../app/layouts/page-spinner';
import { getAuthRedirectUserDetails, homePathOf, selectUser } from '../../app/user-slice';
import { ErrorPage } from '../../app/layouts/error-page';

type Decision = { kind: 'go'; to: string } | { kind: 'no-account' };

function decide(user: Parameters<typeof homePathOf>[0] | null): Decision {
  if (!user) return { kind: 'go', to: '/login' };
  const home = homePathOf(user);
  return home ? { kind: 'go', to: home } : { kind: 'no-account' };
}

/** '/' (empty layout): admins go to the account list, users to their account, everyone else to /login. */
export function IndexPage() {
  const dispatch = useAppDispatch();
  const knownUser = useAppSelector(selectUser);
  const [decision, setDecision] = useState<Decision | null>(knownUser ? decide(knownUser) : null);

  useEffect(() => {
    if (decision) return;
    let active = true;
    void dispatch(getAuthRedirectUserDetails({ hideErrorMsg: true, noRedirect: true })).then((action) => {
      if (!active) return;
      setDecision(decide(getAuthRedirectUserDetails.fulfilled.match(action) ? action.payload : null));
    });
    return () => {
      active = false;
    };
  }, [decision, dispatch]);

  if (!decision) return <PageSpinner label="Loading…" fullPage />;
  if (decision.kind === 'no-account') return <ErrorPage error={{ statusCode: 404, message: 'Account Not Found' }} />;
  return <Navigate to={decision.to} replace />;
}
