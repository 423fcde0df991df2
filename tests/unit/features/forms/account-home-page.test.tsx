import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { AccountHomePage } from '../../../../src/features/forms/account-home-page';
import { wireForm } from '../../../fixtures/form-factories';
import type { WireForm } from '../../../fixtures/form-factories';
import { HttpResponse, http, server, startMswServer } from '../../app/msw-server';
import { renderWithProviders } from '../../test-utils';

startMswServer();
afterEach(() => vi.unstubAllGlobals());

function fullForm(form: WireForm, extra: Record<string, unknown> = {}) {
  return {
    ...form,
    groupId: null,
    account: 12,
    customSubmitMessage: '',
    jsonForm: [],
    jsonConditionalLogic: { conditionMap: {}, pageMap: {} },
    jsonFormStyle: { button: {} },
    formMappers: [],
    ...extra,
  };
}

interface Recorded {
  method: string;
  path: string;
  query: Record<string, string>;
  body: unknown;
}

/** An in-memory form-templates API for account 12 that records every call. */
function formsApi(initial: { active?: WireForm[]; archived?: WireForm[]; responseCounts?: Record<string, number> } = {}) {
  const active = [...(initial.active ?? [])];
  const archived = [...(initial.archived ?? [])];
  const calls: Recorded[] = [];
  // Each form's responses (not spam): the list shows them beside each form.
  server.use(
    http.get('/api/12/form-responses/counts/', () =>
      HttpResponse.json({ results: Object.entries(initial.responseCounts ?? {}).map(([formTemplate, count]) => ({ formTemplate, count })) }),
    ),
  );
  const record = async (request: Request) => {
    const url = new URL(request.url);
    const text = request.method === 'GET' || request.method === 'DELETE' ? '' : await request.text();
    calls.push({
      method: request.method,
      path: url.pathname,
      query: Object.fromEntries(url.searchParams),
      body: text ? (JSON.parse(text) as unknown) : null,
    });
  };
  server.use(
    http.get('/api/12/form-templates/', async ({ request }) => {
      await record(request);
      const list = new URL(request.url).searchParams.get('archived') === 'true' ? archived : active;
      return HttpResponse.json({ count: list.length, next: null, previous: null, results: list });
    }),
    http.post('/api/12/form-templates/', async ({ request }) => {
      await record(request);
      const body = calls.at(-1)!.body as { name: string };
      const created = wireForm(body.name, { id: 'aaaaaaaa-0000-4000-8000-000000000001' });
      active.push(created);
      return HttpResponse.json(fullForm(created), { status: 201 });
    }),
    http.patch('/api/12/form-templates/:id/unarchive/', async ({ request, params }) => {
      await record(request);
      const index = archived.findIndex((form) => form.id === params.id);
      const [form] = archived.splice(index, 1);
      const restored = { ...form, deletedAt: null };
      active.push(restored);
      return HttpResponse.json(fullForm(restored));
    }),
    http.patch('/api/12/form-templates/:id/', async ({ request, params }) => {
      await record(request);
      const form = active.find((item) => item.id === params.id)!;
      form.name = (calls.at(-1)!.body as { name: string }).name;
      form.updatedAt = '2024-06-01T12:00:00.000Z';
      return HttpResponse.json(fullForm(form));
    }),
    http.delete('/api/12/form-templates/:id/', async ({ request, params }) => {
      await record(request);
      const index = active.findIndex((form) => form.id === params.id);
      const [form] = active.splice(index, 1);
      archived.push({ ...form, deletedAt: '2024-06-02T12:00:00.000Z' });
      return new HttpResponse(null, { status: 204 });
    }),
  );
  return { calls, writes: () => calls.filter((call) => call.method !== 'GET') };
}

function renderPage(route = '/12') {
  return renderWithProviders(<AccountHomePage />, { route });
}

const rowNames = () =>
  within(screen.getByRole('table'))
    .getAllByRole('row')
    .slice(1)
    .map((row) => within(row).getAllByRole('cell')[0].querySelector('.form-list-name')!.textContent);

