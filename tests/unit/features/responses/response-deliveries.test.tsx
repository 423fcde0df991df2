import { act, screen, waitFor, within } from '@testing-library/react';
import { Route, Routes } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { configureHttpClient } from '../../../../src/api/client';
import { toastCleared } from '../../../../src/app/app-slice';
import { DELIVERY_POLL_MS } from '../../../../src/features/responses/delivery-labels';
import { ResponseDetailPage } from '../../../../src/features/responses/response-detail-page';
import { formatExactTime } from '../../../../src/domain/intl-format';
import { HttpResponse, http, server, startMswServer } from '../../app/msw-server';
import { renderWithProviders } from '../../test-utils';
import { ACCOUNT, errorToast, narrowScreen, neighboursApi, successToast } from './response-fixtures';

startMswServer();
beforeEach(() => configureHttpClient({ onUnauthorized: () => {}, onFatalError: () => {} }));
afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

const RESPONSE_ID = '5d1f0e2a-3b4c-4d5e-8f60-718293a4b5c6';
const FORM_ID = '7a8b9c0d-1e2f-4a3b-9c4d-5e6f7a8b9c0d';
const HOOK_A = 'aaaaaaaa-1111-4222-8333-444444444444';
const HOOK_B = 'bbbbbbbb-1111-4222-8333-444444444444';
const DETAIL_URL = `/api/${ACCOUNT}/form-responses/${RESPONSE_ID}/`;
const PUSH_URL = `${DETAIL_URL}attempt_push/`;
const PUSH_FAILED = 'An error occurred while pushing response data to integrations';

type Delivery = Record<string, unknown>;

const attempt = (attemptNo: number, overrides: Record<string, unknown> = {}) => ({
  attemptNo,
  startedAt: `2026-03-02T15:3${attemptNo}:0${attemptNo}.000Z`,
  durationMs: 120,
  requestMethod: 'POST',
  requestUrl: 'https://hooks.zapier.com/hooks/catch/1/abc/',
  responseStatus: 503,
  responseExcerpt: null,
  errorKind: 'http',
  errorMessage: 'Service Unavailable',
  ...overrides,
});

function delivery(overrides: Delivery = {}): Delivery {
  return {
    id: crypto.randomUUID(),
    kind: 'zapier',
    target: `zapier:${HOOK_A}`,
    status: 'succeeded',
    attemptCount: 1,
    lastError: null,
    nextAttemptAt: null,
    succeededAt: '2026-03-02T15:31:00.000Z',
    externalRef: null,
    attempts: [attempt(1, { responseStatus: 200, errorKind: null, errorMessage: null })],
    ...overrides,
  };
}

function wireDetail(deliveries: Delivery[], overrides: Record<string, unknown> = {}) {
  return {
    id: RESPONSE_ID,
    formTemplate: { id: FORM_ID, name: 'Client intake', archived: false },
    submittedAt: '2026-03-02T15:30:00.000Z',
    isSpam: false,
    spamReasons: [],
    prefill: null,
    data: {},
    answers: [],
    deliveries,
    ...overrides,
  };
}

/** The detail answers `next()` on each GET (the last one over and over); GETs are counted. */
function detailApi(next: () => ReturnType<typeof wireDetail>) {
  neighboursApi();
  const gets = { count: 0 };
  server.use(
    http.get(DETAIL_URL, () => {
      gets.count += 1;
      return HttpResponse.json(next());
    }),
  );
  return gets;
}

function renderDetail() {
  return renderWithProviders(
    <Routes>
      <Route path="/:accountId/responses/:responseId" element={<ResponseDetailPage />} />
    </Routes>,
    { route: `/${ACCOUNT}/responses/${RESPONSE_ID}` },
  );
}

const panel = () => screen.getByRole('region', { name: 'Deliveries' });
const item = (name: string) => within(panel()).getByRole('listitem', { name });

