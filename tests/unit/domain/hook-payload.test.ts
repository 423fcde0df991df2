import { describe, expect, it } from 'vitest';
import type { ConditionalLogic, FormDocument, InputElement } from '../../../src/domain/form-document';
import { buildHookPayload, hookFieldsOf } from '../../../src/domain/hook-payload';

const base = { placeholder: '', helpText: '', default: { staticValue: null, referenceValueId: null }, minValue: null, maxValue: null, stepValue: null, minLength: null, maxLength: null, required: false } as const;
const name: InputElement = { ...base, type: 'input', subtype: 'textInput', id: 'name', parentId: 'p1', label: 'Name', dataName: 'full_name', options: [] };
const area: InputElement = { ...base, type: 'input', subtype: 'dropdown', id: 'area', parentId: 'p1', label: 'Area', dataName: 'practice_area', options: [{ id: 'o1', text: 'Family' }, { id: 'o2', text: 'Injury' }] };
const topics: InputElement = { ...base, type: 'input', subtype: 'checkbox', id: 'topics', parentId: 'p1', label: 'Topics', dataName: 'topics', options: [{ id: 't1', text: 'Custody' }, { id: 't2', text: 'Support' }] };
const age: InputElement = { ...base, type: 'input', subtype: 'integer', id: 'age', parentId: 'p1', label: '', dataName: 'age', options: [] };
const injury: InputElement = { ...base, type: 'input', subtype: 'textarea', id: 'injury', parentId: 'p2', label: 'Injury details', dataName: 'injury', options: [] };
const document: FormDocument = [
  { type: 'page', id: 'p1', title: 'You', children: [name, area, topics, age] },
  { type: 'page', id: 'p2', title: 'Injury', children: [injury] },
];
const logic: ConditionalLogic = {
  conditionMap: {},
  pageMap: {
    p2: { id: 'c', element: { id: 'p2', type: 'page' }, conditions: [{ id: 'c1', expression: [{ id: 'g', type: 'group', operator: 'AND', rules: [{ id: 'r', type: 'rule', predicate: 'EQ', triggerId: 'area', staticValue: 'o2', referenceValueId: null }] }], actions: [{ key: 'TOGGLE_VISIBILITY', value: 'SHOW' }] }] },
  },
};
const source = (data: Record<string, unknown>) => ({
  id: 'delivery-1',
  timestamp: '2026-11-25T01:00:05.000Z',
  form: { id: 'form-1', name: 'Intake' },
  response: { id: 'response-1', submittedAt: '2026-11-25T01:00:00.000Z', data: data as never },
  document,
  logic,
});

describe('buildHookPayload', () => {
  it('keys answers by data name, choices as option text, checkboxes as arrays of texts, numbers as numbers', () => {
    expect(buildHookPayload(source({ name: 'Ada', area: 'o2', topics: ['t2', 't1'], age: 42, injury: 'Broken arm' }))).toEqual({
      id: 'delivery-1',
      type: 'response.created',
      timestamp: '2026-11-25T01:00:05.000Z',
      formId: 'form-1',
      formName: 'Intake',
      responseId: 'response-1',
      submittedAt: '2026-11-25T01:00:00.000Z',
      answers: { full_name: 'Ada', practice_area: 'Injury', topics: ['Support', 'Custody'], age: 42, injury: 'Broken arm' },
    });
  });

  it('leaves out inputs the logic hid, and gives unanswered ones null (checkboxes [])', () => {
    expect(buildHookPayload(source({ area: 'o1', injury: 'hidden' })).answers).toEqual({ full_name: null, practice_area: 'Family', topics: [], age: null });
  });

  it('keeps an option id no longer among the options as it is', () => {
    expect(buildHookPayload(source({ area: 'gone' })).answers.practice_area).toBe('gone');
  });
});

describe('hookFieldsOf', () => {
  it('announces every input by data name with a Zapier type; checkboxes are lists; a missing label falls back to the data name', () => {
    expect(hookFieldsOf(document)).toEqual([
      { key: 'full_name', label: 'Name', type: 'string' },
      { key: 'practice_area', label: 'Area', type: 'string' },
      { key: 'topics', label: 'Topics', type: 'string', list: true },
      { key: 'age', label: 'age', type: 'integer' },
      { key: 'injury', label: 'Injury details', type: 'text' },
    ]);
  });
});
