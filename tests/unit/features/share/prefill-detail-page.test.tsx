import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { HttpResponse, http, server, startMswServer } from '../../app/msw-server';
import { ACCOUNT_ID, FORM_BASE, FORM_ID, PREFILL_ID, renderShare, templateHandler, wirePrefill } from './share-fixtures';

startMswServer();

const ONE = `/api/${ACCOUNT_ID}/form-prefills/${PREFILL_ID}/`;
const SAVED = { client_name: 'Ann Client', matter: 'opt_estate', areas: ['a_support'] };

function prefillHandler(data: Record<string, unknown> = SAVED, name = 'Newsletter') {
  return http.get(ONE, () => HttpResponse.json(wirePrefill({ name, data })));
}

/** Answers PATCH with what was sent, recording each body. */
function patchRecorder() {
  const bodies: Record<string, unknown>[] = [];
  const handler = http.patch(ONE, async ({ request }) => {
    const body = (await request.json()) as Record<string, unknown>;
    bodies.push(body);
    return HttpResponse.json(wirePrefill({ name: body.name, data: body.data, updatedAt: '2024-05-01T12:00:00.000Z' }));
  });
  return { bodies, handler };
}

function renderDetail() {
  return renderShare(`${FORM_BASE}/share/prefills/${PREFILL_ID}`);
}

