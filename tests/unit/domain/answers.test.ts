import { describe, expect, it } from 'vitest';
import {
  ANSWER_MESSAGES,
  answersToSubmit,
  initialAnswers,
  inputsOf,
  isEmptyAnswer,
  isValidEmail,
  isValidPhone,
  validateAnswer,
  validateAnswers,
} from '../../../src/domain/answers';
import type { FormDocument, InputElement, InputSubtype } from '../../../src/domain/form-document';
import { input as blankInput } from '../../fixtures/form-factories';

function input(subtype: InputSubtype, overrides: Partial<InputElement> = {}): InputElement {
  const id = overrides.id ?? `${subtype}-1`;
  return blankInput(id, 'p1', {
    subtype,
    label: subtype,
    dataName: id.replace(/\W/g, '_').toLowerCase(),
    options: ['radio', 'checkbox', 'dropdown'].includes(subtype)
      ? [
          { id: 'o1', text: 'One' },
          { id: 'o2', text: 'Two' },
        ]
      : [],
    ...overrides,
  });
}

describe('isEmptyAnswer', () => {
  it.each([
    [undefined, true],
    [null, true],
    ['', true],
    ['   ', true],
    [[], true],
    [Number.NaN, true],
    ['x', false],
    [0, false],
    [['o1'], false],
  ])('%j → %s', (value, expected) => {
    expect(isEmptyAnswer(value)).toBe(expected);
  });
});

describe('validateAnswer: required', () => {
  it.each(['textInput', 'textarea', 'radio', 'checkbox', 'dropdown', 'integer', 'phoneNumber', 'email'] as const)(
    '%s: no answer is an error only when required',
    (subtype) => {
      for (const empty of [undefined, null, '', '  ', []] as const) {
        expect(validateAnswer(input(subtype, { required: true }), empty as never)).toEqual([ANSWER_MESSAGES.required]);
        expect(validateAnswer(input(subtype), empty as never)).toEqual([]);
      }
    },
  );
});

describe('validateAnswer: text', () => {
  it('trims before checking lengths', () => {
    const field = input('textInput', { minLength: 3, maxLength: 5 });
    expect(validateAnswer(field, '  ab  ')).toEqual(['Enter at least 3 characters']);
    expect(validateAnswer(field, '  abc  ')).toEqual([]);
    expect(validateAnswer(field, ' abcde ')).toEqual([]);
    expect(validateAnswer(field, 'abcdef')).toEqual(['Enter at most 5 characters']);
    expect(validateAnswer(input('textarea', { maxLength: 1 }), 'ab')).toEqual(['Enter at most 1 character']);
  });

  it('counts characters, not UTF-16 units', () => {
    expect(validateAnswer(input('textInput', { maxLength: 2 }), '😀😀')).toEqual([]);
  });

  it('refuses non-text answers for text inputs', () => {
    expect(validateAnswer(input('textInput'), 5)).toEqual([ANSWER_MESSAGES.text]);
    expect(validateAnswer(input('email'), ['a'])).toEqual([ANSWER_MESSAGES.text]);
  });
});

describe('validateAnswer: email', () => {
  it.each(['a@b.co', 'first.last+tag@law-firm.example.com', '  padded@example.com  '])('accepts %s', (value) => {
    expect(isValidEmail(value)).toBe(true);
    expect(validateAnswer(input('email'), value)).toEqual([]);
  });

  it.each(['plain', 'a@b', '@b.com', 'a@.com', 'a b@c.com', 'a@b..com', 'a@-b.com'])('refuses %s', (value) => {
    expect(validateAnswer(input('email'), value)).toEqual([ANSWER_MESSAGES.email]);
  });

  it('reports format and length together, each on its own line', () => {
    expect(validateAnswer(input('email', { minLength: 20 }), 'bad')).toEqual([ANSWER_MESSAGES.email, 'Enter at least 20 characters']);
  });
});

describe('validateAnswer: phone', () => {
  it.each(['5551234', '+1 (555) 123-4567', '555.123.4567', '+44 20 7946 0958', '123456789012345'])('accepts %s', (value) => {
    expect(isValidPhone(value)).toBe(true);
    expect(validateAnswer(input('phoneNumber'), value)).toEqual([]);
  });

  it.each(['555123', '1234567890123456', '555-CALL-NOW', '55+51234567', '555_1234567', '+'])('refuses %s', (value) => {
    expect(validateAnswer(input('phoneNumber'), value)).toEqual([ANSWER_MESSAGES.phone]);
  });
});

describe('validateAnswer: integer', () => {
  it('accepts integers given as numbers or integer text', () => {
    expect(validateAnswer(input('integer'), 42)).toEqual([]);
    expect(validateAnswer(input('integer'), ' 42 ')).toEqual([]);
    expect(validateAnswer(input('integer'), 0)).toEqual([]);
  });

  it.each([1.5, '1.5', 'abc', '1e3', Number.POSITIVE_INFINITY, 2 ** 60])('refuses %j', (value) => {
    expect(validateAnswer(input('integer'), value)).toEqual([ANSWER_MESSAGES.integer]);
  });

  it('applies min (0 when unset, spec §5) and max', () => {
    expect(validateAnswer(input('integer'), -1)).toEqual(['Enter a number of at least 0']);
    expect(validateAnswer(input('integer', { minValue: -10 }), -5)).toEqual([]);
    expect(validateAnswer(input('integer', { minValue: 18, maxValue: 65 }), 17)).toEqual(['Enter a number of at least 18']);
    expect(validateAnswer(input('integer', { minValue: 18, maxValue: 65 }), 66)).toEqual(['Enter a number of at most 65']);
    expect(validateAnswer(input('integer', { minValue: 18, maxValue: 65 }), 65)).toEqual([]);
  });

  it('applies the step from the minimum', () => {
    expect(validateAnswer(input('integer', { stepValue: 5 }), 15)).toEqual([]);
    expect(validateAnswer(input('integer', { stepValue: 5 }), 12)).toEqual(['Enter a multiple of 5']);
    expect(validateAnswer(input('integer', { stepValue: 5, minValue: 2 }), 12)).toEqual([]);
    expect(validateAnswer(input('integer', { stepValue: 5, minValue: 2 }), 10)).toEqual(['Enter 2 plus a multiple of 5']);
  });

  it('reports several broken rules at once', () => {
    expect(validateAnswer(input('integer', { minValue: 10, stepValue: 4 }), 3)).toEqual(['Enter a number of at least 10', 'Enter 10 plus a multiple of 4']);
  });
});

