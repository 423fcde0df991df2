import { useLocation, useParams } from 'react-router';
import { accountIdFromPath } from '../../domain/ids';
import type { Integration } from '../../api/integrations';
import { STATUS_LABELS } from './integration-messages';

/** The account and form of the current integration route (the route guard has already checked both). */
export function useIntegrationParams(): { accountId: number; formId: string } {
  const params = useParams();
  const { pathname } = useLocation();
  return { accountId: accountIdFromPath(pathname, params) ?? 0, formId: params.formId ?? '' };
}

/** Something the screen needs did not load: says what, and offers to try again. */
export function LoadFailed({ message, onRetry, small = false }: { message: string; onRetry: () => void; small?: boolean }) {
  return (
    <div className={`alert alert-danger d-flex flex-wrap gap-3 align-items-center ${small ? 'py-2 mb-0' : ''}`} role="alert">
      <span>{message}.</span>
      <button type="button" className="btn btn-sm btn-outline-danger" onClick={onRetry}>
        Try again
      </button>
    </div>
  );
}

const STATUS_VARIANTS: Readonly<Record<Integration['status'], string>> = {
  connected: 'text-bg-success',
  needs_reauth: 'text-bg-warning',
  error: 'text-bg-danger',
  disconnected: 'text-bg-secondary',
};

/** The connection state (INTEGRATIONS.md: what was verified, not what was typed); null = none set up yet. */
export function ConnectionBadge({ integration }: { integration: Integration | null }) {
  if (!integration) return <span className="badge text-bg-light border">Not set up</span>;
  return <span className={`badge ${STATUS_VARIANTS[integration.status]}`}>{STATUS_LABELS[integration.status]}</span>;
}
