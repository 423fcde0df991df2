import { screen, waitFor, within } from '@testing-library/react';
import { Route, Routes } from 'react-router';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { configureHttpClient } from '../../../../src/api/client';
import { ResponseDetailPage } from '../../../../src/features/responses/response-detail-page';
import { HttpResponse, http, server, startMswServer } from '../../app/msw-server';
import { renderWithProviders } from '../../test-utils';
import { ACCOUNT, errorToast, neighboursApi, successToast } from './response-fixtures';

startMswServer();

const onFatalError = vi.fn<(error: { statusCode: number; message: string }) => void>();
beforeEach(() => {
  onFatalError.mockReset();
  configureHttpClient({ onUnauthorized: () => {}, onFatalError });
});

const RESPONSE_ID = '9b7e0f5e-1d2c-4b7a-8e6f-0a1b2c3d4e5f';
const FORM_ID = '3f0c9c53-8f4e-4c1e-9d38-6f3a3a3b2c11';
const DETAIL_URL = `/api/${ACCOUNT}/form-responses/${RESPONSE_ID}/`;

const answer = (label: string, displayValue: string, pageTitle: string, sectionTitle: string | null = null, inputId = label) => ({
  inputId,
  label,
  dataName: label.toLowerCase().replace(/\W+/g, '_'),
  subtype: 'textInput',
  pageTitle,
  sectionTitle,
  value: displayValue || null,
  displayValue,
});

function wireDetail(overrides: Record<string, unknown> = {}) {
  return {
    id: RESPONSE_ID,
    formTemplate: { id: FORM_ID, name: 'Client intake', archived: false },
    submittedAt: '2026-03-02T15:30:00.000Z',
    isSpam: false,
    spamReasons: [],
    prefill: { id: 'pf1', name: 'Website referral' },
    data: {},
    answers: [
      answer('Full name', 'Ada Lovelace', 'About you'),
      answer('Email', 'ada@example.test', 'About you', 'Contact details'),
      answer('Phone', '', 'About you', 'Contact details'),
      answer('Matter type', 'Estate; Tax', 'Your matter'),
      answer('Details', 'Line one\nLine two', 'Your matter', 'Story'),
    ],
    ...overrides,
  };
}

function renderDetail() {
  return renderWithProviders(
    <Routes>
      <Route path="/:accountId/responses/:responseId" element={<ResponseDetailPage />} />
      <Route path="/:accountId/responses" element={<p>List</p>} />
    </Routes>,
    { route: `/${ACCOUNT}/responses/${RESPONSE_ID}` },
  );
}

/** A detail API whose spam flag follows the PUTs it receives; `failPut` answers them with 500 instead. */
function detailApi(initial: Record<string, unknown> = {}, options: { failPut?: boolean; holdPut?: Promise<void> } = {}) {
  let current = wireDetail(initial);
  const puts: unknown[] = [];
  neighboursApi();
  server.use(
    http.get(DETAIL_URL, () => HttpResponse.json(current)),
    http.put(DETAIL_URL, async ({ request }) => {
      const body = (await request.json()) as { is_spam: boolean };
      puts.push(body);
      if (options.holdPut) await options.holdPut;
      if (options.failPut) return HttpResponse.json({ detail: 'boom' }, { status: 500 });
      current = { ...current, isSpam: body.is_spam, spamReasons: [] };
      return HttpResponse.json(current);
    }),
  );
  return { puts };
}

