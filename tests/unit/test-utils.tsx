import { render } from '@testing-library/react';
import type { RenderOptions } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ReactElement, ReactNode } from 'react';
import { Provider } from 'react-redux';
import { MemoryRouter, useLocation } from 'react-router';
import type { Location } from 'react-router';
import { AppServicesProvider } from '../../src/app/layouts/app-services-provider';
import { makeStore } from '../../src/app/store';
import type { AppStore, PreloadedState } from '../../src/app/store';
import { registerFormSlice } from '../../src/features/builder/form-slice-registration';

// In the app the builder's routes register the builder's slice when they load; unit tests render builder parts
// directly. (Not in the setup file: modules it imports escape a test file's vi.mock.)
registerFormSlice();

export interface ProviderOptions extends Omit<RenderOptions, 'queries' | 'wrapper'> {
  /** Slices to start from; each is merged over its initial state. */
  preloadedState?: PreloadedState;
  /** A store made by the test (wins over preloadedState). */
  store?: AppStore;
  /** The router's starting URL (path, query and hash); '/' by default. */
  route?: string;
}

function LocationProbe({ onChange }: { onChange: (location: Location) => void }) {
  onChange(useLocation());
  return null;
}

/**
 * Renders `ui` inside the Redux Provider, the app services of the shell and a MemoryRouter (Redux essentials' renderWithProviders).
 * Returns the store, a userEvent instance and `location()`, the router's current location, for navigation checks.
 */
export function renderWithProviders(ui: ReactElement, options: ProviderOptions = {}) {
  const { preloadedState, store = makeStore(preloadedState), route = '/', ...renderOptions } = options;
  let current: Location | null = null;
  const record = (location: Location) => {
    current = location;
  };

  function Wrapper({ children }: { children: ReactNode }) {
    return (
      <Provider store={store}>
        <AppServicesProvider>
          <MemoryRouter initialEntries={[route]}>
            {children}
            <LocationProbe onChange={record} />
          </MemoryRouter>
        </AppServicesProvider>
      </Provider>
    );
  }

  const user = userEvent.setup();
  const result = render(ui, { wrapper: Wrapper, ...renderOptions });
  const location = (): Location => {
    if (!current) throw new Error('The router has not rendered yet');
    return current;
  };
  return { store, user, location, ...result };
}

/** A signed-in user for preloaded state; pass overrides for admins or account-less users. */
export function makeUser(overrides: Partial<NonNullable<PreloadedUser>> = {}): NonNullable<PreloadedUser> {
  return {
    id: 7,
    isStaff: false,
    isSuperuser: false,
    email: 'user@example.test',
    firstName: 'Uma',
    lastName: 'User',
    account: { id: 12, internalName: 'Acme Legal' },
    ...overrides,
  };
}

type PreloadedUser = ReturnType<AppStore['getState']>['user']['user'];
