import type { FormDocument } from '../../../../../src/domain/form-document';
import { input } from '../../../../fixtures/form-factories';
import { HttpResponse, http } from '../../../app/msw-server';

export const ACCOUNT_ID = 12;
export const FORM_ID = '11111111-1111-4111-8111-111111111111';
export const CONTACT_API_ID = '22222222-2222-4222-8222-222222222222';
const MATTER_API_ID = '33333333-3333-4333-8333-333333333333';
export const MAP_ID = '44444444-4444-4444-8444-444444444444';

export const MAPPERS = `/api/${ACCOUNT_ID}/form-mappers/`;
export const MAPPER = `${MAPPERS}${MAP_ID}/`;
export const APIS = `/api/${ACCOUNT_ID}/integrations/clio/apis/`;
export const FIELD_LIST = `${APIS}${CONTACT_API_ID}/field_list/`;
export const TEMPLATE = `/api/${ACCOUNT_ID}/form-templates/${FORM_ID}/`;

/** The published form: a required name, an optional email, a number and a choice. */
const DOCUMENT: FormDocument = [
  {
    type: 'page',
    id: 'page_1',
    title: 'Intake',
    children: [
      input('in_name', 'page_1', { label: 'Full name', required: true }),
      input('in_email', 'page_1', { subtype: 'email', label: 'Email address' }),
      input('in_children', 'page_1', { subtype: 'integer', label: 'Number of children' }),
      input('in_area', 'page_1', {
        subtype: 'radio',
        label: 'Area of law',
        options: [
          { id: 'o_family', text: 'Family' },
          { id: 'o_estate', text: 'Estate' },
        ],
      }),
    ],
  },
];

/** Clio's Contact fields: one required, one without a name, and types the inputs above may or may not fill. */
const FIELDS = [
  { id: 'f_first', name: 'First Name', type: 'text', required: true },
  { id: 'f_email', name: 'Primary Email', type: 'email', required: false },
  { id: 'f_phone', name: 'Phone', type: 'phone', required: false },
  { id: 'f_area', name: 'Practice Area', type: 'picklist', required: false, options: [{ id: 'p1', text: 'Family' }, { id: 'p2', text: 'Estate' }] },
  { id: 'f_count', name: 'Children', type: 'numeric', required: false },
  { id: 'f_blank', name: '  ', type: 'text', required: false },
];

export const CONTACT_API = { id: CONTACT_API_ID, apiType: 'clio', externalKey: 'contact', name: 'Contact', fetchedAt: '2026-01-01T00:00:00.000Z' };
const MATTER_API = { id: MATTER_API_ID, apiType: 'clio', externalKey: 'matter', name: 'Matter', fetchedAt: '2026-01-01T00:00:00.000Z' };

export const side = (id: string, name: string, type: string, required = false) => ({ id, name, type, required });

export function wireMapper(overrides: Record<string, unknown> = {}) {
  return {
    id: MAP_ID,
    formTemplate: FORM_ID,
    conversionRules: [{ id: 'r1', local: side('in_name', 'Full name', 'textInput', true), foreign: side('f_first', 'First Name', 'text', true) }],
    integrationApiType: 'clio',
    integrationApiId: CONTACT_API_ID,
    enabled: true,
    createdAt: '2026-01-01T00:00:00.000Z',
    updatedAt: '2026-01-01T00:00:00.000Z',
    ...overrides,
  };
}

const page = (results: unknown[]) => ({ count: results.length, next: null, previous: null, results });

export const templateHandler = () =>
  http.get(TEMPLATE, () =>
    HttpResponse.json({
      id: FORM_ID,
      name: 'Family intake',
      displayName: '',
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
    }),
  );

export const fieldListHandler = (fields: unknown[] = FIELDS) => http.get(FIELD_LIST, () => HttpResponse.json(page(fields)));
export const mapperHandler = (overrides: Record<string, unknown> = {}) => http.get(MAPPER, () => HttpResponse.json(wireMapper(overrides)));
export const apisHandler = (apis: unknown[] = [CONTACT_API, MATTER_API]) => http.get(APIS, () => HttpResponse.json(page(apis)));
export const mappersHandler = (maps: unknown[]) => http.get(MAPPERS, () => HttpResponse.json(page(maps)));
export const failing = (path: string) => http.get(path, () => HttpResponse.json({ detail: 'Boom' }, { status: 500 }));
