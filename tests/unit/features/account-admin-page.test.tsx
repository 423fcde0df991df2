import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { AccountAdminPage } from '../../../src/features/accounts/account-admin-page';
import { HttpResponse, http, server, startMswServer } from '../app/msw-server';
import { makeUser, renderWithProviders } from '../test-utils';

startMswServer();

const admin = makeUser({ id: 1, isStaff: true, account: null });
const preloadedState = { user: { user: admin, status: 'loaded' as const } };

function accounts(from: number, count: number) {
  return Array.from({ length: count }, (_, index) => ({ id: from + index, internalName: `Firm ${from + index}` }));
}

/** GET /api/accounts/: 45 accounts, 20 a page, searchable by name; records each request's query. */
function accountsApi() {
  const requests: { search: string | null; page: string | null }[] = [];
  const all = [{ id: 15, internalName: 'Baker & Co' }, ...accounts(100, 44)];
  server.use(
    http.get('/api/accounts/', ({ request }) => {
      const url = new URL(request.url);
      const search = url.searchParams.get('search');
      const page = url.searchParams.get('page');
      requests.push({ search, page });
      const matching = search ? all.filter((a) => a.internalName.toLowerCase().includes(search.toLowerCase())) : all;
      const pageNumber = Number(page ?? '1');
      const results = matching.slice((pageNumber - 1) * 20, pageNumber * 20);
      return HttpResponse.json({ count: matching.length, next: null, previous: null, results });
    }),
    http.get('/api/:accountId/', ({ params }) =>
      HttpResponse.json({ id: Number(params.accountId), internalName: `Account ${String(params.accountId)}` }),
    ),
  );
  return requests;
}

describe('account administration', () => {
  it('lists accounts by internal name with their ids and pages through them', async () => {
    const requests = accountsApi();
    const { user } = renderWithProviders(<AccountAdminPage />, { preloadedState, route: '/account-admin' });

    expect(screen.getByRole('heading', { level: 1, name: 'Accounts' })).toBeInTheDocument();
    expect(screen.getByRole('status')).toHaveTextContent('Loading accounts…');
    const list = await screen.findByRole('list', { name: 'Accounts' });
    expect(within(list).getAllByRole('link')).toHaveLength(20);
    expect(within(list).getByRole('link', { name: 'Baker & Co' })).toBeInTheDocument();
    expect(within(list).getByText('ID 15')).toBeInTheDocument();
    expect(screen.getByText('Page 1 of 3')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Previous' })).toBeDisabled();

    await user.click(screen.getByRole('button', { name: 'Next' }));
    expect(await screen.findByText('Page 2 of 3')).toBeInTheDocument();
    expect(await screen.findByRole('link', { name: 'Firm 119' })).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Next' }));
    expect(await screen.findByText('Page 3 of 3')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Next' })).toBeDisabled();
    await user.click(screen.getByRole('button', { name: 'Previous' }));
    expect(await screen.findByText('Page 2 of 3')).toBeInTheDocument();
    // Page 2 came back from the api cache: no second request.
    expect(requests.map((r) => r.page)).toEqual(['1', '2', '3']);
  });

  it('searches after typing settles (250 ms) and starts again at page 1', async () => {
    const requests = accountsApi();
    const { user } = renderWithProviders(<AccountAdminPage />, { preloadedState });
    await screen.findByRole('list', { name: 'Accounts' });
    await user.click(screen.getByRole('button', { name: 'Next' }));
    await screen.findByText('Page 2 of 3');

    await user.type(screen.getByRole('searchbox', { name: 'Search accounts' }), 'baker');
    expect(await screen.findByText('Page 1 of 1')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Baker & Co' })).toBeInTheDocument();
    expect(screen.getAllByRole('link')).toHaveLength(1);
    // One request for the settled text, none for the keystrokes on the way.
    expect(requests.filter((r) => r.search !== null)).toEqual([{ search: 'baker', page: '1' }]);
  });

  it('says so when nothing matches', async () => {
    accountsApi();
    const { user } = renderWithProviders(<AccountAdminPage />, { preloadedState });
    await screen.findByRole('list', { name: 'Accounts' });
    await user.type(screen.getByRole('searchbox', { name: 'Search accounts' }), 'zzz');
    expect(await screen.findByText('No accounts match your search.')).toBeInTheDocument();
    expect(screen.queryByText(/Page \d of/)).not.toBeInTheDocument();
  });

  it('shows the error toast and a retry when the list cannot load', async () => {
    let calls = 0;
    server.use(
      http.get('/api/accounts/', () => {
        calls += 1;
        // The client retries a failed GET once: both attempts fail.
        return calls <= 2
          ? HttpResponse.json({ detail: 'Boom' }, { status: 500 })
          : HttpResponse.json({ count: 1, next: null, previous: null, results: [{ id: 15, internalName: 'Baker & Co' }] });
      }),
    );
    const { store, user } = renderWithProviders(<AccountAdminPage />, { preloadedState });
    expect(await screen.findByText('Unable to load account list.')).toBeInTheDocument();
    expect(store.getState().app.toast).toEqual({
      show: true,
      title: 'Error',
      message: 'Unable to load account list',
      variant: 'danger',
    });
    await user.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('link', { name: 'Baker & Co' })).toBeInTheDocument();
  });

  it('choosing an account makes it current and opens its home', async () => {
    accountsApi();
    const { store, user, location } = renderWithProviders(<AccountAdminPage />, { preloadedState });
    await user.click(await screen.findByRole('link', { name: 'Baker & Co' }));
    await waitFor(() => expect(location().pathname).toBe('/15'));
    expect(store.getState().account.currentAccount).toEqual({ id: 15, internalName: 'Account 15' });
    expect(store.getState().account.accountId).toBe(15);
  });

  it('goes to a safe next path after choosing, and ignores an unsafe one', async () => {
    accountsApi();
    const first = renderWithProviders(<AccountAdminPage />, {
      preloadedState,
      route: `/account-admin?next=${encodeURIComponent('/15/responses?archived=true')}`,
    });
    await first.user.click(await screen.findByRole('link', { name: 'Baker & Co' }));
    await waitFor(() => expect(first.location().pathname).toBe('/15/responses'));
    expect(first.location().search).toBe('?archived=true');
    first.unmount();

    const second = renderWithProviders(<AccountAdminPage />, {
      preloadedState,
      route: `/account-admin?next=${encodeURIComponent('//evil.example/steal')}`,
    });
    await second.user.click(await screen.findByRole('link', { name: 'Baker & Co' }));
    await waitFor(() => expect(second.location().pathname).toBe('/15'));
  });

  it('lets staff choose directly with ?accountId=', async () => {
    const requests = accountsApi();
    const { store, location } = renderWithProviders(<AccountAdminPage />, {
      preloadedState,
      route: '/account-admin?accountId=15',
    });
    expect(screen.getByRole('status')).toHaveTextContent('Opening account…');
    await waitFor(() => expect(location().pathname).toBe('/15'));
    expect(store.getState().account.accountId).toBe(15);
    expect(requests).toEqual([]);
  });
});
