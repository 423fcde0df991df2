/** The field-map editor's unsaved-changes guard: the app's leave guard, for an edited map. */
import { useCallback } from 'react';
import type { BlockerFunction } from 'react-router';
import { LeaveGuard } from '../../../components/leave-guard';

export function FieldMapLeaveGuard({ dirty }: { dirty: boolean }) {
  const isDirty = useCallback(() => dirty, [dirty]);
  const shouldBlock = useCallback<BlockerFunction>(({ currentLocation, nextLocation }) => dirty && currentLocation.pathname !== nextLocation.pathname, [dirty]);
  return (
    <LeaveGuard
      id="leave-field-map-modal"
      subtitle="This field map has changes that are not saved. If you leave now, they will be lost."
      isDirty={isDirty}
      shouldBlock={shouldBlock}
    />
  );
}
