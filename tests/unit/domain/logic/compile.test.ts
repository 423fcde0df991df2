import { describe, expect, it } from 'vitest';
import type { Answers } from '../../../../src/domain/answers';
import type { InputSubtype, LogicRule, Predicate } from '../../../../src/domain/form-document';
import { INPUT_SUBTYPES, PREDICATES } from '../../../../src/domain/form-document';
import { compileLogic } from '../../../../src/domain/logic/compile';
import { sanitizeLogic } from '../../../../src/domain/logic/sanitize';
import { PREDICATES_BY_SUBTYPE, predicateNeedsValue } from '../../../../src/domain/logic/predicates';
import { sampleDocument, sampleLogic } from '../form-fixtures';
import { INPUT_OF, logicConfig, logicDocument, logicOf, rule } from './logic-fixtures';

/** Whether `target` shows when it is set to show only if `theRule` holds. */
function holds(theRule: LogicRule, answers: Answers): boolean {
  return compileLogic(logicDocument(), logicOf([logicConfig('target', [[theRule]])])).isVisible('target', answers);
}

type Case = [predicate: Predicate, value: LogicRule['staticValue'], answer: Answers[string] | undefined, expected: boolean];

const TEXT_CASES: Case[] = [
  ['EQ', 'Yes', ' yes ', true],
  ['EQ', ' YES', 'Yes', true],
  ['EQ', 'Yes', 'yes please', false],
  ['EQ', 'Yes', undefined, false],
  ['EQ', 'Yes', '', false],
  ['NOT_EQ', 'Yes', 'YES ', false],
  ['NOT_EQ', 'Yes', 'no', true],
  ['NOT_EQ', 'Yes', undefined, true],
  ['CONTAIN', 'Smith', 'john SMITH jr', true],
  ['CONTAIN', 'smith', 'jones', false],
  ['CONTAIN', 'smith', undefined, false],
  ['NOT_CONTAIN', 'Smith', 'JOHN SMITH', false],
  ['NOT_CONTAIN', 'smith', 'jones', true],
  ['NOT_CONTAIN', 'smith', null, true],
  ['EMPTY', null, undefined, true],
  ['EMPTY', null, null, true],
  ['EMPTY', null, '', true],
  ['EMPTY', null, '   ', true],
  ['EMPTY', null, 'x', false],
  ['NOT_EMPTY', null, 'x', true],
  ['NOT_EMPTY', null, ' \t', false],
  ['NOT_EMPTY', null, undefined, false],
];

const CHOICE_CASES = (prefix: string): Case[] => [
  ['EQ', `${prefix}1`, `${prefix}1`, true],
  ['EQ', `${prefix}1`, `${prefix}2`, false],
  ['EQ', `${prefix}1`, undefined, false],
  ['EQ', `${prefix}1`, ` ${prefix.toUpperCase()}1`, false],
  ['NOT_EQ', `${prefix}1`, `${prefix}2`, true],
  ['NOT_EQ', `${prefix}1`, `${prefix}1`, false],
  ['NOT_EQ', `${prefix}1`, null, true],
  ['EMPTY', null, null, true],
  ['EMPTY', null, '', true],
  ['EMPTY', null, `${prefix}1`, false],
  ['NOT_EMPTY', null, `${prefix}2`, true],
  ['NOT_EMPTY', null, undefined, false],
];

const INTEGER_CASES: Case[] = [
  ['EQ', 5, 5, true],
  ['EQ', 5, '5', true],
  ['EQ', '5', ' 5 ', true],
  ['EQ', 5, 6, false],
  ['EQ', 5, undefined, false],
  ['EQ', 5, 'five', false],
  ['NOT_EQ', 5, 6, true],
  ['NOT_EQ', 5, 5, false],
  ['NOT_EQ', 5, undefined, true],
  ['GT', 5, 6, true],
  ['GT', 5, 5, false],
  ['GT', 5, '10', true],
  ['GT', 5, 'lots', false],
  ['GT', -1, undefined, false],
  ['LT', 5, 4, true],
  ['LT', 5, 5, false],
  ['LT', 5, undefined, false],
  ['LT', 5, '', false],
  ['GTE', 5, 5, true],
  ['GTE', 5, 4, false],
  ['GTE', 0, null, false],
  ['LTE', 5, 5, true],
  ['LTE', 5, 6, false],
  ['LTE', 5, 'abc', false],
  ['EMPTY', null, undefined, true],
  ['EMPTY', null, 0, false],
  ['NOT_EMPTY', null, 0, true],
  ['NOT_EMPTY', null, '', false],
];

