/**
 * Spec §4 unsaved changes: a visible badge, the browser's own prompt on reload/close, and a confirmation before an
 * in-app navigation leaves the form (the preview and JSON view of the same form keep the edits, so they pass).
 */
import { useCallback } from 'react';
import Badge from 'react-bootstrap/Badge';
import { useStore } from 'react-redux';
import type { BlockerFunction } from 'react-router';
import { useAppDispatch, useAppSelector } from '../../app/hooks';
import type { RootState } from '../../app/store';
import { LeaveGuard } from '../../components/leave-guard';
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

export function UnsavedChangesGuard() {
  const store = useStore<RootState>();
  const dispatch = useAppDispatch();
  const isDirty = useCallback(() => selectHasUnsavedChanges(store.getState()), [store]);
  const shouldBlock = useCallback<BlockerFunction>(
    ({ currentLocation, nextLocation }) => {
      if (currentLocation.pathname === nextLocation.pathname) return false;
      if (keepsEdits(currentLocation.pathname, nextLocation.pathname)) return false;
      const state = store.getState();
      return state.form.saveStatus !== 'saving' && selectHasUnsavedChanges(state);
    },
    [store],
  );
  return (
    <LeaveGuard
      id="leave-builder-modal"
      subtitle="This form has changes that are not saved. If you leave now, they will be lost."
      isDirty={isDirty}
      shouldBlock={shouldBlock}
      onLeave={() => dispatch(formDiscarded())}
    />
  );
}
