import { describe, expect, it } from 'vitest';
import type { ConditionalLogic, LogicConfig, LogicRule } from '../../../../src/domain/form-document';
import { hasStaticValue, sanitizeLogic } from '../../../../src/domain/logic/sanitize';
import { logicConfig, logicDocument, logicOf, rule } from './logic-fixtures';

const sanitize = (logic: ConditionalLogic) => sanitizeLogic(logic, logicDocument());
/** The rule ids kept on `target`, or null when its config went. */
const keptRules = (rules: LogicRule[]) => sanitize(logicOf([logicConfig('target', [rules])])).conditionMap.target?.conditions[0].expression[0].rules.map((r) => r.id) ?? null;

describe('sanitizeLogic: rules (spec §5)', () => {
  const good = rule('good', 'text', 'NOT_EMPTY');

  it('keeps complete rules unchanged', () => {
    const logic = logicOf([logicConfig('target', [[good, rule('eq', 'num', 'GT', 3), rule('ref', 'text', 'EQ', null, 'text2')]])]);
    expect(sanitize(logic)).toEqual(logic);
  });

  it('drops a rule without a predicate', () => {
    expect(keptRules([good, rule('r', 'text', null)])).toEqual(['good']);
  });

  it('drops a rule without a trigger', () => {
    expect(keptRules([good, rule('r', null, 'EMPTY')])).toEqual(['good']);
  });

  it('drops a rule whose trigger is not in the form', () => {
    expect(keptRules([good, rule('r', 'gone', 'EMPTY')])).toEqual(['good']);
  });

  it('drops a rule whose trigger is not an input', () => {
    expect(keptRules([good, rule('r', 's1', 'EMPTY'), rule('r2', 'note', 'NOT_EMPTY'), rule('r3', 'p1', 'EMPTY')])).toEqual(['good']);
  });

  it("drops a rule whose predicate the trigger's type does not allow", () => {
    expect(keptRules([good, rule('r1', 'boxes', 'EQ', 'b1'), rule('r2', 'text', 'GT', 3), rule('r3', 'pick', 'CONTAIN', 'o'), rule('r4', 'num', 'SET')])).toEqual(['good']);
  });

  it('drops a rule needing a value that has neither a static nor a reference value', () => {
    expect(keptRules([good, rule('r1', 'text', 'EQ', null), rule('r2', 'text', 'CONTAIN', '   '), rule('r3', 'num', 'GT', null, null)])).toEqual(['good']);
  });

  it('drops a rule whose only value is a reference to something that is not an input of the form', () => {
    expect(keptRules([good, rule('r1', 'text', 'EQ', null, 'gone'), rule('r2', 'text', 'EQ', null, 's1')])).toEqual(['good']);
  });

  it('keeps a rule with a static value and clears a reference that points nowhere', () => {
    const kept = sanitize(logicOf([logicConfig('target', [[rule('r', 'text', 'EQ', 'x', 'gone')]])])).conditionMap.target.conditions[0].expression[0].rules[0];
    expect(kept).toEqual(rule('r', 'text', 'EQ', 'x', null));
  });

  it('keeps valueless predicates without a value', () => {
    expect(keptRules([rule('a', 'text', 'EMPTY'), rule('b', 'boxes', 'SET'), rule('c', 'boxes', 'NOT_SET'), rule('d', 'num', 'NOT_EMPTY')])).toEqual(['a', 'b', 'c', 'd']);
  });

  it('counts text that is not blank and finite numbers as static values', () => {
    expect([hasStaticValue('x'), hasStaticValue(0), hasStaticValue(' 0 ')]).toEqual([true, true, true]);
    expect([hasStaticValue(null), hasStaticValue(''), hasStaticValue('  '), hasStaticValue([]), hasStaticValue(['b1']), hasStaticValue(NaN), hasStaticValue(Infinity)]).toEqual([
      false, false, false, false, false, false, false,
    ]);
  });
});

