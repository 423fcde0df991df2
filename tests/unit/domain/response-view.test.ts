import { describe, expect, it } from 'vitest';
import type { ConditionalLogic, FormDocument, InputElement } from '../../../src/domain/form-document';
import { contactHref, describeResponse, displayAnswer } from '../../../src/domain/response-view';

const base = { placeholder: '', helpText: '', default: { staticValue: null, referenceValueId: null }, minValue: null, maxValue: null, stepValue: null, minLength: null, maxLength: null, required: false } as const;
const name: InputElement = { ...base, type: 'input', subtype: 'textInput', id: 'name', parentId: 'p1', label: 'Name', dataName: 'name', options: [] };
const area: InputElement = { ...base, type: 'input', subtype: 'dropdown', id: 'area', parentId: 's1', label: 'Area', dataName: 'area', options: [{ id: 'o1', text: 'Family' }, { id: 'o2', text: 'Injury' }] };
const topics: InputElement = { ...base, type: 'input', subtype: 'checkbox', id: 'topics', parentId: 's1', label: 'Topics', dataName: 'topics', options: [{ id: 't1', text: 'Custody' }, { id: 't2', text: 'Support' }] };
const injury: InputElement = { ...base, type: 'input', subtype: 'textarea', id: 'injury', parentId: 'p2', label: 'Injury details', dataName: 'injury', options: [] };
const document: FormDocument = [
  { type: 'page', id: 'p1', title: 'You', children: [name, { type: 'section', id: 's1', parentId: 'p1', title: 'Matter', description: '', collapsible: false, collapsed: false, children: [area, topics] }] },
  { type: 'page', id: 'p2', title: 'Injury', children: [injury] },
];
const logic: ConditionalLogic = {
  conditionMap: {},
  pageMap: {
    p2: { id: 'c', element: { id: 'p2', type: 'page' }, conditions: [{ id: 'c1', expression: [{ id: 'g', type: 'group', operator: 'AND', rules: [{ id: 'r', type: 'rule', predicate: 'EQ', triggerId: 'area', staticValue: 'o2', referenceValueId: null }] }], actions: [{ key: 'TOGGLE_VISIBILITY', value: 'SHOW' }] }] },
  },
};

describe('displayAnswer', () => {
  it('shows option texts, joins several, keeps unknown ids, blanks no answer', () => {
    expect(displayAnswer(area, 'o2')).toBe('Injury');
    expect(displayAnswer(topics, ['t2', 't1'])).toBe('Support; Custody');
    expect(displayAnswer(area, 'gone')).toBe('gone');
    expect(displayAnswer(name, '')).toBe('');
    expect(displayAnswer({ subtype: 'integer', options: [] }, 42)).toBe('42');
  });
});

describe('describeResponse', () => {
  it('lists answers in form order with page and section titles, leaving out inputs hidden at submission', () => {
    const rows = describeResponse(document, logic, { topics: ['t1'], name: 'Ada', area: 'o1', injury: 'ignored' });
    expect(rows.map((r) => [r.label, r.displayValue, r.pageTitle, r.sectionTitle])).toEqual([
      ['Name', 'Ada', 'You', null],
      ['Area', 'Family', 'You', 'Matter'],
      ['Topics', 'Custody', 'You', 'Matter'],
    ]);
  });

  it('keeps visible unanswered inputs as blank rows', () => {
    const rows = describeResponse(document, logic, { area: 'o2' });
    expect(rows.map((r) => [r.label, r.displayValue])).toEqual([
      ['Name', ''],
      ['Area', 'Injury'],
      ['Topics', ''],
      ['Injury details', ''],
    ]);
  });
});

describe('contactHref', () => {
  it('links an email address (mailto:) and a phone number (tel:, digits and a leading +); nothing else', () => {
    expect(contactHref('email', 'ada@example.test')).toBe('mailto:ada@example.test');
    expect(contactHref('email', 'odd?name#1%@example.test')).toBe('mailto:odd%3Fname%231%25@example.test');
    expect(contactHref('phoneNumber', '+1 (555) 010-9999')).toBe('tel:+15550109999');
    expect(contactHref('phoneNumber', '020 7946 0958')).toBe('tel:02079460958');
    expect(contactHref('email', 'not an address')).toBeNull();
    expect(contactHref('phoneNumber', 'call me')).toBeNull();
    expect(contactHref('textInput', 'ada@example.test')).toBeNull();
    expect(contactHref('email', '')).toBeNull();
  });
});
