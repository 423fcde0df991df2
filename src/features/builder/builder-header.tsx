/**
 * The builder's top bar: back to the list, the form's name with the unsaved badge, Undo and Redo, Preview, JSON view,
 * Share and Save; below them, while a save conflict is unresolved, the conflict notice.
 */
import { useCallback, useEffect, useRef } from 'react';
import { Link, useNavigate } from 'react-router';
import { useStore } from 'react-redux';
import { useAppDispatch, useAppSelector } from '../../app/hooks';
import type { RootState } from '../../app/store';
import { BackLink } from '../../components/back-link';
import { formPermissions } from '../../domain/form-permissions';
import { LoadingButton } from '../../components/loading-button';
import { CodeIcon, EyeIcon } from './builder-icons';
import { ConflictNotice } from './conflict-notice';
import { saveForm } from './form-thunks';
import { HistoryControls } from './history-controls';
import { UnsavedChangesBadge } from './unsaved-changes';

export function BuilderHeader({ accountId, formId }: { accountId: number; formId: string }) {
  const dispatch = useAppDispatch();
  const store = useStore<RootState>();
  const navigate = useNavigate();
  const name = useAppSelector((state) => state.form.name);
  const isNew = useAppSelector((state) => state.form.published === null);
  const saving = useAppSelector((state) => state.form.saveStatus === 'saving');

  const save = useCallback(async () => {
    if (store.getState().form.saveStatus === 'saving') return;
    const result = await dispatch(saveForm());
    // Spec §2: after a save the user is on the form's build screen (a new form gets its id in the URL).
    if (saveForm.fulfilled.match(result)) await navigate(`/${accountId}/build/${result.payload.template.id}`, { replace: true });
  }, [accountId, dispatch, navigate, store]);

  // Ctrl+S / ⌘S saves instead of saving the web page.
  useEffect(() => {
    const onKeyDown = (event: KeyboardEvent) => {
      if ((event.ctrlKey || event.metaKey) && !event.altKey && event.key.toLowerCase() === 's') {
        event.preventDefault();
        void save();
      }
    };
    window.addEventListener('keydown', onKeyDown);
    return () => window.removeEventListener('keydown', onKeyDown);
  }, [save]);

  // The panes stick below the header: they follow its height (it grows when it wraps or shows the conflict notice).
  const headerRef = useRef<HTMLElement>(null);
  useEffect(() => {
    const header = headerRef.current;
    const builder = header?.parentElement;
    if (!header || !builder || typeof ResizeObserver === 'undefined') return;
    const observer = new ResizeObserver(() => builder.style.setProperty('--builder-header-height', `${header.offsetHeight}px`));
    observer.observe(header);
    return () => observer.disconnect();
  }, []);

  const base = `/${accountId}/build/${formId}`;
  return (
    <header ref={headerRef} className="builder-header">
      <div className="builder-header-start">
        <BackLink to="">Back to All Forms</BackLink>
        <div className="builder-title-row">
          <h1 className="builder-title">{name.trim() || (isNew ? 'New form' : 'Untitled form')}</h1>
          <UnsavedChangesBadge />
        </div>
      </div>
      <div className="builder-header-actions">
        <HistoryControls />
        <Link className="btn btn-outline-secondary d-inline-flex align-items-center gap-2" to={`${base}/preview`}>
          <EyeIcon />
          Preview
        </Link>
        <Link className="btn btn-outline-secondary d-inline-flex align-items-center gap-2" to={`${base}/json-view`}>
          <CodeIcon />
          JSON view
        </Link>
        {/* Share screens exist once the form is saved (they need its id), and never for the built-in form. */}
        {!isNew && formPermissions(formId).share && (
          <Link className="btn btn-outline-secondary d-inline-flex align-items-center gap-2" to={`${base}/share`}>
            Share
          </Link>
        )}
        {!isNew && formPermissions(formId).integrate && (
          <Link className="btn btn-outline-secondary d-inline-flex align-items-center gap-2" to={`${base}/integrations`}>
            Integrations
          </Link>
        )}
        <LoadingButton variant="primary" loading={saving} onClick={() => void save()} aria-keyshortcuts="Control+S Meta+S" className="builder-save">
          Save
        </LoadingButton>
      </div>
      <ConflictNotice accountId={accountId} />
    </header>
  );
}
