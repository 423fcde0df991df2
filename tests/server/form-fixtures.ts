import { randomUUID } from 'node:crypto';
import type { FormDocument, InputElement, InputSubtype } from '../../src/domain/form-document.js';
import { buttonStyle, labelledInput } from '../fixtures/form-factories.js';
import type { Config } from '../../server/config.js';
import { signStartToken } from '../../server/submissions/start-token.js';

/** An input with a random id, data-named after its label; a choice input gets the options Family and Injury. */
export function input(subtype: InputSubtype, parentId: string, label: string, extra: Partial<InputElement> = {}): InputElement {
  const options = ['radio', 'checkbox', 'dropdown'].includes(subtype)
    ? [
        { id: randomUUID(), text: 'Family' },
        { id: randomUUID(), text: 'Injury' },
      ]
    : [];
  return labelledInput(subtype, parentId, label, { options, ...extra });
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
    jsonFormStyle: { button: buttonStyle('Send') },
    ...overrides,
  };
}

/** The start token a respondent page would hold after `ageMs` on the form (the fill-time spam check measures from it). */
export function startToken(config: Config, formId: string, ageMs = 60_000): string {
  return signStartToken(config.SECRET_KEY!, formId, Date.now() - ageMs);
}
