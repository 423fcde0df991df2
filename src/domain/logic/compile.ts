/**
 * The one evaluator of conditional logic (FORM-DOCUMENT.md "jsonConditionalLogic"), used by the builder preview, the
 * respondent page and the server. compileLogic turns the document into closures over slot numbers once; a pass over
 * answers then does no parsing and allocates nothing but the result set.
 *
 * Semantics, beyond the ones FORM-DOCUMENT.md fixes:
 * - Only what sanitizeLogic keeps is compiled (the same checks, applied in place without copying): an incomplete rule
 *   behaves as if it were not there.
 * - Elements are evaluated dependencies first (document order wherever the logic allows), so a rule reading a later
 *   input sees that input's final visibility, just as one reading an earlier input does. In a cyclic form (refused
 *   on save, possible while editing) the dependency that closes the cycle is read as shown.
 * - A hidden container hides everything inside it without evaluating its contents' rules.
 * - A rule compares with its reference input when it has one, else with its static value. When the comparison
 *   value is missing (an unanswered or hidden reference, a non-numeric value for an integer), the rule does not hold,
 *   whatever the predicate — "does not equal" included.
 * - With a comparison value present, NOT_EQ and NOT_CONTAIN are the negations of EQ and CONTAIN: an unanswered
 *   trigger "does not equal" anything. GT/LT/GTE/LTE hold only for a numeric answer.
 * - Text is compared trimmed and lower-cased (numbers as their decimal text); integers numerically (numeric text
 *   too); radio and dropdown answers by exact option id.
 */
import type { Answers } from '../answers';
import type { ConditionalLogic, FormDocument, LogicCondition, LogicConfig, LogicGroup } from '../form-document';
import { orderForEvaluation } from './evaluation-order';
import { indexForm } from './form-index';
import type { Cell, Test } from './rule-tests';
import { compileRuleTest, newCell } from './rule-tests';
import { configElement, groupOperator, isVisibilityAction, keptReference } from './sanitize';

export interface CompiledLogic {
  /** Every element hidden for these answers, including everything inside a hidden page or section. */
  hiddenIds: (answers: Answers) => Set<string>;
  /** Whether an element is shown for these answers (an id not in the form: true). One full pass per call. */
  isVisible: (id: string, answers: Answers) => boolean;
  /** Rules kept after sanitizing. */
  readonly ruleCount: number;
  /** Ids on a cycle (see findLogicCycle), or null. */
  readonly cycle: string[] | null;
}

const NO_ANSWERS: Answers = Object.freeze({}) as Answers;

/** Any of `tests` holds (`tests` is kept: pass a copy of a scratch list). */
function any(tests: Test[]): Test {
  if (tests.length === 1) return tests[0];
  if (tests.length === 2) {
    const first = tests[0];
    const second = tests[1];
    return (answers) => first(answers) || second(answers);
  }
  return (answers) => {
    for (let i = 0; i < tests.length; i++) if (tests[i](answers)) return true;
    return false;
  };
}

/** Every one of `tests` holds (`tests` is kept: pass a copy of a scratch list). */
function all(tests: Test[]): Test {
  if (tests.length === 1) return tests[0];
  if (tests.length === 2) {
    const first = tests[0];
    const second = tests[1];
    return (answers) => first(answers) && second(answers);
  }
  return (answers) => {
    for (let i = 0; i < tests.length; i++) if (!tests[i](answers)) return false;
    return true;
  };
}

/**
 * Hidden by its own conditions: a HIDE condition holds (`hiding`), or there are SHOW conditions and none holds
 * (`shown`: any SHOW condition holds). At least one of the two is given.
 */
function hiddenBy(shown: Test | null, hiding: Test | null): Test {
  if (hiding === null) return (answers) => !shown!(answers);
  if (shown === null) return hiding;
  return (answers) => hiding(answers) || !shown(answers);
}

/** The first `count` tests of a reused scratch list: one as it is, several combined over a copy. */
const combine = (scratch: Test[], count: number, join: (tests: Test[]) => Test): Test => (count === 1 ? scratch[0] : join(scratch.slice(0, count)));