const CHECKBOX_CASES: Case[] = [
  ['SET', null, ['b1'], true],
  ['SET', null, ['b1', 'b2'], true],
  ['SET', null, [], false],
  ['SET', null, undefined, false],
  ['NOT_SET', null, [], true],
  ['NOT_SET', null, null, true],
  ['NOT_SET', null, ['b2'], false],
];

const CASES_BY_SUBTYPE: Record<InputSubtype, Case[]> = {
  textInput: TEXT_CASES,
  textarea: TEXT_CASES,
  phoneNumber: TEXT_CASES,
  email: TEXT_CASES,
  radio: CHOICE_CASES('o'),
  dropdown: CHOICE_CASES('d'),
  integer: INTEGER_CASES,
  checkbox: CHECKBOX_CASES,
};

describe('compileLogic: every allowed predicate on every input type', () => {
  for (const subtype of INPUT_SUBTYPES) {
    const trigger = INPUT_OF[subtype];
    it.each(CASES_BY_SUBTYPE[subtype])(`${subtype}: %s %j with answer %j → %s`, (predicate, value, answer, expected) => {
      const answers: Answers = answer === undefined ? {} : { [trigger]: answer };
      expect(holds(rule('r', trigger, predicate, value), answers)).toBe(expected);
    });

    it(`${subtype}: the cases cover every allowed predicate`, () => {
      expect(new Set(CASES_BY_SUBTYPE[subtype].map(([predicate]) => predicate))).toEqual(new Set(PREDICATES_BY_SUBTYPE[subtype]));
    });

    it(`${subtype}: a predicate the type does not allow has no effect`, () => {
      for (const predicate of PREDICATES.filter((p) => !PREDICATES_BY_SUBTYPE[subtype].includes(p))) {
        const compiled = compileLogic(logicDocument(), logicOf([logicConfig('target', [[rule('r', trigger, predicate, predicateNeedsValue(predicate) ? 'x' : null)]])]));
        expect(compiled.ruleCount, predicate).toBe(0);
        expect(compiled.hiddenIds({})).toEqual(new Set());
      }
    });
  }

  it('an integer rule whose value is not a number never holds, not even NOT_EQ', () => {
    for (const predicate of ['EQ', 'NOT_EQ', 'GT', 'LT', 'GTE', 'LTE'] as const) {
      expect(holds(rule('r', 'num', predicate, 'many'), { num: 3 }), predicate).toBe(false);
    }
  });

  it('compares numbers in text inputs as their text', () => {
    expect(holds(rule('r', 'text', 'EQ', 42), { text: ' 42 ' })).toBe(true);
    expect(holds(rule('r', 'text', 'EQ', '42'), { text: 42 })).toBe(true);
  });
});

