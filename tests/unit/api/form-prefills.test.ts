import { beforeEach, describe, expect, it, vi } from 'vitest';
import { configureHttpClient } from '../../../src/api/client';
import { DEFAULT_ERROR_MESSAGE } from '../../../src/api/errors';
import { formPrefillsApi, prefillErrorsOf } from '../../../src/api/form-prefills';
import type { FormPrefillChanges, FormPrefillInput } from '../../../src/api/form-prefills';
import { HttpResponse, http, server, startMswServer } from '../app/msw-server';
import { callEndpoint } from './api-store';

startMswServer();

const onUnauthorized = vi.fn<(nextPath: string) => void>();
const onFatalError = vi.fn<(error: { statusCode: number; message: string }) => void>();
beforeEach(() => {
  onUnauthorized.mockReset();
  onFatalError.mockReset();
  configureHttpClient({ onUnauthorized, onFatalError });
  document.cookie = 'csrftoken=prefill-token; path=/';
});

const FORM_ID = '3f0c9c53-8f4e-4c1e-9d38-6f3a3a3b2c11';

// Each endpoint run through a store, like a screen runs it.
const { endpoints } = formPrefillsApi;
const listPrefills = (accountId: number, formId: string) => callEndpoint((dispatch) => dispatch(endpoints.listPrefills.initiate({ accountId, formId })));
const getPrefill = (accountId: number, id: string) => callEndpoint((dispatch) => dispatch(endpoints.getPrefill.initiate({ accountId, id })));
const createPrefill = (accountId: number, input: FormPrefillInput) =>
  callEndpoint((dispatch) => dispatch(endpoints.createPrefill.initiate({ accountId, input })));
const updatePrefill = (accountId: number, id: string, changes: FormPrefillChanges) =>
  callEndpoint((dispatch) => dispatch(endpoints.updatePrefill.initiate({ accountId, id, changes })));
const deletePrefill = (accountId: number, id: string) =>
  callEndpoint((dispatch) => dispatch(endpoints.deletePrefill.initiate({ accountId, id, formId: FORM_ID })));
const PREFILL_ID = '9a1b2c3d-4e5f-4a6b-8c7d-0e1f2a3b4c5d';

// Input ids are data: snake_case- and camelCase-looking ids must survive both ways untouched.
const DATA = { client_name: 'Jane Doe', matterType: 'opt_family', count: 3, 'areas-of-law': ['a_1', 'bTwo'] };

const wirePrefill = (overrides: Record<string, unknown> = {}) => ({
  id: PREFILL_ID,
  formTemplate: FORM_ID,
  name: 'Newsletter',
  data: DATA,
  createdAt: '2024-03-01T10:00:00.000Z',
  updatedAt: '2024-03-02T11:30:00.000Z',
  ...overrides,
});

const parsedPrefill = {
  id: PREFILL_ID,
  formTemplate: FORM_ID,
  name: 'Newsletter',
  data: DATA,
  createdAt: '2024-03-01T10:00:00.000Z',
  updatedAt: '2024-03-02T11:30:00.000Z',
};

