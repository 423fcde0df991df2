import { randomUUID } from 'node:crypto';

const input = (subtype: string, parentId: string, label: string, extra: Record<string, unknown> = {}) => ({
  type: 'input', subtype, id: randomUUID(), parentId, label,
  dataName: label.toLowerCase().replace(/[^a-z0-9]+/g, '_').replace(/^_|_$/g, ''),
  placeholder: '', helpText: '', default: { staticValue: null, referenceValueId: null }, options: [],
  minValue: null, maxValue: null, stepValue: null, minLength: null, maxLength: null, required: false, ...extra,
});

/**
 * "Accident intake": Full name (required), Injured? (radio Yes/No), Injury details (required, shown only when
 * Injured? is Yes), Email. Made through the API: these journeys are about the respondent side.
 */
export function accidentForm(name = 'Accident intake') {
  const pageId = randomUUID();
  const yes = randomUUID();
  const fullName = input('textInput', pageId, 'Full name', { required: true });
  const injured = input('radio', pageId, 'Were you injured', { options: [{ id: yes, text: 'Yes' }, { id: randomUUID(), text: 'No' }] });
  const details = input('textarea', pageId, 'Injury details', { required: true });
  const email = input('email', pageId, 'Email');
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
      jsonFormStyle: { button: { submitTextContent: 'Send to the firm', textSize: '1rem', textColor: '#FFFFFF', bodyColor: '#111928', textHoverColor: '#111928', bodyHoverColor: '#FFFFFF', cornerRadius: '0.375rem' } },
    },
  };
}
