import { screen, waitFor, within } from '@testing-library/react';
import { useState } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ExportResponsesDialog } from '../../../../src/components/export-responses/export-responses-dialog';
import { REVOKE_DELAY_MS, saveFile } from '../../../../src/components/export-responses/save-file';
import { HttpResponse, http, server, startMswServer } from '../../app/msw-server';
import { renderWithProviders } from '../../test-utils';
import { ACCOUNT, errorToast } from '../../features/responses/response-fixtures';

startMswServer();

const FORM = { id: '3f0c9c53-8f4e-4c1e-9d38-6f3a3a3b2c11', name: 'Client intake' };
const EXPORT_URL = `/api/${ACCOUNT}/form-templates/${FORM.id}/export-responses/`;
const CSV = '\uFEFFResponse ID,Submitted at,Spam,Full name\r\nr1,2026-03-01T10:00:00.000Z,no,Zoë\r\n';

interface Saved {
  href: string;
  download: string;
  blob: Blob;
}

let saved: Saved[];
/** Lets a held download finish (also after a failed test, so the next one does not find it running). */
let release = () => {};
let blobs: Map<string, Blob>;
let revoked: string[];
beforeEach(() => {
  saved = [];
  blobs = new Map();
  revoked = [];
  let serial = 0;
  // jsdom has no object URLs and does not download: record what would be saved.
  Object.defineProperty(URL, 'createObjectURL', {
    configurable: true,
    value: (blob: Blob) => {
      serial += 1;
      const url = `blob:test/${serial}`;
      blobs.set(url, blob);
      return url;
    },
  });
  Object.defineProperty(URL, 'revokeObjectURL', { configurable: true, value: (url: string) => revoked.push(url) });
  vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
    saved.push({ href: this.getAttribute('href') ?? '', download: this.download, blob: blobs.get(this.getAttribute('href') ?? '')! });
  });
});
afterEach(async () => {
  vi.useRealTimers();
  release();
  await waitFor(() => expect(screen.queryByRole('button', { name: 'Loading...' })).not.toBeInTheDocument());
  vi.restoreAllMocks();
});

function exportApi(options: { fail?: boolean; hold?: Promise<void>; timeZone?: string | null } = {}) {
  const queries: Record<string, string>[] = [];
  server.use(
    // The account's time zone, which 'Submitted at' is written in.
    http.get(`/api/${ACCOUNT}/settings/`, () => HttpResponse.json({ timeZone: options.timeZone === undefined ? 'Europe/London' : options.timeZone })),
    http.get(EXPORT_URL, async ({ request }) => {
      queries.push(Object.fromEntries(new URL(request.url).searchParams));
      if (options.hold) await options.hold;
      if (options.fail) return HttpResponse.json({ detail: 'boom' }, { status: 500 });
      return new HttpResponse(new TextEncoder().encode(CSV), {
        headers: {
          'Content-Type': 'text/csv; charset=utf-8',
          'Content-Disposition': `attachment; filename="client-intake-responses.csv"; filename*=UTF-8''client-intake-responses-%C3%A9t%C3%A9.csv`,
        },
      });
    }),
  );
  return queries;
}

/** The dialog as a page uses it: a button opens it, closing hides it. */
function Harness() {
  const [open, setOpen] = useState(true);
  return (
    <>
      <button type="button" onClick={() => setOpen(true)}>
        Open export
      </button>
      <ExportResponsesDialog show={open} onHide={() => setOpen(false)} accountId={ACCOUNT} form={FORM} />
    </>
  );
}

const renderDialog = () => renderWithProviders(<Harness />);

