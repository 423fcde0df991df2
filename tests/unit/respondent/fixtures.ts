import type { FormDocument, InputElement, InputSubtype } from '../../../src/domain/form-document';
import type { PublicForm } from '../../../src/respondent/public-api';
import { buttonStyle, input as blankInput } from '../../fixtures/form-factories';

/** An input on page p1 (overrides may move it into a section). */
export function input(subtype: InputSubtype, id: string, overrides: Partial<InputElement> = {}): InputElement {
  return blankInput(id, 'p1', { subtype, ...overrides });
}

export const FORM_ID = '3f1c2d4e-5b6a-4c7d-8e9f-0a1b2c3d4e5f';
export const PREFILL_ID = '9a8b7c6d-5e4f-4a3b-9c2d-1e0f9a8b7c6d';

/** An intake form: text, integer, dropdown, radio and checkbox inputs with dataNames, and a section. */
export const intakeForm: FormDocument = [
  {
    type: 'page',
    id: 'p1',
    title: 'About you',
    children: [
      input('textInput', 'in-name', { label: 'Full name', dataName: 'full_name', required: true }),
      input('email', 'in-email', { label: 'Email', dataName: 'email' }),
      input('integer', 'in-age', { label: 'Age', dataName: 'age' }),
      {
        type: 'section',
        id: 's1',
        parentId: 'p1',
        title: 'Your matter',
        description: '',
        collapsible: false,
        collapsed: false,
        children: [
          input('dropdown', 'in-area', {
            parentId: 's1',
            label: 'Practice area',
            dataName: 'practice_area',
            options: [
              { id: 'opt-family', text: 'Family' },
              { id: 'opt-injury', text: 'Personal Injury' },
            ],
          }),
          input('radio', 'in-urgent', {
            parentId: 's1',
            label: 'Urgent?',
            dataName: 'urgent',
            options: [
              { id: 'opt-yes', text: 'Yes' },
              { id: 'opt-no', text: 'No' },
            ],
          }),
          input('checkbox', 'in-contact', {
            parentId: 's1',
            label: 'Contact by',
            dataName: 'contact_by',
            options: [
              { id: 'opt-phone', text: 'Phone' },
              { id: 'opt-mail', text: 'Email' },
              { id: 'opt-letter', text: 'Letter, by post' },
            ],
          }),
          input('textarea', 'in-details', { parentId: 's1', label: 'Details', dataName: 'details' }),
        ],
      },
    ],
  },
];

export function publicForm(overrides: Partial<PublicForm> = {}): PublicForm {
  return {
    id: FORM_ID,
    name: 'Client intake',
    jsonForm: intakeForm,
    jsonConditionalLogic: { conditionMap: {}, pageMap: {} },
    jsonFormStyle: { button: buttonStyle('Send') },
    ...overrides,
  };
}

export function jsonResponse(status: number, body: unknown, headers: Record<string, string> = {}): Response {
  return new Response(body === undefined ? null : JSON.stringify(body), {
    status,
    headers: { 'content-type': 'application/json', ...headers },
  });
}