const errorToast = (message: string) => ({ show: true, title: 'Error', message, variant: 'danger' });
const successToast = (message: string) => ({ show: true, title: 'Success', message, variant: 'success' });

describe('account home: the form list', () => {
  it('shows a loading state, then the active forms with names linking to the builder', async () => {
    const intake = wireForm('Intake', { description: 'New client matters' });
    const divorce = wireForm('Divorce questionnaire');
    const { calls } = formsApi({ active: [intake, divorce] });
    renderPage();

    expect(screen.getByRole('heading', { level: 1, name: 'Forms' })).toBeInTheDocument();
    expect(screen.getByRole('status')).toHaveTextContent('Loading forms…');
    const table = await screen.findByRole('table', { name: /Active forms/ });
    expect(screen.queryByRole('status')).not.toBeInTheDocument();

    expect(within(table).getByRole('link', { name: 'Intake' })).toHaveAttribute('href', `/12/build/${intake.id}`);
    expect(within(table).getByRole('link', { name: 'Divorce questionnaire' })).toHaveAttribute('href', `/12/build/${divorce.id}`);
    expect(within(table).getByText('New client matters')).toBeInTheDocument();
    expect(within(table).getAllByRole('columnheader').map((cell) => cell.textContent)).toEqual(['Name', 'Responses', 'Last changed', 'Actions']);
    const time = table.querySelector(`time[datetime="${intake.updatedAt}"]`);
    expect(time).toHaveAttribute('title');
    expect(screen.getByText('2 forms')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Active' })).toHaveAttribute('aria-current', 'page');
    expect(calls).toEqual([{ method: 'GET', path: '/api/12/form-templates/', query: {}, body: null }]);
  });

  it('the Archived tab loads the archived forms, keeps ?archived=true in the URL and offers Unarchive', async () => {
    const old = wireForm('Old intake', { deletedAt: '2024-03-01T09:00:00.000Z' });
    const { calls } = formsApi({ active: [wireForm('Intake')], archived: [old] });
    const { user, location } = renderPage();
    await screen.findByRole('link', { name: 'Intake' });

    await user.click(screen.getByRole('link', { name: 'Archived' }));
    const table = await screen.findByRole('table', { name: /Archived forms/ });
    expect(location().search).toBe('?archived=true');
    expect(screen.getByRole('link', { name: 'Archived' })).toHaveAttribute('aria-current', 'page');
    expect(calls.map((call) => call.query)).toEqual([{}, { archived: 'true' }]);
    // An archived form cannot be built until it is unarchived: its name is not a link (its responses still are).
    expect(within(table).getByText('Old intake')).toBeInTheDocument();
    expect(within(table).getAllByRole('link').map((link) => link.getAttribute('href'))).toEqual([`/12/responses?form=${old.id}`]);
    const actions = within(table).getByRole('group', { name: 'Actions for Old intake' });
    expect(within(actions).getByRole('button', { name: 'Unarchive' })).toBeInTheDocument();
    expect(within(actions).queryByRole('button', { name: 'Archive' })).not.toBeInTheDocument();
    expect(within(table).getAllByRole('columnheader').map((cell) => cell.textContent)).toEqual(['Name', 'Responses', 'Last changed', 'Archived', 'Actions']);

    await user.click(screen.getByRole('link', { name: 'Active' }));
    expect(await screen.findByRole('link', { name: 'Intake' })).toBeInTheDocument();
    expect(location().search).toBe('');
  });

  it('opens on the archived tab, search and sort given in the URL (a reload keeps the view)', async () => {
    const { calls } = formsApi({
      archived: [
        wireForm('Zoning appeal', { updatedAt: '2024-02-01T00:00:00.000Z' }),
        wireForm('Estate planning', { updatedAt: '2024-01-01T00:00:00.000Z' }),
        wireForm('Zoning variance', { updatedAt: '2024-03-01T00:00:00.000Z' }),
      ],
    });
    renderPage('/12?archived=true&search=zoning&sort=updated');
    await screen.findByRole('table', { name: /Archived forms/ });
    expect(calls.map((call) => call.query)).toEqual([{ archived: 'true' }]);
    expect(screen.getByRole('searchbox', { name: 'Search forms' })).toHaveValue('zoning');
    expect(screen.getByRole('combobox', { name: 'Sort by' })).toHaveValue('updated');
    expect(rowNames()).toEqual(['Zoning variance', 'Zoning appeal']);
    expect(screen.getByText('2 of 3 archived forms match')).toBeInTheDocument();
  });

  it('search filters the list as you type, ignoring case, and says when nothing matches', async () => {
    formsApi({
      active: [wireForm('Personal injury intake'), wireForm('Divorce questionnaire', { description: 'Family law' }), wireForm('Injury follow-up')],
    });
    const { user, location } = renderPage();
    await screen.findByRole('table');
    const search = screen.getByRole('searchbox', { name: 'Search forms' });

    await user.type(search, 'INJURY');
    expect(rowNames()).toEqual(['Injury follow-up', 'Personal injury intake']);
    expect(new URLSearchParams(location().search).get('search')).toBe('INJURY');
    expect(screen.getByText('2 of 3 forms match')).toBeInTheDocument();

    await user.clear(search);
    await user.type(search, 'family');
    expect(rowNames()).toEqual(['Divorce questionnaire']);

    await user.clear(search);
    await user.type(search, 'trademark');
    expect(screen.queryByRole('table')).not.toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'No forms match your search' })).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Clear search' }));
    expect(search).toHaveValue('');
    expect(rowNames()).toHaveLength(3);
    expect(location().search).toBe('');
  });

  it('sorts by name A–Z ignoring case, or by last change (newest first), and keeps the sort in the URL', async () => {
    formsApi({
      active: [
        wireForm('beta', { updatedAt: '2024-01-03T00:00:00.000Z' }),
        wireForm('Charlie', { updatedAt: '2024-01-01T00:00:00.000Z' }),
        wireForm('alpha', { updatedAt: '2024-01-02T00:00:00.000Z' }),
        wireForm('Bravo', { updatedAt: '2024-01-04T00:00:00.000Z' }),
      ],
    });
    const { user, location } = renderPage();
    await screen.findByRole('table');
    const sort = screen.getByRole('combobox', { name: 'Sort by' });
    expect(sort).toHaveValue('name');
    expect(within(sort).getAllByRole('option').map((option) => option.textContent)).toEqual(['Name A–Z', 'Last changed']);
    expect(rowNames()).toEqual(['alpha', 'beta', 'Bravo', 'Charlie']);
    expect(screen.getByRole('columnheader', { name: 'Name' })).toHaveAttribute('aria-sort', 'ascending');

    await user.selectOptions(sort, 'Last changed');
    expect(rowNames()).toEqual(['Bravo', 'beta', 'alpha', 'Charlie']);
    expect(location().search).toBe('?sort=updated');
    expect(screen.getByRole('columnheader', { name: 'Last changed' })).toHaveAttribute('aria-sort', 'descending');

    await user.selectOptions(sort, 'Name A–Z');
    expect(rowNames()).toEqual(['alpha', 'beta', 'Bravo', 'Charlie']);
    expect(location().search).toBe('');
  });

  it("shows 'No forms yet' with a New form call to action, and 'No archived forms' on the archived tab", async () => {
    formsApi();
    const { user } = renderPage();
    const empty = (await screen.findByRole('heading', { name: 'No forms yet' })).parentElement!;
    await user.click(within(empty).getByRole('button', { name: 'New form' }));
    expect(await screen.findByRole('dialog', { name: 'New form' })).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());

    await user.click(screen.getByRole('link', { name: 'Archived' }));
    expect(await screen.findByRole('heading', { name: 'No archived forms' })).toBeInTheDocument();
    expect(screen.queryByRole('heading', { name: 'No forms yet' })).not.toBeInTheDocument();
  });

  it('shows cards instead of a table on phones', async () => {
    const matchMedia = vi.fn((query: string) => ({
      matches: query.includes('max-width'),
      media: query,
      addEventListener: () => {},
      removeEventListener: () => {},
    }));
    vi.stubGlobal('matchMedia', matchMedia);
    const intake = wireForm('Intake');
    formsApi({ active: [intake], responseCounts: { [intake.id]: 1 } });
    renderPage();
    const cards = await screen.findByRole('list', { name: /Active forms/ });
    expect(screen.queryByRole('table')).not.toBeInTheDocument();
    const card = within(cards).getByRole('listitem');
    expect(within(card).getByRole('link', { name: 'Intake' })).toHaveAttribute('href', `/12/build/${intake.id}`);
    expect(await within(card).findByRole('link', { name: '1 response to Intake' })).toHaveAttribute('href', `/12/responses?form=${intake.id}`);
    const actions = within(card).getByRole('group', { name: 'Actions for Intake' });
    expect(within(actions).getByRole('link', { name: 'Responses' })).toHaveAttribute('href', `/12/responses?form=${intake.id}`);
    expect(within(actions).getByRole('link', { name: 'Share' })).toHaveAttribute('href', `/12/build/${intake.id}/share`);
    expect(within(actions).getByRole('link', { name: 'Integrations' })).toHaveAttribute('href', `/12/build/${intake.id}/integrations`);
  });

  it('shows each form’s responses (spam left out) linking to them, and shortcuts to Responses, Share and Integrations', async () => {
    const intake = wireForm('Intake');
    const divorce = wireForm('Divorce questionnaire');
    formsApi({ active: [intake, divorce], responseCounts: { [intake.id]: 1234 } });
    renderPage();
    const table = await screen.findByRole('table', { name: /Active forms/ });
    const count = await within(table).findByRole('link', { name: '1,234 responses to Intake' });
    expect(count).toHaveTextContent('1,234 responses');
    expect(count).toHaveAttribute('href', `/12/responses?form=${intake.id}`);
    // A form nobody answered yet says so, and still leads to its (empty) list.
    expect(within(table).getByRole('link', { name: '0 responses to Divorce questionnaire' })).toHaveAttribute('href', `/12/responses?form=${divorce.id}`);
    const actions = within(table).getByRole('group', { name: 'Actions for Intake' });
    expect(within(actions).getAllByRole('link').map((link) => [link.textContent, link.getAttribute('href')])).toEqual([
      ['Open', `/12/build/${intake.id}`],
      ['Responses', `/12/responses?form=${intake.id}`],
      ['Share', `/12/build/${intake.id}/share`],
      ['Integrations', `/12/build/${intake.id}/integrations`],
    ]);
  });
});

