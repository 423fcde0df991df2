import { describe, expect, it } from 'vitest';
import type { ConditionalLogic, InputElement, LogicRule } from '../../../../src/domain/form-document';
import { emptyConditionalLogic } from '../../../../src/domain/form-document';
import {
  addCondition,
  addGroup,
  addRule,
  changeRule,
  editRule,
  removeCondition,
  removeGroup,
  removeRule,
  ruleCompletenessCheck,
  setConditionAction,
  setGroupOperator,
} from '../../../../src/domain/logic/edits';
import { logicDocument, rule } from './logic-fixtures';

const TARGET = { id: 'target', type: 'input' as const };
const PAGE = { id: 'p2', type: 'page' as const };
const IDS = { configId: 'cfg', conditionId: 'c1', groupId: 'g1', ruleId: 'r1' };
const address = { conditionId: 'c1', groupId: 'g1', ruleId: 'r1' };

function inputsOf(): (id: string) => InputElement | undefined {
  const byId = new Map<string, InputElement>();
  const walk = (elements: { type: string; id: string; children?: unknown[] }[]) => {
    for (const element of elements) {
      if (element.type === 'input') byId.set(element.id, element as unknown as InputElement);
      if (element.children) walk(element.children as never);
    }
  };
  walk(logicDocument() as never);
  return (id) => byId.get(id);
}
const inputOf = inputsOf();

/** One condition on `target` with one rule, and a config on another element that no edit of `target` touches. */
function startingLogic(first: LogicRule = rule('r1', null, null)): ConditionalLogic {
  let logic = addCondition(emptyConditionalLogic(), { id: 'other', type: 'input' }, { configId: 'x', conditionId: 'xc', groupId: 'xg', ruleId: 'xr' });
  logic = addCondition(logic, TARGET, IDS);
  return changeRule(logic, TARGET, address, { triggerId: first.triggerId, predicate: first.predicate, staticValue: first.staticValue }, inputOf);
}

describe('logic edits', () => {
  it('adds a condition shaped as FORM-DOCUMENT.md: SHOW, one AND group with one empty rule', () => {
    expect(addCondition(emptyConditionalLogic(), TARGET, IDS)).toEqual({
      conditionMap: {
        target: {
          id: 'cfg',
          element: { id: 'target', type: 'input' },
          conditions: [
            {
              id: 'c1',
              expression: [
                { id: 'g1', type: 'group', operator: 'AND', rules: [{ id: 'r1', type: 'rule', predicate: null, triggerId: null, staticValue: null, referenceValueId: null }] },
              ],
              actions: [{ key: 'TOGGLE_VISIBILITY', value: 'SHOW' }],
            },
          ],
        },
      },
      pageMap: {},
    });
  });

  it('keeps page logic in pageMap', () => {
    const logic = addCondition(emptyConditionalLogic(), PAGE, IDS);
    expect(Object.keys(logic.pageMap)).toEqual(['p2']);
    expect(logic.pageMap.p2.element).toEqual({ id: 'p2', type: 'page' });
    expect(logic.conditionMap).toEqual({});
  });

  it('shares every untouched part and returns the same logic when nothing changes', () => {
    const logic = startingLogic();
    const next = setGroupOperator(logic, TARGET, 'c1', 'g1', 'OR');
    expect(next.conditionMap.other).toBe(logic.conditionMap.other);
    expect(next.pageMap).toBe(logic.pageMap);
    expect(next.conditionMap.target.conditions[0].expression[0].rules).toBe(logic.conditionMap.target.conditions[0].expression[0].rules);
    expect(next.conditionMap.target.conditions[0].actions).toBe(logic.conditionMap.target.conditions[0].actions);

    expect(setGroupOperator(next, TARGET, 'c1', 'g1', 'OR')).toBe(next);
    expect(setConditionAction(logic, TARGET, 'c1', 'SHOW')).toBe(logic);
    expect(changeRule(logic, TARGET, address, { triggerId: null }, inputOf)).toBe(logic);
    expect(removeRule(logic, TARGET, { ...address, ruleId: 'nope' })).toBe(logic);
    expect(removeCondition(logic, { id: 'nobody', type: 'input' }, 'c1')).toBe(logic);
  });

  it('adds and removes groups and rules; the config goes with its last condition', () => {
    let logic = startingLogic();
    logic = addGroup(logic, TARGET, 'c1', { groupId: 'g2', ruleId: 'r2' });
    logic = addRule(logic, TARGET, 'c1', 'g1', 'r3');
    const condition = () => logic.conditionMap.target.conditions[0];
    expect(condition().expression.map((group) => [group.id, group.rules.map((r) => r.id)])).toEqual([
      ['g1', ['r1', 'r3']],
      ['g2', ['r2']],
    ]);
    logic = removeRule(logic, TARGET, address);
    logic = removeGroup(logic, TARGET, 'c1', 'g2');
    expect(condition().expression.map((group) => [group.id, group.rules.map((r) => r.id)])).toEqual([['g1', ['r3']]]);
    logic = setConditionAction(logic, TARGET, 'c1', 'HIDE');
    expect(condition().actions).toEqual([{ key: 'TOGGLE_VISIBILITY', value: 'HIDE' }]);
    const before = logic;
    logic = removeCondition(logic, TARGET, 'c1');
    expect(logic.conditionMap).not.toHaveProperty('target');
    expect(logic.conditionMap.other).toBe(before.conditionMap.other);
  });
});

