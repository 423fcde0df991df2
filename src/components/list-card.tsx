import type { ReactNode } from 'react';
import Placeholder from 'react-bootstrap/Placeholder';
import './list-card.css';

const listCardClass = (className?: string) => ['list-card card', className].filter(Boolean).join(' ');

/**
 * A list on wider screens: a hoverable table in a card. `caption` names it for assistive technology, `className` adds
 * the list's own look, `children` are its thead and tbody.
 */
export function ListTable({ caption, className, children }: { caption: ReactNode; className?: string; children: ReactNode }) {
  return (
    <div className={listCardClass(className)}>
      <div className="table-responsive">
        <table className="table table-hover align-middle mb-0">
          <caption className="visually-hidden">{caption}</caption>
          {children}
        </table>
      </div>
    </div>
  );
}

export interface ListSkeletonProps {
  /** Said to screen readers while the list loads ("Loading forms…"). */
  label: string;
  /** Phones: cards instead of table rows. */
  narrow: boolean;
  rows: number;
  /** The placeholders inside each card. */
  card: ReactNode;
  /** The placeholders inside each table row. */
  row: ReactNode;
}

/** Shape of a list while it loads; the spoken label says what is happening. */
export function ListSkeleton({ label, narrow, rows, card, row }: ListSkeletonProps) {
  const keys = Array.from({ length: rows }, (_, index) => index);
  return (
    <div role="status" aria-live="polite" aria-busy="true">
      <span className="visually-hidden">{label}</span>
      <div aria-hidden="true">
        {narrow ? (
          <div className="d-grid gap-3">
            {keys.map((key) => (
              <div key={key} className="card">
                <Placeholder as="div" animation="glow" className="card-body d-grid gap-2">
                  {card}
                </Placeholder>
              </div>
            ))}
          </div>
        ) : (
          <div className={listCardClass()}>
            {keys.map((key) => (
              <Placeholder key={key} as="div" animation="glow" className="d-flex align-items-center gap-4 px-3 py-3 border-bottom">
                {row}
              </Placeholder>
            ))}
          </div>
        )}
      </div>
    </div>
  );
}

/**
 * What a list shows instead of rows: nothing yet, nothing matches, or it failed to load (with a way on). Framed
 * (`empty-state`) unless `className` gives another look.
 */
export function EmptyState({ title, className = 'empty-state', children }: { title: string; className?: string; children?: ReactNode }) {
  return (
    <div className={`${className} text-center py-5 px-3`}>
      <h2 className="h5 mb-2">{title}</h2>
      {children}
    </div>
  );
}
