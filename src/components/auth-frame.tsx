import type { ReactNode } from 'react';
import './components.css';

export interface AuthFrameProps {
  title: ReactNode;
  subtitle?: ReactNode;
  children?: ReactNode;
}

/** The auth-layout page frame (spec §2): logo, title, optional subtitle, body, centred on the page. */
export function AuthFrame({ title, subtitle, children }: AuthFrameProps) {
  return (
    <main className="auth-frame d-flex align-items-center justify-content-center bg-body-tertiary p-3">
      <div className="card shadow-sm border-0">
        <div className="card-body p-4 p-sm-5">
          <img src="/logo.svg" alt="Form Builder" height={32} className="d-block mb-4" />
          <h1 className="h3 mb-1">{title}</h1>
          {subtitle && <p className="text-body-secondary mb-0">{subtitle}</p>}
          <div className="mt-4">{children}</div>
        </div>
      </div>
    </main>
  );
}