describe('validateAnswer: choices', () => {
  it('radio and dropdown take one known option id', () => {
    for (const subtype of ['radio', 'dropdown'] as const) {
      expect(validateAnswer(input(subtype), 'o2')).toEqual([]);
      expect(validateAnswer(input(subtype), 'nope')).toEqual([ANSWER_MESSAGES.option]);
      expect(validateAnswer(input(subtype), 'One')).toEqual([ANSWER_MESSAGES.option]);
      expect(validateAnswer(input(subtype), ['o1'])).toEqual([ANSWER_MESSAGES.option]);
    }
  });

  it('checkbox takes an array of known, distinct option ids', () => {
    expect(validateAnswer(input('checkbox'), ['o1', 'o2'])).toEqual([]);
    expect(validateAnswer(input('checkbox'), ['o1', 'x'])).toEqual([ANSWER_MESSAGES.options]);
    expect(validateAnswer(input('checkbox'), ['o1', 'o1'])).toEqual([ANSWER_MESSAGES.options]);
    expect(validateAnswer(input('checkbox'), 'o1')).toEqual([ANSWER_MESSAGES.options]);
  });
});

const page = (id: string, children: FormDocument[number]['children']): FormDocument[number] => ({ type: 'page', id, title: id, children });

const name = input('textInput', { id: 'name', required: true });
const email = input('email', { id: 'email', parentId: 's1' });
const age = input('integer', { id: 'age', parentId: 'p2', required: true });
const document: FormDocument = [
  page('p1', [
    name,
    { type: 'presentation', subtype: 'heading', id: 'h1', parentId: 'p1', content: '<h2>Hi</h2>' },
    { type: 'section', id: 's1', parentId: 'p1', title: 'S', description: '', collapsible: false, collapsed: false, children: [email] },
  ]),
  page('p2', [age]),
];

describe('validateAnswers', () => {
  it('lists inputs in document order with their page and section', () => {
    expect(inputsOf(document).map((p) => [p.input.id, p.pageId, p.sectionId])).toEqual([
      ['name', 'p1', null],
      ['email', 'p1', 's1'],
      ['age', 'p2', null],
    ]);
  });

  it('returns errors keyed by input id, only for inputs with errors', () => {
    expect(validateAnswers(document, { email: 'nope' })).toEqual({
      name: [ANSWER_MESSAGES.required],
      email: [ANSWER_MESSAGES.email],
      age: [ANSWER_MESSAGES.required],
    });
    expect(validateAnswers(document, { name: 'Ann', age: 30 })).toEqual({});
  });

  it('checks one page when asked', () => {
    expect(validateAnswers(document, {}, { pageId: 'p2' })).toEqual({ age: [ANSWER_MESSAGES.required] });
    expect(validateAnswers(document, {}, { pageId: 'p1' })).toEqual({ name: [ANSWER_MESSAGES.required] });
  });

  it('does not require or check hidden inputs, nor inputs in hidden sections and pages', () => {
    expect(validateAnswers(document, { email: 'bad' }, { hiddenIds: new Set(['name', 's1', 'p2']) })).toEqual({});
    expect(validateAnswers(document, {}, { hiddenIds: new Set(['p1']) })).toEqual({ age: [ANSWER_MESSAGES.required] });
  });
});

describe('initialAnswers and answersToSubmit', () => {
  it('starts from given answers, then static defaults, then referenced inputs', () => {
    const a = input('textInput', { id: 'a', default: { staticValue: 'static', referenceValueId: null } });
    const b = input('textInput', { id: 'b', default: { staticValue: null, referenceValueId: 'a' } });
    const c = input('textInput', { id: 'c', default: { staticValue: null, referenceValueId: 'd' } });
    const d = input('textInput', { id: 'd', default: { staticValue: null, referenceValueId: 'c' } });
    const doc: FormDocument = [page('p1', [b, a, c, d])];
    expect(initialAnswers(doc)).toEqual({ a: 'static', b: 'static', c: null, d: null });
    expect(initialAnswers(doc, { a: 'given' })).toEqual({ a: 'given', b: 'given', c: null, d: null });
  });

  it('sends only shown, non-empty answers, trimmed, integers as numbers', () => {
    const answers = { name: '  Ann ', email: 'x@y.test', age: '42' };
    expect(answersToSubmit(document, answers)).toEqual({ name: 'Ann', email: 'x@y.test', age: 42 });
    expect(answersToSubmit(document, answers, new Set(['s1']))).toEqual({ name: 'Ann', age: 42 });
    expect(answersToSubmit(document, { name: '   ' })).toEqual({});
  });
});