describe('response detail', () => {
  it('shows the form, the time, the prefill and the answers in form order, grouped by page and section', async () => {
    detailApi();
    renderDetail();
    expect(screen.getByRole('status')).toHaveTextContent('Loading response…');
    expect(await screen.findByRole('heading', { level: 2, name: 'About you' })).toBeInTheDocument();

    const details = screen.getByRole('region', { name: 'Response details' });
    expect(within(details).getByText('Client intake')).toBeInTheDocument();
    expect(within(details).getByText('Website referral')).toBeInTheDocument();
    expect(details.querySelector('time[datetime="2026-03-02T15:30:00.000Z"]')).not.toBeNull();

    // The deliveries panel comes before the answers: a failed push must not hide below a long form.
    expect(screen.getAllByRole('heading', { level: 2 }).map((heading) => heading.textContent)).toEqual(['Deliveries', 'About you', 'Your matter']);
    expect(screen.getAllByRole('heading', { level: 3 }).map((heading) => heading.textContent)).toEqual(['Contact details', 'Story']);

    const terms = screen.getAllByRole('term').map((term) => term.textContent);
    expect(terms.slice(-5)).toEqual(['Full name', 'Email', 'Phone', 'Matter type', 'Details']);
    const about = screen.getByRole('region', { name: 'About you' });
    const values = within(about)
      .getAllByRole('definition')
      .map((definition) => definition.textContent);
    expect(values).toEqual(['Ada Lovelace', 'ada@example.test', '—Not answered']);
    const matter = screen.getByRole('region', { name: 'Your matter' });
    expect(within(matter).getByText('Estate; Tax')).toBeInTheDocument();
    expect(within(matter).getByText(/Line one\s+Line two/)).toBeInTheDocument();

    // Not spam: no banner, and a way to mark it.
    expect(screen.queryByText('This activity is marked as Spam')).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Mark as spam' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Back to Responses' })).toHaveAttribute('href', `/${ACCOUNT}/responses`);
  });

  it('makes an email answer a mailto: link and a phone answer a tel: link; other answers stay text', async () => {
    detailApi({
      answers: [
        { ...answer('Email', 'ada+intake@example.test', 'About you'), subtype: 'email' },
        { ...answer('Phone', '+1 (555) 010-9999', 'About you'), subtype: 'phoneNumber' },
        { ...answer('Office phone', 'call reception', 'About you'), subtype: 'phoneNumber' },
        answer('Full name', 'Ada Lovelace', 'About you'),
      ],
    });
    renderDetail();
    expect(await screen.findByRole('link', { name: 'ada+intake@example.test' })).toHaveAttribute('href', 'mailto:ada+intake@example.test');
    expect(screen.getByRole('link', { name: '+1 (555) 010-9999' })).toHaveAttribute('href', 'tel:+15550109999');
    // Not a phone number the form would take: no link to dial.
    expect(screen.getByText('call reception').closest('a')).toBeNull();
    expect(screen.getByText('Ada Lovelace').closest('a')).toBeNull();
  });

  it('offers Previous and Next from the list’s default view when opened directly, disabled at the ends', async () => {
    detailApi();
    const queries: Record<string, string>[] = [];
    const newer = '11111111-1111-4111-8111-111111111111';
    server.use(
      http.get(`${DETAIL_URL}neighbours/`, ({ request }) => {
        queries.push(Object.fromEntries(new URL(request.url).searchParams));
        return HttpResponse.json({ newer, older: null });
      }),
    );
    renderDetail();
    const nav = await screen.findByRole('navigation', { name: 'Responses in this list' });
    await waitFor(() => expect(within(nav).getByRole('link', { name: 'Previous response' })).toHaveAttribute('href', `/${ACCOUNT}/responses/${newer}`));
    expect(within(nav).getByRole('button', { name: 'Next response' })).toBeDisabled();
    // Opened without a list behind it: the default list (spam hidden).
    expect(queries).toEqual([{ is_spam: 'false' }]);
  });

  it("shows 'None' when no prefill was used and marks an archived form", async () => {
    detailApi({ prefill: null, formTemplate: { id: FORM_ID, name: 'Old form', archived: true } });
    renderDetail();
    const details = await screen.findByRole('region', { name: 'Response details' });
    expect(within(details).getByText('None')).toBeInTheDocument();
    expect(within(details).getByText('Archived')).toBeInTheDocument();
  });

  it('a spam response shows the banner and why; Mark as Not Spam clears it (Loading… while saving)', async () => {
    let release = () => {};
    const holdPut = new Promise<void>((resolve) => {
      release = resolve;
    });
    const { puts } = detailApi({ isSpam: true, spamReasons: ['honeypot', 'filled-too-fast'] }, { holdPut });
    const { user, store } = renderDetail();
    const banner = await screen.findByRole('region', { name: 'Spam status' });
    expect(banner).toHaveTextContent('This activity is marked as Spam');
    expect(screen.getByText(/Marked automatically because .*hidden.* and .*faster/)).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Mark as spam' })).not.toBeInTheDocument();

    await user.click(within(banner).getByRole('button', { name: 'Mark as Not Spam' }));
    expect(within(banner).getByRole('button', { name: 'Loading...' })).toBeDisabled();
    release();

    await waitFor(() => expect(screen.queryByRole('region', { name: 'Spam status' })).not.toBeInTheDocument());
    expect(puts).toEqual([{ is_spam: false }]);
    expect(screen.getByRole('button', { name: 'Mark as spam' })).toHaveFocus();
    expect(store.getState().app.toast).toEqual(successToast('Action completed successfully'));
  });

  it('Mark as spam flags it and shows the banner', async () => {
    const { puts } = detailApi();
    const { user, store } = renderDetail();
    await user.click(await screen.findByRole('button', { name: 'Mark as spam' }));
    const banner = await screen.findByRole('region', { name: 'Spam status' });
    expect(puts).toEqual([{ is_spam: true }]);
    expect(within(banner).getByRole('button', { name: 'Mark as Not Spam' })).toHaveFocus();
    expect(screen.queryByRole('button', { name: 'Mark as spam' })).not.toBeInTheDocument();
    expect(store.getState().app.toast).toEqual(successToast('Action completed successfully'));
  });

  it('a failed spam change shows the spec message and changes nothing', async () => {
    detailApi({ isSpam: true }, { failPut: true });
    const { user, store } = renderDetail();
    const banner = await screen.findByRole('region', { name: 'Spam status' });
    await user.click(within(banner).getByRole('button', { name: 'Mark as Not Spam' }));
    await waitFor(() =>
      expect(store.getState().app.toast).toEqual(errorToast('Unable to change the spam status on this response at this time')),
    );
    expect(screen.getByRole('region', { name: 'Spam status' })).toBeInTheDocument();
    expect(within(banner).getByRole('button', { name: 'Mark as Not Spam' })).toBeEnabled();
  });

  it('a failed load shows the spec message in a toast and on the page; Try again loads it', async () => {
    let fail = true;
    neighboursApi();
    server.use(http.get(DETAIL_URL, () => (fail ? HttpResponse.json({ detail: 'boom' }, { status: 503 }) : HttpResponse.json(wireDetail()))));
    const { user, store } = renderDetail();
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('Unable to load the selected response detail data');
    expect(store.getState().app.toast).toEqual(errorToast('Unable to load the selected response detail data'));

    fail = false;
    await user.click(within(alert).getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('heading', { level: 2, name: 'About you' })).toBeInTheDocument();
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });

  it('an unknown response is the error page’s business (404), not a toast', async () => {
    neighboursApi();
    server.use(http.get(DETAIL_URL, () => HttpResponse.json({ detail: 'Not Found' }, { status: 404 })));
    const { store } = renderDetail();
    await waitFor(() => expect(onFatalError).toHaveBeenCalledWith({ statusCode: 404, message: 'Not Found' }));
    expect(store.getState().app.toast.show).toBe(false);
  });

  it('says so when a response has no answers to show', async () => {
    detailApi({ answers: [] });
    renderDetail();
    expect(await screen.findByText('This response has no answers to show.')).toBeInTheDocument();
  });
});
