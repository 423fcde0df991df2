import { useMemo } from 'react';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { formResponsesApi } from '../../api/form-responses';
import { neighbourFilters } from './response-list-query';
import { responseDetailPath } from './response-paths';
import type { ResponseLinkState } from './response-paths';

interface ResponseNeighboursProps {
  accountId: number;
  responseId: string;
  /** The query of the list the user came from ('' for the default list). */
  listSearch: string;
}

function NeighbourLink({ to, state, label, children }: { to: string | null; state: ResponseLinkState; label: string; children: ReactNode }) {
  const className = 'btn btn-sm btn-outline-secondary';
  if (to === null) {
    // Nothing that way (or not known yet): shown, so the pair never jumps, but not a link.
    return (
      <button type="button" className={className} disabled aria-label={label}>
        {children}
      </button>
    );
  }
  return (
    <Link to={to} state={state} className={className} aria-label={label}>
      {children}
    </Link>
  );
}

/**
 * Previous and Next: the responses above and below this one in the list the user came from (newest first), under its
 * filters, so a firm can read through a filtered list without going back to it. The list's query travels on, so
 * "Back to Responses" still returns to that list.
 */
export function ResponseNeighbours({ accountId, responseId, listSearch }: ResponseNeighboursProps) {
  const filters = useMemo(() => neighbourFilters(listSearch), [listSearch]);
  const { currentData } = formResponsesApi.useGetResponseNeighboursQuery({ accountId, id: responseId, filters });
  const state: ResponseLinkState = { listSearch };
  const pathOf = (id: string | null | undefined) => (id ? responseDetailPath(accountId, id) : null);
  return (
    <nav aria-label="Responses in this list" className="response-neighbours d-flex gap-2">
      <NeighbourLink to={pathOf(currentData?.newer)} state={state} label="Previous response">
        <span aria-hidden="true">← </span>Previous
      </NeighbourLink>
      <NeighbourLink to={pathOf(currentData?.older)} state={state} label="Next response">
        Next<span aria-hidden="true"> →</span>
      </NeighbourLink>
    </nav>
  );
}
