/**
 * Editing conditional logic, one step at a time (the builder's logic editor). Every operation is pure and
 * structure-sharing: configs, conditions, groups and rules it does not touch keep their identity, and an operation
 * that changes nothing returns the logic it was given. New ids come from the caller, so the operations stay pure.
 *
 * What may be left unfinished (a rule without a trigger, a group without rules) is allowed here: spec §5 drops it
 * on save (sanitizeLogic). Only the element's own config is ever removed, when its last condition goes, so adding
 * and then removing a condition leaves the logic as it was.
 */
import type {
  AnswerValue,
  ConditionalLogic,
  FormDocument,
  FormElementType,
  InputSubtype,
  LogicCondition,
  LogicConfig,
  LogicGroup,
  LogicRule,
} from '../form-document';
import { indexForm } from './form-index';
import { isPredicateAllowed, predicateNeedsValue } from './predicates';
import { keptReference } from './sanitize';

/** The element a config belongs to. Pages keep theirs in pageMap, every other element in conditionMap. */
export interface LogicTarget {
  id: string;
  type: FormElementType;
}

type LogicMapName = 'conditionMap' | 'pageMap';
export type VisibilityAction = 'SHOW' | 'HIDE';
export type GroupOperator = LogicGroup['operator'];

/** The fields of a rule the editor changes. */
export type RulePatch = Partial<Pick<LogicRule, 'triggerId' | 'predicate' | 'staticValue' | 'referenceValueId'>>;

/** What a rule needs to know about an input it reads. */
export interface RuleInput {
  subtype: InputSubtype;
  options: readonly { id: string }[];
}

export interface NewConditionIds {
  configId: string;
  conditionId: string;
  groupId: string;
  ruleId: string;
}

export interface NewGroupIds {
  groupId: string;
  ruleId: string;
}

const logicMapOf = (type: FormElementType): LogicMapName => (type === 'page' ? 'pageMap' : 'conditionMap');

export function logicConfigOf(logic: ConditionalLogic, target: LogicTarget): LogicConfig | undefined {
  return logic[logicMapOf(target.type)][target.id];
}

const emptyRule = (id: string): LogicRule => ({ id, type: 'rule', predicate: null, triggerId: null, staticValue: null, referenceValueId: null });

/** Spec §3: a new group has the default operator AND. */
const emptyGroup = ({ groupId, ruleId }: NewGroupIds): LogicGroup => ({ id: groupId, type: 'group', operator: 'AND', rules: [emptyRule(ruleId)] });

const emptyCondition = (ids: Omit<NewConditionIds, 'configId'>, action: VisibilityAction = 'SHOW'): LogicCondition => ({
  id: ids.conditionId,
  expression: [emptyGroup(ids)],
  actions: [{ key: 'TOGGLE_VISIBILITY', value: action }],
});

// ---- Structure-sharing updates ----

/** `list` with the item of id `id` replaced by `update(item)` (null removes it); `list` itself when nothing changed. */
function updateById<T extends { id: string }>(list: T[], id: string, update: (item: T) => T | null): T[] {
  const index = list.findIndex((item) => item.id === id);
  if (index === -1) return list;
  const next = update(list[index]);
  if (next === list[index]) return list;
  const result = list.slice();
  if (next === null) result.splice(index, 1);
  else result[index] = next;
  return result;
}

/** Replaces the target's config by `update(config)`; null removes the config. */
function updateConfig(
  logic: ConditionalLogic,
  target: LogicTarget,
  update: (config: LogicConfig | undefined) => LogicConfig | null | undefined,
): ConditionalLogic {
  const mapName = logicMapOf(target.type);
  const map = logic[mapName];
  const config = map[target.id];
  const next = update(config);
  if (next === config || (next === null && config === undefined)) return logic;
  const nextMap = { ...map };
  if (next === null || next === undefined) delete nextMap[target.id];
  else nextMap[target.id] = next;
  return { ...logic, [mapName]: nextMap };
}

function updateCondition(
  logic: ConditionalLogic,
  target: LogicTarget,
  conditionId: string,
  update: (condition: LogicCondition) => LogicCondition | null,
): ConditionalLogic {
  return updateConfig(logic, target, (config) => {
    if (!config) return config;
    const conditions = updateById(config.conditions, conditionId, update);
    if (conditions === config.conditions) return config;
    return conditions.length === 0 ? null : { ...config, conditions };
  });
}

function updateGroup(
  logic: ConditionalLogic,
  target: LogicTarget,
  conditionId: string,
  groupId: string,
  update: (group: LogicGroup) => LogicGroup | null,
): ConditionalLogic {
  return updateCondition(logic, target, conditionId, (condition) => {
    const expression = updateById(condition.expression, groupId, update);
    return expression === condition.expression ? condition : { ...condition, expression };
  });
}

function updateRule(
  logic: ConditionalLogic,
  target: LogicTarget,
  address: { conditionId: string; groupId: string; ruleId: string },
  update: (rule: LogicRule) => LogicRule | null,
): ConditionalLogic {
  return updateGroup(logic, target, address.conditionId, address.groupId, (group) => {
    const rules = updateById(group.rules, address.ruleId, update);
    return rules === group.rules ? group : { ...group, rules };
  });
}

// ---- Operations ----