describe('editRule', () => {
  const base = rule('r', 'text', 'CONTAIN', 'smith');

  it('keeps a predicate and a value the new trigger allows', () => {
    expect(editRule(base, { triggerId: 'mail' }, inputOf)).toEqual({ ...base, triggerId: 'mail' });
  });

  it('resets a predicate the new trigger does not allow, and a value it cannot compare with', () => {
    expect(editRule(base, { triggerId: 'num' }, inputOf)).toMatchObject({ triggerId: 'num', predicate: null, staticValue: null });
    expect(editRule(rule('r', 'drop', 'EQ', 'd2'), { triggerId: 'pick' }, inputOf)).toMatchObject({ predicate: 'EQ', staticValue: null });
    expect(editRule(rule('r', 'num', 'GT', 3), { triggerId: 'num2' }, inputOf)).toMatchObject({ predicate: 'GT', staticValue: 3 });
    expect(editRule(rule('r', 'text', 'NOT_EMPTY'), { triggerId: 'boxes' }, inputOf)).toMatchObject({ predicate: null });
    expect(editRule(base, { triggerId: null }, inputOf)).toMatchObject({ triggerId: null, predicate: null, staticValue: null });
  });

  it('compares with a value or another input, never both; a predicate without a value clears both', () => {
    const referenced = editRule(base, { referenceValueId: 'text2' }, inputOf);
    expect(referenced).toMatchObject({ staticValue: null, referenceValueId: 'text2' });
    expect(editRule(referenced, { staticValue: 'x' }, inputOf)).toMatchObject({ staticValue: 'x', referenceValueId: null });
    expect(editRule(referenced, { predicate: 'EMPTY' }, inputOf)).toMatchObject({ predicate: 'EMPTY', staticValue: null, referenceValueId: null });
  });

  it('returns the rule itself when nothing changes', () => {
    expect(editRule(base, { predicate: 'CONTAIN', staticValue: 'smith' }, inputOf)).toBe(base);
  });
});

describe('ruleCompletenessCheck', () => {
  it('agrees with what a save keeps (spec §5)', () => {
    const isComplete = ruleCompletenessCheck(logicDocument());
    expect(isComplete(rule('r', 'text', 'NOT_EMPTY'))).toBe(true);
    expect(isComplete(rule('r', 'text', 'EQ'))).toBe(false);
    expect(isComplete(rule('r', 'text', 'EQ', '  '))).toBe(false);
    expect(isComplete(rule('r', 'text', 'EQ', null, 'text2'))).toBe(true);
    expect(isComplete(rule('r', 'num', 'CONTAIN', 'x'))).toBe(false);
    expect(isComplete(rule('r', null, 'EMPTY'))).toBe(false);
  });
});
