import { render } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Provider } from 'react-redux';
import { RouterProvider, createMemoryRouter } from 'react-router';
import { startBuilderLoad } from '../../../../src/app/route-loaders';
import type { FormTemplate } from '../../../../src/api/form-templates';
import { makeStore } from '../../../../src/app/store';
import type { PreloadedState } from '../../../../src/app/store';
import { Toasts } from '../../../../src/app/layouts/toasts';
import { DEFAULT_BUTTON_STYLE } from '../../../../src/domain/form-document';
import type { FormDocument, InputElement, SectionElement } from '../../../../src/domain/form-document';
import { normaliseForm } from '../../../../src/domain/form-tree';
import { BuildPage } from '../../../../src/features/builder/build-page';
import { loadForm } from '../../../../src/features/builder/form-thunks';
import { makeUser } from '../../test-utils';

export const ACCOUNT_ID = 12;
export const FORM_ID = '3f2b8c1e-8a55-4c41-9d0e-2b7f5f1a9c11';
export const NEW_FORM_ID = '00000000-0000-0000-0000-000000000000';
export const CREATED_FORM_ID = '7d1f6a52-2c4e-4b8e-9a61-0c5d2e9f4b10';
export const TEMPLATE_URL = `/api/${ACCOUNT_ID}/form-templates/:id/`;
export const TEMPLATES_URL = `/api/${ACCOUNT_ID}/form-templates/`;

const input = (overrides: Record<string, unknown>) => ({
  type: 'input',
  subtype: 'textInput',
  placeholder: '',
  helpText: '',
  default: { staticValue: null, referenceValueId: null },
  options: [],
  minValue: null,
  maxValue: null,
  stepValue: null,
  minLength: null,
  maxLength: null,
  required: false,
  ...overrides,
});

/** About you: Full name (p1), section Matter (s1) with Practice area (dropdown) and Number of children (integer). */
export function sampleDocument(): FormDocument {
  return [
    {
      type: 'page',
      id: 'p1',
      title: 'About you',
      children: [
        input({ id: 'i1', parentId: 'p1', label: 'Full name', dataName: 'full_name' }),
        {
          type: 'section',
          id: 's1',
          parentId: 'p1',
          title: 'Matter',
          description: '',
          collapsible: false,
          collapsed: false,
          children: [
            input({
              id: 'i2',
              parentId: 's1',
              subtype: 'dropdown',
              label: 'Practice area',
              dataName: 'practice_area',
              placeholder: 'Select an Option',
              options: [
                { id: 'o1', text: 'Family' },
                { id: 'o2', text: 'Injury' },
              ],
            }),
            input({ id: 'i3', parentId: 's1', subtype: 'integer', label: 'Number of children', dataName: 'number_of_children', minValue: 0 }),
          ],
        },
      ],
    },
    {
      type: 'page',
      id: 'p2',
      title: 'Details',
      children: [
        { type: 'section', id: 's2', parentId: 'p2', title: 'Contact', description: '', collapsible: false, collapsed: false, children: [] },
      ],
    },
  ] as unknown as FormDocument;
}

/**
 * The sample form as it can be saved: its second page holds an Email input (i4, in s2), where the sample's page has
 * nothing for respondents (which the save refuses), then `edit` applied.
 */
export function savableDocument(edit: (doc: FormDocument) => void = () => {}): FormDocument {
  const doc = sampleDocument();
  const section = doc[1].children[0] as SectionElement;
  section.children.push(input({ id: 'i4', parentId: 's2', subtype: 'email', label: 'Email', dataName: 'email' }) as unknown as InputElement);
  edit(doc);
  return doc;
}

/** A form template as the server answers (camelCase). */
export function templateJson(overrides: Record<string, unknown> = {}) {
  return {
    id: FORM_ID,
    groupId: null,
    account: ACCOUNT_ID,
    name: 'Client intake',
    displayName: 'Tell us about your matter',
    description: 'First contact',
    internalFormSlug: null,
    customSubmitMessage: 'Thank you',
    createdAt: '2024-05-01T09:00:00.000Z',
    updatedAt: '2024-05-02T10:30:00.000Z',
    deletedAt: null,
    jsonForm: sampleDocument(),
    jsonConditionalLogic: { conditionMap: {}, pageMap: {} },
    jsonFormStyle: { button: { ...DEFAULT_BUTTON_STYLE } },
    formMappers: [],
    ...overrides,
  };
}

const signedInState = (): PreloadedState => ({
  user: { user: makeUser(), status: 'loaded' },
  account: { accountId: ACCOUNT_ID, loaded: true, currentAccount: { id: ACCOUNT_ID, internalName: 'Acme Legal' } },
});

/**
 * The build page in a data router (useBlocker needs one), with the route loader that loads the form, the app's toast
 * and two neighbouring screens.
 */
export function renderBuilder(path = `/${ACCOUNT_ID}/build/${FORM_ID}`) {
  const store = makeStore(signedInState());
  const router = createMemoryRouter(
    [
      {
        path: '/:accountId/build/:formId',
        loader: ({ params }) => {
          startBuilderLoad({ store, accountId: Number(params.accountId), params });
          return null;
        },
        element: (
          <>
            <BuildPage />
            <Toasts />
          </>
        ),
      },
      { path: '/:accountId/build/:formId/preview', element: <p>Preview screen</p> },
      { path: '/:accountId', element: <p>Forms list</p> },
    ],
    { initialEntries: [path] },
  );
  const user = userEvent.setup();
  const result = render(
    <Provider store={store}>
      <RouterProvider router={router} />
    </Provider>,
  );
  return { store, router, user, ...result };
}

/** A store holding the sample form (or `jsonForm`) as if loaded from the server. */
export function loadedStore(jsonForm?: FormTemplate['jsonForm']) {
  const store = makeStore();
  const template = templateJson(jsonForm ? { jsonForm } : {}) as unknown as FormTemplate;
  const meta = { arg: { accountId: ACCOUNT_ID, formId: FORM_ID }, requestId: 'r1' };
  store.dispatch({ type: loadForm.pending.type, meta: { ...meta, requestStatus: 'pending' } });
  store.dispatch({
    type: loadForm.fulfilled.type,
    payload: {
      formId: FORM_ID,
      accountId: ACCOUNT_ID,
      published: template,
      settings: { name: template.name, displayName: template.displayName, description: template.description, customSubmitMessage: template.customSubmitMessage },
      tree: normaliseForm(template.jsonForm),
      logic: template.jsonConditionalLogic,
      style: template.jsonFormStyle,
    },
    meta: { ...meta, requestStatus: 'fulfilled' },
  });
  return store;
}
