/**
 * Spec §5: which rules, groups, conditions and configs are complete enough to keep. compileLogic (and through it the
 * cycle check) applies the same checks in place — keptReference and the helpers below — so an unfinished rule in the
 * builder behaves exactly as it will once saved: as if it were not there.
 *
 * The sanitizer drops what is incomplete or points nowhere; it does not rewrite what is valid (a value left on a
 * rule whose predicate takes none stays, and is ignored).
 */
import type { ConditionalLogic, FormDocument, LogicAction, LogicCondition, LogicConfig, LogicGroup, LogicRule } from '../form-document';
import type { FormIndex, IndexedElement } from './form-index';
import { indexForm, inputOf } from './form-index';
import { isPredicateAllowed, predicateNeedsValue } from './predicates';

/**
 * A static comparison value counts when it is text that is not blank or a finite number. (Only checkbox answers are
 * lists, and checkbox predicates take no value.)
 */
export function hasStaticValue(value: unknown): boolean {
  return typeof value === 'string' ? value.trim() !== '' : typeof value === 'number' && Number.isFinite(value);
}

/**
 * Spec §5 for one rule: kept only with a predicate, a trigger that is an input of the form, a predicate that input's
 * type allows, and — for predicates that compare — a static value or a reference to an input of the form.
 * Returns false when the rule is dropped; else the reference it keeps (null: none, the static value is what it
 * compares with, or it needs no value). A reference to anything but an input of the form is not kept.
 * Allocation-free, so compileLogic can apply it without copying the logic.
 */
export function keptReference(rule: LogicRule, index: FormIndex): string | null | false {
  if (!rule || typeof rule !== 'object') return false;
  const { predicate } = rule;
  if (!predicate) return false;
  const trigger = inputOf(index, rule.triggerId);
  if (!trigger || !trigger.subtype || !isPredicateAllowed(trigger.subtype, predicate)) return false;
  const reference = inputOf(index, rule.referenceValueId) ? rule.referenceValueId : null;
  if (predicateNeedsValue(predicate) && reference === null && !hasStaticValue(rule.staticValue)) return false;
  return reference;
}

function sanitizeRule(rule: LogicRule, index: FormIndex): LogicRule | null {
  const reference = keptReference(rule, index);
  if (reference === false) return null;
  return { ...rule, type: 'rule', staticValue: rule.staticValue ?? null, referenceValueId: reference };
}

/** Spec §9: the default operator is AND. */
export const groupOperator = (group: LogicGroup): 'AND' | 'OR' => (group.operator === 'OR' ? 'OR' : 'AND');

export const isVisibilityAction = (action: LogicAction) =>
  Boolean(action) && action.key === 'TOGGLE_VISIBILITY' && (action.value === 'SHOW' || action.value === 'HIDE');

/** The element a config keyed `key` applies to: pages belong in pageMap, every other element in conditionMap. */
export function configElement(key: string, map: 'conditionMap' | 'pageMap', index: FormIndex): IndexedElement | undefined {
  const element = index.byId.get(key);
  if (!element) return undefined;
  return (element.type === 'page') === (map === 'pageMap') ? element : undefined;
}

function sanitizeGroup(group: LogicGroup, index: FormIndex): LogicGroup | null {
  if (!group || !Array.isArray(group.rules)) return null;
  const rules: LogicRule[] = [];
  for (const rule of group.rules) {
    const kept = sanitizeRule(rule, index);
    if (kept) rules.push(kept);
  }
  if (rules.length === 0) return null;
  return { ...group, type: 'group', operator: groupOperator(group), rules };
}

function sanitizeCondition(condition: LogicCondition, index: FormIndex): LogicCondition | null {
  if (!condition || !Array.isArray(condition.expression) || !Array.isArray(condition.actions)) return null;
  const actions = condition.actions.filter(isVisibilityAction).map((action) => ({ ...action }));
  if (actions.length === 0) return null;
  const expression: LogicGroup[] = [];
  for (const group of condition.expression) {
    const kept = sanitizeGroup(group, index);
    if (kept) expression.push(kept);
  }
  if (expression.length === 0) return null;
  return { ...condition, expression, actions };
}

function sanitizeMap(logic: ConditionalLogic, which: 'conditionMap' | 'pageMap', index: FormIndex): Record<string, LogicConfig> {
  const result: Record<string, LogicConfig> = {};
  const map = logic?.[which];
  if (!map || typeof map !== 'object') return result;
  for (const [key, config] of Object.entries(map)) {
    const element = configElement(key, which, index);
    if (!element || !config || !Array.isArray(config.conditions)) continue;
    const conditions: LogicCondition[] = [];
    for (const condition of config.conditions) {
      const kept = sanitizeCondition(condition, index);
      if (kept) conditions.push(kept);
    }
    if (conditions.length === 0) continue;
    // The map key names the element; the config's own element field is made to agree with it.
    result[key] = { ...config, element: { id: key, type: element.type }, conditions };
  }
  return result;
}

/**
 * Spec §5 applied to a whole logic document: configs of elements not in the form (pages belong in pageMap, every
 * other element in conditionMap) go, then conditions without actions or groups, groups without rules, and incomplete
 * rules. Pure: returns new objects and leaves its arguments alone.
 */
export function sanitizeLogic(logic: ConditionalLogic, document: FormDocument): ConditionalLogic {
  const index = indexForm(document);
  return {
    conditionMap: sanitizeMap(logic, 'conditionMap', index),
    pageMap: sanitizeMap(logic, 'pageMap', index),
  };
}
