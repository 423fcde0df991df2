import { randomUUID } from 'node:crypto';
import type { FormDocument, InputElement, InputSubtype } from '../../src/domain/form-document.js';

export function input(subtype: InputSubtype, parentId: string, label: string, extra: Partial<InputElement> = {}): InputElement {
  return {
    type: 'input',
    subtype,
    id: randomUUID(),
    parentId,
    label,
    dataName: label.toLowerCase().replace(/[^a-z0-9]+/g, '_').replace(/^_|_$/g, ''),
    placeholder: '',
    helpText: '',
    default: { staticValue: null, referenceValueId: null },
    options: ['radio', 'checkbox', 'dropdown'].includes(subtype)
      ? [
          { id: randomUUID(), text: 'Family' },
          { id: randomUUID(), text: 'Injury' },
        ]
      : [],
    minValue: null,
    maxValue: null,
    stepValue: null,
    minLength: null,
    maxLength: null,
    required: false,
    ...extra,
  };
}

/** Two pages; the first holds a heading, an input and a section with a dropdown. */
export function sampleDocument(): FormDocument {
  const p1 = randomUUID();
  const p2 = randomUUID();
  const s1 = randomUUID();
  return [
    {
      type: 'page',
      id: p1,
      title: 'About you',
      children: [
        { type: 'presentation', subtype: 'heading', id: randomUUID(), parentId: p1, content: '<h2>Welcome</h2>' },
        input('textInput', p1, 'Full name', { required: true, maxLength: 120 }),
        {
          type: 'section',
          id: s1,
          parentId: p1,
          title: 'Your matter',
          description: '<p>Tell us more</p>',
          collapsible: true,
          collapsed: false,
          children: [input('dropdown', s1, 'Practice area', { required: true })],
        },
      ],
    },
    { type: 'page', id: p2, title: 'Contact', children: [input('email', p2, 'Email address')] },
  ];
}

export function templateBody(overrides: Record<string, unknown> = {}) {
  return {
    name: 'Intake',
    display_name: 'Client intake',
    description: 'New clients',
    custom_submit_message: 'Thanks, we will call you.',
    jsonForm: sampleDocument(),
    jsonConditionalLogic: { conditionMap: {}, pageMap: {} },
    jsonFormStyle: { button: { submitTextContent: 'Send', textSize: '1rem', textColor: '#FFFFFF', bodyColor: '#111928', textHoverColor: '#111928', bodyHoverColor: '#FFFFFF', cornerRadius: '0.375rem' } },
    ...overrides,
  };
}
