import { waitFor } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { configureHttpClient } from '../../../src/api/client';
import { DEFAULT_ERROR_MESSAGE } from '../../../src/api/errors';
import { formTemplatesApi } from '../../../src/api/form-templates';
import type { FormTemplateInput, FormTemplateListFilters } from '../../../src/api/form-templates';
import { makeStore } from '../../../src/app/store';
import { callEndpoint } from './api-store';
import type { ConditionalLogic, FormDocument, FormStyle } from '../../../src/domain/form-document';
import { HttpResponse, http, server, startMswServer } from '../app/msw-server';

startMswServer();

const onUnauthorized = vi.fn<(nextPath: string) => void>();
const onFatalError = vi.fn<(error: { statusCode: number; message: string }) => void>();
beforeEach(() => {
  onUnauthorized.mockReset();
  onFatalError.mockReset();
  configureHttpClient({ onUnauthorized, onFatalError });
});

const FORM_ID = '3f0c9c53-8f4e-4c1e-9d38-6f3a3a3b2c11';

// Each endpoint run through a store, like a screen runs it.
const { endpoints } = formTemplatesApi;
const listFormTemplates = (accountId: number, filters: FormTemplateListFilters = {}) =>
  callEndpoint((dispatch) => dispatch(endpoints.listForms.initiate({ accountId, ...filters })));
const getFormTemplate = (accountId: number, id: string) => callEndpoint((dispatch) => dispatch(endpoints.getForm.initiate({ accountId, id })));
const createFormTemplate = (accountId: number, form: FormTemplateInput) =>
  callEndpoint((dispatch) => dispatch(endpoints.createForm.initiate({ accountId, input: form })));
const updateFormTemplate = (accountId: number, id: string, form: FormTemplateInput & { updatedAt: string }) =>
  callEndpoint((dispatch) => dispatch(endpoints.updateForm.initiate({ accountId, id, input: form })));
const renameFormTemplate = (accountId: number, id: string, name: string) =>
  callEndpoint((dispatch) => dispatch(endpoints.renameForm.initiate({ accountId, id, name })));
const archiveFormTemplate = (accountId: number, id: string) => callEndpoint((dispatch) => dispatch(endpoints.archiveForm.initiate({ accountId, id })));
const unarchiveFormTemplate = (accountId: number, id: string) =>
  callEndpoint((dispatch) => dispatch(endpoints.unarchiveForm.initiate({ accountId, id })));

// Element ids and option ids are data: camelCase- and snake_case-looking keys inside json* must survive both ways.
const jsonForm = [
  {
    type: 'page',
    id: 'page_One',
    title: 'Page 1',
    children: [
      {
        type: 'input',
        subtype: 'textInput',
        id: 'i1',
        parentId: 'page_One',
        label: 'Full name',
        dataName: 'full_name',
        placeholder: '',
        helpText: '',
        default: { staticValue: null, referenceValueId: null },
        options: [],
        minValue: null,
        maxValue: null,
        stepValue: null,
        minLength: null,
        maxLength: 120,
        required: true,
      },
    ],
  },
] as FormDocument;
const jsonConditionalLogic: ConditionalLogic = {
  conditionMap: {
    some_element: { id: 'cfg_1', element: { id: 'some_element', type: 'input' }, conditions: [] },
  },
  pageMap: {},
};
const jsonFormStyle: FormStyle = {
  button: {
    submitTextContent: 'Send',
    textSize: '1rem',
    textColor: '#FFFFFF',
    bodyColor: '#111928',
    textHoverColor: '#111928',
    bodyHoverColor: '#FFFFFF',
    cornerRadius: '0.375rem',
  },
};

const input: FormTemplateInput = {
  name: 'Intake',
  displayName: 'Client intake',
  description: 'New matters',
  customSubmitMessage: 'Thanks!',
  jsonForm,
  jsonConditionalLogic,
  jsonFormStyle,
};