describe('form prefills API', () => {
  it('lists the prefills of one form, keeping the input ids in data as stored', async () => {
    let query: URLSearchParams | undefined;
    server.use(
      http.get('/api/12/form-prefills/', ({ request }) => {
        query = new URL(request.url).searchParams;
        return HttpResponse.json({ count: 1, next: null, previous: null, results: [wirePrefill()] });
      }),
    );
    const page = await listPrefills(12, FORM_ID);
    expect(query?.get('form_template')).toBe(FORM_ID);
    expect(page).toEqual({ count: 1, next: null, previous: null, results: [parsedPrefill] });
  });

  it('reads one prefill, its data keyed by input id as stored', async () => {
    server.use(http.get(`/api/12/form-prefills/${PREFILL_ID}/`, () => HttpResponse.json(wirePrefill())));
    expect(await getPrefill(12, PREFILL_ID)).toEqual(parsedPrefill);
  });

  it('refuses a null value: the contract says the server drops empty answers before storing', async () => {
    server.use(http.get(`/api/12/form-prefills/${PREFILL_ID}/`, () => HttpResponse.json(wirePrefill({ data: { ...DATA, empty_one: null } }))));
    await expect(getPrefill(12, PREFILL_ID)).rejects.toMatchObject({ status: null, message: DEFAULT_ERROR_MESSAGE });
  });

  it('creates with form_template, name and data in wire case, data keys untouched, and the CSRF header', async () => {
    let body: unknown;
    let headers: Headers | undefined;
    server.use(
      http.post('/api/12/form-prefills/', async ({ request }) => {
        body = await request.json();
        headers = request.headers;
        return HttpResponse.json(wirePrefill(), { status: 201 });
      }),
    );
    const created = await createPrefill(12, { formTemplate: FORM_ID, name: 'Newsletter', data: DATA });
    expect(body).toEqual({ form_template: FORM_ID, name: 'Newsletter', data: DATA });
    expect(headers?.get('content-type')).toContain('application/json');
    expect(headers?.get('x-csrftoken')).toBe('prefill-token');
    expect(created).toEqual(parsedPrefill);
  });

  it('updates with PATCH, sending only the given fields', async () => {
    const bodies: unknown[] = [];
    server.use(
      http.patch(`/api/12/form-prefills/${PREFILL_ID}/`, async ({ request }) => {
        bodies.push(await request.json());
        return HttpResponse.json(wirePrefill({ name: 'Renamed' }));
      }),
    );
    const renamed = await updatePrefill(12, PREFILL_ID, { name: 'Renamed' });
    await updatePrefill(12, PREFILL_ID, { data: { first_name: 'Ann' } });
    expect(bodies).toEqual([{ name: 'Renamed' }, { data: { first_name: 'Ann' } }]);
    expect(renamed.name).toBe('Renamed');
  });

  it('deletes with DELETE', async () => {
    const deleted = vi.fn();
    server.use(
      http.delete(`/api/12/form-prefills/${PREFILL_ID}/`, () => {
        deleted();
        return new HttpResponse(null, { status: 204 });
      }),
    );
    await expect(deletePrefill(12, PREFILL_ID)).resolves.toBeNull();
    expect(deleted).toHaveBeenCalledTimes(1);
  });

  it('refuses an answer of the wrong shape with the default message', async () => {
    server.use(http.get(`/api/12/form-prefills/${PREFILL_ID}/`, () => HttpResponse.json({ id: PREFILL_ID, data: { a: { nested: true } } })));
    const error = await getPrefill(12, PREFILL_ID).catch((caught: unknown) => caught);
    expect(error).toEqual({ status: null, message: DEFAULT_ERROR_MESSAGE, detail: null, errors: {} });
  });

  it('turns a 400 into a failure whose name and per-input messages can be read back by input id', async () => {
    server.use(
      http.post('/api/12/form-prefills/', () =>
        HttpResponse.json(
          {
            detail: 'Invalid prefill.',
            errors: { name: ['Prefill name is required'], 'data.client_email': ['Email: Enter a valid email address'] },
          },
          { status: 400 },
        ),
      ),
    );
    const error = await createPrefill(12, { formTemplate: FORM_ID, name: '', data: {} }).catch((caught: unknown) => caught);
    expect(error).toMatchObject({ status: 400, message: 'Invalid prefill.' });
    expect(prefillErrorsOf(error, ['client_email', 'other'])).toEqual({
      name: 'Prefill name is required',
      data: { client_email: ['Email: Enter a valid email address'] },
    });
    expect(onFatalError).not.toHaveBeenCalled();
  });

  it('reports a 404 to the app (error page) like every other call', async () => {
    server.use(http.get(`/api/12/form-prefills/${PREFILL_ID}/`, () => HttpResponse.json({ detail: 'Not found.' }, { status: 404 })));
    await expect(getPrefill(12, PREFILL_ID)).rejects.toMatchObject({ status: 404, message: 'Not found.' });
    expect(onFatalError).toHaveBeenCalledWith({ statusCode: 404, message: 'Not found.' });
  });
});