describe('compileLogic: groups, conditions and actions', () => {
  const yes = rule('r1', 'text', 'EQ', 'yes');
  const big = rule('r2', 'num', 'GT', 10);

  it('an element without conditions is shown', () => {
    expect(compileLogic(logicDocument(), logicOf([])).hiddenIds({ text: 'anything' })).toEqual(new Set());
  });

  it('AND needs every rule of the group, OR any', () => {
    const and = compileLogic(logicDocument(), logicOf([logicConfig('target', [{ operator: 'AND', rules: [yes, big] }])]));
    const or = compileLogic(logicDocument(), logicOf([logicConfig('target', [{ operator: 'OR', rules: [yes, big] }])]));
    const table: [Answers, boolean, boolean][] = [
      [{ text: 'yes', num: 11 }, true, true],
      [{ text: 'yes', num: 1 }, false, true],
      [{ text: 'no', num: 11 }, false, true],
      [{ text: 'no', num: 1 }, false, false],
    ];
    for (const [answers, andShown, orShown] of table) {
      expect(and.isVisible('target', answers), JSON.stringify(answers)).toBe(andShown);
      expect(or.isVisible('target', answers), JSON.stringify(answers)).toBe(orShown);
    }
  });

  it('AND and OR groups of three rules', () => {
    const rules = [yes, big, rule('r3', 'boxes', 'SET')];
    const and = compileLogic(logicDocument(), logicOf([logicConfig('target', [{ operator: 'AND', rules }])]));
    const or = compileLogic(logicDocument(), logicOf([logicConfig('target', [{ operator: 'OR', rules }])]));
    expect(and.isVisible('target', { text: 'yes', num: 11, boxes: ['b1'] })).toBe(true);
    expect(and.isVisible('target', { text: 'yes', num: 11, boxes: [] })).toBe(false);
    expect(or.isVisible('target', { boxes: ['b1'] })).toBe(true);
    expect(or.isVisible('target', { boxes: [] })).toBe(false);
  });

  it('a group with no operator defaults to AND', () => {
    const logic = logicOf([logicConfig('target', [{ operator: undefined as unknown as 'AND', rules: [yes, big] }])]);
    const compiled = compileLogic(logicDocument(), logic);
    expect(compiled.isVisible('target', { text: 'yes', num: 1 })).toBe(false);
    expect(compiled.isVisible('target', { text: 'yes', num: 11 })).toBe(true);
  });

  it('every group of a condition must hold', () => {
    const compiled = compileLogic(logicDocument(), logicOf([logicConfig('target', [[yes], { operator: 'OR', rules: [big, rule('r3', 'pick', 'EQ', 'o2')] }])]));
    expect(compiled.isVisible('target', { text: 'yes', num: 11 })).toBe(true);
    expect(compiled.isVisible('target', { text: 'yes', pick: 'o2' })).toBe(true);
    expect(compiled.isVisible('target', { text: 'yes' })).toBe(false);
    expect(compiled.isVisible('target', { num: 11, pick: 'o2' })).toBe(false);
  });

  it('SHOW: hidden unless a SHOW condition holds; any of several SHOW conditions is enough', () => {
    const config = logicConfig('target', [[yes]]);
    config.conditions.push({ ...logicConfig('target', [[big]]).conditions[0], id: 'second' });
    const compiled = compileLogic(logicDocument(), logicOf([config]));
    expect(compiled.isVisible('target', {})).toBe(false);
    expect(compiled.isVisible('target', { text: 'yes' })).toBe(true);
    expect(compiled.isVisible('target', { num: 99 })).toBe(true);
  });

  it('HIDE: shown unless a HIDE condition holds', () => {
    const compiled = compileLogic(logicDocument(), logicOf([logicConfig('target', [[yes]], 'HIDE')]));
    expect(compiled.isVisible('target', {})).toBe(true);
    expect(compiled.isVisible('target', { text: 'YES' })).toBe(false);
  });

  it('HIDE wins over SHOW', () => {
    const config = logicConfig('target', [[yes]], 'SHOW');
    config.conditions.push(logicConfig('target', [[big]], 'HIDE').conditions[0]);
    const compiled = compileLogic(logicDocument(), logicOf([config]));
    expect(compiled.isVisible('target', { text: 'yes' })).toBe(true);
    expect(compiled.isVisible('target', { text: 'yes', num: 11 })).toBe(false);
    expect(compiled.isVisible('target', { num: 11 })).toBe(false);
    expect(compiled.isVisible('target', {})).toBe(false);
  });

  it('a condition with both actions hides when it holds', () => {
    const config = logicConfig('target', [[yes]]);
    config.conditions[0].actions.push({ key: 'TOGGLE_VISIBILITY', value: 'HIDE' });
    const compiled = compileLogic(logicDocument(), logicOf([config]));
    expect(compiled.isVisible('target', { text: 'yes' })).toBe(false);
    expect(compiled.isVisible('target', {})).toBe(false);
  });
});