/** A form template as the server sends it (snakeCase envelope, json* values untouched). */
function wireForm(overrides: Record<string, unknown> = {}) {
  return {
    id: FORM_ID,
    groupId: 'g-1',
    account: 12,
    name: 'Intake',
    displayName: 'Client intake',
    description: 'New matters',
    customSubmitMessage: 'Thanks!',
    internalFormSlug: null,
    createdAt: '2024-05-01T10:00:00.000Z',
    updatedAt: '2024-05-02T10:00:00.000Z',
    deletedAt: null,
    jsonForm,
    jsonConditionalLogic,
    jsonFormStyle,
    formMappers: [],
    ...overrides,
  };
}

function wireSummary(overrides: Record<string, unknown> = {}) {
  const { id, name, displayName, description, internalFormSlug, createdAt, updatedAt, deletedAt } = wireForm();
  return { id, name, displayName, description, internalFormSlug, createdAt, updatedAt, deletedAt, ...overrides };
}

describe('listFormTemplates', () => {
  it('GETs the active list and parses the summaries', async () => {
    let url: URL | null = null;
    server.use(
      http.get('/api/12/form-templates/', ({ request }) => {
        url = new URL(request.url);
        return HttpResponse.json({ count: 1, next: null, previous: null, results: [wireSummary()] });
      }),
    );
    const page = await listFormTemplates(12);
    expect([...url!.searchParams.keys()]).toEqual([]);
    expect(page).toEqual({
      count: 1,
      next: null,
      previous: null,
      results: [
        {
          id: FORM_ID,
          name: 'Intake',
          displayName: 'Client intake',
          description: 'New matters',
          internalFormSlug: null,
          createdAt: '2024-05-01T10:00:00.000Z',
          updatedAt: '2024-05-02T10:00:00.000Z',
          deletedAt: null,
        },
      ],
    });
  });

  it('sends archived, search and internal_form_slug as snake_case query values', async () => {
    let url: URL | null = null;
    server.use(
      http.get('/api/12/form-templates/', ({ request }) => {
        url = new URL(request.url);
        return HttpResponse.json({ count: 0, next: null, previous: null, results: [] });
      }),
    );
    await listFormTemplates(12, { archived: true, search: '  intake  ', internalFormSlug: 'contact_export_form' });
    expect(Object.fromEntries(url!.searchParams)).toEqual({
      archived: 'true',
      search: 'intake',
      internal_form_slug: 'contact_export_form',
    });
  });

  it('refuses null free text: the contract (src/contract) says the server always sends strings', async () => {
    server.use(
      http.get('/api/12/form-templates/', () =>
        HttpResponse.json({ count: 1, next: null, previous: null, results: [wireSummary({ description: null, displayName: null })] }),
      ),
    );
    await expect(listFormTemplates(12)).rejects.toMatchObject({ status: null, message: DEFAULT_ERROR_MESSAGE });
  });

  it('rejects a malformed answer with the default message', async () => {
    server.use(http.get('/api/12/form-templates/', () => HttpResponse.json({ results: [{ id: 5 }] })));
    const error = await listFormTemplates(12).catch((caught: unknown) => caught);
    expect(error).toEqual({ status: null, message: DEFAULT_ERROR_MESSAGE, detail: null, errors: {} });
  });
});

