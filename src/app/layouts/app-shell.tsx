import type { MouseEvent, ReactNode } from 'react';
import { AppServicesProvider } from './app-services-provider';
import { Sidebar } from './sidebar';
import { Toasts } from './toasts';

function focusMain(event: MouseEvent<HTMLAnchorElement>) {
  event.preventDefault();
  document.getElementById('main-content')?.focus();
}

/** The frame of the default layout and the error page: side navigation, the main landmark, the toast. */
export function AppShell({ showSidebar, children }: { showSidebar: boolean; children: ReactNode }) {
  return (
    <AppServicesProvider>
      <div className="app-shell">
        {/* Focus moves without touching the URL: a hash change would count as a router navigation. */}
        <a href="#main-content" className="skip-link visually-hidden-focusable" onClick={focusMain}>
          Skip to main content
        </a>
        {showSidebar && <Sidebar />}
        <main id="main-content" className="app-main" tabIndex={-1}>
          {children}
        </main>
        <Toasts />
      </div>
    </AppServicesProvider>
  );
}
