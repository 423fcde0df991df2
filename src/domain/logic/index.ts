/** Conditional logic: the public API (the only barrel in src/domain). */
export type { CompiledLogic } from './compile';
export { compileLogic } from './compile';
export { describeLogicCycle, findLogicCycle } from './cycles';
export { isPredicateAllowed, PREDICATE_LABELS, predicateNeedsValue, PREDICATES_BY_SUBTYPE, VALUELESS_PREDICATES } from './predicates';
export { hasStaticValue, sanitizeLogic } from './sanitize';
export type { GroupOperator, LogicTarget, NewConditionIds, NewGroupIds, RuleInput, RulePatch, VisibilityAction } from './edits';
export {
  addCondition,
  addGroup,
  addRule,
  changeRule,
  editRule,
  logicConfigOf,
  removeCondition,
  removeGroup,
  removeRule,
  ruleCompletenessCheck,
  setConditionAction,
  setGroupOperator,
} from './edits';
