import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { configureHttpClient } from '../../../src/api/client';
import { ApiError } from '../../../src/api/errors';
import { cursorOf, exportFormResponses, filenameFromContentDisposition, formResponsesApi } from '../../../src/api/form-responses';
import type { FormResponseFilters } from '../../../src/api/form-responses';
import { HttpResponse, http, server, startMswServer } from '../app/msw-server';
import { callEndpoint } from './api-store';

// Each endpoint run through a store, like a screen runs it.
const { endpoints } = formResponsesApi;
const listFormResponses = (accountId: number, filters: FormResponseFilters = {}) =>
  callEndpoint((dispatch) => dispatch(endpoints.listResponses.initiate({ accountId, filters })));
const getFormResponse = (accountId: number, id: string) => callEndpoint((dispatch) => dispatch(endpoints.getResponse.initiate({ accountId, id })));
const setFormResponseSpam = (accountId: number, id: string, isSpam: boolean) =>
  callEndpoint((dispatch) => dispatch(endpoints.setResponseSpam.initiate({ accountId, id, isSpam })));

startMswServer();

const onUnauthorized = vi.fn<(nextPath: string) => void>();
const onFatalError = vi.fn<(error: { statusCode: number; message: string }) => void>();
beforeEach(() => {
  onUnauthorized.mockReset();
  onFatalError.mockReset();
  configureHttpClient({ onUnauthorized, onFatalError });
});
afterEach(() => {
  document.cookie = 'csrftoken=; expires=Thu, 01 Jan 1970 00:00:00 GMT; path=/';
});

const FORM_ID = '3f0c9c53-8f4e-4c1e-9d38-6f3a3a3b2c11';
const RESPONSE_ID = '9b7e0f5e-1d2c-4b7a-8e6f-0a1b2c3d4e5f';

const wireItem = {
  id: RESPONSE_ID,
  formTemplate: FORM_ID,
  formName: 'Client intake',
  submittedAt: '2026-03-01T10:00:00.000Z',
  isSpam: false,
  prefill: null,
  summary: [{ label: 'Full name', value: 'Ada Lovelace' }],
};

const wireDetail = {
  id: RESPONSE_ID,
  formTemplate: { id: FORM_ID, name: 'Client intake', archived: false },
  submittedAt: '2026-03-01T10:00:00.000Z',
  isSpam: true,
  spamReasons: ['honeypot'],
  prefill: { id: 'p1', name: 'Referral' },
  // Keyed by input ids: not read (answers carries every answer).
  data: { client_name: 'Ada' },
  answers: [
    {
      inputId: 'client_name',
      label: 'Full name',
      dataName: 'full_name',
      subtype: 'textInput',
      pageTitle: 'About you',
      sectionTitle: null,
      value: 'Ada',
      displayValue: 'Ada',
    },
  ],
};

