/**
 * Spec §4 unsaved changes: a visible badge, the browser's own prompt on reload/close, and a confirmation before an
 * in-app navigation leaves the form (the preview and JSON view of the same form keep the edits, so they pass).
 */
import { useCallback, useContext, useEffect } from 'react';
import Badge from 'react-bootstrap/Badge';
import Button from 'react-bootstrap/Button';
import { useStore } from 'react-redux';
import { UNSAFE_DataRouterContext, useBlocker } from 'react-router';
import type { BlockerFunction } from 'react-router';
import { useAppDispatch, useAppSelector } from '../../app/hooks';
import type { RootState } from '../../app/store';
import { BaseModal } from '../../components/base-modal';
import { formDiscarded } from './form-slice';
import { selectHasUnsavedChanges } from './form-selectors';

const UNSAVED_CHANGES_TEXT = 'Unsaved changes';

export function UnsavedChangesBadge() {
  const unsaved = useAppSelector(selectHasUnsavedChanges);
  return (
    <span role="status" className="builder-unsaved">
      {unsaved && (
        <Badge bg="warning" text="dark" className="builder-unsaved-badge">
          {UNSAVED_CHANGES_TEXT}
        </Badge>
      )}
    </span>
  );
}

/** The preview and JSON view of the same form show the in-memory form: going there loses nothing. */
function keepsEdits(fromPath: string, toPath: string): boolean {
  const base = fromPath.replace(/\/+$/, '');
  return toPath === `${base}/preview` || toPath === `${base}/json-view`;
}

function LeaveConfirmation() {
  const store = useStore<RootState>();
  const dispatch = useAppDispatch();
  const shouldBlock = useCallback<BlockerFunction>(
    ({ currentLocation, nextLocation }) => {
      if (currentLocation.pathname === nextLocation.pathname) return false;
      if (keepsEdits(currentLocation.pathname, nextLocation.pathname)) return false;
      const state = store.getState();
      return state.form.saveStatus !== 'saving' && selectHasUnsavedChanges(state);
    },
    [store],
  );
  const blocker = useBlocker(shouldBlock);
  const blocked = blocker.state === 'blocked';

  return (
    <BaseModal
      id="leave-builder-modal"
      show={blocked}
      size="sm"
      onHide={() => blocker.reset?.()}
      title="Leave without saving?"
      subtitle="This form has changes that are not saved. If you leave now, they will be lost."
      footer={
        <>
          <Button variant="primary" autoFocus onClick={() => blocker.reset?.()}>
            Stay on this page
          </Button>
          <Button
            variant="outline-danger"
            onClick={() => {
              blocker.proceed?.();
              dispatch(formDiscarded());
            }}
          >
            Leave without saving
          </Button>
        </>
      }
    />
  );
}

export function UnsavedChangesGuard() {
  const store = useStore<RootState>();
  // useBlocker needs a data router (the app has one; some tests render with a plain MemoryRouter).
  const dataRouter = useContext(UNSAFE_DataRouterContext);

  useEffect(() => {
    const onBeforeUnload = (event: BeforeUnloadEvent) => {
      if (!selectHasUnsavedChanges(store.getState())) return;
      event.preventDefault();
      // Older browsers show the prompt only when returnValue is set.
      event.returnValue = '';
    };
    window.addEventListener('beforeunload', onBeforeUnload);
    return () => window.removeEventListener('beforeunload', onBeforeUnload);
  }, [store]);

  return dataRouter ? <LeaveConfirmation /> : null;
}