describe('compileLogic: pages, sections and chains', () => {
  it('a hidden section hides its children', () => {
    const compiled = compileLogic(logicDocument(), logicOf([logicConfig('s1', [[rule('r', 'text', 'EQ', 'hide')]], 'HIDE', 'section')]));
    expect(compiled.hiddenIds({ text: 'hide' })).toEqual(new Set(['s1', 'inner', 'note']));
    expect(compiled.hiddenIds({ text: 'keep' })).toEqual(new Set());
  });

  it('a hidden page hides everything on it, sections and their contents included', () => {
    const compiled = compileLogic(logicDocument(), logicOf([], [logicConfig('p2', [[rule('r', 'boxes', 'SET')]], 'SHOW', 'page')]));
    expect(compiled.hiddenIds({})).toEqual(new Set(['p2', 'later', 's2', 'deep', 'deepNote']));
    expect(compiled.hiddenIds({ boxes: ['b1'] })).toEqual(new Set());
    expect(compiled.isVisible('deep', {})).toBe(false);
  });

  it('an element in a hidden container stays hidden whatever its own logic says', () => {
    const logic = logicOf([logicConfig('s2', [[rule('r1', 'text', 'NOT_EMPTY')]], 'SHOW', 'section'), logicConfig('deep', [[rule('r2', 'num', 'EQ', 1)]])]);
    const compiled = compileLogic(logicDocument(), logic);
    expect(compiled.isVisible('deep', { num: 1 })).toBe(false);
    expect(compiled.isVisible('deep', { num: 1, text: 'x' })).toBe(true);
    expect(compiled.isVisible('deep', { num: 2, text: 'x' })).toBe(false);
  });

  it('the answer of a hidden input counts as no answer, down a chain', () => {
    // text2 shows when text is set; target when text2 is set; inner hides when target is empty.
    const logic = logicOf([
      logicConfig('text2', [[rule('r1', 'text', 'NOT_EMPTY')]]),
      logicConfig('target', [[rule('r2', 'text2', 'EQ', 'go')]]),
      logicConfig('inner', [[rule('r3', 'target', 'EMPTY')]], 'HIDE'),
    ]);
    const compiled = compileLogic(logicDocument(), logic);
    const answers = { text: 'x', text2: 'go', target: 'filled' };
    expect(compiled.hiddenIds(answers)).toEqual(new Set());
    expect(compiled.hiddenIds({ ...answers, text: '' })).toEqual(new Set(['text2', 'target', 'inner']));
  });

  it('a hidden trigger reads as no answer for every predicate', () => {
    const expectations: [LogicRule, boolean][] = [
      [rule('r', 'text2', 'EMPTY'), true],
      [rule('r', 'text2', 'NOT_EMPTY'), false],
      [rule('r', 'text2', 'EQ', 'kept'), false],
      [rule('r', 'text2', 'NOT_EQ', 'kept'), true],
      [rule('r', 'text2', 'CONTAIN', 'kep'), false],
      [rule('r', 'text2', 'NOT_CONTAIN', 'kep'), true],
    ];
    for (const [theRule, expected] of expectations) {
      // text2 is hidden unless num is 1; its answer is there all along.
      const logic = logicOf([logicConfig('text2', [[rule('h', 'num', 'EQ', 1)]]), logicConfig('target', [[theRule]])]);
      const compiled = compileLogic(logicDocument(), logic);
      expect(compiled.isVisible('target', { text2: 'kept', num: 2 }), `${theRule.predicate} while hidden`).toBe(expected);
      expect(compiled.isVisible('target', { text2: 'kept', num: 1 }), `${theRule.predicate} while shown`).toBe(!expected);
    }
  });

  it('an input hidden by its page counts as no answer', () => {
    const logic = logicOf([logicConfig('target', [[rule('r1', 'later', 'NOT_EMPTY')]])], [logicConfig('p2', [[rule('r2', 'num', 'GT', 0)]], 'SHOW', 'page')]);
    const compiled = compileLogic(logicDocument(), logic);
    expect(compiled.isVisible('target', { later: 'x', num: 1 })).toBe(true);
    expect(compiled.isVisible('target', { later: 'x', num: 0 })).toBe(false);
  });

  it('resolves rules that read later inputs as fully as rules that read earlier ones', () => {
    // target (page 1) reads deep (page 2, section s2); s2 shows only when text is 'open'.
    const logic = logicOf([logicConfig('target', [[rule('r1', 'deep', 'NOT_EMPTY')]]), logicConfig('s2', [[rule('r2', 'text', 'EQ', 'open')]], 'SHOW', 'section')]);
    const compiled = compileLogic(logicDocument(), logic);
    expect(compiled.isVisible('target', { deep: 'x', text: 'open' })).toBe(true);
    expect(compiled.isVisible('target', { deep: 'x', text: 'shut' })).toBe(false);
  });

  it('gives the same result whichever order the answers come in and as they change', () => {
    const logic = logicOf([logicConfig('target', [[rule('r1', 'text', 'EQ', 'Yes')]]), logicConfig('inner', [[rule('r2', 'num', 'GTE', 3)]])]);
    const compiled = compileLogic(logicDocument(), logic);
    const { hiddenIds } = compiled; // usable detached, as a callback
    const answers: Answers = { text: 'yes', num: '3' };
    expect(hiddenIds(answers)).toEqual(new Set());
    answers.text = 'no';
    answers.num = 2;
    expect(hiddenIds(answers)).toEqual(new Set(['target', 'inner']));
    answers.text = ' YES ';
    expect(hiddenIds(answers)).toEqual(new Set(['inner']));
    expect(hiddenIds({})).toEqual(new Set(['target', 'inner']));
  });

  it('treats an id that is not in the form as shown and tolerates missing answers', () => {
    const compiled = compileLogic(logicDocument(), logicOf([logicConfig('target', [[rule('r', 'text', 'NOT_EMPTY')]])]));
    expect(compiled.isVisible('nowhere', {})).toBe(true);
    expect(compiled.hiddenIds(undefined as unknown as Answers)).toEqual(new Set(['target']));
  });

  it('evaluates the shared sample form', () => {
    const compiled = compileLogic(sampleDocument(), sampleLogic());
    // i3 needs i2 = o1; s2 needs i4 = o3 and i1; p2 needs i1; i5 hides when i3 equals i1.
    expect(compiled.hiddenIds({})).toEqual(new Set(['i3', 'p2', 'i4', 's2', 'i5']));
    expect(compiled.hiddenIds({ i1: 'Ann', i2: 'o1', i3: 'ann', i4: 'o3' })).toEqual(new Set(['i5']));
    expect(compiled.hiddenIds({ i1: 'Ann', i2: 'o1', i3: 'Bob', i4: 'o3' })).toEqual(new Set());
    // i3 hidden by i2 = o2 counts as no answer, so i5's rule no longer holds.
    expect(compiled.hiddenIds({ i1: 'Ann', i2: 'o2', i3: 'ann', i4: 'o3' })).toEqual(new Set(['i3']));
  });
});

