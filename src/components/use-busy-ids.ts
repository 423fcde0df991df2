import { useState } from 'react';

/** Ids of the rows with a call under way (their actions wait), and the way to mark one busy or done. */
export function useBusyIds(): [busyIds: ReadonlySet<string>, markBusy: (id: string, busy: boolean) => void] {
  const [busyIds, setBusyIds] = useState<ReadonlySet<string>>(() => new Set());
  const markBusy = (id: string, busy: boolean) =>
    setBusyIds((current) => {
      const next = new Set(current);
      if (busy) next.add(id);
      else next.delete(id);
      return next;
    });
  return [busyIds, markBusy];
}
