import type { ConditionalLogic, FormDocument, LogicConfig, LogicRule } from '../../../src/domain/form-document';
import { input } from '../../fixtures/form-factories';

export { input };

/**
 * p1: h1, i1 'Full name', s1 [i2 dropdown (o1, o2), i3 textarea]
 * p2: i4 radio (o3, o4), s2 [i5 email (default refers to i1)]
 */
export function sampleDocument(): FormDocument {
  return [
    {
      type: 'page',
      id: 'p1',
      title: 'About you',
      children: [
        { type: 'presentation', subtype: 'heading', id: 'h1', parentId: 'p1', content: '<h2>Welcome</h2>' },
        input('i1', 'p1', { label: 'Full name', dataName: 'full_name', required: true }),
        {
          type: 'section',
          id: 's1',
          parentId: 'p1',
          title: 'Your matter',
          description: '<p>Tell us</p>',
          collapsible: true,
          collapsed: false,
          children: [
            input('i2', 's1', {
              subtype: 'dropdown',
              label: 'Practice area',
              dataName: 'practice_area',
              options: [
                { id: 'o1', text: 'Family' },
                { id: 'o2', text: 'Injury' },
              ],
              default: { staticValue: 'o2', referenceValueId: null },
            }),
            input('i3', 's1', { subtype: 'textarea', label: 'Details', dataName: 'details' }),
          ],
        },
      ],
    },
    {
      type: 'page',
      id: 'p2',
      title: 'Contact',
      children: [
        input('i4', 'p2', {
          subtype: 'radio',
          label: 'Contact by',
          dataName: 'contact_by',
          options: [
            { id: 'o3', text: 'Email' },
            { id: 'o4', text: 'Phone' },
          ],
        }),
        {
          type: 'section',
          id: 's2',
          parentId: 'p2',
          title: 'Email',
          description: '',
          collapsible: false,
          collapsed: false,
          children: [input('i5', 's2', { subtype: 'email', label: 'Email', dataName: 'email', default: { staticValue: null, referenceValueId: 'i1' } })],
        },
      ],
    },
  ];
}

export function rule(id: string, triggerId: string, predicate: LogicRule['predicate'], staticValue: LogicRule['staticValue'] = null, referenceValueId: string | null = null): LogicRule {
  return { id, type: 'rule', predicate, triggerId, staticValue, referenceValueId };
}

export function config(id: string, elementId: string, type: LogicConfig['element']['type'], groups: LogicRule[][], value: 'SHOW' | 'HIDE' = 'SHOW'): LogicConfig {
  return {
    id,
    element: { id: elementId, type },
    conditions: [
      {
        id: `${id}-c`,
        expression: groups.map((rules, index) => ({ id: `${id}-g${index}`, type: 'group', operator: 'AND', rules })),
        actions: [{ key: 'TOGGLE_VISIBILITY', value }],
      },
    ],
  };
}

/**
 * i3 shown when i2 = o1; s2 shown when i4 = o3 (and i1 not empty, in another group);
 * p2 shown when i1 not empty; i5 hidden when i3 equals i1's answer.
 */
export function sampleLogic(): ConditionalLogic {
  return {
    conditionMap: {
      i3: config('cfg-i3', 'i3', 'input', [[rule('r1', 'i2', 'EQ', 'o1')]]),
      s2: config('cfg-s2', 's2', 'section', [[rule('r2', 'i4', 'EQ', 'o3')], [rule('r3', 'i1', 'NOT_EMPTY')]]),
      i5: config('cfg-i5', 'i5', 'input', [[rule('r4', 'i3', 'EQ', null, 'i1')]], 'HIDE'),
    },
    pageMap: {
      p2: config('cfg-p2', 'p2', 'page', [[rule('r5', 'i1', 'NOT_EMPTY')]]),
    },
  };
}

/** Deterministic id maker: new-1, new-2, … */
export function counterIds(prefix = 'new'): () => string {
  let n = 0;
  return () => `${prefix}-${++n}`;
}