// A form is usually compiled once per process, so this mostly runs in the interpreter and its allocations are what
// the garbage collector sees: indexed loops (for…of costs an iterator and a result object per step), reused scratch
// lists instead of one array per group and condition, and every rule dependency in one flat list.
export function compileLogic(document: FormDocument, logic: ConditionalLogic): CompiledLogic {
  const index = indexForm(document);
  const { elements, byId } = index;
  const count = elements.length;
  const ids = elements.map((element) => element.id);
  const parents = Int32Array.from(elements, (element) => element.parentSlot);
  // One buffer for every pass: passes are synchronous and never nest.
  const hidden = new Uint8Array(count);
  const cells: (Cell | undefined)[] = new Array(count);
  const ownHidden: (Test | null)[] = new Array(count).fill(null);
  // The slots an element's rules read: dependencyList[dependencyStart[slot] … dependencyEnd[slot]).
  const dependencyList: number[] = [];
  const dependencyStart = new Int32Array(count);
  const dependencyEnd = new Int32Array(count);
  // Scratch lists, filled from 0 by each group, condition and config (setting length = 0 would drop their storage).
  const ruleTests: Test[] = [];
  const groupTests: Test[] = [];
  const shows: Test[] = [];
  const hides: Test[] = [];
  let showCount = 0;
  let hideCount = 0;
  let ruleCount = 0;

  const cellOf = (slot: number): Cell => (cells[slot] ??= newCell(elements[slot].id, slot, elements[slot].subtype!));

  // The rules of a group that sanitizeLogic keeps, joined by its operator; null when none is kept.
  const compileGroup = (group: LogicGroup): Test | null => {
    if (!group || !Array.isArray(group.rules)) return null;
    let kept = 0;
    for (let r = 0; r < group.rules.length; r++) {
      const rule = group.rules[r];
      const referenceId = keptReference(rule, index);
      if (referenceId === false) continue;
      const trigger = cellOf(byId.get(rule.triggerId!)!.slot);
      const reference = referenceId === null ? null : cellOf(byId.get(referenceId)!.slot);
      ruleTests[kept++] = compileRuleTest(rule, trigger, reference, hidden);
      dependencyList.push(trigger.slot);
      if (reference) dependencyList.push(reference.slot);
    }
    if (kept === 0) return null;
    ruleCount += kept;
    return combine(ruleTests, kept, groupOperator(group) === 'OR' ? any : all);
  };

  // Every group must hold. Adds nothing when the condition has no visibility action or keeps no group.
  const compileCondition = (condition: LogicCondition) => {
    if (!condition || !Array.isArray(condition.expression) || !Array.isArray(condition.actions)) return;
    let show = false;
    let hide = false;
    for (let a = 0; a < condition.actions.length; a++) {
      const action = condition.actions[a];
      if (!isVisibilityAction(action)) continue;
      if (action.value === 'SHOW') show = true;
      else hide = true;
    }
    if (!show && !hide) return;
    let kept = 0;
    for (let g = 0; g < condition.expression.length; g++) {
      const test = compileGroup(condition.expression[g]);
      if (test) groupTests[kept++] = test;
    }
    if (kept === 0) return;
    const test = combine(groupTests, kept, all);
    if (show) shows[showCount++] = test;
    if (hide) hides[hideCount++] = test;
  };

  const compileConfigs = (map: Record<string, LogicConfig> | undefined, which: 'conditionMap' | 'pageMap') => {
    if (!map || typeof map !== 'object') return;
    const keys = Object.keys(map);
    for (let k = 0; k < keys.length; k++) {
      const element = configElement(keys[k], which, index);
      const config = map[keys[k]];
      if (!element || !config || !Array.isArray(config.conditions)) continue;
      const start = dependencyList.length;
      showCount = 0;
      hideCount = 0;
      for (let c = 0; c < config.conditions.length; c++) compileCondition(config.conditions[c]);
      if (showCount + hideCount === 0) continue;
      ownHidden[element.slot] = hiddenBy(showCount === 0 ? null : combine(shows, showCount, any), hideCount === 0 ? null : combine(hides, hideCount, any));
      dependencyStart[element.slot] = start;
      dependencyEnd[element.slot] = dependencyList.length;
    }
  };
  compileConfigs(logic?.conditionMap, 'conditionMap');
  compileConfigs(logic?.pageMap, 'pageMap');

  const { order, cycle } = orderForEvaluation(parents, dependencyList, dependencyStart, dependencyEnd);

  const run = (answers: Answers) => {
    const given = answers ?? NO_ANSWERS;
    hidden.fill(0);
    for (let i = 0; i < order.length; i++) {
      const slot = order[i];
      const parent = parents[slot];
      if (parent !== -1 && hidden[parent] === 1) {
        hidden[slot] = 1;
        continue;
      }
      const test = ownHidden[slot];
      if (test !== null && test(given)) hidden[slot] = 1;
    }
  };

  return {
    hiddenIds: (answers) => {
      run(answers);
      const result = new Set<string>();
      for (let slot = 0; slot < count; slot++) if (hidden[slot] === 1) result.add(ids[slot]);
      return result;
    },
    isVisible: (id, answers) => {
      const element = byId.get(id);
      if (!element) return true;
      run(answers);
      return hidden[element.slot] === 0;
    },
    ruleCount,
    cycle: cycle ? cycle.map((slot) => ids[slot]) : null,
  };
}