describe('getFormTemplate', () => {
  it('parses the form and passes the json* documents through untouched', async () => {
    server.use(http.get(`/api/12/form-templates/${FORM_ID}/`, () => HttpResponse.json(wireForm())));
    const form = await getFormTemplate(12, FORM_ID);
    expect(form).toMatchObject({
      id: FORM_ID,
      groupId: 'g-1',
      account: 12,
      displayName: 'Client intake',
      customSubmitMessage: 'Thanks!',
      updatedAt: '2024-05-02T10:00:00.000Z',
      formMappers: [],
    });
    expect(form.jsonForm).toEqual(jsonForm);
    expect(form.jsonConditionalLogic).toEqual(jsonConditionalLogic);
    expect(form.jsonFormStyle).toEqual(jsonFormStyle);
  });

  it('accepts documents of an older shape (the builder restores them)', async () => {
    const legacy = { pages: [{ type: 'page', id: 'p1', title: 'Old', elements: [{ type: 'input', subtype: 'text', label: 'Name' }] }] };
    server.use(http.get(`/api/12/form-templates/${FORM_ID}/`, () => HttpResponse.json(wireForm({ jsonForm: legacy, jsonFormStyle: {} }))));
    const form = await getFormTemplate(12, FORM_ID);
    expect(form.jsonForm).toEqual(legacy);
    expect(form.jsonFormStyle).toEqual({});
  });

  it('loads the built-in form by its alias', async () => {
    let path = '';
    server.use(
      http.get('/api/12/form-templates/:id/', ({ request }) => {
        path = new URL(request.url).pathname;
        return HttpResponse.json(wireForm({ id: 'contact-export-form', internalFormSlug: 'contact_export_form' }));
      }),
    );
    const form = await getFormTemplate(12, 'contact-export-form');
    expect(path).toBe('/api/12/form-templates/contact-export-form/');
    expect(form.internalFormSlug).toBe('contact_export_form');
  });

  it('normalises an archived form to a failure and reports it to the error page', async () => {
    server.use(http.get(`/api/12/form-templates/${FORM_ID}/`, () => HttpResponse.json({ detail: 'Archived Form' }, { status: 404 })));
    const error = await getFormTemplate(12, FORM_ID).catch((caught: unknown) => caught);
    expect(error).toMatchObject({ status: 404, message: 'Archived Form', detail: 'Archived Form' });
    expect(onFatalError).toHaveBeenCalledWith({ statusCode: 404, message: 'Archived Form' });
  });
});

describe('createFormTemplate', () => {
  it('POSTs snake_case keys with the json* documents untouched and returns the parsed form', async () => {
    let body: unknown = null;
    server.use(
      http.post('/api/12/form-templates/', async ({ request }) => {
        body = await request.json();
        return HttpResponse.json(wireForm(), { status: 201 });
      }),
    );
    const form = await createFormTemplate(12, input);
    expect(body).toEqual({
      name: 'Intake',
      description: 'New matters',
      display_name: 'Client intake',
      custom_submit_message: 'Thanks!',
      jsonForm,
      jsonConditionalLogic,
      jsonFormStyle,
    });
    expect(form.id).toBe(FORM_ID);
    expect(form.displayName).toBe('Client intake');
  });

  it('normalises a 400 to a failure carrying the field errors', async () => {
    server.use(
      http.post('/api/12/form-templates/', () =>
        HttpResponse.json(
          {
            detail: 'Invalid form',
            errors: { name: ['Form name is required'], 'jsonForm.0.children.2.dataName': ['input "i3" (Email): dataName is already used'] },
          },
          { status: 400 },
        ),
      ),
    );
    const error = await createFormTemplate(12, { ...input, name: '' }).catch((caught: unknown) => caught);
    expect(error).toMatchObject({
      status: 400,
      message: 'Invalid form',
      errors: {
        name: ['Form name is required'],
        'jsonForm.0.children.2.dataName': ['input "i3" (Email): dataName is already used'],
      },
    });
    expect(onFatalError).not.toHaveBeenCalled();
  });

  it('is never retried (a write)', async () => {
    let calls = 0;
    server.use(
      http.post('/api/12/form-templates/', () => {
        calls += 1;
        return HttpResponse.json({ detail: 'Boom' }, { status: 503 });
      }),
    );
    await expect(createFormTemplate(12, input)).rejects.toMatchObject({ status: 503, message: 'Boom' });
    expect(calls).toBe(1);
  });
});

