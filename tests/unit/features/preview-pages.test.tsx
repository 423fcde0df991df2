import { screen, waitFor } from '@testing-library/react';
import { Route, Routes } from 'react-router';
import { describe, expect, it } from 'vitest';
import { JsonViewPage } from '../../../src/features/builder/json-view-page';
import { PREVIEW_NOTICE, PreviewPage } from '../../../src/features/builder/preview-page';
import { defaultFormStyle, emptyConditionalLogic } from '../../../src/domain/form-document';
import type { FormDocument } from '../../../src/domain/form-document';
import { normaliseForm } from '../../../src/domain/form-tree';
import { NIL_UUID } from '../../../src/domain/ids';
import type { PreloadedState } from '../../../src/app/store';
import { HttpResponse, http, server, startMswServer } from '../app/msw-server';
import { renderWithProviders } from '../test-utils';
import { input as fixtureInput } from '../../fixtures/form-factories';

startMswServer();

const FORM_ID = '11111111-1111-4111-8111-111111111111';
const OTHER_ID = '22222222-2222-4222-8222-222222222222';

const input = (id: string, parentId: string, label: string, required = false) => fixtureInput(id, parentId, { label, required });

const builderDocument: FormDocument = [{ type: 'page', id: 'p1', title: 'Unsaved page', children: [input('i1', 'p1', 'Client name', true)] }];

function builderState(formId = FORM_ID) {
  return {
    form: {
      formId,
      accountId: 12,
      loadStatus: 'loaded' as const,
      name: 'Intake',
      displayName: 'New client intake',
      customSubmitMessage: 'We got it (preview)',
      tree: normaliseForm(builderDocument),
      logic: emptyConditionalLogic(),
      style: defaultFormStyle(),
    },
  };
}

function savedTemplate(jsonForm: unknown) {
  return {
    id: FORM_ID,
    name: 'Saved form',
    displayName: 'Saved display name',
    description: '',
    internalFormSlug: null,
    createdAt: '2024-01-01T09:00:00.000Z',
    updatedAt: '2024-01-01T09:00:00.000Z',
    deletedAt: null,
    groupId: null,
    account: 12,
    customSubmitMessage: 'Saved thanks',
    jsonForm,
    jsonConditionalLogic: { conditionMap: {}, pageMap: {} },
    jsonFormStyle: { button: { submitTextContent: 'Send' } },
    formMappers: [],
  };
}

function renderAt(page: 'preview' | 'json-view', formId: string, preloadedState?: PreloadedState) {
  return renderWithProviders(
    <Routes>
      <Route path=":accountId/build/:formId/preview" element={<PreviewPage />} />
      <Route path=":accountId/build/:formId/json-view" element={<JsonViewPage />} />
    </Routes>,
    { route: `/12/build/${formId}/${page}`, preloadedState },
  );
}

