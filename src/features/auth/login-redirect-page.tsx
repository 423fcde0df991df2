import { useEffect, useRef, useState } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router';
import Spinner from 'react-bootstrap/Spinner';
import { AuthFrame } from '../../components/auth-frame';
import { showErrorToast } from '../../app/app-slice';
import { loginPath, safeNextPath } from '../../app/browser-location';
import { useAppDispatch } from '../../app/hooks';
import { getAuthRedirectUserDetails, homePathOf } from '../../app/user-slice';
import { ErrorPage } from '../../app/layouts/error-page';
import { USER_MESSAGES } from '../../domain/messages';

const LOGIN_ERROR = USER_MESSAGES.loginFailed;

type Outcome = 'pending' | 'failed' | 'no-account';

/**
 * /login-redirect: where the backend sends the browser after sign-in. Asks who is signed in (quietly), then goes
 * to the safe `next` path or the user's start page; without a session, back to /login.
 */
export function LoginRedirectPage() {
  const dispatch = useAppDispatch();
  const navigate = useNavigate();
  const [searchParams] = useSearchParams();
  const next = safeNextPath(searchParams.get('next'));
  const [outcome, setOutcome] = useState<Outcome>('pending');

  // Once per visit: after leaving, this page must not run again for the location it navigated to.
  const started = useRef(false);
  useEffect(() => {
    if (started.current) return;
    started.current = true;
    void dispatch(getAuthRedirectUserDetails({ hideErrorMsg: true, noRedirect: true })).then((action) => {
      if (getAuthRedirectUserDetails.fulfilled.match(action)) {
        const target = next ?? homePathOf(action.payload);
        if (target) void navigate(target, { replace: true });
        else setOutcome('no-account');
      } else if (action.payload?.status === 401) {
        void navigate(loginPath(next), { replace: true });
      } else {
        dispatch(showErrorToast(LOGIN_ERROR));
        setOutcome('failed');
      }
    });
  }, [dispatch, navigate, next]);

  if (outcome === 'no-account') return <ErrorPage error={{ statusCode: 404, message: 'Account Not Found' }} />;

  if (outcome === 'failed') {
    return (
      <AuthFrame title="Sign in" subtitle={LOGIN_ERROR}>
        <p>Please try again in a moment. If the problem continues, contact Support.</p>
        <Link to={loginPath(next)} className="btn btn-primary">
          Try again
        </Link>
      </AuthFrame>
    );
  }

  return (
    <AuthFrame title="Signing in" subtitle="Checking your session…">
      <div className="d-flex align-items-center gap-2 text-body-secondary" role="status">
        <Spinner animation="border" size="sm" aria-hidden="true" />
        <span>One moment…</span>
      </div>
    </AuthFrame>
  );
}
