import { Route, Routes } from 'react-router';
import type { FormDocument } from '../../../../src/domain/form-document';
import { EmbedDocsPage } from '../../../../src/features/share/embed-docs-page';
import { EmbedPage } from '../../../../src/features/share/embed-page';
import { PrefillDetailPage } from '../../../../src/features/share/prefill-detail-page';
import { PrefillsPage } from '../../../../src/features/share/prefills-page';
import { SharePage } from '../../../../src/features/share/share-page';
import { input } from '../../../fixtures/form-factories';
import { HttpResponse, http } from '../../app/msw-server';
import type { PreloadedState } from '../../../../src/app/store';
import { renderWithProviders } from '../../test-utils';

export const ACCOUNT_ID = 12;
export const FORM_ID = '11111111-1111-4111-8111-111111111111';
export const PREFILL_ID = '33333333-3333-4333-8333-333333333333';
export const OTHER_PREFILL_ID = '44444444-4444-4444-8444-444444444444';

/** Two pages; a section on the first; every kind of widget the prefill editor must show. */
const DOCUMENT: FormDocument = [
  {
    type: 'page',
    id: 'page_1',
    title: 'About you',
    children: [
      input('client_name', 'page_1', { label: 'Full name', dataName: 'client_name', required: true }),
      {
        type: 'section',
        id: 'sec_contact',
        parentId: 'page_1',
        title: 'Contact details',
        description: '',
        collapsible: true,
        collapsed: true,
        children: [
          input('clientEmail', 'sec_contact', { subtype: 'email', label: 'Email', dataName: 'client_email' }),
          { type: 'presentation', subtype: 'paragraph', id: 'para_1', parentId: 'sec_contact', content: '<p>We reply within a day.</p>' },
        ],
      },
    ],
  },
  {
    type: 'page',
    id: 'page_2',
    title: 'Your matter',
    children: [
      input('matter', 'page_2', {
        subtype: 'radio',
        label: 'Matter type',
        dataName: 'matter_type',
        options: [
          { id: 'opt_family', text: 'Family' },
          { id: 'opt_estate', text: 'Estate' },
        ],
      }),
      input('areas', 'page_2', {
        subtype: 'checkbox',
        label: 'Areas of concern',
        dataName: 'areas',
        options: [
          { id: 'a_custody', text: 'Custody' },
          { id: 'a_support', text: 'Support' },
          { id: 'a_property', text: 'Property' },
        ],
      }),
      input('children_count', 'page_2', { subtype: 'integer', label: 'Number of children', dataName: 'children_count', maxValue: 20 }),
      input('source', 'page_2', {
        subtype: 'dropdown',
        label: 'How did you hear about us?',
        dataName: 'source',
        options: [
          { id: 'src_web', text: 'Website' },
          { id: 'src_friend', text: 'A friend' },
        ],
      }),
    ],
  },
];

function wireTemplate(overrides: Record<string, unknown> = {}) {
  return {
    id: FORM_ID,
    name: 'Family intake',
    displayName: 'Family law intake',
    description: '',
    internalFormSlug: null,
    createdAt: '2024-01-01T09:00:00.000Z',
    updatedAt: '2024-01-01T09:00:00.000Z',
    deletedAt: null,
    groupId: null,
    account: ACCOUNT_ID,
    customSubmitMessage: '',
    jsonForm: DOCUMENT,
    jsonConditionalLogic: { conditionMap: {}, pageMap: {} },
    jsonFormStyle: { button: { submitTextContent: 'Send' } },
    formMappers: [],
    ...overrides,
  };
}

export function wirePrefill(overrides: Record<string, unknown> = {}) {
  return {
    id: PREFILL_ID,
    formTemplate: FORM_ID,
    name: 'Newsletter',
    data: {},
    createdAt: '2024-03-01T10:00:00.000Z',
    updatedAt: '2024-03-02T11:30:00.000Z',
    ...overrides,
  };
}

export const templateHandler = (overrides: Record<string, unknown> = {}) =>
  http.get(`/api/${ACCOUNT_ID}/form-templates/${FORM_ID}/`, () => HttpResponse.json(wireTemplate(overrides)));

export const listHandler = (results: unknown[]) =>
  http.get(`/api/${ACCOUNT_ID}/form-prefills/`, () => HttpResponse.json({ count: results.length, next: null, previous: null, results }));

export const FORM_BASE = `/${ACCOUNT_ID}/build/${FORM_ID}`;

/** Renders the share screens under their real route patterns, starting at `path`. */
export function renderShare(path: string, preloadedState: PreloadedState = {}) {
  return renderWithProviders(
    <Routes>
      <Route path=":accountId/build/:formId/share" element={<SharePage />} />
      <Route path=":accountId/build/:formId/share/embed" element={<EmbedPage />} />
      <Route path=":accountId/build/:formId/share/embed/docs" element={<EmbedDocsPage />} />
      <Route path=":accountId/build/:formId/share/prefills" element={<PrefillsPage />} />
      <Route path=":accountId/build/:formId/share/prefills/:prefillId" element={<PrefillDetailPage />} />
      <Route path="*" element={<p>Elsewhere</p>} />
    </Routes>,
    { route: path, preloadedState },
  );
}
