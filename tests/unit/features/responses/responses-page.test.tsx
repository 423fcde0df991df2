import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { Route, Routes } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ResponseDetailPage } from '../../../../src/features/responses/response-detail-page';
import { ResponsesPage } from '../../../../src/features/responses/responses-page';
import { wireForm } from '../../../fixtures/form-factories';
import { HttpResponse, http, server, startMswServer } from '../../app/msw-server';
import type { PreloadedState } from '../../../../src/app/store';
import { renderWithProviders } from '../../test-utils';
import { ACCOUNT, errorToast, formsApi, narrowScreen, page, responsesApi, wireResponse } from './response-fixtures';

startMswServer();
afterEach(() => {
  vi.unstubAllGlobals();
  vi.useRealTimers();
});

function renderList(route = `/${ACCOUNT}/responses`, preloadedState: PreloadedState = {}) {
  return renderWithProviders(
    <Routes>
      <Route path="/:accountId/responses" element={<ResponsesPage />} />
      <Route path="/:accountId/responses/:responseId" element={<ResponseDetailPage />} />
    </Routes>,
    { route, preloadedState },
  );
}

const intake = wireForm('Client intake');
const divorce = wireForm('divorce questionnaire');

const localDayStart = (day: string, offset = 0) => {
  const [year, month, date] = day.split('-').map(Number);
  return new Date(year, month - 1, date + offset).toISOString();
};

const bodyRows = () => within(screen.getByRole('table')).getAllByRole('row').slice(1);
const searchOf = (location: { search: string }) => Object.fromEntries(new URLSearchParams(location.search));