describe('PreviewPage', () => {
  it('shows the builder’s in-memory form without loading anything', async () => {
    // No API handler: any request would fail the test (msw onUnhandledFrame: 'error').
    const { user } = renderAt('preview', FORM_ID, builderState());
    expect(screen.getByText(PREVIEW_NOTICE)).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Preview: New client intake' })).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Unsaved page' })).toBeInTheDocument();
    expect(screen.getByText('Showing your unsaved changes from the builder.')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Back to Form Builder' })).toHaveAttribute('href', `/12/build/${FORM_ID}`);

    await user.click(screen.getByRole('button', { name: 'Submit' }));
    expect(screen.getByRole('textbox', { name: 'Client name' })).toHaveFocus();
    await user.type(screen.getByRole('textbox', { name: 'Client name' }), 'Ann');
    await user.click(screen.getByRole('button', { name: 'Submit' }));
    expect(screen.getByRole('status')).toHaveTextContent('We got it (preview)');

    await user.click(screen.getByRole('button', { name: 'Restart preview' }));
    expect(screen.getByRole('textbox', { name: 'Client name' })).toHaveValue('');
  });

  it('applies the form’s conditional logic', async () => {
    const document: FormDocument = [
      { type: 'page', id: 'p1', title: 'Logic page', children: [input('i1', 'p1', 'Trigger'), input('i2', 'p1', 'Shown when answered', true)] },
    ];
    const logic = {
      conditionMap: {
        i2: {
          id: 'cfg',
          element: { id: 'i2', type: 'input' as const },
          conditions: [
            {
              id: 'c1',
              expression: [{ id: 'g1', type: 'group' as const, operator: 'AND' as const, rules: [{ id: 'r1', type: 'rule' as const, predicate: 'NOT_EMPTY' as const, triggerId: 'i1', staticValue: null, referenceValueId: null }] }],
              actions: [{ key: 'TOGGLE_VISIBILITY' as const, value: 'SHOW' as const }],
            },
          ],
        },
      },
      pageMap: {},
    };
    const state = builderState();
    const { user } = renderAt('preview', FORM_ID, { form: { ...state.form, tree: normaliseForm(document), logic } });
    expect(screen.queryByRole('textbox', { name: 'Shown when answered' })).not.toBeInTheDocument();
    await user.type(screen.getByRole('textbox', { name: 'Trigger' }), 'x');
    expect(screen.getByRole('textbox', { name: 'Shown when answered' })).toBeInTheDocument();
    await user.clear(screen.getByRole('textbox', { name: 'Trigger' }));
    // Hidden again, so no longer required: submitting succeeds.
    await user.click(screen.getByRole('button', { name: 'Submit' }));
    expect(screen.getByRole('status')).toHaveTextContent('We got it (preview)');
  });

  it('loads the saved form (restoring older shapes) when the builder holds another form', async () => {
    let requests = 0;
    server.use(
      http.get(`/api/12/form-templates/${FORM_ID}/`, () => {
        requests += 1;
        // An older shape: a { pages } wrapper with `elements` and a legacy subtype.
        return HttpResponse.json(
          savedTemplate({ pages: [{ type: 'page', id: 'p1', title: 'Saved page', elements: [{ ...input('i1', 'p1', 'Saved field'), subtype: 'text' }] }] }),
        );
      }),
    );
    const { user } = renderAt('preview', FORM_ID, builderState(OTHER_ID));
    expect(await screen.findByRole('heading', { name: 'Saved page' })).toBeInTheDocument();
    expect(requests).toBe(1);
    expect(screen.getByRole('heading', { name: 'Preview: Saved display name' })).toBeInTheDocument();
    expect(screen.queryByText('Showing your unsaved changes from the builder.')).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Send' }));
    expect(screen.getByRole('status')).toHaveTextContent('Saved thanks');
  });

  it('says when the form cannot be loaded and offers to try again', async () => {
    let fail = true;
    server.use(
      http.get(`/api/12/form-templates/${FORM_ID}/`, () =>
        fail ? HttpResponse.json({ detail: 'boom' }, { status: 400 }) : HttpResponse.json(savedTemplate([{ type: 'page', id: 'p1', title: 'Back again', children: [] }])),
      ),
    );
    const { user, store } = renderAt('preview', FORM_ID);
    expect(await screen.findByRole('alert')).toHaveTextContent('Unable to load the selected form');
    expect(store.getState().app.toast).toMatchObject({ show: true, message: 'Unable to load the selected form' });
    fail = false;
    await user.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('heading', { name: 'Back again' })).toBeInTheDocument();
  });

  it('previews a new unsaved form with nobody editing it', () => {
    renderAt('preview', NIL_UUID);
    expect(screen.getByRole('button', { name: 'Submit' })).toBeInTheDocument();
    // The new form's 'Page 1' and 'Section' are builder scaffolding, which respondents (and so the preview) do not see.
    expect(screen.queryByRole('heading', { name: 'Page 1' })).not.toBeInTheDocument();
    expect(screen.queryByText('Section')).not.toBeInTheDocument();
  });
});

describe('JsonViewPage', () => {
  it('shows the builder’s current documents as pretty JSON with a copy button', () => {
    renderAt('json-view', FORM_ID, builderState());
    const pre = screen.getByRole('region', { name: 'Form JSON' });
    const shown = JSON.parse(pre.textContent ?? '') as Record<string, unknown>;
    expect(Object.keys(shown)).toEqual(['jsonForm', 'jsonConditionalLogic', 'jsonFormStyle']);
    expect(shown.jsonForm).toEqual(builderDocument);
    expect(shown.jsonFormStyle).toEqual(defaultFormStyle());
    expect(pre.textContent).toContain('\n  "jsonForm": [');
    expect(screen.getByRole('button', { name: 'Copy JSON' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Back to Form Builder' })).toHaveAttribute('href', `/12/build/${FORM_ID}`);
  });

  it('shows the saved documents as stored when the builder is not open on the form', async () => {
    const stored = [{ type: 'page', id: 'p1', title: 'Stored', children: [] }];
    server.use(http.get(`/api/12/form-templates/${FORM_ID}/`, () => HttpResponse.json(savedTemplate(stored))));
    renderAt('json-view', FORM_ID);
    const pre = await screen.findByRole('region', { name: 'Form JSON' });
    await waitFor(() => expect(JSON.parse(pre.textContent ?? '{}')).toMatchObject({ jsonForm: stored, jsonFormStyle: { button: { submitTextContent: 'Send' } } }));
  });
});