describe('account home: creating a form', () => {
  it("requires a name ('Form name is required') and sends nothing until there is one", async () => {
    const { writes } = formsApi({ active: [wireForm('Intake')] });
    const { user } = renderPage();
    await screen.findByRole('table');

    await user.click(screen.getByRole('button', { name: 'New form' }));
    const dialog = await screen.findByRole('dialog', { name: 'New form' });
    const name = within(dialog).getByRole('textbox', { name: 'Name' });
    await waitFor(() => expect(name).toHaveFocus());
    await user.click(within(dialog).getByRole('button', { name: 'Create form' }));
    expect(within(dialog).getByText('Form name is required')).toBeInTheDocument();
    expect(name).toHaveAttribute('aria-invalid', 'true');
    expect(name).toHaveAccessibleDescription('Form name is required');

    // Spaces only are no name either; Enter submits.
    await user.type(name, '   {Enter}');
    expect(within(dialog).getByText('Form name is required')).toBeInTheDocument();
    expect(writes()).toEqual([]);

    await user.type(name, 'x');
    expect(within(dialog).queryByText('Form name is required')).not.toBeInTheDocument();
  });

  it('POSTs a new form (first page with one empty section, default style and logic) and opens it in the builder', async () => {
    const { writes } = formsApi({ active: [wireForm('Intake')] });
    const { user, store, location } = renderPage();
    await screen.findByRole('table');

    await user.click(screen.getByRole('button', { name: 'New form' }));
    const dialog = await screen.findByRole('dialog', { name: 'New form' });
    await user.type(within(dialog).getByRole('textbox', { name: 'Name' }), '  Estate planning  {Enter}');

    await waitFor(() => expect(location().pathname).toBe('/12/build/aaaaaaaa-0000-4000-8000-000000000001'));
    expect(writes()).toHaveLength(1);
    const [post] = writes();
    expect(post.method).toBe('POST');
    expect(post.path).toBe('/api/12/form-templates/');
    const body = post.body as Record<string, unknown>;
    expect(Object.keys(body).sort()).toEqual(
      ['custom_submit_message', 'description', 'display_name', 'jsonConditionalLogic', 'jsonForm', 'jsonFormStyle', 'name'].sort(),
    );
    expect(body.name).toBe('Estate planning');
    expect(body.jsonConditionalLogic).toEqual({ conditionMap: {}, pageMap: {} });
    expect(body.jsonFormStyle).toEqual({
      button: {
        submitTextContent: 'Submit',
        textSize: '1rem',
        textColor: '#FFFFFF',
        bodyColor: '#111928',
        textHoverColor: '#111928',
        bodyHoverColor: '#FFFFFF',
        cornerRadius: '0.375rem',
      },
    });
    const pages = body.jsonForm as { type: string; title: string; id: string; children: { type: string; parentId: string; children: unknown[] }[] }[];
    expect(pages).toHaveLength(1);
    expect(pages[0]).toMatchObject({ type: 'page', title: 'Page 1' });
    expect(pages[0].children).toHaveLength(1);
    expect(pages[0].children[0]).toMatchObject({ type: 'section', parentId: pages[0].id, children: [] });
    expect(store.getState().app.toast).toEqual(successToast('Form created successfully'));
  });

  it("shows the server's name error under the field", async () => {
    formsApi();
    server.use(
      http.post('/api/12/form-templates/', () =>
        HttpResponse.json({ detail: 'Invalid', errors: { name: ['A form with this name already exists'] } }, { status: 400 }),
      ),
    );
    const { user, location } = renderPage();
    await screen.findByRole('heading', { name: 'No forms yet' });
    // The page header's button (the empty state offers a second one).
    await user.click(screen.getAllByRole('button', { name: 'New form' })[0]);
    const dialog = await screen.findByRole('dialog', { name: 'New form' });
    await user.type(within(dialog).getByRole('textbox', { name: 'Name' }), 'Intake{Enter}');
    expect(await within(dialog).findByText('A form with this name already exists')).toBeInTheDocument();
    expect(location().pathname).toBe('/12');
  });

  it("toasts 'Unable to create form' on failure and keeps the dialog open to try again", async () => {
    formsApi({ active: [wireForm('Intake')] });
    server.use(http.post('/api/12/form-templates/', () => HttpResponse.json({ detail: 'Boom' }, { status: 500 })));
    const { user, store, location } = renderPage();
    await screen.findByRole('table');
    await user.click(screen.getByRole('button', { name: 'New form' }));
    const dialog = await screen.findByRole('dialog', { name: 'New form' });
    await user.type(within(dialog).getByRole('textbox', { name: 'Name' }), 'Estate planning{Enter}');
    await waitFor(() => expect(store.getState().app.toast).toEqual(errorToast('Unable to create form')));
    expect(screen.getByRole('dialog', { name: 'New form' })).toBeInTheDocument();
    expect(within(dialog).getByRole('button', { name: 'Create form' })).toBeEnabled();
    expect(location().pathname).toBe('/12');
  });
});

