import { randomUUID } from 'node:crypto';
import { createNewFormDocument } from '../src/domain/element-factory';
import type { SectionElement } from '../src/domain/form-document';
import { buttonStyle, labelledInput } from '../tests/fixtures/form-factories';

/**
 * "Accident intake": Full name (required), Injured? (radio Yes/No), Injury details (required, shown only when
 * Injured? is Yes), Email. Made through the API: these journeys are about the respondent side.
 */
export function accidentForm(name = 'Accident intake') {
  const pageId = randomUUID();
  const yes = randomUUID();
  const fullName = labelledInput('textInput', pageId, 'Full name', { required: true });
  const injured = labelledInput('radio', pageId, 'Were you injured', { options: [{ id: yes, text: 'Yes' }, { id: randomUUID(), text: 'No' }] });
  const details = labelledInput('textarea', pageId, 'Injury details', { required: true });
  const email = labelledInput('email', pageId, 'Email');
  return {
    ids: { fullName: fullName.id, injured: injured.id, details: details.id, email: email.id, yes },
    body: {
      name,
      display_name: name,
      description: '',
      custom_submit_message: 'Thank you — a lawyer will call you within one business day.',
      jsonForm: [{ type: 'page', id: pageId, title: 'Your accident', children: [fullName, injured, details, email] }],
      jsonConditionalLogic: {
        conditionMap: {
          [details.id]: {
            id: randomUUID(),
            element: { id: details.id, type: 'input' },
            conditions: [{ id: randomUUID(), expression: [{ id: randomUUID(), type: 'group', operator: 'AND', rules: [{ id: randomUUID(), type: 'rule', predicate: 'EQ', triggerId: injured.id, staticValue: yes, referenceValueId: null }] }], actions: [{ key: 'TOGGLE_VISIBILITY', value: 'SHOW' }] }],
          },
        },
        pageMap: {},
      },
      jsonFormStyle: { button: buttonStyle('Send to the firm') },
    },
  };
}

/**
 * A form as the builder starts one — 'Page 1' holding a 'Section' (spec §4) — with a Client name and an Email in
 * the section and titles nobody renamed.
 */
export function createNewFormBody(name: string) {
  const [page] = createNewFormDocument();
  const section = page!.children[0] as SectionElement;
  section.children.push(labelledInput('textInput', section.id, 'Client name'), labelledInput('email', section.id, 'Email'));
  return {
    name,
    display_name: name,
    description: '',
    custom_submit_message: '',
    jsonForm: [page],
    jsonConditionalLogic: { conditionMap: {}, pageMap: {} },
    jsonFormStyle: { button: buttonStyle('Submit') },
  };
}