describe('compileLogic: reference values', () => {
  const refRule = (trigger: string, predicate: Predicate, reference: string) => rule('r', trigger, predicate, 'ignored', reference);

  it('compares text with another input\'s answer, trimmed and case-insensitively', () => {
    expect(holds(refRule('text', 'EQ', 'text2'), { text: 'Ann ', text2: ' ann' })).toBe(true);
    expect(holds(refRule('text', 'EQ', 'text2'), { text: 'Ann', text2: 'Bob' })).toBe(false);
    expect(holds(refRule('text', 'CONTAIN', 'text2'), { text: 'Annabel', text2: 'ANN' })).toBe(true);
    expect(holds(refRule('text', 'NOT_CONTAIN', 'text2'), { text: 'Annabel', text2: 'bob' })).toBe(true);
  });

  it('compares integers with another input numerically', () => {
    expect(holds(refRule('num', 'GT', 'num2'), { num: 10, num2: '9' })).toBe(true);
    expect(holds(refRule('num', 'GT', 'num2'), { num: 9, num2: 9 })).toBe(false);
    expect(holds(refRule('num', 'LTE', 'num2'), { num: 9, num2: 9 })).toBe(true);
    expect(holds(refRule('num', 'EQ', 'num2'), { num: 9, num2: 9 })).toBe(true);
  });

  it('compares choices by option id', () => {
    expect(holds(refRule('pick', 'EQ', 'pick2'), { pick: 'o2', pick2: 'o2' })).toBe(true);
    expect(holds(refRule('pick', 'NOT_EQ', 'pick2'), { pick: 'o1', pick2: 'o2' })).toBe(true);
    expect(holds(refRule('pick', 'NOT_EQ', 'pick2'), { pick: 'o2', pick2: 'o2' })).toBe(false);
  });

  it('uses the reference rather than the static value', () => {
    expect(holds(rule('r', 'text', 'EQ', 'static', 'text2'), { text: 'static', text2: 'other' })).toBe(false);
    expect(holds(rule('r', 'text', 'EQ', 'static', 'text2'), { text: 'other', text2: 'other' })).toBe(true);
  });

  it('does not hold when the reference has no answer, whatever the predicate', () => {
    for (const [trigger, reference, predicate] of [
      ['text', 'text2', 'EQ'],
      ['text', 'text2', 'NOT_EQ'],
      ['text', 'text2', 'NOT_CONTAIN'],
      ['num', 'num2', 'NOT_EQ'],
      ['num', 'num2', 'GTE'],
      ['pick', 'pick2', 'NOT_EQ'],
    ] as const) {
      expect(holds(refRule(trigger, predicate, reference), { [trigger]: '1' }), `${trigger} ${predicate}`).toBe(false);
    }
  });

  it('reads a hidden reference as no answer', () => {
    const logic = logicOf([logicConfig('target', [[refRule('text', 'EQ', 'text2')]]), logicConfig('text2', [[rule('r2', 'num', 'EQ', 1)]])]);
    const compiled = compileLogic(logicDocument(), logic);
    expect(compiled.isVisible('target', { text: 'a', text2: 'a', num: 1 })).toBe(true);
    expect(compiled.isVisible('target', { text: 'a', text2: 'a', num: 2 })).toBe(false);
  });

  it('falls back to the static value when the reference is not an input of the form', () => {
    expect(holds(rule('r', 'text', 'EQ', 'static', 'gone'), { text: 'static' })).toBe(true);
  });
});

