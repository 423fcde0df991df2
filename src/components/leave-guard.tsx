/**
 * Unsaved work, guarded (spec §4 unsaved changes): the browser's own prompt on reload or close, and a confirmation
 * before an in-app navigation drops the edits. The builder, the field-map editor and the prefill editor each say what
 * is unsaved and when leaving loses it.
 */
import { useCallback, useContext, useEffect } from 'react';
import Button from 'react-bootstrap/Button';
import { UNSAFE_DataRouterContext, useBlocker, type BlockerFunction } from 'react-router';
import { BaseModal } from './base-modal';

interface LeaveGuardProps {
  /** The modal's id (one guard per screen). */
  id: string;
  /** What is lost, e.g. 'This form has changes that are not saved. If you leave now, they will be lost.' */
  subtitle: string;
  /** Read when the page is about to unload: whether anything is unsaved now. */
  isDirty: () => boolean;
  /** Whether this in-app navigation would lose the edits. */
  shouldBlock: BlockerFunction;
  /** After the user chose to leave. */
  onLeave?: () => void;
}

function LeaveConfirmation({ id, subtitle, shouldBlock, onLeave }: Omit<LeaveGuardProps, 'isDirty'>) {
  const blocker = useBlocker(shouldBlock);
  return (
    <BaseModal
      id={id}
      show={blocker.state === 'blocked'}
      size="sm"
      onHide={() => blocker.reset?.()}
      title="Leave without saving?"
      subtitle={subtitle}
      footer={
        <>
          <Button variant="primary" autoFocus onClick={() => blocker.reset?.()}>
            Stay on this page
          </Button>
          <Button
            variant="outline-danger"
            onClick={() => {
              blocker.proceed?.();
              onLeave?.();
            }}
          >
            Leave without saving
          </Button>
        </>
      }
    />
  );
}

export function LeaveGuard({ isDirty, ...confirmation }: LeaveGuardProps) {
  // useBlocker needs a data router (the app has one; some tests render with a plain MemoryRouter).
  const dataRouter = useContext(UNSAFE_DataRouterContext);

  useEffect(() => {
    const onBeforeUnload = (event: BeforeUnloadEvent) => {
      if (!isDirty()) return;
      event.preventDefault();
      // Older browsers show the prompt only when returnValue is set.
      event.returnValue = '';
    };
    window.addEventListener('beforeunload', onBeforeUnload);
    return () => window.removeEventListener('beforeunload', onBeforeUnload);
  }, [isDirty]);

  return dataRouter ? <LeaveConfirmation {...confirmation} /> : null;
}

/** The guard of an editor whose edits live on one page: any move to another path while `dirty` asks first. */
export function DirtyLeaveGuard({ id, subtitle, dirty }: { id: string; subtitle: string; dirty: boolean }) {
  const isDirty = useCallback(() => dirty, [dirty]);
  const shouldBlock = useCallback<BlockerFunction>(({ currentLocation, nextLocation }) => dirty && currentLocation.pathname !== nextLocation.pathname, [dirty]);
  return <LeaveGuard id={id} subtitle={subtitle} isDirty={isDirty} shouldBlock={shouldBlock} />;
}