describe('responses: the list', () => {
  it('shows a loading state, then the responses newest first with time, form, summary and spam badge', async () => {
    formsApi([intake, divorce]);
    const first = wireResponse(intake, {
      submittedAt: '2026-03-02T15:30:00.000Z',
      summary: [
        { label: 'Full name', value: 'Ada Lovelace' },
        { label: 'Email', value: 'ada@example.test' },
      ],
    });
    const second = wireResponse(divorce, { submittedAt: '2026-03-01T09:00:00.000Z', isSpam: true, summary: [] });
    const queries = responsesApi(() => page([first, second]));
    renderList();

    expect(screen.getByRole('heading', { level: 1, name: 'Responses' })).toBeInTheDocument();
    expect(screen.getByRole('status')).toHaveTextContent('Loading responses…');
    const table = await screen.findByRole('table', { name: 'Responses, newest first' });
    expect(within(table).getAllByRole('columnheader').map((cell) => cell.textContent)).toEqual(['Submitted', 'Form', 'Summary', 'Status']);

    const [row1, row2] = bodyRows();
    expect(within(row1).getByRole('link')).toHaveAttribute('href', `/${ACCOUNT}/responses/${first.id}`);
    // Label in name (WCAG 2.5.3): the link's name starts with the time it shows, then says whose response it is.
    const link = within(row1).getByRole('link');
    const shown = [...link.querySelectorAll('time span')].map((span) => span.textContent).join('');
    expect(link).toHaveAccessibleName(`${shown}: response from Ada Lovelace to Client intake`);
    expect(row1.querySelector(`time[datetime="${first.submittedAt}"]`)).not.toBeNull();
    expect(row1).toHaveTextContent('Client intake');
    expect(within(row1).getByText('Full name')).toBeInTheDocument();
    expect(within(row1).getByText('Ada Lovelace')).toBeInTheDocument();
    expect(within(row1).getByText('ada@example.test')).toBeInTheDocument();
    expect(within(row1).queryByText('Spam')).not.toBeInTheDocument();
    expect(within(row2).getByText('Spam')).toBeInTheDocument();
    expect(within(row2).getByText('No answers')).toBeInTheDocument();

    expect(screen.getByText('2 responses')).toBeInTheDocument();
    expect(queries).toEqual([{ is_spam: 'false', page_size: '50' }]);
    // One page only: no pager.
    expect(screen.queryByRole('navigation', { name: 'Response pages' })).not.toBeInTheDocument();
  });

  it("offers 'All Forms' first, then the forms by name ignoring case", async () => {
    const forms = [wireForm('beta intake'), wireForm('Zoning appeal'), wireForm('Alpha matter'), wireForm('charlie estate')];
    const calls = formsApi(forms);
    responsesApi(() => page([]));
    renderList();
    const select = screen.getByRole('combobox', { name: 'Form' });
    await waitFor(() => expect(within(select).getAllByRole('option')).toHaveLength(5));
    expect(within(select).getAllByRole('option').map((option) => option.textContent)).toEqual([
      'All Forms',
      'Alpha matter',
      'beta intake',
      'charlie estate',
      'Zoning appeal',
    ]);
    expect(select).toHaveValue('');
    expect(calls).toEqual([{}]);
  });

  it('filters by form, spam status and dates: each change goes to the URL and to the request', async () => {
    formsApi([intake, divorce]);
    const queries = responsesApi(() => page([wireResponse(intake)]));
    const { user, location } = renderList();
    await screen.findByRole('table');
    await waitFor(() => expect(screen.getAllByRole('option', { name: 'Client intake' })).toHaveLength(1));

    await user.selectOptions(screen.getByRole('combobox', { name: 'Form' }), 'Client intake');
    expect(searchOf(location())).toEqual({ form: intake.id });
    await waitFor(() => expect(queries.at(-1)).toEqual({ form_template: intake.id, is_spam: 'false', page_size: '50' }));

    await user.selectOptions(screen.getByRole('combobox', { name: 'Spam' }), 'Spam');
    expect(searchOf(location())).toEqual({ form: intake.id, spam: 'spam' });
    await waitFor(() => expect(queries.at(-1)).toEqual({ form_template: intake.id, is_spam: 'true', page_size: '50' }));

    // Back to the default (spam hidden): it leaves the URL, and the list it asked for first is still cached.
    await user.selectOptions(screen.getByRole('combobox', { name: 'Spam' }), 'Not spam');
    expect(searchOf(location())).toEqual({ form: intake.id });

    fireEvent.change(screen.getByLabelText('Submitted from'), { target: { value: '2026-03-01' } });
    fireEvent.change(screen.getByLabelText('Submitted to'), { target: { value: '2026-03-31' } });
    expect(searchOf(location())).toEqual({ form: intake.id, from: '2026-03-01', to: '2026-03-31' });
    // The user's own days: from their midnight on the 1st up to (not including) their midnight after the 31st.
    await waitFor(() =>
      expect(queries.at(-1)).toEqual({
        form_template: intake.id,
        is_spam: 'false',
        submitted_after: localDayStart('2026-03-01'),
        submitted_before: localDayStart('2026-03-31', 1),
        page_size: '50',
      }),
    );

    await user.selectOptions(screen.getByRole('combobox', { name: 'Form' }), 'All Forms');
    expect(searchOf(location())).toEqual({ from: '2026-03-01', to: '2026-03-31' });
    await waitFor(() => expect(queries.at(-1)).not.toHaveProperty('form_template'));
  });

  it('filters by delivery status: the select follows ?delivery both ways, and each row shows its delivery', async () => {
    formsApi([intake]);
    const failed = wireResponse(intake, { deliveryStatus: 'failed', summary: [{ label: 'Name', value: 'Failing' }] });
    const delivered = wireResponse(intake, { deliveryStatus: 'succeeded', summary: [{ label: 'Name', value: 'Arrived' }] });
    const waiting = wireResponse(intake, { deliveryStatus: 'pending', summary: [{ label: 'Name', value: 'Waiting' }] });
    const spam = wireResponse(intake, { deliveryStatus: 'cancelled', isSpam: true, summary: [{ label: 'Name', value: 'Bot' }] });
    const none = wireResponse(intake, { deliveryStatus: null, summary: [{ label: 'Name', value: 'Nowhere' }] });
    const queries = responsesApi((query) => (query.delivery === 'failed' ? page([failed]) : page([failed, delivered, waiting, spam, none])));
    // The integrations page links here with the failed ones chosen.
    const { user, location } = renderList(`/${ACCOUNT}/responses?delivery=failed`);
    const select = await screen.findByRole('combobox', { name: 'Delivery' });
    expect(select).toHaveDisplayValue('Failed');
    await screen.findByRole('table');
    expect(queries).toEqual([{ is_spam: 'false', delivery: 'failed', page_size: '50' }]);
    expect(bodyRows()).toHaveLength(1);
    expect(within(bodyRows()[0]).getByText('Failed')).toBeInTheDocument();

    await user.selectOptions(select, 'Any');
    expect(searchOf(location())).toEqual({});
    await waitFor(() => expect(bodyRows()).toHaveLength(5));
    expect(queries.at(-1)).toEqual({ is_spam: 'false', page_size: '50' });
    const badges = bodyRows().map((row) => row.querySelector('.response-delivery-badge')?.textContent ?? null);
    // Waiting and sending read as one in the list; spam is never pushed, so its row shows only the spam badge.
    expect(badges).toEqual(['Delivery: Failed', 'Delivery: Delivered', 'Delivery: Sending', null, null]);

    await user.selectOptions(select, 'Unsent');
    expect(searchOf(location())).toEqual({ delivery: 'unsent' });
    await waitFor(() => expect(queries.at(-1)).toEqual({ is_spam: 'false', delivery: 'unsent', page_size: '50' }));
    await user.selectOptions(select, 'Delivered');
    expect(searchOf(location())).toEqual({ delivery: 'succeeded' });
    await waitFor(() => expect(queries.at(-1)).toEqual({ is_spam: 'false', delivery: 'succeeded', page_size: '50' }));
  });

  it('says what an empty delivery filter means, and Clear filters leaves it', async () => {
    formsApi([intake]);
    const queries = responsesApi((query) => (query.delivery ? page([]) : page([wireResponse(intake)])));
    const { user, location } = renderList(`/${ACCOUNT}/responses?delivery=failed`);
    expect(await screen.findByRole('heading', { name: 'No responses match these filters' })).toBeInTheDocument();
    expect(screen.getByText('No response has a failed delivery.')).toBeInTheDocument();
    await user.click(within(screen.getByRole('region', { name: 'Responses' })).getByRole('button', { name: 'Clear filters' }));
    expect(location().search).toBe('');
    expect(await screen.findByRole('table')).toBeInTheDocument();
    expect(queries.at(-1)).toEqual({ is_spam: 'false', page_size: '50' });
    expect(screen.getByRole('combobox', { name: 'Delivery' })).toHaveDisplayValue('Any');
  });

  it('debounces the search: one request 300 ms after typing stops, kept in the URL', async () => {
    formsApi([intake]);
    const queries = responsesApi(() => page([wireResponse(intake)]));
    const { user, location } = renderList();
    await screen.findByRole('table');
    const search = screen.getByRole('searchbox', { name: 'Search answers' });

    await user.type(search, 'Ada L');
    expect(search).toHaveValue('Ada L');
    // Not yet: typing has only just stopped.
    expect(queries).toHaveLength(1);
    expect(location().search).toBe('');

    await waitFor(() => expect(searchOf(location())).toEqual({ search: 'Ada L' }));
    await waitFor(() => expect(queries).toHaveLength(2));
    expect(queries[1]).toEqual({ is_spam: 'false', search: 'Ada L', page_size: '50' });
    // Every keystroke did not make its own request.
    await new Promise((resolve) => setTimeout(resolve, 350));
    expect(queries).toHaveLength(2);
    expect(search).toHaveValue('Ada L');
  });

  it('opens with the filters, search and page given in the URL (a reload keeps the view)', async () => {
    formsApi([intake, divorce]);
    const queries = responsesApi(() => page([wireResponse(divorce)], { count: null, previous: '/api/12/form-responses/?cursor=bmV3ZXI' }));
    renderList(`/${ACCOUNT}/responses?form=${divorce.id}&spam=not-spam&from=2026-01-01&to=2026-01-31&search=smith&cursor=b2xkZXI`);
    await screen.findByRole('table');
    expect(queries).toEqual([
      {
        form_template: divorce.id,
        is_spam: 'false',
        search: 'smith',
        submitted_after: localDayStart('2026-01-01'),
        submitted_before: localDayStart('2026-01-31', 1),
        page_size: '50',
        cursor: 'b2xkZXI',
      },
    ]);
    await waitFor(() => expect(screen.getByRole('combobox', { name: 'Form' })).toHaveValue(divorce.id));
    expect(screen.getByRole('combobox', { name: 'Spam' })).toHaveValue('not-spam');
    expect(screen.getByLabelText('Submitted from')).toHaveValue('2026-01-01');
    expect(screen.getByLabelText('Submitted to')).toHaveValue('2026-01-31');
    expect(screen.getByRole('searchbox', { name: 'Search answers' })).toHaveValue('smith');
  });

  it('ignores malformed filter values in the URL instead of sending them', async () => {
    formsApi([]);
    const queries = responsesApi(() => page([]));
    renderList(`/${ACCOUNT}/responses?form=not-a-uuid&spam=maybe&from=2026-02-30&to=yesterday`);
    expect(await screen.findByRole('heading', { name: 'No responses yet' })).toBeInTheDocument();
    expect(queries).toEqual([{ is_spam: 'false', page_size: '50' }]);
  });

  it('pages by cursor with Older and Newer, keeping the cursor in the URL and the total from the first page', async () => {
    formsApi([intake]);
    const newest = [wireResponse(intake, { summary: [{ label: 'Name', value: 'Newest' }] })];
    const older = [wireResponse(intake, { summary: [{ label: 'Name', value: 'Older one' }] })];
    const queries = responsesApi((query) => {
      if (query.cursor === 'T0xERVI') return page(older, { count: null, previous: '/api/12/form-responses/?page_size=50&cursor=TkVXRVI' });
      return page(newest, { count: 2, next: '/api/12/form-responses/?page_size=50&cursor=T0xERVI' });
    });
    const { user, location } = renderList();
    await screen.findByText('Newest');
    expect(screen.getByText('2 responses')).toBeInTheDocument();
    const pager = screen.getByRole('navigation', { name: 'Response pages' });
    expect(within(pager).getByRole('button', { name: 'Newer' })).toBeDisabled();

    await user.click(within(pager).getByRole('button', { name: 'Older' }));
    expect(await screen.findByText('Older one')).toBeInTheDocument();
    expect(searchOf(location())).toEqual({ cursor: 'T0xERVI' });
    expect(queries.at(-1)).toEqual({ is_spam: 'false', page_size: '50', cursor: 'T0xERVI' });
    // Later pages do not count again; the first page's total still shows.
    expect(screen.getByText('2 responses')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Older' })).toBeDisabled();
    expect(screen.getByRole('region', { name: 'Responses' })).toHaveFocus();

    await user.click(screen.getByRole('button', { name: 'Newer' }));
    await waitFor(() => expect(queries.at(-1)).toEqual({ is_spam: 'false', page_size: '50', cursor: 'TkVXRVI' }));
    expect(searchOf(location())).toEqual({ cursor: 'TkVXRVI' });
    expect(await screen.findByText('Newest')).toBeInTheDocument();
  });

  it('a filter change starts again from the newest page', async () => {
    formsApi([intake]);
    const queries = responsesApi(() => page([wireResponse(intake)], { count: null }));
    const { user, location } = renderList(`/${ACCOUNT}/responses?cursor=abc`);
    await screen.findByRole('table');
    await user.selectOptions(screen.getByRole('combobox', { name: 'Spam' }), 'Spam');
    expect(searchOf(location())).toEqual({ spam: 'spam' });
    await waitFor(() => expect(queries.at(-1)).toEqual({ is_spam: 'true', page_size: '50' }));
  });

  it('hides spam by default and says how much; one click shows only the spam, one click hides it again', async () => {
    formsApi([intake]);
    const real = wireResponse(intake, { summary: [{ label: 'Name', value: 'Real client' }] });
    const bot = wireResponse(intake, { isSpam: true, summary: [{ label: 'Name', value: 'Bot' }] });
    const queries = responsesApi((query) => (query.is_spam === 'true' ? page([bot]) : { ...page([real]), spamCount: 3 }));
    const { user, location } = renderList();
    expect(await screen.findByText('Real client')).toBeInTheDocument();
    expect(screen.queryByText('Bot')).not.toBeInTheDocument();
    expect(screen.getByText('1 response · 3 spam responses hidden')).toBeInTheDocument();
    expect(screen.getByRole('combobox', { name: 'Spam' })).toHaveDisplayValue('Not spam');

    await user.click(screen.getByRole('button', { name: 'Show spam' }));
    expect(searchOf(location())).toEqual({ spam: 'spam' });
    expect(await screen.findByText('Bot')).toBeInTheDocument();
    expect(queries.at(-1)).toEqual({ is_spam: 'true', page_size: '50' });
    expect(screen.getByText('1 matching response · Showing spam only')).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Hide spam' }));
    expect(location().search).toBe('');
    expect(await screen.findByText('Real client')).toBeInTheDocument();
  });

  it('an empty list that only hides spam says so and offers to show it', async () => {
    formsApi([intake]);
    responsesApi((query) => (query.is_spam === 'false' ? { ...page([]), spamCount: 2 } : page([wireResponse(intake, { isSpam: true })])));
    const { user, location } = renderList();
    expect(await screen.findByRole('heading', { name: 'No responses yet' })).toBeInTheDocument();
    expect(screen.getByText('2 spam responses hidden: they were marked as spam.')).toBeInTheDocument();
    await user.click(within(screen.getByRole('region', { name: 'Responses' })).getByRole('button', { name: 'Show spam' }));
    expect(searchOf(location())).toEqual({ spam: 'spam' });
    expect(await screen.findByRole('table')).toBeInTheDocument();
  });

  it('Previous and Next walk the list the detail was opened from, keeping its filters for Back', async () => {
    formsApi([intake]);
    const [first, second] = [wireResponse(intake, { summary: [{ label: 'Name', value: 'First' }] }), wireResponse(intake, { summary: [{ label: 'Name', value: 'Second' }] })];
    responsesApi(() => page([first, second]));
    const detail = (id: string) => ({
      id,
      formTemplate: { id: intake.id, name: intake.name, archived: false },
      submittedAt: '2026-03-01T10:00:00.000Z',
      isSpam: false,
      spamReasons: [],
      prefill: null,
      data: {},
      answers: [{ inputId: 'n', label: 'Name', dataName: 'name', subtype: 'textInput', pageTitle: 'P', sectionTitle: null, value: id, displayValue: id === first.id ? 'First' : 'Second' }],
    });
    const neighbourQueries: Record<string, string>[] = [];
    server.use(
      http.get(`/api/${ACCOUNT}/form-responses/:id/`, ({ params }) => HttpResponse.json(detail(String(params.id)))),
      http.get(`/api/${ACCOUNT}/form-responses/:id/neighbours/`, ({ params, request }) => {
        neighbourQueries.push(Object.fromEntries(new URL(request.url).searchParams));
        return HttpResponse.json(params.id === first.id ? { newer: null, older: second.id } : { newer: first.id, older: null });
      }),
    );
    const { user, location } = renderList(`/${ACCOUNT}/responses?form=${intake.id}&search=client`);
    await screen.findByRole('table');
    await user.click(within(bodyRows()[0]).getByRole('link'));
    const nav = await screen.findByRole('navigation', { name: 'Responses in this list' });
    expect(within(nav).getByRole('button', { name: 'Previous response' })).toBeDisabled();
    const next = await within(nav).findByRole('link', { name: 'Next response' });
    expect(neighbourQueries[0]).toEqual({ form_template: intake.id, is_spam: 'false', search: 'client' });

    // From the keyboard: the link is in the tab order and Enter follows it.
    next.focus();
    await user.keyboard('{Enter}');
    expect(location().pathname).toBe(`/${ACCOUNT}/responses/${second.id}`);
    expect(await screen.findByText('Second')).toBeInTheDocument();
    expect(await within(screen.getByRole('navigation', { name: 'Responses in this list' })).findByRole('link', { name: 'Previous response' })).toHaveAttribute(
      'href',
      `/${ACCOUNT}/responses/${first.id}`,
    );
    expect(screen.getByRole('link', { name: 'Back to Responses' })).toHaveAttribute('href', `/${ACCOUNT}/responses?form=${intake.id}&search=client`);
  });

  it("says 'No responses yet' when the account has none", async () => {
    formsApi([intake]);
    responsesApi(() => page([]));
    renderList();
    expect(await screen.findByRole('heading', { name: 'No responses yet' })).toBeInTheDocument();
    expect(screen.queryByRole('table')).not.toBeInTheDocument();
  });

  it("says 'No responses match these filters' under filters, and Clear filters shows everything again", async () => {
    formsApi([intake]);
    const queries = responsesApi((query) => (query.search ? page([]) : page([wireResponse(intake)])));
    const { user, location } = renderList(`/${ACCOUNT}/responses?search=nobody&spam=spam`);
    expect(await screen.findByRole('heading', { name: 'No responses match these filters' })).toBeInTheDocument();
    await user.click(within(screen.getByRole('region', { name: 'Responses' })).getByRole('button', { name: 'Clear filters' }));
    expect(location().search).toBe('');
    expect(await screen.findByRole('table')).toBeInTheDocument();
    expect(queries.at(-1)).toEqual({ is_spam: 'false', page_size: '50' });
    expect(screen.getByRole('searchbox', { name: 'Search answers' })).toHaveValue('');
  });

  it('shows the spec message in a toast and in the list when loading fails, and Try again reloads', async () => {
    formsApi([intake]);
    let fail = true;
    responsesApi(() => (fail ? HttpResponse.json({ detail: 'boom' }, { status: 500 }) : page([wireResponse(intake)])));
    const { user, store } = renderList();
    expect(await screen.findByRole('heading', { name: 'Unable to load response list data' })).toBeInTheDocument();
    expect(store.getState().app.toast).toEqual(errorToast('Unable to load response list data'));

    fail = false;
    await user.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('table')).toBeInTheDocument();
  });

  it('shows the server’s reasons for a refused filter or cursor, and offers the newest page', async () => {
    formsApi([intake]);
    responsesApi((query) =>
      query.cursor
        ? HttpResponse.json(
            { detail: 'Invalid query parameters.', errors: { cursor: ['is not a valid cursor; start again from the first page'] } },
            { status: 400 },
          )
        : page([wireResponse(intake)]),
    );
    const { user, location } = renderList(`/${ACCOUNT}/responses?cursor=stale`);
    expect(await screen.findByText('is not a valid cursor; start again from the first page')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Go to newest' }));
    expect(location().search).toBe('');
    expect(await screen.findByRole('table')).toBeInTheDocument();
  });

  it('Export CSV waits for a form to be chosen, then opens the export dialog for it', async () => {
    formsApi([intake]);
    responsesApi(() => page([wireResponse(intake)]));
    const { user } = renderList();
    await screen.findByRole('table');
    const exportButton = screen.getByRole('button', { name: 'Export CSV' });
    expect(exportButton).toBeDisabled();
    expect(exportButton).toHaveAccessibleDescription('Choose a form to export its responses.');

    await waitFor(() => expect(screen.getAllByRole('option', { name: 'Client intake' })).toHaveLength(1));
    await user.selectOptions(screen.getByRole('combobox', { name: 'Form' }), 'Client intake');
    expect(screen.getByRole('button', { name: 'Export CSV' })).toBeEnabled();
    server.use(http.get(`/api/${ACCOUNT}/settings/`, () => HttpResponse.json({ timeZone: 'America/New_York' })));
    await user.click(screen.getByRole('button', { name: 'Export CSV' }));
    const dialog = await screen.findByRole('dialog', { name: 'Export responses' });
    expect(within(dialog).getByText('Client intake')).toBeInTheDocument();
    // Which zone 'Submitted at' is in, and where to change it.
    expect(await within(dialog).findByText(/‘Submitted at’ is in America\/New York\./)).toBeInTheDocument();
    expect(within(dialog).getByRole('link', { name: 'Change the time zone' })).toHaveAttribute('href', `/${ACCOUNT}/settings`);
  });

  it('a row opens the response; its back link returns to the same filters and page', async () => {
    formsApi([intake]);
    const response = wireResponse(intake, { isSpam: true });
    responsesApi(() => page([response], { count: null }));
    server.use(
      http.get(`/api/${ACCOUNT}/form-responses/${response.id}/`, () =>
        HttpResponse.json({
          id: response.id,
          formTemplate: { id: intake.id, name: intake.name, archived: false },
          submittedAt: response.submittedAt,
          isSpam: true,
          spamReasons: [],
          prefill: null,
          data: {},
          answers: [],
        }),
      ),
    );
    const { user, location } = renderList(`/${ACCOUNT}/responses?spam=spam&cursor=abc`);
    await screen.findByRole('table');
    // The whole row opens it, not only its link.
    await user.click(within(bodyRows()[0]).getByText('Client intake'));
    expect(location().pathname).toBe(`/${ACCOUNT}/responses/${response.id}`);
    const back = await screen.findByRole('link', { name: 'Back to Responses' });
    expect(back).toHaveAttribute('href', `/${ACCOUNT}/responses?spam=spam&cursor=abc`);
    await user.click(back);
    expect(location().search).toBe('?spam=spam&cursor=abc');
  });

  it('marks the row of the response opened last (the response slice’s selection)', async () => {
    formsApi([intake]);
    const [seen, other] = [wireResponse(intake), wireResponse(intake)];
    responsesApi(() => page([seen, other]));
    renderList(`/${ACCOUNT}/responses`, { response: { selectedResponseId: seen.id } });
    await screen.findByRole('table');
    const [first, second] = bodyRows();
    expect(first).toHaveAttribute('aria-current', 'true');
    expect(second).not.toHaveAttribute('aria-current');
  });

  it('the row link opens the response from the keyboard', async () => {
    formsApi([intake]);
    const response = wireResponse(intake);
    responsesApi(() => page([response]));
    server.use(http.get(`/api/${ACCOUNT}/form-responses/${response.id}/`, () => new Promise<Response>(() => {})));
    const { user, location } = renderList();
    await screen.findByRole('table');
    within(bodyRows()[0]).getByRole('link').focus();
    await user.keyboard('{Enter}');
    expect(location().pathname).toBe(`/${ACCOUNT}/responses/${response.id}`);
  });

  it('shows cards instead of a table on phones', async () => {
    vi.stubGlobal('matchMedia', vi.fn(narrowScreen()));
    formsApi([intake]);
    const response = wireResponse(intake, { isSpam: true, summary: [{ label: 'Name', value: 'Ada' }] });
    responsesApi(() => page([response]));
    renderList();
    const cards = await screen.findByRole('list', { name: 'Responses, newest first' });
    expect(screen.queryByRole('table')).not.toBeInTheDocument();
    const card = within(cards).getByRole('listitem');
    expect(within(card).getByRole('heading', { name: 'Client intake' })).toBeInTheDocument();
    expect(within(card).getByRole('link')).toHaveAttribute('href', `/${ACCOUNT}/responses/${response.id}`);
    expect(within(card).getByText('Spam')).toBeInTheDocument();
    expect(within(card).getByText('Ada')).toBeInTheDocument();
  });

  it('a list answer that arrives after the filters changed is dropped', async () => {
    formsApi([intake]);
    let release: (() => void) | null = null;
    const slow = wireResponse(intake, { summary: [{ label: 'Name', value: 'Stale' }] });
    const fresh = wireResponse(intake, { summary: [{ label: 'Name', value: 'Fresh' }] });
    server.use(
      http.get(`/api/${ACCOUNT}/form-responses/`, async ({ request }) => {
        if (new URL(request.url).searchParams.get('is_spam') === 'true') return HttpResponse.json(page([fresh]));
        await new Promise<void>((resolve) => {
          release = resolve;
        });
        return HttpResponse.json(page([slow]));
      }),
    );
    const { user } = renderList();
    await waitFor(() => expect(release).not.toBeNull());
    await user.selectOptions(screen.getByRole('combobox', { name: 'Spam' }), 'Spam');
    expect(await screen.findByText('Fresh')).toBeInTheDocument();
    await act(async () => {
      release?.();
      await new Promise((resolve) => setTimeout(resolve, 50));
    });
    expect(screen.queryByText('Stale')).not.toBeInTheDocument();
  });
});
