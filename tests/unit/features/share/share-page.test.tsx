import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { NIL_UUID } from '../../../../src/domain/ids';
import { HttpResponse, http, server, startMswServer } from '../../app/msw-server';
import { ACCOUNT_ID, FORM_BASE, FORM_ID, listHandler, renderShare, templateHandler } from './share-fixtures';

startMswServer();

describe('SharePage', () => {
  it('shows the form’s public link, copies it, and opens it in a new tab', async () => {
    server.use(templateHandler());
    const { user } = renderShare(`${FORM_BASE}/share`);

    expect(await screen.findByRole('heading', { level: 1, name: 'Share: Family intake' })).toBeInTheDocument();
    const url = `${window.location.origin}/f/${FORM_ID}`;
    const field = screen.getByRole('textbox', { name: 'Form link' });
    expect(field).toHaveValue(url);
    expect(field).toHaveAttribute('readonly');

    await user.click(screen.getByRole('button', { name: 'Copy link' }));
    expect(await navigator.clipboard.readText()).toBe(url);
    expect(await screen.findByText('Copied!')).toBeInTheDocument();

    const open = screen.getByRole('link', { name: /Open form/ });
    expect(open).toHaveAttribute('href', url);
    expect(open).toHaveAttribute('target', '_blank');
    expect(open.getAttribute('rel')).toContain('noopener');
  });

  it('leads to the embed, its documentation, the prefills and back to the builder', async () => {
    server.use(templateHandler(), listHandler([]));
    const { user, location } = renderShare(`${FORM_BASE}/share`);
    await screen.findByRole('heading', { level: 1, name: 'Share: Family intake' });

    expect(screen.getByRole('link', { name: 'Embed on your website' })).toHaveAttribute('href', `${FORM_BASE}/share/embed`);
    expect(screen.getByRole('link', { name: 'Embed documentation' })).toHaveAttribute('href', `${FORM_BASE}/share/embed/docs`);
    expect(screen.getByRole('link', { name: 'Prefills' })).toHaveAttribute('href', `${FORM_BASE}/share/prefills`);
    expect(screen.getByRole('link', { name: 'Integrations' })).toHaveAttribute('href', `${FORM_BASE}/integrations`);
    expect(screen.getByRole('link', { name: 'Back to Form Builder' })).toHaveAttribute('href', `/${ACCOUNT_ID}/build/${FORM_ID}`);

    await user.click(screen.getByRole('link', { name: 'Prefills' }));
    expect(location().pathname).toBe(`${FORM_BASE}/share/prefills`);
  });

  it('says so and offers a retry when the form cannot be loaded', async () => {
    // GET is retried once (spec §7), so both attempts fail.
    server.use(http.get(`/api/${ACCOUNT_ID}/form-templates/${FORM_ID}/`, () => HttpResponse.json({ detail: 'Boom' }, { status: 500 })));
    const { store, user } = renderShare(`${FORM_BASE}/share`);
    expect(await screen.findByRole('alert')).toHaveTextContent('Unable to load the selected form');
    expect(store.getState().app.toast).toMatchObject({ show: true, variant: 'danger', message: 'Unable to load the selected form' });

    server.use(templateHandler());
    await user.click(within(screen.getByRole('alert')).getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('textbox', { name: 'Form link' })).toBeInTheDocument();
  });

  it('asks to save a new form first, without calling the server', async () => {
    // No handler: any request would fail the test (msw onUnhandledFrame: 'error').
    renderShare(`/${ACCOUNT_ID}/build/${NIL_UUID}/share`);
    expect(screen.getByText('Save this form before sharing it.')).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByRole('textbox')).not.toBeInTheDocument());
  });
});