describe('compileLogic: incomplete and circular logic', () => {
  it('evaluates raw logic exactly as its sanitized form', () => {
    const raw = logicOf(
      [
        logicConfig('target', [[rule('a', 'text', 'CONTAIN', 'x'), rule('b', 'num', 'CONTAIN', 'x'), rule('c', null, 'EMPTY')], [rule('d', 'gone', 'EMPTY')]]),
        logicConfig('inner', [{ operator: 'OR', rules: [rule('e', 'num', 'GT', null, 'num2'), rule('f', 'pick', 'EQ', null)] }], 'HIDE'),
        logicConfig('nowhere', [[rule('g', 'text', 'EMPTY')]]),
      ],
      [logicConfig('p2', [[rule('h', 'boxes', 'NOT_SET'), rule('i', 'boxes', 'EQ', 'b1')]], 'HIDE', 'page')],
    );
    const direct = compileLogic(logicDocument(), raw);
    const viaSanitizer = compileLogic(logicDocument(), sanitizeLogic(raw, logicDocument()));
    expect(direct.ruleCount).toBe(viaSanitizer.ruleCount);
    const answerSets: Answers[] = [{}, { text: 'xyz', num: 5, num2: 3, boxes: ['b1'] }, { text: 'abc', num: 1, num2: 3, boxes: [] }, { num: 9, num2: 9, pick: 'o1' }];
    for (const answers of answerSets) expect(direct.hiddenIds(answers), JSON.stringify(answers)).toEqual(viaSanitizer.hiddenIds(answers));
  });

  it('ignores incomplete rules, exactly as the sanitizer drops them', () => {
    const logic = logicOf([logicConfig('target', [[rule('r1', 'text', 'EQ', 'yes'), rule('r2', 'text', 'EQ', null), rule('r3', null, 'EMPTY')]])]);
    const compiled = compileLogic(logicDocument(), logic);
    expect(compiled.ruleCount).toBe(1);
    expect(compiled.isVisible('target', { text: 'yes' })).toBe(true);
  });

  it('still evaluates a cyclic form deterministically and reports the cycle', () => {
    const logic = logicOf([logicConfig('text', [[rule('r1', 'text2', 'NOT_EMPTY')]]), logicConfig('text2', [[rule('r2', 'text', 'NOT_EMPTY')]])]);
    const compiled = compileLogic(logicDocument(), logic);
    expect(compiled.cycle).toEqual(['text', 'text2']);
    const first = compiled.hiddenIds({ text: 'a', text2: 'b' });
    expect(compiled.hiddenIds({ text: 'a', text2: 'b' })).toEqual(first);
    expect(compiled.hiddenIds({})).toEqual(new Set(['text', 'text2']));
  });
});