describe('response detail: deliveries', () => {
  it('shows each delivery: integration and target, status in words, attempts, last error, next try and reference', async () => {
    const nextTry = new Date(Date.now() + 10 * 60_000).toISOString();
    detailApi(() =>
      wireDetail([
        delivery({ externalRef: 'zap-run-42' }),
        delivery({
          target: `zapier:${HOOK_B}`,
          status: 'pending',
          attemptCount: 2,
          lastError: 'HTTP 503: Service Unavailable',
          nextAttemptAt: nextTry,
          succeededAt: null,
          attempts: [attempt(2, { responseExcerpt: '{"status":"down"}' }), attempt(1, { responseStatus: null, errorKind: 'timeout', errorMessage: 'No answer in 15 s', durationMs: 15_000 })],
        }),
        delivery({ kind: 'clio', target: 'clio', status: 'failed', lastError: 'Matter: Practice area "Tax" no longer exists', succeededAt: null, attempts: [] }),
        delivery({ kind: 'centerbase', target: 'centerbase', status: 'blocked', attemptCount: 0, succeededAt: null, attempts: [] }),
      ]),
    );
    const { user } = renderDetail();
    await screen.findByRole('region', { name: 'Deliveries' });

    const delivered = item('Zapier · Hook aaaaaaaa');
    expect(within(delivered).getByText('Delivered')).toBeInTheDocument();
    expect(within(delivered).getByText('zap-run-42')).toBeInTheDocument();
    expect(delivered.querySelector('time[datetime="2026-03-02T15:31:00.000Z"]')).not.toBeNull();
    expect(within(delivered).queryByText('Last error')).not.toBeInTheDocument();

    const retrying = item('Zapier · Hook bbbbbbbb');
    expect(within(retrying).getByText('Waiting to retry')).toBeInTheDocument();
    expect(within(retrying).getByText('HTTP 503: Service Unavailable')).toBeInTheDocument();
    const next = retrying.querySelector(`time[datetime="${nextTry}"]`);
    expect(next).toHaveTextContent(`in 10 minutes (${formatExactTime(nextTry)})`);

    // The history opens on demand, newest attempt first, with status, duration and error.
    const toggle = within(retrying).getByRole('button', { name: 'Show all 2 attempts' });
    expect(toggle).toHaveAttribute('aria-expanded', 'false');
    await user.click(toggle);
    expect(within(retrying).getByRole('button', { name: 'Hide attempts' })).toHaveAttribute('aria-expanded', 'true');
    const rows = within(within(retrying).getByRole('table')).getAllByRole('row').slice(1);
    expect(rows.map((row) => within(row).getAllByRole('cell').map((cell) => cell.textContent))).toEqual([
      ['2', expect.any(String), '120 ms', '503', 'Service UnavailableWhat it answered{"status":"down"}'],
      ['1', expect.any(String), '15.0 s', '—', 'Timed out: No answer in 15 s'],
    ]);

    const failed = item('Clio');
    expect(within(failed).getByText('Failed')).toBeInTheDocument();
    expect(within(failed).getByText('Matter: Practice area "Tax" no longer exists')).toBeInTheDocument();
    expect(within(failed).getByText(/Automatic retries have stopped/)).toBeInTheDocument();
    expect(within(item('Centerbase')).getByText('Blocked')).toBeInTheDocument();
  });

  it('on phones lists the attempts as blocks instead of a wide table', async () => {
    vi.stubGlobal('matchMedia', vi.fn(narrowScreen()));
    detailApi(() =>
      wireDetail([delivery({ status: 'failed', lastError: 'HTTP 400', succeededAt: null, attempts: [attempt(2, { responseStatus: 400, errorMessage: 'Bad Request' }), attempt(1, { responseStatus: null, errorKind: 'network', errorMessage: 'Connection refused' })] })]),
    );
    const { user } = renderDetail();
    await screen.findByRole('region', { name: 'Deliveries' });
    await user.click(within(panel()).getByRole('button', { name: 'Show all 2 attempts' }));
    expect(within(panel()).queryByRole('table')).not.toBeInTheDocument();
    const attempts = within(within(panel()).getByRole('list', { name: 'Attempts, newest first' })).getAllByRole('listitem');
    expect(attempts.map((entry) => entry.textContent)).toEqual([
      expect.stringMatching(/^Attempt 2 · .*120 ms · HTTP status 400Bad Request$/),
      expect.stringMatching(/^Attempt 1 · .*120 ms · HTTP status —Network error: Connection refused$/),
    ]);
  });

  it('without deliveries, says so and links to the form’s integrations', async () => {
    detailApi(() => wireDetail([]));
    renderDetail();
    await screen.findByRole('region', { name: 'Deliveries' });
    expect(within(panel()).getByText('This response has not been sent to any integration.')).toBeInTheDocument();
    expect(within(panel()).getByRole('link', { name: 'set up its integrations' })).toHaveAttribute(
      'href',
      `/${ACCOUNT}/build/${FORM_ID}/integrations`,
    );
  });

  it('Push to integrations sends now, shows the results, refreshes the detail and says it worked', async () => {
    let current = wireDetail([delivery({ status: 'failed', lastError: 'HTTP 400', succeededAt: null })]);
    const gets = detailApi(() => current);
    let release = () => {};
    const held = new Promise<void>((resolve) => {
      release = resolve;
    });
    const posts: string[] = [];
    server.use(
      http.post(PUSH_URL, async ({ request }) => {
        posts.push(request.url);
        await held;
        current = wireDetail([delivery({ attemptCount: 2 })]);
        return HttpResponse.json({ results: [{ kind: 'zapier', status: 'succeeded' }] });
      }),
    );
    const { user, store } = renderDetail();
    await screen.findByText('Failed');
    const before = gets.count;

    await user.click(within(panel()).getByRole('button', { name: 'Push to integrations' }));
    expect(within(panel()).getByRole('button', { name: 'Loading...' })).toBeDisabled();
    release();

    expect(await within(panel()).findByText('Zapier: Delivered')).toBeInTheDocument();
    await waitFor(() => expect(within(item('Zapier · Hook aaaaaaaa')).getByText('Delivered')).toBeInTheDocument());
    expect(gets.count).toBeGreaterThan(before);
    expect(posts).toHaveLength(1);
    expect(store.getState().app.toast).toEqual(successToast('Action completed successfully'));
    await user.click(within(panel()).getByRole('button', { name: 'Close push results' }));
    expect(within(panel()).queryByText('Zapier: Delivered')).not.toBeInTheDocument();
  });

  it("a push that fails, or whose delivery is still not through, shows the spec's error toast", async () => {
    detailApi(() => wireDetail([delivery({ status: 'failed', lastError: 'HTTP 400', succeededAt: null })]));
    let fail = true;
    server.use(
      http.post(PUSH_URL, () =>
        fail
          ? HttpResponse.json({ detail: 'boom' }, { status: 500 })
          : HttpResponse.json({ results: [{ kind: 'zapier', status: 'pending', error: 'HTTP 503: Service Unavailable' }] }),
      ),
    );
    const { user, store } = renderDetail();
    await screen.findByText('Failed');

    await user.click(within(panel()).getByRole('button', { name: 'Push to integrations' }));
    await waitFor(() => expect(store.getState().app.toast).toEqual(errorToast(PUSH_FAILED)));
    expect(within(panel()).getByRole('button', { name: 'Push to integrations' })).toBeEnabled();

    fail = false;
    await act(() => store.dispatch(toastCleared()));
    await user.click(within(panel()).getByRole('button', { name: 'Push to integrations' }));
    expect(await within(panel()).findByText('Zapier: Waiting to retry — HTTP 503: Service Unavailable')).toBeInTheDocument();
    expect(store.getState().app.toast).toEqual(errorToast(PUSH_FAILED));
  });

  it('a spam response cannot be pushed until it is un-marked, and says why', async () => {
    const posts: unknown[] = [];
    server.use(http.post(PUSH_URL, () => void posts.push(1)));
    detailApi(() => wireDetail([delivery({ status: 'cancelled', lastError: 'Marked as spam', succeededAt: null })], { isSpam: true }));
    renderDetail();
    await screen.findByRole('region', { name: 'Deliveries' });
    const button = within(panel()).getByRole('button', { name: 'Push to integrations' });
    expect(button).toBeDisabled();
    expect(button).toHaveAccessibleDescription('Spam is not pushed to integrations. Mark it as not spam to push it.');
    expect(within(item('Zapier · Hook aaaaaaaa')).getByText('Cancelled')).toBeInTheDocument();
    expect(posts).toEqual([]);
  });

  it('refreshes every few seconds while a delivery is sending, and stops once all have settled', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const answers = [
      wireDetail([delivery({ status: 'sending', succeededAt: null, attempts: [] })]),
      wireDetail([delivery({ status: 'sending', succeededAt: null, attempts: [] })]),
      wireDetail([delivery()]),
    ];
    const gets = detailApi(() => answers[Math.min(gets.count - 1, answers.length - 1)]);
    renderDetail();
    expect(await screen.findByText('Sending')).toBeInTheDocument();
    expect(gets.count).toBe(1);

    await act(() => vi.advanceTimersByTimeAsync(DELIVERY_POLL_MS));
    await waitFor(() => expect(gets.count).toBe(2));
    await act(() => vi.advanceTimersByTimeAsync(DELIVERY_POLL_MS));
    expect(await screen.findByText('Delivered')).toBeInTheDocument();
    expect(gets.count).toBe(3);

    // Settled: no more requests, however long the page stays open.
    await act(() => vi.advanceTimersByTimeAsync(DELIVERY_POLL_MS * 5));
    expect(gets.count).toBe(3);
  });

  it('does not poll for a retry hours away', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const later = new Date(Date.now() + 2 * 3600_000).toISOString();
    const gets = detailApi(() => wireDetail([delivery({ status: 'pending', attemptCount: 5, nextAttemptAt: later, succeededAt: null })]));
    renderDetail();
    expect(await screen.findByText('Waiting to retry')).toBeInTheDocument();
    await act(() => vi.advanceTimersByTimeAsync(DELIVERY_POLL_MS * 5));
    expect(gets.count).toBe(1);
  });
});