describe('PrefillDetailPage', () => {
  it('shows every input of every page with the respondent’s widgets, grouped by page and section, nothing required', async () => {
    server.use(templateHandler(), prefillHandler());
    renderDetail();

    expect(await screen.findByRole('heading', { level: 1, name: 'Prefill: Newsletter' })).toBeInTheDocument();
    expect(screen.getByRole('textbox', { name: 'Name' })).toHaveValue('Newsletter');

    const page1 = screen.getByRole('region', { name: 'About you' });
    const page2 = screen.getByRole('region', { name: 'Your matter' });
    expect(within(page1).getByRole('textbox', { name: 'Full name' })).toHaveValue('Ann Client');
    expect(within(page1).getByRole('textbox', { name: 'Full name' })).not.toBeRequired();
    // The section is collapsed for respondents but open here.
    const section = within(page1).getByRole('region', { name: 'Contact details' });
    expect(within(section).getByRole('textbox', { name: 'Email' })).toBeVisible();
    expect(within(page2).getByRole('radio', { name: 'Estate' })).toBeChecked();
    expect(within(page2).getByRole('checkbox', { name: 'Support' })).toBeChecked();
    expect(within(page2).getByRole('checkbox', { name: 'Custody' })).not.toBeChecked();
    expect(within(page2).getByRole('spinbutton', { name: 'Number of children' })).toHaveValue(null);
    expect(within(page2).getByRole('combobox', { name: 'How did you hear about us?' })).toHaveValue('');

    // All pages at once: no page navigation and no respondent submit button.
    expect(screen.queryByRole('button', { name: 'Next' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Send' })).not.toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Back to Prefills' })).toHaveAttribute('href', `${FORM_BASE}/share/prefills`);
  });

  it('saves the edited name and values with PATCH, keyed by input id', async () => {
    const { bodies, handler } = patchRecorder();
    server.use(templateHandler(), prefillHandler(), handler);
    const { user, store } = renderDetail();

    const name = await screen.findByRole('textbox', { name: 'Name' });
    await user.clear(name);
    await user.type(name, ' Spring newsletter ');
    await user.clear(screen.getByRole('textbox', { name: 'Full name' }));
    await user.type(screen.getByRole('textbox', { name: 'Email' }), ' jane@example.com ');
    await user.click(screen.getByRole('radio', { name: 'Family' }));
    await user.click(screen.getByRole('checkbox', { name: 'Property' }));
    await user.click(screen.getByRole('checkbox', { name: 'Custody' }));
    await user.type(screen.getByRole('spinbutton', { name: 'Number of children' }), '2');
    await user.selectOptions(screen.getByRole('combobox', { name: 'How did you hear about us?' }), 'A friend');
    expect(screen.getByText('Unsaved changes')).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(bodies).toHaveLength(1));
    expect(bodies[0]).toEqual({
      name: 'Spring newsletter',
      data: {
        clientEmail: 'jane@example.com',
        matter: 'opt_family',
        areas: ['a_custody', 'a_support', 'a_property'],
        children_count: 2,
        source: 'src_friend',
      },
    });
    await waitFor(() => expect(store.getState().app.toast).toMatchObject({ variant: 'success', message: 'Prefill updated successfully' }));
    expect(screen.getByRole('heading', { level: 1, name: 'Prefill: Spring newsletter' })).toBeInTheDocument();
    expect(screen.getByText('All changes saved')).toBeInTheDocument();
  });

  it('copies the prefilled link', async () => {
    server.use(templateHandler(), prefillHandler());
    const { user } = renderDetail();

    const url = `${window.location.origin}/f/${FORM_ID}?prefill=${PREFILL_ID}`;
    expect(await screen.findByRole('textbox', { name: 'Prefilled link' })).toHaveValue(url);
    await user.click(screen.getByRole('button', { name: 'Copy link' }));
    expect(await navigator.clipboard.readText()).toBe(url);
    expect(screen.getByRole('link', { name: /Open form/ })).toHaveAttribute('href', url);
  });

  it("requires a name ('Prefill name is required') and valid values before saving", async () => {
    const patched = vi.fn();
    server.use(
      templateHandler(),
      prefillHandler(),
      http.patch(ONE, () => {
        patched();
        return HttpResponse.json(wirePrefill());
      }),
    );
    const { user } = renderDetail();

    const name = await screen.findByRole('textbox', { name: 'Name' });
    await user.clear(name);
    await user.type(screen.getByRole('textbox', { name: 'Email' }), 'not an email');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(screen.getByText('Prefill name is required')).toBeInTheDocument();
    expect(name).toHaveFocus();
    expect(screen.getByText('Enter a valid email address')).toBeInTheDocument();
    expect(patched).not.toHaveBeenCalled();

    await user.type(name, 'Newsletter');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(screen.getByRole('textbox', { name: 'Email' })).toHaveFocus();
    expect(patched).not.toHaveBeenCalled();

    await user.clear(screen.getByRole('textbox', { name: 'Email' }));
    expect(screen.queryByText('Enter a valid email address')).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(patched).toHaveBeenCalledTimes(1));
  });

  it("toasts 'Failed to update prefill' and shows the server’s value errors under their fields", async () => {
    server.use(
      templateHandler(),
      prefillHandler(),
      http.patch(ONE, () =>
        HttpResponse.json(
          { detail: 'Invalid prefill value data.client_name: Full name: Enter at most 3 characters', errors: { 'data.client_name': ['Full name: Enter at most 3 characters'] } },
          { status: 400 },
        ),
      ),
    );
    const { user, store } = renderDetail();

    await user.click(await screen.findByRole('button', { name: 'Save' }));
    await waitFor(() => expect(store.getState().app.toast).toMatchObject({ variant: 'danger', message: 'Failed to update prefill' }));
    expect(await screen.findByText('Enter at most 3 characters')).toBeInTheDocument();
    expect(screen.getByRole('textbox', { name: 'Full name' })).toHaveAttribute('aria-invalid', 'true');
  });

  it("toasts 'Failed to fetch prefills' when the prefill cannot be loaded", async () => {
    server.use(templateHandler(), http.get(ONE, () => HttpResponse.json({ detail: 'Boom' }, { status: 500 })));
    const { store } = renderDetail();

    expect(await screen.findByRole('alert')).toHaveTextContent('Failed to fetch prefills');
    expect(store.getState().app.toast).toMatchObject({ variant: 'danger', message: 'Failed to fetch prefills' });
  });

  it('deletes the prefill after confirmation and returns to the list', async () => {
    const deleted = vi.fn();
    server.use(
      templateHandler(),
      prefillHandler(),
      http.delete(ONE, () => {
        deleted();
        return new HttpResponse(null, { status: 204 });
      }),
      http.get(`/api/${ACCOUNT_ID}/form-prefills/`, () => HttpResponse.json({ count: 0, next: null, previous: null, results: [] })),
    );
    const { user, location, store } = renderDetail();

    await user.click(await screen.findByRole('button', { name: 'Delete' }));
    await user.click(within(await screen.findByRole('dialog', { name: /Delete “Newsletter”\?/ })).getByRole('button', { name: 'Yes' }));
    await waitFor(() => expect(location().pathname).toBe(`${FORM_BASE}/share/prefills`));
    expect(deleted).toHaveBeenCalledTimes(1);
    expect(store.getState().app.toast).toMatchObject({ variant: 'success', message: 'Prefill deleted successfully' });
    expect(await screen.findByRole('heading', { name: 'No prefills yet' })).toBeInTheDocument();
  });

  it("toasts 'Failed to delete prefill' and stays", async () => {
    server.use(templateHandler(), prefillHandler(), http.delete(ONE, () => HttpResponse.json({ detail: 'Boom' }, { status: 500 })));
    const { user, location, store } = renderDetail();

    await user.click(await screen.findByRole('button', { name: 'Delete' }));
    await user.click(within(await screen.findByRole('dialog', { name: /Delete “Newsletter”\?/ })).getByRole('button', { name: 'Yes' }));
    await waitFor(() => expect(store.getState().app.toast).toMatchObject({ variant: 'danger', message: 'Failed to delete prefill' }));
    expect(location().pathname).toBe(`${FORM_BASE}/share/prefills/${PREFILL_ID}`);
  });

  it('drops saved values of inputs no longer on the form when saving', async () => {
    const { bodies, handler } = patchRecorder();
    server.use(templateHandler(), prefillHandler({ client_name: 'Ann', gone_input: 'old' }), handler);
    const { user } = renderDetail();

    expect(await screen.findByText(/One saved value belongs to inputs no longer on the form/)).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(bodies).toHaveLength(1));
    expect(bodies[0]).toEqual({ name: 'Newsletter', data: { client_name: 'Ann' } });
  });
});
