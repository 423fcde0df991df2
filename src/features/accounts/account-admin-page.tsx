import { useCallback, useEffect, useId, useState } from 'react';
import type { MouseEvent } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router';
import Button from 'react-bootstrap/Button';
import Form from 'react-bootstrap/Form';
import Spinner from 'react-bootstrap/Spinner';
import { PageFrame } from '../../components/page-frame';
import type { Account } from '../../api/accounts';
import { parseAccountId } from '../../domain/ids';
import { accountsApi } from '../../api/accounts';
import { ACCOUNT_PAGE_SIZE, LOAD_ACCOUNT_LIST_ERROR, setCurrentAccount } from '../../app/account-slice';
import { safeNextPath } from '../../app/browser-location';
import { useAppDispatch } from '../../app/hooks';
import { PageSpinner } from '../../app/layouts/page-spinner';
import { useErrorToast } from '../../app/use-error-toast';
import { loadStatusOf } from '../../domain/load-status';

const SEARCH_DEBOUNCE_MS = 250;

/** Search text that settles for `delay` ms; typing restarts the wait. */
function useDebounced(value: string, delay: number): string {
  const [settled, setSettled] = useState(value);
  useEffect(() => {
    const timer = setTimeout(() => setSettled(value), delay);
    return () => clearTimeout(timer);
  }, [value, delay]);
  return settled;
}

function isPlainLeftClick(event: MouseEvent): boolean {
  return event.button === 0 && !event.metaKey && !event.ctrlKey && !event.shiftKey && !event.altKey;
}

/**
 * /account-admin (admins only, spec §2, §6): find an account and make it the current one. After choosing, the
 * browser goes to the safe `next` path when given, else to the account's home. Staff may pass `?accountId=N`.
 */
export function AccountAdminPage() {
  const dispatch = useAppDispatch();
  const navigate = useNavigate();
  const [searchParams] = useSearchParams();
  const next = safeNextPath(searchParams.get('next'));
  const directAccountId = parseAccountId(searchParams.get('accountId'));

  const [query, setQuery] = useState('');
  const search = useDebounced(query.trim(), SEARCH_DEBOUNCE_MS);
  const [page, setPage] = useState(1);
  const [pageSearch, setPageSearch] = useState(search);
  // A new search starts again at its first page.
  if (pageSearch !== search) {
    setPageSearch(search);
    setPage(1);
  }
  const [choosing, setChoosing] = useState<number | null>(directAccountId);
  const directPending = directAccountId !== null && choosing === directAccountId;

  // A newer search or page replaces the shown one; an answer for one the user left only fills the cache.
  const list = accountsApi.useListAccountsQuery({ search: pageSearch || undefined, page }, { skip: directPending });
  useErrorToast(list.error, LOAD_ACCOUNT_LIST_ERROR);
  const status = loadStatusOf(list);
  const accounts = list.currentData?.results ?? [];
  const count = list.currentData?.count ?? 0;
  const pageCount = Math.max(1, Math.ceil(count / ACCOUNT_PAGE_SIZE));
  const searchId = useId();
  const statusId = useId();

  const targetFor = useCallback((accountId: number) => next ?? `/${accountId}`, [next]);

  /** Resolves to whether the account opened (a failure has already shown its toast or error page). */
  const openAccount = useCallback(
    async (accountId: number): Promise<boolean> => {
      const result = await dispatch(setCurrentAccount({ accountId }));
      if (!setCurrentAccount.fulfilled.match(result)) return false;
      // A direct choice (?accountId=) replaces this page in the history: Back should not choose again.
      void navigate(targetFor(accountId), { replace: directAccountId !== null });
      return true;
    },
    [dispatch, navigate, targetFor, directAccountId],
  );

  useEffect(() => {
    if (directAccountId === null) return;
    void openAccount(directAccountId).then((opened) => {
      if (!opened) setChoosing(null);
    });
  }, [directAccountId, openAccount]);

  if (directPending) {
    return <PageSpinner label="Opening account…" fullPage />;
  }

  const onChoose = (event: MouseEvent<HTMLAnchorElement>, account: Account) => {
    if (!isPlainLeftClick(event)) return;
    event.preventDefault();
    if (choosing !== null) return;
    setChoosing(account.id);
    void openAccount(account.id).then((opened) => {
      if (!opened) setChoosing(null);
    });
  };

  let body;
  if (status === 'failed') {
    body = (
      <div className="empty-state text-center py-5">
        <p className="mb-3">{LOAD_ACCOUNT_LIST_ERROR}.</p>
        <Button variant="outline-primary" onClick={() => void list.refetch()}>
          Try again
        </Button>
      </div>
    );
  } else if (status !== 'loaded') {
    body = <PageSpinner label="Loading accounts…" />;
  } else if (accounts.length === 0) {
    body = (
      <div className="empty-state text-center text-body-secondary py-5">
        <p className="mb-0">{search ? 'No accounts match your search.' : 'No accounts yet.'}</p>
      </div>
    );
  } else {
    body = (
      <ul className="list-group account-list" aria-label="Accounts" aria-describedby={statusId}>
        {accounts.map((account) => (
          <li key={account.id} className="list-group-item d-flex align-items-center justify-content-between gap-3">
            <Link
              to={targetFor(account.id)}
              className="account-link stretched-link text-decoration-none fw-semibold"
              onClick={(event) => onChoose(event, account)}
              aria-disabled={choosing !== null || undefined}
            >
              {account.internalName}
            </Link>
            <span className="d-flex align-items-center gap-2 text-body-secondary small text-nowrap">
              {choosing === account.id && <Spinner animation="border" size="sm" aria-label="Opening account" />}
              <span>ID {account.id}</span>
            </span>
          </li>
        ))}
      </ul>
    );
  }

  return (
    <PageFrame title="Accounts">
      <div className="account-admin">
        <Form role="search" className="mb-3" onSubmit={(event) => event.preventDefault()}>
          <Form.Label htmlFor={searchId}>Search accounts</Form.Label>
          <Form.Control
            id={searchId}
            type="search"
            value={query}
            placeholder="Account name"
            autoComplete="off"
            onChange={(event) => setQuery(event.target.value)}
          />
        </Form>
        {body}
        {status === 'loaded' && accounts.length > 0 && (
          <nav className="d-flex align-items-center justify-content-between gap-3 mt-3" aria-label="Account pages">
            <Button variant="outline-secondary" disabled={page <= 1} onClick={() => setPage(page - 1)}>
              Previous
            </Button>
            <span id={statusId} className="text-body-secondary" aria-live="polite">
              Page {page} of {pageCount}
            </span>
            <Button variant="outline-secondary" disabled={page >= pageCount} onClick={() => setPage(page + 1)}>
              Next
            </Button>
          </nav>
        )}
      </div>
    </PageFrame>
  );
}