describe('updateFormTemplate', () => {
  it('PUTs the same body plus id and the loaded updated_at', async () => {
    let body: unknown = null;
    server.use(
      http.put(`/api/12/form-templates/${FORM_ID}/`, async ({ request }) => {
        body = await request.json();
        return HttpResponse.json(wireForm({ updatedAt: '2024-05-03T09:00:00.000Z' }));
      }),
    );
    const form = await updateFormTemplate(12, FORM_ID, { ...input, updatedAt: '2024-05-02T10:00:00.000Z' });
    expect(body).toEqual({
      id: FORM_ID,
      updated_at: '2024-05-02T10:00:00.000Z',
      name: 'Intake',
      description: 'New matters',
      display_name: 'Client intake',
      custom_submit_message: 'Thanks!',
      jsonForm,
      jsonConditionalLogic,
      jsonFormStyle,
    });
    expect(form.updatedAt).toBe('2024-05-03T09:00:00.000Z');
  });

  it("surfaces a 409 conflict with the server's detail", async () => {
    const detail = 'This form was changed by someone else since you opened it. Reload it to see their changes, then save again.';
    let calls = 0;
    server.use(
      http.put(`/api/12/form-templates/${FORM_ID}/`, () => {
        calls += 1;
        return HttpResponse.json({ detail }, { status: 409 });
      }),
    );
    const error = await updateFormTemplate(12, FORM_ID, { ...input, updatedAt: 'x' }).catch((caught: unknown) => caught);
    expect(error).toMatchObject({ status: 409, message: detail, detail });
    expect(calls).toBe(1);
  });
});

describe('rename, archive and unarchive', () => {
  it('renames with a PATCH of id and name only', async () => {
    let body: unknown = null;
    server.use(
      http.patch(`/api/12/form-templates/${FORM_ID}/`, async ({ request }) => {
        body = await request.json();
        return HttpResponse.json(wireForm({ name: 'Renamed' }));
      }),
    );
    const form = await renameFormTemplate(12, FORM_ID, 'Renamed');
    expect(body).toEqual({ id: FORM_ID, name: 'Renamed' });
    expect(form.name).toBe('Renamed');
  });

  it('archives with a DELETE', async () => {
    let method = '';
    server.use(
      http.delete(`/api/12/form-templates/${FORM_ID}/`, ({ request }) => {
        method = request.method;
        return new HttpResponse(null, { status: 204 });
      }),
    );
    await expect(archiveFormTemplate(12, FORM_ID)).resolves.toBeNull();
    expect(method).toBe('DELETE');
  });

  it('unarchives with a PATCH to {id}/unarchive/', async () => {
    let called = false;
    server.use(
      http.patch(`/api/12/form-templates/${FORM_ID}/unarchive/`, () => {
        called = true;
        return HttpResponse.json(wireForm({ deletedAt: null }));
      }),
    );
    const form = await unarchiveFormTemplate(12, FORM_ID);
    expect(called).toBe(true);
    expect(form.deletedAt).toBeNull();
  });

  it('normalises a failed archive (network error) to a failure with the default message', async () => {
    server.use(http.delete(`/api/12/form-templates/${FORM_ID}/`, () => HttpResponse.error()));
    const error = await archiveFormTemplate(12, FORM_ID).catch((caught: unknown) => caught);
    expect(error).toMatchObject({ status: null, message: DEFAULT_ERROR_MESSAGE });
  });
});

describe('the cached form lists', () => {
  it('rename renames the row and archive removes it in place, without asking for the list again', async () => {
    let reads = 0;
    server.use(
      http.get('/api/12/form-templates/', () => {
        reads += 1;
        return HttpResponse.json({ count: 1, next: null, previous: null, results: [wireSummary()] });
      }),
      http.patch(`/api/12/form-templates/${FORM_ID}/`, () => HttpResponse.json(wireForm({ name: 'Renamed' }))),
      http.delete(`/api/12/form-templates/${FORM_ID}/`, () => new HttpResponse(null, { status: 204 })),
    );
    const store = makeStore();
    const args = { accountId: 12, archived: false };
    const list = store.dispatch(endpoints.listForms.initiate(args));
    await list;
    const rows = () => endpoints.listForms.select(args)(store.getState()).data?.results ?? [];

    await store.dispatch(endpoints.renameForm.initiate({ accountId: 12, id: FORM_ID, name: 'Renamed' })).unwrap();
    await waitFor(() => expect(rows().map((form) => form.name)).toEqual(['Renamed']));
    await store.dispatch(endpoints.archiveForm.initiate({ accountId: 12, id: FORM_ID })).unwrap();
    await waitFor(() => expect(rows()).toEqual([]));
    expect(reads).toBe(1);
    list.unsubscribe();
  });
});
