import { useEffect, useRef } from 'react';
import { useSearchParams } from 'react-router';
import { AuthFrame } from '../../components/auth-frame';
import { browserLocation, safeNextPath } from '../../app/browser-location';

/**
 * The backend sign-in URL; after sign-in the backend returns to /login-redirect, carrying `next` along.
 * The inner `next` keeps its slashes (legal in a query, RFC 3986 §3.4) so the deep link stays readable in the
 * address bar after one decoding; everything else in it is encoded as usual.
 */
export function backendLoginUrl(next: string | null): string {
  const safeNext = safeNextPath(next);
  const innerNext = safeNext ? `?next=${encodeURIComponent(safeNext).replace(/%2F/g, '/')}` : '';
  return `/auth/login/?next=${encodeURIComponent(`/login-redirect${innerNext}`)}`;
}

/** /login (spec §4): hands the browser to the backend's sign-in page straight away. */
export function LoginPage() {
  const [searchParams] = useSearchParams();
  const target = backendLoginUrl(searchParams.get('next'));
  const sent = useRef(false);

  useEffect(() => {
    if (sent.current) return;
    sent.current = true;
    browserLocation.assign(target);
  }, [target]);

  return (
    <AuthFrame title="Sign in" subtitle="Redirecting to sign-in…">
      <p className="mb-0">
        Not redirected? <a href={target}>Continue to the sign-in page</a>.
      </p>
    </AuthFrame>
  );
}
