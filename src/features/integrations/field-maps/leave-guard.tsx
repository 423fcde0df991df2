/**
 * The field-map editor's unsaved-changes guard, after the builder's (features/builder/unsaved-changes.tsx, which reads
 * the builder's slice and so cannot be shared): the browser's prompt on reload or close, and a confirmation before an
 * in-app navigation drops an edited map.
 */
import { useContext, useEffect } from 'react';
import Button from 'react-bootstrap/Button';
import { UNSAFE_DataRouterContext, useBlocker } from 'react-router';
import { BaseModal } from '../../../components/base-modal';

function LeaveConfirmation({ dirty }: { dirty: boolean }) {
  const blocker = useBlocker(({ currentLocation, nextLocation }) => dirty && currentLocation.pathname !== nextLocation.pathname);
  return (
    <BaseModal
      id="leave-field-map-modal"
      show={blocker.state === 'blocked'}
      size="sm"
      onHide={() => blocker.reset?.()}
      title="Leave without saving?"
      subtitle="This field map has changes that are not saved. If you leave now, they will be lost."
      footer={
        <>
          <Button variant="primary" autoFocus onClick={() => blocker.reset?.()}>
            Stay on this page
          </Button>
          <Button variant="outline-danger" onClick={() => blocker.proceed?.()}>
            Leave without saving
          </Button>
        </>
      }
    />
  );
}

export function FieldMapLeaveGuard({ dirty }: { dirty: boolean }) {
  // useBlocker needs a data router (the app has one; unit tests render with a plain MemoryRouter).
  const dataRouter = useContext(UNSAFE_DataRouterContext);

  useEffect(() => {
    if (!dirty) return;
    const onBeforeUnload = (event: BeforeUnloadEvent) => {
      event.preventDefault();
      // Older browsers show the prompt only when returnValue is set.
      event.returnValue = '';
    };
    window.addEventListener('beforeunload', onBeforeUnload);
    return () => window.removeEventListener('beforeunload', onBeforeUnload);
  }, [dirty]);

  return dataRouter ? <LeaveConfirmation dirty={dirty} /> : null;
}
