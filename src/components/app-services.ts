import { createContext, useContext } from 'react';

/**
 * What shared components need from the app, handed down instead of imported: src/components may not import src/app
 * (docs/architecture.md), yet a back link needs the current account and a download needs the error toast. The app
 * shell provides it (src/app/layouts/app-services-provider.tsx), and so does the tests' renderWithProviders.
 */
export interface AppServices {
  /** The current account's id once loaded; null before (a back link then reads it from the URL). */
  accountId: number | null;
  /** Shows the app's error toast (spec §4). */
  showError: (message: string) => void;
}

// Outside a provider nothing is known and nothing can be shown; every screen renders inside the app shell.
export const AppServicesContext = createContext<AppServices>({ accountId: null, showError: () => {} });

export function useAppServices(): AppServices {
  return useContext(AppServicesContext);
}
