import type { ReactNode } from 'react';
import { useLocation, useParams } from 'react-router';
import { PageSpinner } from '../../app/layouts/page-spinner';
import { BackLink } from '../../components/back-link';
import { ExternalLinkIcon, ICON_SIZE, InfoIcon } from '../../components/icons';
import { PageFrame } from '../../components/page-frame';
import { accountIdFromPath } from '../../domain/ids';
import { SHARE_MESSAGES } from './share-messages';
import type { ShareForm, ShareFormState } from './use-share-form';
import './share.css';

/** The account and form of the current share route (the route guard has already checked both). */
export function useShareParams(): { accountId: number | null; formId: string | undefined; prefillId: string | undefined } {
  const params = useParams();
  const { pathname } = useLocation();
  return { accountId: accountIdFromPath(pathname, params), formId: params.formId, prefillId: params.prefillId };
}

export interface ShareFrameProps {
  /** The page heading; gets the loaded form once there is one. */
  title: (form: ShareForm | null) => ReactNode;
  /** Back link target under the current account (`build/{formId}/share`) and its text. */
  back: { to: string; label: string };
  state: ShareFormState;
  /** Header buttons, shown once the form is loaded. */
  actions?: (form: ShareForm) => ReactNode;
  children: (form: ShareForm) => ReactNode;
}

/** Frame of every share screen: heading, back link, and the loading, unsaved-form and failure states of the form. */
export function ShareFrame({ title, back, state, actions, children }: ShareFrameProps) {
  const form = state.status === 'ready' ? state.form : null;
  return (
    <PageFrame title={title(form)} actions={form && actions?.(form)}>
      <div className="mb-3 share-back">
        <BackLink to={back.to}>{back.label}</BackLink>
      </div>
      {state.status === 'loading' && <PageSpinner label="Loading form…" />}
      {state.status === 'unsaved' && (
        <div className="border rounded bg-body-tertiary p-4 d-flex align-items-start gap-3" role="note">
          <InfoIcon size={ICON_SIZE.base} className="flex-shrink-0 text-body-secondary mt-1" />
          <div>
            <p className="fw-semibold mb-1">Save this form before sharing it.</p>
            <p className="mb-0 text-body-secondary">
              The public link, the embed code and prefills become available once the form has been saved.
            </p>
          </div>
        </div>
      )}
      {state.status === 'failed' && <LoadFailedAlert message={SHARE_MESSAGES.loadFormFailed} onRetry={state.retry} />}
      {form && children(form)}
    </PageFrame>
  );
}

/** Something the screen needs did not load: says what, and offers to try again. */
export function LoadFailedAlert({ message, onRetry }: { message: string; onRetry: () => void }) {
  return (
    <div className="alert alert-danger d-flex flex-wrap gap-3 align-items-center" role="alert">
      <span>{message}.</span>
      <button type="button" className="btn btn-sm btn-outline-danger" onClick={onRetry}>
        Try again
      </button>
    </div>
  );
}

/** A link that opens the respondent page in a new tab, saying so to screen readers. */
export function OpenInNewTab({ href, children, className = 'btn btn-outline-secondary' }: { href: string; children: ReactNode; className?: string }) {
  return (
    <a href={href} target="_blank" rel="noopener noreferrer" className={`${className} d-inline-flex align-items-center gap-2`}>
      {children}
      <ExternalLinkIcon />
      <span className="visually-hidden"> (opens in a new tab)</span>
    </a>
  );
}
