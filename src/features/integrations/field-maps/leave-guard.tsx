/** The field-map editor's unsaved-changes guard: the app's leave guard, for an edited map. */
import { DirtyLeaveGuard } from '../../../components/leave-guard';

export function FieldMapLeaveGuard({ dirty }: { dirty: boolean }) {
  return (
    <DirtyLeaveGuard
      id="leave-field-map-modal"
      subtitle="This field map has changes that are not saved. If you leave now, they will be lost."
      dirty={dirty}
    />
  );
}
