/**
 * /{accountId}/build/{formId}: the form builder (palette | canvas | properties). The form is loaded when the URL's
 * form id differs from the one in the builder state (spec §4), so the preview and JSON view keep unsaved edits.
 */
import { useEffect } from 'react';
import Button from 'react-bootstrap/Button';
import { useParams } from 'react-router';
import { currentFormIdSet, selectCurrentFormId } from '../../app/app-slice';
import { useAppDispatch, useAppSelector } from '../../app/hooks';
import { PageSpinner } from '../../app/layouts/page-spinner';
import { BackLink } from '../../components/back-link';
import { parseAccountId } from '../../domain/ids';
import { BuilderDnd } from './builder-dnd';
import { BuilderHeader } from './builder-header';
import { Canvas } from './canvas';
import { loadForm } from './form-thunks';
import { selectIsFormReady } from './form-selectors';
import { LiveAnnouncer } from './live-announcer';
import { Palette } from './palette';
import { PropertiesPane } from './properties-pane';
import { UnsavedChangesGuard } from './unsaved-changes';
import './builder.css';

function LoadFailed({ onRetry }: { onRetry: () => void }) {
  return (
    <div className="container-fluid py-4 px-3 px-md-4">
      <BackLink to="">Back to All Forms</BackLink>
      <div className="empty-state text-center p-5 mt-3" role="alert">
        <h1 className="h4">This form could not be loaded</h1>
        <p className="text-body-secondary">Check your connection and try again. Nothing has been changed.</p>
        <Button variant="primary" onClick={onRetry}>
          Try again
        </Button>
      </div>
    </div>
  );
}

export function BuildPage() {
  const params = useParams();
  const accountId = parseAccountId(params.accountId);
  const formId = params.formId ?? '';
  const dispatch = useAppDispatch();
  const currentFormId = useAppSelector(selectCurrentFormId);
  const ready = useAppSelector((state) => selectIsFormReady(state, formId));
  const failed = useAppSelector((state) => state.form.formId === formId && state.form.loadStatus === 'failed');
  // The route's loader started loading the form (app/route-loaders.ts): data starts with the route.

  useEffect(() => {
    if (ready && currentFormId !== formId) dispatch(currentFormIdSet(formId));
  }, [ready, currentFormId, formId, dispatch]);

  if (accountId === null) return null;
  if (failed) return <LoadFailed onRetry={() => void dispatch(loadForm({ accountId, formId }))} />;
  if (!ready) return <PageSpinner label="Loading form…" fullPage />;

  return (
    <div className="builder">
      <BuilderHeader accountId={accountId} formId={formId} />
      <UnsavedChangesGuard />
      <LiveAnnouncer />
      <div className="builder-panes">
        <BuilderDnd palette={<Palette />} canvas={<Canvas />} />
        <PropertiesPane />
      </div>
    </div>
  );
}
