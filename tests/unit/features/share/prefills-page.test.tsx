import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { HttpResponse, http, server, startMswServer } from '../../app/msw-server';
import {
  ACCOUNT_ID,
  FORM_BASE,
  FORM_ID,
  OTHER_PREFILL_ID,
  PREFILL_ID,
  listHandler,
  renderShare,
  templateHandler,
  wirePrefill,
} from './share-fixtures';

startMswServer();

const PREFILLS = `/api/${ACCOUNT_ID}/form-prefills/`;
const twoPrefills = [
  wirePrefill(),
  wirePrefill({ id: OTHER_PREFILL_ID, name: 'Referral partners', updatedAt: '2024-04-05T08:00:00.000Z' }),
];

function renderList() {
  return renderShare(`${FORM_BASE}/share/prefills`);
}

describe('PrefillsPage', () => {
  it('marks the row of the prefill opened last (the prefill slice’s selection)', async () => {
    server.use(templateHandler(), listHandler(twoPrefills));
    renderShare(`${FORM_BASE}/share/prefills`, { prefill: { selectedPrefillId: OTHER_PREFILL_ID } });
    const table = await screen.findByRole('table', { name: 'Prefills of Family intake' });
    const rows = within(table).getAllByRole('row').slice(1);
    expect(rows[0]).not.toHaveAttribute('aria-current');
    expect(rows[1]).toHaveAttribute('aria-current', 'true');
  });

  it('lists the form’s prefills with their last change and links to each', async () => {
    let asked: string | null = null;
    server.use(
      templateHandler(),
      http.get(PREFILLS, ({ request }) => {
        asked = new URL(request.url).searchParams.get('form_template');
        return HttpResponse.json({ count: 2, next: null, previous: null, results: twoPrefills });
      }),
    );
    renderList();

    const table = await screen.findByRole('table', { name: 'Prefills of Family intake' });
    expect(asked).toBe(FORM_ID);
    const rows = within(table).getAllByRole('row').slice(1);
    expect(rows).toHaveLength(2);
    expect(within(rows[0]).getByRole('link', { name: 'Newsletter' })).toHaveAttribute('href', `${FORM_BASE}/share/prefills/${PREFILL_ID}`);
    expect(within(rows[0]).getByRole('link', { name: 'Edit' })).toHaveAttribute('href', `${FORM_BASE}/share/prefills/${PREFILL_ID}`);
    expect(within(rows[0]).getByText((_, element) => element?.tagName === 'TIME')).toHaveAttribute('datetime', '2024-03-02T11:30:00.000Z');
    expect(within(rows[1]).getByRole('rowheader')).toHaveTextContent('Referral partners');
    expect(screen.getByRole('link', { name: 'Back to Share' })).toHaveAttribute('href', `${FORM_BASE}/share`);
  });

  it('copies a prefill’s link', async () => {
    server.use(templateHandler(), listHandler(twoPrefills));
    const { user } = renderList();

    const actions = await screen.findByRole('group', { name: 'Actions for Referral partners' });
    await user.click(within(actions).getByRole('button', { name: 'Copy link' }));
    expect(await navigator.clipboard.readText()).toBe(`${window.location.origin}/f/${FORM_ID}?prefill=${OTHER_PREFILL_ID}`);
    expect(await screen.findByText('Copied!')).toBeInTheDocument();
  });

  it('shows an empty state, then creates a prefill with empty data from a name and opens it', async () => {
    let body: unknown;
    server.use(
      templateHandler(),
      listHandler([]),
      http.post(PREFILLS, async ({ request }) => {
        body = await request.json();
        return HttpResponse.json(wirePrefill({ name: 'Spring campaign' }), { status: 201 });
      }),
      // The detail page the user lands on.
      http.get(`${PREFILLS}${PREFILL_ID}/`, () => HttpResponse.json(wirePrefill({ name: 'Spring campaign' }))),
    );
    const { user, store, location } = renderList();

    expect(await screen.findByRole('heading', { name: 'No prefills yet' })).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'New prefill' }));
    const dialog = await screen.findByRole('dialog', { name: 'New prefill' });

    await user.click(within(dialog).getByRole('button', { name: 'Create' }));
    expect(within(dialog).getByText('Prefill name is required')).toBeInTheDocument();
    expect(body).toBeUndefined();

    await user.type(within(dialog).getByRole('textbox', { name: 'Name' }), '  Spring campaign {Enter}');
    await waitFor(() => expect(location().pathname).toBe(`${FORM_BASE}/share/prefills/${PREFILL_ID}`));
    expect(body).toEqual({ form_template: FORM_ID, name: 'Spring campaign', data: {} });
    expect(store.getState().app.toast).toMatchObject({ variant: 'success', message: 'Prefill created successfully' });
    expect(await screen.findByRole('heading', { level: 1, name: 'Prefill: Spring campaign' })).toBeInTheDocument();
  });

  it('deletes a prefill only after confirmation', async () => {
    const deleted = vi.fn();
    server.use(
      templateHandler(),
      listHandler(twoPrefills),
      http.delete(`${PREFILLS}:id/`, ({ params }) => {
        deleted(params.id);
        return new HttpResponse(null, { status: 204 });
      }),
    );
    const { user, store } = renderList();

    const actions = await screen.findByRole('group', { name: 'Actions for Newsletter' });
    await user.click(within(actions).getByRole('button', { name: 'Delete' }));
    const confirm = await screen.findByRole('dialog', { name: /Delete “Newsletter”\?/ });
    await user.click(within(confirm).getByRole('button', { name: 'Cancel' }));
    expect(deleted).not.toHaveBeenCalled();
    expect(screen.getByRole('link', { name: 'Newsletter' })).toBeInTheDocument();

    await user.click(within(actions).getByRole('button', { name: 'Delete' }));
    await user.click(within(await screen.findByRole('dialog', { name: /Delete “Newsletter”\?/ })).getByRole('button', { name: 'Yes' }));
    await waitFor(() => expect(screen.queryByRole('link', { name: 'Newsletter' })).not.toBeInTheDocument());
    expect(deleted).toHaveBeenCalledExactlyOnceWith(PREFILL_ID);
    expect(screen.getByRole('link', { name: 'Referral partners' })).toBeInTheDocument();
    expect(store.getState().app.toast).toMatchObject({ variant: 'success', message: 'Prefill deleted successfully' });
  });

  describe('failures', () => {
    it("toasts 'Failed to fetch prefills' and offers a retry", async () => {
      server.use(templateHandler(), http.get(PREFILLS, () => HttpResponse.json({ detail: 'Boom' }, { status: 500 })));
      const { user, store } = renderList();

      expect(await screen.findByRole('alert')).toHaveTextContent('Failed to fetch prefills');
      expect(store.getState().app.toast).toMatchObject({ show: true, title: 'Error', variant: 'danger', message: 'Failed to fetch prefills' });

      server.use(listHandler(twoPrefills));
      await user.click(screen.getByRole('button', { name: 'Try again' }));
      expect(await screen.findByRole('link', { name: 'Newsletter' })).toBeInTheDocument();
    });

    it("toasts 'Failed to create prefill' and keeps the dialog open", async () => {
      server.use(templateHandler(), listHandler(twoPrefills), http.post(PREFILLS, () => HttpResponse.json({ detail: 'Boom' }, { status: 500 })));
      const { user, store, location } = renderList();

      await user.click(await screen.findByRole('button', { name: 'New prefill' }));
      const dialog = await screen.findByRole('dialog', { name: 'New prefill' });
      await user.type(within(dialog).getByRole('textbox', { name: 'Name' }), 'Spring');
      await user.click(within(dialog).getByRole('button', { name: 'Create' }));

      await waitFor(() => expect(store.getState().app.toast).toMatchObject({ variant: 'danger', message: 'Failed to create prefill' }));
      expect(screen.getByRole('dialog', { name: 'New prefill' })).toBeInTheDocument();
      expect(location().pathname).toBe(`${FORM_BASE}/share/prefills`);
    });

    it('shows the server’s message for the name under the field', async () => {
      server.use(
        templateHandler(),
        listHandler([]),
        http.post(PREFILLS, () =>
          HttpResponse.json({ detail: 'Invalid prefill.', errors: { name: ['must be at most 200 characters'] } }, { status: 400 }),
        ),
      );
      const { user } = renderList();

      await user.click(await screen.findByRole('button', { name: 'New prefill' }));
      const dialog = await screen.findByRole('dialog', { name: 'New prefill' });
      await user.type(within(dialog).getByRole('textbox', { name: 'Name' }), 'Too long{Enter}');
      expect(await within(dialog).findByText('must be at most 200 characters')).toBeInTheDocument();
      expect(within(dialog).getByRole('textbox', { name: 'Name' })).toHaveAttribute('aria-invalid', 'true');
    });

    it("toasts 'Failed to delete prefill' and keeps the row", async () => {
      server.use(templateHandler(), listHandler(twoPrefills), http.delete(`${PREFILLS}:id/`, () => HttpResponse.json({ detail: 'Boom' }, { status: 500 })));
      const { user, store } = renderList();

      const actions = await screen.findByRole('group', { name: 'Actions for Newsletter' });
      await user.click(within(actions).getByRole('button', { name: 'Delete' }));
      await user.click(within(await screen.findByRole('dialog', { name: /Delete “Newsletter”\?/ })).getByRole('button', { name: 'Yes' }));

      await waitFor(() => expect(store.getState().app.toast).toMatchObject({ variant: 'danger', message: 'Failed to delete prefill' }));
      expect(screen.getByRole('link', { name: 'Newsletter' })).toBeInTheDocument();
    });
  });
});
