import type { ReactNode } from 'react';
import { Link, useLocation, useNavigate } from 'react-router';
import { accountIdFromPath } from '../domain/ids';
import { useAppServices } from './app-services';
import { ArrowLeftIcon, ICON_SIZE } from './icons';

export interface BackLinkProps {
  /** Path under the current account (`/{accountId}/{to}`), or the whole path with `noAccountId`. */
  to?: string;
  noAccountId?: boolean;
  /** Go back one step in the browser history instead of to a path. */
  history?: boolean;
  /** Render a button that only emits the click. */
  onClick?: () => void;
  children: ReactNode;
}

const CLASS_NAME = 'btn btn-link link-secondary text-decoration-none d-inline-flex align-items-center gap-1 px-0';

function backLinkTarget(to: string, accountId: number | null, noAccountId = false): string {
  if (noAccountId) return to.startsWith('/') ? to : `/${to}`;
  const rest = to.replace(/^\/+/, '');
  const base = accountId === null ? '' : `/${accountId}`;
  return rest ? `${base}/${rest}` : base || '/';
}

/** The spec §2 back link: to an account path, a plain path, one step back in history, or a click. */
export function BackLink({ to, noAccountId = false, history = false, onClick, children }: BackLinkProps) {
  const storedAccountId = useAppServices().accountId;
  const location = useLocation();
  const navigate = useNavigate();
  const content = (
    <>
      <ArrowLeftIcon size={ICON_SIZE.action} />
      <span>{children}</span>
    </>
  );

  if (history || onClick || to === undefined) {
    return (
      <button
        type="button"
        className={CLASS_NAME}
        onClick={() => {
          onClick?.();
          if (history || !onClick) void navigate(-1);
        }}
      >
        {content}
      </button>
    );
  }

  const accountId = storedAccountId ?? accountIdFromPath(location.pathname);
  return (
    <Link to={backLinkTarget(to, accountId, noAccountId)} className={CLASS_NAME}>
      {content}
    </Link>
  );
}
