import { screen } from '@testing-library/react';
import { Link } from 'react-router';
import { describe, expect, it, vi } from 'vitest';
import { BackLink } from '../../../src/components/back-link';
import { renderWithProviders } from '../test-utils';

const account = { currentAccount: { id: 12, internalName: 'Acme Legal' }, accountId: 12, loaded: true };

describe('BackLink', () => {
  it('links to a path under the current account', () => {
    renderWithProviders(<BackLink to="responses">Back to Responses</BackLink>, { preloadedState: { account } });
    expect(screen.getByRole('link', { name: 'Back to Responses' })).toHaveAttribute('href', '/12/responses');
  });

  it('falls back to the account id in the URL before the account is loaded', () => {
    renderWithProviders(<BackLink to="">Back to All Forms</BackLink>, { route: '/34/build/contact-export-form' });
    expect(screen.getByRole('link', { name: 'Back to All Forms' })).toHaveAttribute('href', '/34');
  });

  it('links to the bare path with noAccountId', () => {
    renderWithProviders(
      <BackLink to="/account-admin" noAccountId>
        Back to Admin
      </BackLink>,
      { preloadedState: { account } },
    );
    expect(screen.getByRole('link', { name: 'Back to Admin' })).toHaveAttribute('href', '/account-admin');
  });

  it('goes back one step in history', async () => {
    const { user, location } = renderWithProviders(
      <>
        <Link to="/12/responses">Responses</Link>
        <BackLink history>Back to Previous Page</BackLink>
      </>,
      { route: '/12' },
    );
    await user.click(screen.getByRole('link', { name: 'Responses' }));
    expect(location().pathname).toBe('/12/responses');
    await user.click(screen.getByRole('button', { name: 'Back to Previous Page' }));
    expect(location().pathname).toBe('/12');
  });

  it('emits the click when used as a button', async () => {
    const onClick = vi.fn();
    const { user, location } = renderWithProviders(<BackLink onClick={onClick}>Back</BackLink>, { route: '/12/x' });
    await user.click(screen.getByRole('button', { name: 'Back' }));
    expect(onClick).toHaveBeenCalledOnce();
    expect(location().pathname).toBe('/12/x');
  });
});
