import { useMemo, useState } from 'react';
import { useLocation, useParams } from 'react-router';
import { PageSpinner } from '../../app/layouts/page-spinner';
import { BackLink } from '../../components/back-link';
import { PageFrame } from '../../components/page-frame';
import { accountIdFromPath } from '../../domain/ids';
import { compileLogic } from '../../domain/logic';
import { FormRenderer } from '../../components/form-renderer/form-renderer';
import { useViewedForm } from './use-viewed-form';

export const PREVIEW_NOTICE = 'Preview — responses are not saved';
export const BACK_TO_BUILDER = 'Back to Form Builder';

/** Nothing is sent from the preview: submitting only shows the submit message. */
const submitNothing = () => {};

/**
 * /{accountId}/build/{formId}/preview: the form as a respondent sees it — the builder's current (unsaved) copy when it
 * is open, else the saved form.
 */
export function PreviewPage() {
  const params = useParams();
  const { pathname } = useLocation();
  const accountId = accountIdFromPath(pathname, params);
  const formId = params.formId;
  const viewed = useViewedForm(accountId, formId);
  // Remounting the renderer starts the preview over (answers, page, submitted message).
  const [run, setRun] = useState(0);
  const snapshot = viewed.status === 'ready' ? viewed.snapshot : null;
  // The one logic evaluator (src/domain/logic), compiled once per version of the form.
  const hiddenIds = useMemo(
    () => (snapshot ? compileLogic(snapshot.jsonForm, snapshot.jsonConditionalLogic).hiddenIds : undefined),
    [snapshot],
  );

  const backLink = <BackLink to={`build/${formId ?? ''}`}>{BACK_TO_BUILDER}</BackLink>;
  const name = viewed.status === 'ready' ? viewed.snapshot.displayName.trim() || viewed.snapshot.name.trim() : '';

  return (
    <PageFrame
      title={name ? `Preview: ${name}` : 'Preview'}
      actions={
        viewed.status === 'ready' && (
          <button type="button" className="btn btn-outline-secondary" onClick={() => setRun((n) => n + 1)}>
            Restart preview
          </button>
        )
      }
    >
      <div className="mb-3">{backLink}</div>
      <div className="alert alert-info d-flex flex-wrap gap-2 align-items-center" role="note">
        <strong>{PREVIEW_NOTICE}</strong>
        {viewed.status === 'ready' && viewed.source === 'builder' && viewed.unsaved && (
          <span className="text-body-secondary">Showing your unsaved changes from the builder.</span>
        )}
      </div>
      {viewed.status === 'loading' && <PageSpinner label="Loading form…" />}
      {viewed.status === 'failed' && (
        <div className="alert alert-danger d-flex flex-wrap gap-3 align-items-center" role="alert">
          <span>{viewed.message}</span>
          <button type="button" className="btn btn-sm btn-outline-danger" onClick={viewed.retry}>
            Try again
          </button>
        </div>
      )}
      {viewed.status === 'ready' && (
        <div className="border rounded bg-body p-3 p-md-4">
          <FormRenderer
            key={`${formId}-${run}`}
            document={viewed.snapshot.jsonForm}
            logic={viewed.snapshot.jsonConditionalLogic}
            style={viewed.snapshot.jsonFormStyle}
            submitMessage={viewed.snapshot.customSubmitMessage}
            onSubmit={submitNothing}
            hiddenIds={hiddenIds}
            title={name || undefined}
          />
        </div>
      )}
    </PageFrame>
  );
}