/** A new condition (action SHOW unless told, one AND group with one empty rule) after the element's others. */
export function addCondition(logic: ConditionalLogic, target: LogicTarget, ids: NewConditionIds, action: VisibilityAction = 'SHOW'): ConditionalLogic {
  const condition = emptyCondition(ids, action);
  return updateConfig(logic, target, (config) =>
    config
      ? { ...config, conditions: [...config.conditions, condition] }
      : { id: ids.configId, element: { id: target.id, type: target.type }, conditions: [condition] },
  );
}

/** Removes a condition; the element's config goes with its last condition. */
export function removeCondition(logic: ConditionalLogic, target: LogicTarget, conditionId: string): ConditionalLogic {
  return updateCondition(logic, target, conditionId, () => null);
}

/** Show or hide the element when the condition holds (the condition's visibility action). */
export function setConditionAction(logic: ConditionalLogic, target: LogicTarget, conditionId: string, value: VisibilityAction): ConditionalLogic {
  return updateCondition(logic, target, conditionId, (condition) => {
    const current = condition.actions.filter((action) => action.key === 'TOGGLE_VISIBILITY');
    if (current.length === 1 && current[0].value === value && condition.actions.length === 1) return condition;
    return { ...condition, actions: [{ key: 'TOGGLE_VISIBILITY', value }] };
  });
}

/** A new AND group with one empty rule at the end of the condition (all groups must hold). */
export function addGroup(logic: ConditionalLogic, target: LogicTarget, conditionId: string, ids: NewGroupIds): ConditionalLogic {
  return updateCondition(logic, target, conditionId, (condition) => ({ ...condition, expression: [...condition.expression, emptyGroup(ids)] }));
}

/** Removes a group; the condition stays (with no group it is dropped on save). */
export function removeGroup(logic: ConditionalLogic, target: LogicTarget, conditionId: string, groupId: string): ConditionalLogic {
  return updateGroup(logic, target, conditionId, groupId, () => null);
}

export function setGroupOperator(
  logic: ConditionalLogic,
  target: LogicTarget,
  conditionId: string,
  groupId: string,
  operator: GroupOperator,
): ConditionalLogic {
  return updateGroup(logic, target, conditionId, groupId, (group) => (group.operator === operator ? group : { ...group, operator }));
}

export function addRule(logic: ConditionalLogic, target: LogicTarget, conditionId: string, groupId: string, ruleId: string): ConditionalLogic {
  return updateGroup(logic, target, conditionId, groupId, (group) => ({ ...group, rules: [...group.rules, emptyRule(ruleId)] }));
}

/** Removes a rule; the group stays (with no rule it is dropped on save). */
export function removeRule(
  logic: ConditionalLogic,
  target: LogicTarget,
  address: { conditionId: string; groupId: string; ruleId: string },
): ConditionalLogic {
  return updateRule(logic, target, address, () => null);
}

/** Whether `value` can be compared with the answer to `input`: text for text-like, a number for integer, one of its options for radio/dropdown. */
function fitsInput(value: AnswerValue | null, input: RuleInput | undefined): boolean {
  if (value === null) return true;
  if (!input) return false;
  switch (input.subtype) {
    case 'textInput':
    case 'textarea':
    case 'phoneNumber':
    case 'email':
      return typeof value === 'string';
    case 'integer':
      return typeof value === 'number';
    case 'radio':
    case 'dropdown':
      return typeof value === 'string' && input.options.some((option) => option.id === value);
    case 'checkbox':
      // Checkbox predicates (SET, NOT_SET) take no value.
      return false;
  }
}

/**
 * One rule after an edit:
 * - a new trigger resets a predicate its type does not allow, and a static value it cannot be compared with;
 * - a predicate that takes no value clears the value;
 * - a rule compares with a static value or with another input's answer, never both: setting one clears the other.
 * Returns `rule` itself when nothing changes.
 */
export function editRule(rule: LogicRule, patch: RulePatch, inputOf: (id: string) => RuleInput | undefined): LogicRule {
  const next: LogicRule = { ...rule, ...patch };
  if (patch.referenceValueId !== undefined && patch.referenceValueId !== null) next.staticValue = null;
  if (patch.staticValue !== undefined && patch.staticValue !== null) next.referenceValueId = null;
  if (next.triggerId !== rule.triggerId) {
    const trigger = next.triggerId === null ? undefined : inputOf(next.triggerId);
    if (next.predicate !== null && (!trigger || !isPredicateAllowed(trigger.subtype, next.predicate))) next.predicate = null;
    if (!fitsInput(next.staticValue, trigger)) next.staticValue = null;
  }
  if (next.predicate !== null && !predicateNeedsValue(next.predicate)) {
    next.staticValue = null;
    next.referenceValueId = null;
  }
  const unchanged =
    next.triggerId === rule.triggerId &&
    next.predicate === rule.predicate &&
    next.staticValue === rule.staticValue &&
    next.referenceValueId === rule.referenceValueId;
  return unchanged ? rule : next;
}

export function changeRule(
  logic: ConditionalLogic,
  target: LogicTarget,
  address: { conditionId: string; groupId: string; ruleId: string },
  patch: RulePatch,
  inputOf: (id: string) => RuleInput | undefined,
): ConditionalLogic {
  return updateRule(logic, target, address, (rule) => editRule(rule, patch, inputOf));
}

/**
 * A check of whether a rule is complete for `document` — what sanitizeLogic keeps (spec §5). The document is
 * indexed once, so a whole editor can ask about each of its rules.
 */
export function ruleCompletenessCheck(document: FormDocument): (rule: LogicRule) => boolean {
  const index = indexForm(document);
  return (rule) => keptReference(rule, index) !== false;
}
