import type { ReactNode } from 'react';

export interface PageFrameProps {
  title: ReactNode;
  /** Buttons or links for the page, shown beside the heading (below it on narrow screens). */
  actions?: ReactNode;
  children?: ReactNode;
}

/** Heading, optional actions and body: the frame of every default-layout screen. */
export function PageFrame({ title, actions, children }: PageFrameProps) {
  return (
    <div className="container-fluid py-4 px-3 px-md-4">
      <header className="d-flex flex-column flex-sm-row flex-wrap align-items-sm-center justify-content-between gap-3 mb-4">
        <h1 className="h2 mb-0">{title}</h1>
        {actions && <div className="d-flex flex-wrap align-items-center gap-2">{actions}</div>}
      </header>
      {children}
    </div>
  );
}