describe('export responses dialog', () => {
  it('names the form and offers the four periods as a radio group, All time chosen', () => {
    exportApi();
    renderDialog();
    const dialog = screen.getByRole('dialog', { name: 'Export responses' });
    expect(within(dialog).getByText('Client intake')).toBeInTheDocument();
    const group = within(dialog).getByRole('group', { name: 'Responses submitted in' });
    expect(within(group).getAllByRole('radio').map((radio) => radio.getAttribute('value'))).toEqual(['7', '30', '90', 'all']);
    expect(within(group).getByRole('radio', { name: 'All time' })).toBeChecked();
    expect(within(dialog).getByRole('button', { name: 'Download CSV' })).toBeEnabled();
  });

  it('says which time zone ‘Submitted at’ is in and links to the setting (closing the dialog)', async () => {
    exportApi({ timeZone: 'America/Argentina/Buenos_Aires' });
    const { user, location } = renderDialog();
    const dialog = screen.getByRole('dialog', { name: 'Export responses' });
    expect(await within(dialog).findByText(/‘Submitted at’ is in America\/Argentina\/Buenos Aires\./)).toBeInTheDocument();
    await user.click(within(dialog).getByRole('link', { name: 'Change the time zone' }));
    expect(location().pathname).toBe(`/${ACCOUNT}/settings`);
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
  });

  it('downloads the chosen period (days=N) and saves it under the server’s file name, bytes untouched', async () => {
    const queries = exportApi();
    const { user } = renderDialog();
    await user.click(screen.getByRole('radio', { name: 'Last 7 days' }));
    await user.click(screen.getByRole('button', { name: 'Download CSV' }));

    await waitFor(() => expect(saved).toHaveLength(1));
    expect(queries).toEqual([{ days: '7' }]);
    expect(saved[0].download).toBe('client-intake-responses-été.csv');
    expect(saved[0].href).toBe('blob:test/1');
    const bytes = new Uint8Array(await saved[0].blob.arrayBuffer());
    expect([...bytes.slice(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    expect(new TextDecoder('utf-8', { ignoreBOM: true }).decode(bytes)).toBe(CSV);
    expect(saved[0].blob.type).toBe('text/csv; charset=utf-8');
    // The temporary link is gone again, and the dialog closed itself.
    expect(document.querySelector('a[download]')).toBeNull();
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
  });

  it.each([
    ['Last 30 days', { days: '30' }],
    ['Last 90 days', { days: '90' }],
    ['All time', {}],
  ])('%s asks for %o', async (label, expected) => {
    const queries = exportApi();
    const { user } = renderDialog();
    await user.click(screen.getByRole('radio', { name: label }));
    await user.click(screen.getByRole('button', { name: 'Download CSV' }));
    await waitFor(() => expect(saved).toHaveLength(1));
    expect(queries).toEqual([expected]);
  });

  it('keeps downloading after the dialog closes, and shows progress when it is opened again', async () => {
    const hold = new Promise<void>((resolve) => {
      release = resolve;
    });
    const queries = exportApi({ hold });
    const { user } = renderDialog();
    await user.click(screen.getByRole('button', { name: 'Download CSV' }));
    const dialog = screen.getByRole('dialog');
    expect(within(dialog).getByRole('button', { name: 'Loading...' })).toBeDisabled();
    expect(within(dialog).getByText(/Preparing your download/)).toBeInTheDocument();

    // The footer's Cancel became Close: the download is not cancelled by leaving.
    expect(within(dialog).queryByRole('button', { name: 'Cancel' })).not.toBeInTheDocument();
    await user.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    await user.click(screen.getByRole('button', { name: 'Open export' }));
    const reopened = await screen.findByRole('dialog');
    expect(within(reopened).getByRole('button', { name: 'Loading...' })).toBeDisabled();

    release();
    await waitFor(() => expect(saved).toHaveLength(1));
    expect(queries).toHaveLength(1);
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
  });

  it('a failed download shows the spec message, saves nothing and stays open to try again', async () => {
    exportApi({ fail: true });
    const { user, store } = renderDialog();
    await user.click(screen.getByRole('button', { name: 'Download CSV' }));
    await waitFor(() => expect(store.getState().app.toast).toEqual(errorToast('Unable to download the selected Form Response CSV')));
    expect(saved).toEqual([]);
    expect(screen.getByRole('dialog')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Download CSV' })).toBeEnabled();
  });
});

describe('saveFile', () => {
  it('clicks a temporary download link for a Blob URL and revokes the URL afterwards', () => {
    vi.useFakeTimers();
    saveFile(new Uint8Array([0xef, 0xbb, 0xbf, 0x41]), 'report.csv', 'text/csv');
    expect(saved).toHaveLength(1);
    expect(saved[0]).toMatchObject({ href: 'blob:test/1', download: 'report.csv' });
    expect(saved[0].blob.size).toBe(4);
    expect(document.querySelector('a[download]')).toBeNull();
    expect(revoked).toEqual([]);
    vi.advanceTimersByTime(REVOKE_DELAY_MS);
    expect(revoked).toEqual(['blob:test/1']);
  });
});