describe('form responses API', () => {
  it('lists responses with snake_case query parameters, trimmed search and the cursor passed through', async () => {
    const seen: URLSearchParams[] = [];
    server.use(
      http.get('/api/12/form-responses/', ({ request }) => {
        seen.push(new URL(request.url).searchParams);
        return HttpResponse.json({ count: null, next: '/api/12/form-responses/?cursor=b2xkZXI&page_size=50', previous: null, results: [wireItem] });
      }),
    );
    const page = await listFormResponses(12, {
      formTemplate: FORM_ID,
      isSpam: false,
      search: '  ada  ',
      submittedAfter: '2026-03-01',
      submittedBefore: '2026-03-31T22:00:00.000Z',
      pageSize: 50,
      cursor: 'bmV4dA',
    });
    expect(Object.fromEntries(seen[0])).toEqual({
      form_template: FORM_ID,
      is_spam: 'false',
      search: 'ada',
      submitted_after: '2026-03-01',
      submitted_before: '2026-03-31T22:00:00.000Z',
      page_size: '50',
      cursor: 'bmV4dA',
    });
    expect(page).toEqual({
      count: null,
      next: '/api/12/form-responses/?cursor=b2xkZXI&page_size=50',
      previous: null,
      results: [
        {
          id: RESPONSE_ID,
          formTemplate: FORM_ID,
          formName: 'Client intake',
          submittedAt: '2026-03-01T10:00:00.000Z',
          isSpam: false,
          prefill: null,
          summary: [{ label: 'Full name', value: 'Ada Lovelace' }],
        },
      ],
    });
    expect(cursorOf(page.next)).toBe('b2xkZXI');
  });

  it('sends no parameters for an unfiltered first page, and is_spam=true for spam', async () => {
    const seen: string[] = [];
    server.use(
      http.get('/api/12/form-responses/', ({ request }) => {
        seen.push(new URL(request.url).search);
        return HttpResponse.json({ count: 0, next: null, previous: null, results: [] });
      }),
    );
    expect((await listFormResponses(12)).count).toBe(0);
    await listFormResponses(12, { isSpam: true, search: '   ' });
    expect(seen).toEqual(['', '?is_spam=true']);
  });

  it('reads the cursor of a page link, or null', () => {
    expect(cursorOf('/api/12/form-responses/?form_template=x&cursor=cDE%3D&page_size=50')).toBe('cDE=');
    expect(cursorOf(null)).toBeNull();
    expect(cursorOf('/api/12/form-responses/?page_size=50')).toBeNull();
  });

  it('refuses a list of an unexpected shape with the default message', async () => {
    server.use(http.get('/api/12/form-responses/', () => HttpResponse.json({ results: 'nope' })));
    await expect(listFormResponses(12)).rejects.toEqual({ status: null, message: 'Contact support for help.', detail: null, errors: {} });
  });

  it('keeps the server’s field errors of a 400 for bad filters', async () => {
    server.use(
      http.get('/api/12/form-responses/', () =>
        HttpResponse.json({ detail: 'Invalid query parameters.', errors: { submitted_after: ['must be an ISO 8601 date or date-time'] } }, { status: 400 }),
      ),
    );
    const error = (await listFormResponses(12, { submittedAfter: 'soon' }).catch((caught: unknown) => caught)) as ApiError;
    expect(error.status).toBe(400);
    expect(error.errors).toEqual({ submittedAfter: ['must be an ISO 8601 date or date-time'] });
  });

  it('reads one response with its answers, spam reasons and prefill', async () => {
    server.use(http.get(`/api/12/form-responses/${RESPONSE_ID}/`, () => HttpResponse.json(wireDetail)));
    const detail = await getFormResponse(12, RESPONSE_ID);
    expect(detail).toEqual({
      id: RESPONSE_ID,
      formTemplate: { id: FORM_ID, name: 'Client intake', archived: false },
      submittedAt: '2026-03-01T10:00:00.000Z',
      isSpam: true,
      spamReasons: ['honeypot'],
      prefill: { id: 'p1', name: 'Referral' },
      data: { client_name: 'Ada' },
      answers: [
        {
          inputId: 'client_name',
          label: 'Full name',
          dataName: 'full_name',
          subtype: 'textInput',
          pageTitle: 'About you',
          sectionTitle: null,
          value: 'Ada',
          displayValue: 'Ada',
        },
      ],
    });
  });

  it('toggles spam with PUT {is_spam} and the CSRF header, answering the detail', async () => {
    document.cookie = 'csrftoken=tok123; path=/';
    const bodies: unknown[] = [];
    const tokens: (string | null)[] = [];
    server.use(
      http.put(`/api/12/form-responses/${RESPONSE_ID}/`, async ({ request }) => {
        bodies.push(await request.json());
        tokens.push(request.headers.get('X-CSRFToken'));
        return HttpResponse.json({ ...wireDetail, isSpam: false });
      }),
    );
    const updated = await setFormResponseSpam(12, RESPONSE_ID, false);
    expect(bodies).toEqual([{ is_spam: false }]);
    expect(tokens).toEqual(['tok123']);
    expect(updated.isSpam).toBe(false);
  });

  it('downloads the export as bytes (BOM kept) with days, and with no days for all time', async () => {
    const csv = '\uFEFFResponse ID,Submitted at\r\nabc,2026-03-01\r\n';
    const seen: string[] = [];
    server.use(
      http.get(`/api/12/form-templates/${FORM_ID}/export-responses/`, ({ request }) => {
        seen.push(new URL(request.url).search);
        return new HttpResponse(new TextEncoder().encode(csv), {
          headers: {
            'Content-Type': 'text/csv; charset=utf-8',
            'Content-Disposition': `attachment; filename="client-intake-responses.csv"; filename*=UTF-8''client-intake-r%C3%A9ponses.csv`,
          },
        });
      }),
    );
    const file = await exportFormResponses(12, FORM_ID, 30);
    expect(seen).toEqual(['?days=30']);
    expect(file.filename).toBe('client-intake-réponses.csv');
    expect(file.contentType).toBe('text/csv; charset=utf-8');
    const bytes = new Uint8Array(file.data);
    expect([...bytes.slice(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    expect(new TextDecoder('utf-8', { ignoreBOM: true }).decode(bytes)).toBe(csv);

    await exportFormResponses(12, FORM_ID, null);
    expect(seen).toEqual(['?days=30', '']);
  });

  it('reports a failed export as ApiError, without the error page', async () => {
    server.use(
      http.get(`/api/12/form-templates/${FORM_ID}/export-responses/`, () => HttpResponse.json({ detail: 'Not Found' }, { status: 404 })),
    );
    const error = (await exportFormResponses(12, FORM_ID, 7).catch((caught: unknown) => caught)) as ApiError;
    expect(error).toBeInstanceOf(ApiError);
    expect(error.status).toBe(404);
    expect(error.detail).toBe('Not Found');
    expect(onFatalError).not.toHaveBeenCalled();
  });
});

describe('filenameFromContentDisposition', () => {
  it.each([
    [`attachment; filename="a.csv"; filename*=UTF-8''b%20c.csv`, 'b c.csv'],
    [`attachment; filename*=utf-8'en'%E2%82%AC%20rates.csv`, '€ rates.csv'],
    [`attachment; filename="plain name.csv"`, 'plain name.csv'],
    [`attachment; filename=bare.csv`, 'bare.csv'],
    [`attachment; filename="with \\"quotes\\".csv"`, 'with "quotes".csv'],
    // A charset we cannot decode falls back to the plain name.
    [`attachment; filename="fallback.csv"; filename*=ISO-8859-1''caf%E9.csv`, 'fallback.csv'],
    [`attachment; filename="../../etc/passwd"`, '.._.._etc_passwd'],
  ])('%s → %s', (header, expected) => {
    expect(filenameFromContentDisposition(header)).toBe(expected);
  });

  it('answers null when no file is named', () => {
    expect(filenameFromContentDisposition(null)).toBeNull();
    expect(filenameFromContentDisposition('inline')).toBeNull();
    expect(filenameFromContentDisposition('attachment; filename=""')).toBeNull();
  });
});