describe('account home: rename, archive, unarchive', () => {
  it('renames a form with a PATCH of id and name and shows the new name', async () => {
    const intake = wireForm('Intake');
    const { writes } = formsApi({ active: [intake, wireForm('Other')] });
    const { user, store } = renderPage();
    await screen.findByRole('table');

    await user.click(within(screen.getByRole('group', { name: 'Actions for Intake' })).getByRole('button', { name: 'Rename' }));
    const dialog = await screen.findByRole('dialog', { name: 'Rename form' });
    const name = within(dialog).getByRole('textbox', { name: 'Name' });
    expect(name).toHaveValue('Intake');
    await user.clear(name);
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(within(dialog).getByText('Form name is required')).toBeInTheDocument();

    await user.type(name, 'Client intake');
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await screen.findByRole('link', { name: 'Client intake' })).toHaveAttribute('href', `/12/build/${intake.id}`);
    expect(writes()).toEqual([{ method: 'PATCH', path: `/api/12/form-templates/${intake.id}/`, query: {}, body: { id: intake.id, name: 'Client intake' } }]);
    expect(store.getState().app.toast).toEqual(successToast('Form updated successfully'));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
  });

  it("toasts 'Unable to update form' when the rename fails", async () => {
    formsApi({ active: [wireForm('Intake')] });
    server.use(http.patch('/api/12/form-templates/:id/', () => HttpResponse.json({ detail: 'Boom' }, { status: 500 })));
    const { user, store } = renderPage();
    await screen.findByRole('table');
    await user.click(screen.getByRole('button', { name: 'Rename' }));
    const name = within(await screen.findByRole('dialog', { name: 'Rename form' })).getByRole('textbox', { name: 'Name' });
    await user.type(name, ' 2{Enter}');
    await waitFor(() => expect(store.getState().app.toast).toEqual(errorToast('Unable to update form')));
    expect(screen.getByRole('link', { name: 'Intake' })).toBeInTheDocument();
  });

  it('archives only after confirmation, removes the row and toasts success', async () => {
    const intake = wireForm('Intake');
    const { writes } = formsApi({ active: [intake, wireForm('Other')] });
    const { user, store } = renderPage();
    await screen.findByRole('table');
    const actions = screen.getByRole('group', { name: 'Actions for Intake' });

    await user.click(within(actions).getByRole('button', { name: 'Archive' }));
    let confirm = await screen.findByRole('dialog', { name: /Archive “Intake”\?/ });
    await user.click(within(confirm).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(writes()).toEqual([]);

    await user.click(within(actions).getByRole('button', { name: 'Archive' }));
    confirm = await screen.findByRole('dialog', { name: /Archive “Intake”\?/ });
    await user.click(within(confirm).getByRole('button', { name: 'Yes, archive' }));
    await waitFor(() => expect(screen.queryByRole('link', { name: 'Intake' })).not.toBeInTheDocument());
    expect(writes()).toEqual([{ method: 'DELETE', path: `/api/12/form-templates/${intake.id}/`, query: {}, body: null }]);
    expect(store.getState().app.toast).toEqual(successToast('Form archived successfully'));
    expect(screen.getByRole('link', { name: 'Other' })).toBeInTheDocument();
    expect(screen.getByRole('region', { name: 'Active forms' })).toHaveFocus();
  });

  it("toasts 'Unable to archive form' when archiving fails and keeps the row", async () => {
    formsApi({ active: [wireForm('Intake')] });
    server.use(http.delete('/api/12/form-templates/:id/', () => HttpResponse.json({ detail: 'Boom' }, { status: 500 })));
    const { user, store } = renderPage();
    await screen.findByRole('table');
    await user.click(screen.getByRole('button', { name: 'Archive' }));
    await user.click(await screen.findByRole('button', { name: 'Yes, archive' }));
    await waitFor(() => expect(store.getState().app.toast).toEqual(errorToast('Unable to archive form')));
    expect(screen.getByRole('link', { name: 'Intake' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Archive' })).toBeEnabled();
  });

  it('unarchives a form from the archived tab', async () => {
    const old = wireForm('Old intake', { deletedAt: '2024-03-01T09:00:00.000Z' });
    const { writes } = formsApi({ archived: [old] });
    const { user, store } = renderPage('/12?archived=true');
    await screen.findByRole('table');
    await user.click(screen.getByRole('button', { name: 'Unarchive' }));
    expect(await screen.findByRole('heading', { name: 'No archived forms' })).toBeInTheDocument();
    expect(writes()).toEqual([{ method: 'PATCH', path: `/api/12/form-templates/${old.id}/unarchive/`, query: {}, body: null }]);
    expect(store.getState().app.toast).toEqual(successToast('Form unarchived successfully'));

    await user.click(screen.getByRole('link', { name: 'Active' }));
    expect(await screen.findByRole('link', { name: 'Old intake' })).toBeInTheDocument();
  });

  it("toasts 'Unable to unarchive form' when unarchiving fails", async () => {
    formsApi({ archived: [wireForm('Old intake', { deletedAt: '2024-03-01T09:00:00.000Z' })] });
    server.use(http.patch('/api/12/form-templates/:id/unarchive/', () => HttpResponse.json({ detail: 'Boom' }, { status: 500 })));
    const { user, store } = renderPage('/12?archived=true');
    await screen.findByRole('table');
    await user.click(screen.getByRole('button', { name: 'Unarchive' }));
    await waitFor(() => expect(store.getState().app.toast).toEqual(errorToast('Unable to unarchive form')));
    expect(screen.getByText('Old intake')).toBeInTheDocument();
  });
});

describe('account home: load failures', () => {
  beforeEach(() => {
    server.use(http.get('/api/12/form-responses/counts/', () => HttpResponse.json({ results: [] })));
  });

  it("toasts 'Unable to load form list' and offers to try again", async () => {
    let calls = 0;
    server.use(
      http.get('/api/12/form-templates/', () => {
        calls += 1;
        // The client retries a failed GET once: both attempts fail.
        return calls <= 2
          ? HttpResponse.json({ detail: 'Boom' }, { status: 500 })
          : HttpResponse.json({ count: 1, next: null, previous: null, results: [wireForm('Intake')] });
      }),
    );
    const { user, store } = renderPage();
    expect(await screen.findByRole('heading', { name: 'Unable to load form list' })).toBeInTheDocument();
    expect(store.getState().app.toast).toEqual(errorToast('Unable to load form list'));
    await user.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('link', { name: 'Intake' })).toBeInTheDocument();
  });

  it("toasts 'Unable to load archived form list' on the archived tab", async () => {
    server.use(http.get('/api/12/form-templates/', () => HttpResponse.json({ detail: 'Boom' }, { status: 500 })));
    const { store } = renderPage('/12?archived=true');
    expect(await screen.findByRole('heading', { name: 'Unable to load archived form list' })).toBeInTheDocument();
    expect(store.getState().app.toast).toEqual(errorToast('Unable to load archived form list'));
  });
});

describe('account home: exporting responses', () => {
  it("each form row offers 'Export responses', which downloads that form's CSV for the chosen period", async () => {
    const intake = wireForm('Intake');
    formsApi({ active: [wireForm('Divorce questionnaire'), intake] });
    const exports: string[] = [];
    server.use(
      http.get(`/api/12/form-templates/${intake.id}/export-responses/`, ({ request }) => {
        exports.push(new URL(request.url).search);
        return new HttpResponse('\uFEFFResponse ID\r\n', {
          headers: { 'Content-Type': 'text/csv; charset=utf-8', 'Content-Disposition': 'attachment; filename="intake-responses.csv"' },
        });
      }),
    );
    // jsdom neither makes object URLs nor downloads: record the saved file's name instead.
    const downloads: string[] = [];
    Object.defineProperty(URL, 'createObjectURL', { configurable: true, value: () => 'blob:test/1' });
    Object.defineProperty(URL, 'revokeObjectURL', { configurable: true, value: () => {} });
    const click = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      downloads.push(this.download);
    });
    server.use(http.get('/api/12/settings/', () => HttpResponse.json({ timeZone: null })));
    const { user } = renderPage();
    await screen.findByRole('table');

    await user.click(within(screen.getByRole('group', { name: 'Actions for Intake' })).getByRole('button', { name: 'Export responses' }));
    const dialog = await screen.findByRole('dialog', { name: 'Export responses' });
    expect(within(dialog).getByText('Intake')).toBeInTheDocument();
    // No zone set yet: the export is in UTC, and the dialog says so.
    expect(await within(dialog).findByText(/‘Submitted at’ is in UTC \(no time zone is set yet\)\./)).toBeInTheDocument();
    await user.click(within(dialog).getByRole('radio', { name: 'Last 90 days' }));
    await user.click(within(dialog).getByRole('button', { name: 'Download CSV' }));

    await waitFor(() => expect(downloads).toEqual(['intake-responses.csv']));
    expect(exports).toEqual(['?days=90']);
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    click.mockRestore();
  });
});
