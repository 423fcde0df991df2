import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { Sidebar } from '../../../../src/app/layouts/sidebar';
import type { PreloadedState } from '../../../../src/app/store';
import { makeUser, renderWithProviders } from '../../test-utils';

const ACCOUNT = { id: 12, internalName: 'Acme Legal' };

function state({ open = true, admin = false, account = true } = {}): PreloadedState {
  return {
    app: { sidebarOpen: open },
    user: { user: makeUser(admin ? { isStaff: true } : {}), status: 'loaded' },
    account: account ? { currentAccount: ACCOUNT, accountId: ACCOUNT.id, loaded: true } : {},
  };
}

function renderSidebar(options: { open?: boolean; admin?: boolean; account?: boolean; route?: string } = {}) {
  const { route = '/12', ...rest } = options;
  return renderWithProviders(<Sidebar />, { preloadedState: state(rest), route });
}

const nav = () => screen.getByRole('navigation', { name: 'Main' });
const logo = () => within(nav()).getByRole('img', { name: 'Form Builder' });

describe('Sidebar', () => {
  it('collapses and expands on click, dispatching the toggle and swapping the logo', async () => {
    const { store, user } = renderSidebar();
    const toggle = screen.getByRole('button', { name: 'Collapse sidebar' });
    expect(toggle).toHaveAttribute('aria-expanded', 'true');
    expect(logo()).toHaveAttribute('src', '/logo.svg');

    await user.click(toggle);
    expect(store.getState().app.sidebarOpen).toBe(false);
    expect(screen.getByRole('button', { name: 'Expand sidebar' })).toHaveAttribute('aria-expanded', 'false');
    expect(logo()).toHaveAttribute('src', '/logo-small.svg');

    await user.click(screen.getByRole('button', { name: 'Expand sidebar' }));
    expect(store.getState().app.sidebarOpen).toBe(true);
    expect(logo()).toHaveAttribute('src', '/logo.svg');
  });

  it('toggles with the Enter key', async () => {
    const { store, user } = renderSidebar();
    screen.getByRole('button', { name: 'Collapse sidebar' }).focus();
    await user.keyboard('{Enter}');
    expect(store.getState().app.sidebarOpen).toBe(false);
    const toggle = screen.getByRole('button', { name: 'Expand sidebar' });
    expect(toggle).toHaveAttribute('aria-expanded', 'false');
    expect(toggle).toHaveFocus();
    expect(logo()).toHaveAttribute('src', '/logo-small.svg');
  });

  it('shows the Admin link only to admins, and Logout to everyone', () => {
    renderSidebar();
    expect(screen.queryByRole('link', { name: 'Admin' })).not.toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Logout' })).toHaveAttribute('href', '/logout');
  });

  it('shows the Admin link to staff', () => {
    renderSidebar({ admin: true });
    expect(screen.getByRole('link', { name: 'Admin' })).toHaveAttribute('href', '/account-admin');
    expect(screen.getByRole('link', { name: 'Logout' })).toHaveAttribute('href', '/logout');
  });

  it('links the logo to the account home, or # when no account is loaded', () => {
    const { unmount } = renderSidebar();
    expect(logo().closest('a')).toHaveAttribute('href', '/12');
    expect(screen.getByText('Acme Legal')).toBeInTheDocument();
    unmount();

    renderSidebar({ admin: true, account: false, route: '/account-admin' });
    expect(logo().closest('a')).toHaveAttribute('href', '#');
    expect(screen.queryByText('Acme Legal')).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Forms' })).not.toBeInTheDocument();
  });

  it('opens the Forms dropdown with its children, and closes it when the sidebar is toggled', async () => {
    const { user } = renderSidebar();
    const forms = screen.getByRole('button', { name: 'Forms' });
    expect(forms).toHaveAttribute('aria-expanded', 'false');
    expect(screen.queryByRole('link', { name: 'All Forms' })).not.toBeInTheDocument();

    await user.click(forms);
    expect(forms).toHaveAttribute('aria-expanded', 'true');
    expect(screen.getByRole('link', { name: 'All Forms' })).toHaveAttribute('href', '/12');
    expect(screen.getByRole('link', { name: 'Archived Forms' })).toHaveAttribute('href', '/12?archived=true');
    expect(screen.getByRole('link', { name: 'Responses' })).toHaveAttribute('href', '/12/responses');

    await user.click(screen.getByRole('button', { name: 'Collapse sidebar' }));
    expect(screen.getByRole('button', { name: 'Forms' })).toHaveAttribute('aria-expanded', 'false');
    expect(screen.queryByRole('link', { name: 'All Forms' })).not.toBeInTheDocument();
  });

  it('closes the dropdown on an outside click when collapsed', async () => {
    const { user } = renderSidebar({ open: false });
    await user.click(screen.getByRole('button', { name: 'Forms' }));
    expect(screen.getByRole('link', { name: 'Archived Forms' })).toBeInTheDocument();

    // Inside the dropdown it stays open.
    await user.click(screen.getByRole('list', { name: 'Forms' }));
    expect(screen.getByRole('link', { name: 'Archived Forms' })).toBeInTheDocument();

    await user.click(document.body);
    expect(screen.queryByRole('link', { name: 'Archived Forms' })).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Forms' })).toHaveAttribute('aria-expanded', 'false');
  });

  it('keeps the dropdown open on an outside click when expanded', async () => {
    const { user } = renderSidebar();
    await user.click(screen.getByRole('button', { name: 'Forms' }));
    await user.click(document.body);
    expect(screen.getByRole('link', { name: 'Archived Forms' })).toBeInTheDocument();
  });

  it('closes the collapsed dropdown with Escape and returns focus to Forms', async () => {
    const { user } = renderSidebar({ open: false });
    await user.click(screen.getByRole('button', { name: 'Forms' }));
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('link', { name: 'All Forms' })).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Forms' })).toHaveFocus();
  });

  it('marks the parent active when the current path contains its path', () => {
    renderSidebar({ route: '/12/responses' });
    const forms = screen.getByRole('button', { name: 'Forms' });
    expect(forms).toHaveClass('active');
    expect(forms).toHaveAttribute('aria-current', 'true');
    expect(screen.getByRole('link', { name: 'Responses' })).toHaveAttribute('aria-current', 'page');
    expect(screen.getByRole('link', { name: 'Logout' })).not.toHaveAttribute('aria-current');
  });

  it('leaves the parent inactive elsewhere and marks the current child', async () => {
    const { unmount } = renderSidebar({ admin: true, route: '/account-admin' });
    expect(screen.getByRole('button', { name: 'Forms' })).not.toHaveClass('active');
    expect(screen.getByRole('button', { name: 'Forms' })).not.toHaveAttribute('aria-current');
    expect(screen.getByRole('link', { name: 'Admin' })).toHaveAttribute('aria-current', 'page');
    unmount();

    const { user } = renderSidebar({ route: '/12?archived=true' });
    await user.click(screen.getByRole('button', { name: 'Forms' }));
    expect(screen.getByRole('link', { name: 'Archived Forms' })).toHaveAttribute('aria-current', 'page');
    expect(screen.getByRole('link', { name: 'All Forms' })).not.toHaveAttribute('aria-current');
  });

  it('closes the collapsed dropdown after choosing a child and navigates', async () => {
    const { user, location } = renderSidebar({ open: false, route: '/12/responses' });
    await user.click(screen.getByRole('button', { name: 'Forms' }));
    await user.click(screen.getByRole('link', { name: 'Archived Forms' }));
    expect(location().pathname).toBe('/12');
    expect(location().search).toBe('?archived=true');
    expect(screen.queryByRole('link', { name: 'Archived Forms' })).not.toBeInTheDocument();
  });
});
