import { useMemo } from 'react';
import { useLocation, useParams } from 'react-router';
import { PageSpinner } from '../../app/layouts/page-spinner';
import { BackLink } from '../../components/back-link';
import { CopyButton } from '../../components/copy-button';
import { PageFrame } from '../../components/page-frame';
import { accountIdFromPath } from '../../domain/ids';
import { BACK_TO_BUILDER } from './preview-page';
import { useViewedForm } from './use-viewed-form';

/**
 * /{accountId}/build/{formId}/json-view: the form's three documents as pretty JSON, read-only — the builder's current
 * copy when it is open, else the saved form exactly as stored.
 */
export function JsonViewPage() {
  const params = useParams();
  const { pathname } = useLocation();
  const accountId = accountIdFromPath(pathname, params);
  const formId = params.formId;
  const viewed = useViewedForm(accountId, formId);
  const raw = viewed.status === 'ready' ? viewed.raw : null;
  const json = useMemo(
    () =>
      raw
        ? JSON.stringify({ jsonForm: raw.jsonForm, jsonConditionalLogic: raw.jsonConditionalLogic, jsonFormStyle: raw.jsonFormStyle }, null, 2)
        : '',
    [raw],
  );

  return (
    <PageFrame title="JSON View" actions={json && <CopyButton value={json} label="Copy JSON" />}>
      <div className="mb-3">
        <BackLink to={`build/${formId ?? ''}`}>{BACK_TO_BUILDER}</BackLink>
      </div>
      {viewed.status === 'ready' && viewed.source === 'builder' && viewed.unsaved && (
        <p className="text-body-secondary">Showing the builder's current copy, including unsaved changes.</p>
      )}
      {viewed.status === 'loading' && <PageSpinner label="Loading form…" />}
      {viewed.status === 'failed' && (
        <div className="alert alert-danger d-flex flex-wrap gap-3 align-items-center" role="alert">
          <span>{viewed.message}</span>
          <button type="button" className="btn btn-sm btn-outline-danger" onClick={viewed.retry}>
            Try again
          </button>
        </div>
      )}
      {json && (
        <pre
          className="border rounded bg-body-tertiary p-3 mb-0 small"
          style={{ maxHeight: '70vh', overflow: 'auto', whiteSpace: 'pre' }}
          role="region"
          aria-label="Form JSON"
          // Focusable so keyboard users can scroll it.
          tabIndex={0}
        >
          <code>{json}</code>
        </pre>
      )}
    </PageFrame>
  );
}
