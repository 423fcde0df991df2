import { Outlet } from 'react-router';
import { Toasts } from './toasts';

/** Sign-in pages (spec §2): each page renders its own centred AuthFrame; route checks are skipped here. */
export function AuthLayout() {
  return (
    <div className="auth-layout">
      <Outlet />
      <Toasts />
    </div>
  );
}
