import type { ConditionalLogic, FormDocument, InputSubtype, LogicConfig, LogicRule } from '../../../../src/domain/form-document';
import { input } from '../form-fixtures';

/** A rule; unlike the shared fixture, the trigger may be missing (an unfinished rule). */
export function rule(
  id: string,
  triggerId: string | null,
  predicate: LogicRule['predicate'],
  staticValue: LogicRule['staticValue'] = null,
  referenceValueId: string | null = null,
): LogicRule {
  return { id, type: 'rule', predicate, triggerId, staticValue, referenceValueId };
}

/** The input of each subtype in `logicDocument`. */
export const INPUT_OF: Record<InputSubtype, string> = {
  textInput: 'text',
  textarea: 'area',
  phoneNumber: 'phone',
  email: 'mail',
  radio: 'pick',
  dropdown: 'drop',
  integer: 'num',
  checkbox: 'boxes',
};

/**
 * p1: one input of each subtype, text2 and num2 (reference targets), target, s1 [inner, note]
 * p2: later, s2 [deep, deepNote]
 */
export function logicDocument(): FormDocument {
  const choices = (prefix: string) => [
    { id: `${prefix}1`, text: 'One' },
    { id: `${prefix}2`, text: 'Two' },
  ];
  return [
    {
      type: 'page',
      id: 'p1',
      title: 'First',
      children: [
        input('text', 'p1'),
        input('area', 'p1', { subtype: 'textarea' }),
        input('phone', 'p1', { subtype: 'phoneNumber' }),
        input('mail', 'p1', { subtype: 'email' }),
        input('pick', 'p1', { subtype: 'radio', options: choices('o') }),
        input('drop', 'p1', { subtype: 'dropdown', options: choices('d') }),
        input('num', 'p1', { subtype: 'integer' }),
        input('boxes', 'p1', { subtype: 'checkbox', options: choices('b') }),
        input('text2', 'p1'),
        input('num2', 'p1', { subtype: 'integer' }),
        input('pick2', 'p1', { subtype: 'radio', options: choices('o') }),
        input('target', 'p1'),
        {
          type: 'section',
          id: 's1',
          parentId: 'p1',
          title: 'Section one',
          description: '',
          collapsible: false,
          collapsed: false,
          children: [input('inner', 's1'), { type: 'presentation', subtype: 'paragraph', id: 'note', parentId: 's1', content: '<p>Note</p>' }],
        },
      ],
    },
    {
      type: 'page',
      id: 'p2',
      title: 'Second',
      children: [
        input('later', 'p2'),
        {
          type: 'section',
          id: 's2',
          parentId: 'p2',
          title: 'Section two',
          description: '',
          collapsible: false,
          collapsed: false,
          children: [input('deep', 's2'), { type: 'presentation', subtype: 'heading', id: 'deepNote', parentId: 's2', content: '<h2>Deep</h2>' }],
        },
      ],
    },
  ];
}

export function logicOf(configs: LogicConfig[], pages: LogicConfig[] = []): ConditionalLogic {
  return {
    conditionMap: Object.fromEntries(configs.map((c) => [c.element.id, c])),
    pageMap: Object.fromEntries(pages.map((c) => [c.element.id, c])),
  };
}

/** One config on `elementId` with one condition holding `groups` (each group AND unless given as { operator, rules }). */
export function logicConfig(
  elementId: string,
  groups: (LogicRule[] | { operator: 'AND' | 'OR'; rules: LogicRule[] })[],
  value: 'SHOW' | 'HIDE' = 'SHOW',
  type: LogicConfig['element']['type'] = 'input',
): LogicConfig {
  return {
    id: `cfg-${elementId}-${value}`,
    element: { id: elementId, type },
    conditions: [
      {
        id: `cond-${elementId}-${value}`,
        expression: groups.map((group, index) => ({
          id: `g-${elementId}-${index}`,
          type: 'group',
          operator: Array.isArray(group) ? 'AND' : group.operator,
          rules: Array.isArray(group) ? group : group.rules,
        })),
        actions: [{ key: 'TOGGLE_VISIBILITY', value }],
      },
    ],
  };
}
