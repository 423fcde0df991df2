import { useEffect, useRef } from 'react';
import { useSearchParams } from 'react-router';
import Spinner from 'react-bootstrap/Spinner';
import { AuthFrame } from '../../components/auth-frame';
import { DEFAULT_ERROR_MESSAGE, showErrorToast } from '../../app/app-slice';
import { csrfToken } from '../../api/client';
import { browserLocation } from '../../app/browser-location';
import { useAppDispatch } from '../../app/hooks';
import { userLoggedOut } from '../../app/root-actions';
import { USER_MESSAGES } from '../../domain/messages';

/** The backend sign-out takes a POST with the CSRF token; a GET of it only asks (the fallback link below). */
const BACKEND_LOGOUT_URL = '/auth/logout/';
const AFTER_LOGOUT = '/login';
const LOGOUT_ERROR = USER_MESSAGES.logoutFailed;
/** Spec §9: the message of a logout with an error code appears after 250 ms. */
export const LOGOUT_MESSAGE_DELAY_MS = 250;
/** How long that message stays readable before the browser leaves for the backend. */
export const LOGOUT_MESSAGE_READ_MS = 4000;

/** Messages for `?code=` (an HTTP status or a short reason sent by whoever signed the user out). */
const LOGOUT_MESSAGES: Readonly<Record<string, string>> = {
  '401': 'Unauthorized',
  '403': 'Forbidden',
  'session-expired': 'Your session has expired. Please sign in again.',
  'login-failed': USER_MESSAGES.loginFailed,
};

function logoutMessage(code: string): string {
  return LOGOUT_MESSAGES[code] ?? DEFAULT_ERROR_MESSAGE;
}

/**
 * /logout (spec §4): clears the user and account state, then hands the browser to the backend sign-out, which
 * returns to /login. With `?code=`, a message appears after 250 ms and stays a moment before the browser leaves.
 */
export function LogoutPage() {
  const dispatch = useAppDispatch();
  const [searchParams] = useSearchParams();
  const code = searchParams.get('code');
  const started = useRef(false);

  useEffect(() => {
    if (started.current) return;
    started.current = true;
    dispatch(userLoggedOut());
    const leave = () => {
      try {
        browserLocation.post(BACKEND_LOGOUT_URL, { next: AFTER_LOGOUT, csrfmiddlewaretoken: csrfToken() });
      } catch {
        dispatch(showErrorToast(LOGOUT_ERROR));
      }
    };
    if (!code) {
      leave();
      return;
    }
    setTimeout(() => dispatch(showErrorToast(logoutMessage(code))), LOGOUT_MESSAGE_DELAY_MS);
    setTimeout(leave, LOGOUT_MESSAGE_DELAY_MS + LOGOUT_MESSAGE_READ_MS);
  }, [code, dispatch]);

  return (
    <AuthFrame title="Signing out" subtitle="You are being signed out…">
      <div className="d-flex align-items-center gap-2 text-body-secondary mb-3" role="status">
        <Spinner animation="border" size="sm" aria-hidden="true" />
        <span>One moment…</span>
      </div>
      <a href={`${BACKEND_LOGOUT_URL}?next=${AFTER_LOGOUT}`}>Continue signing out</a>
    </AuthFrame>
  );
}