describe('sanitizeLogic: groups, conditions and configs', () => {
  const good = rule('good', 'text', 'NOT_EMPTY');
  const bad = rule('bad', null, null);

  it('drops a group left without rules, keeping the others', () => {
    const result = sanitize(logicOf([logicConfig('target', [[bad], [good]])]));
    expect(result.conditionMap.target.conditions[0].expression.map((g) => g.id)).toEqual(['g-target-1']);
  });

  it('drops a condition left without groups, and then a config left without conditions', () => {
    const config: LogicConfig = logicConfig('target', [[good]]);
    config.conditions.push({ id: 'empty', expression: [{ id: 'g', type: 'group', operator: 'AND', rules: [bad] }], actions: [{ key: 'TOGGLE_VISIBILITY', value: 'HIDE' }] });
    expect(sanitize(logicOf([config])).conditionMap.target.conditions.map((c) => c.id)).toEqual(['cond-target-SHOW']);
    expect(sanitize(logicOf([logicConfig('target', [[bad]])]))).toEqual({ conditionMap: {}, pageMap: {} });
  });

  it('drops a condition without actions', () => {
    const config = logicConfig('target', [[good]]);
    config.conditions[0].actions = [];
    expect(sanitize(logicOf([config])).conditionMap).toEqual({});
  });

  it('drops a condition with no groups', () => {
    const config = logicConfig('target', []);
    expect(sanitize(logicOf([config])).conditionMap).toEqual({});
  });

  it('drops a config with no conditions', () => {
    const config = logicConfig('target', [[good]]);
    config.conditions = [];
    expect(sanitize(logicOf([config])).conditionMap).toEqual({});
  });

  it('drops configs of elements not in the form, and pages outside pageMap or other elements inside it', () => {
    const logic = logicOf([logicConfig('gone', [[good]]), logicConfig('p2', [[good]], 'SHOW', 'page'), logicConfig('inner', [[good]])], [logicConfig('s1', [[good]], 'SHOW', 'section'), logicConfig('p2', [[good]], 'SHOW', 'page')]);
    const result = sanitize(logic);
    expect(Object.keys(result.conditionMap)).toEqual(['inner']);
    expect(Object.keys(result.pageMap)).toEqual(['p2']);
  });

  it('keeps sections and presentations in conditionMap, with the element type taken from the form', () => {
    const logic = logicOf([logicConfig('s1', [[good]], 'SHOW', 'input'), logicConfig('note', [[good]], 'HIDE', 'presentation')]);
    const result = sanitize(logic);
    expect(result.conditionMap.s1.element).toEqual({ id: 's1', type: 'section' });
    expect(result.conditionMap.note.element).toEqual({ id: 'note', type: 'presentation' });
  });

  it('defaults the group operator to AND', () => {
    const config = logicConfig('target', [[good]]);
    (config.conditions[0].expression[0] as { operator: unknown }).operator = undefined;
    expect(sanitize(logicOf([config])).conditionMap.target.conditions[0].expression[0].operator).toBe('AND');
  });

  it('keeps only visibility actions', () => {
    const config = logicConfig('target', [[good]]);
    config.conditions[0].actions.push({ key: 'SOMETHING_ELSE', value: 'SHOW' } as never, { key: 'TOGGLE_VISIBILITY', value: 'MAYBE' } as never);
    expect(sanitize(logicOf([config])).conditionMap.target.conditions[0].actions).toEqual([{ key: 'TOGGLE_VISIBILITY', value: 'SHOW' }]);
  });

  it('is pure: leaves its input alone and returns new objects', () => {
    const logic = logicOf([logicConfig('target', [[good, bad]])], [logicConfig('p2', [[good]], 'SHOW', 'page')]);
    const before = structuredClone(logic);
    const result = sanitize(logic);
    expect(logic).toEqual(before);
    expect(result.conditionMap.target).not.toBe(logic.conditionMap.target);
    expect(result.pageMap.p2.conditions[0].expression[0].rules[0]).not.toBe(logic.pageMap.p2.conditions[0].expression[0].rules[0]);
  });

  it('accepts missing maps', () => {
    expect(sanitize({} as ConditionalLogic)).toEqual({ conditionMap: {}, pageMap: {} });
  });
});
