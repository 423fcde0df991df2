import { Link, useLoaderData, useSearchParams } from 'react-router';
import Spinner from 'react-bootstrap/Spinner';
import { AuthFrame } from '../../components/auth-frame';
import { loginPath, safeNextPath } from '../../app/browser-location';
import { ErrorPage } from '../../app/layouts/error-page';
import { USER_MESSAGES } from '../../domain/messages';

const LOGIN_ERROR = USER_MESSAGES.loginFailed;

/** What /login-redirect shows when its loader does not redirect. */
export type LoginRedirectOutcome = { outcome: 'failed' | 'no-account' };

/** While the route's loader asks who is signed in. */
export function SigningIn() {
  return (
    <AuthFrame title="Signing in" subtitle="Checking your session…">
      <div className="d-flex align-items-center gap-2 text-body-secondary" role="status">
        <Spinner animation="border" size="sm" aria-hidden="true" />
        <span>One moment…</span>
      </div>
    </AuthFrame>
  );
}

/**
 * /login-redirect: where the backend sends the browser after sign-in. Its route loader asks who is signed in
 * (quietly) and redirects to the safe `next` path or the user's start page, or back to /login without a session;
 * what is left to show is a failed check or a user without an account.
 */
export function LoginRedirectPage() {
  const { outcome } = useLoaderData<LoginRedirectOutcome>();
  const [searchParams] = useSearchParams();
  const next = safeNextPath(searchParams.get('next'));

  if (outcome === 'no-account') return <ErrorPage error={{ statusCode: 404, message: 'Account Not Found' }} />;
  return (
    <AuthFrame title="Sign in" subtitle={LOGIN_ERROR}>
      <p>Please try again in a moment. If the problem continues, contact Support.</p>
      <Link to={loginPath(next)} className="btn btn-primary">
        Try again
      </Link>
    </AuthFrame>
  );
}
