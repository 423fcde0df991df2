/** Conditional logic: the public API (the only barrel in src/domain). */
export type { CompiledLogic } from './compile';
export { compileLogic } from './compile';
export { describeLogicCycle, findLogicCycle } from './cycles';
export { PREDICATE_LABELS, predicateNeedsValue, PREDICATES_BY_SUBTYPE } from './predicates';
export { sanitizeLogic } from './sanitize';
export type { GroupOperator, LogicTarget, NewConditionIds, NewGroupIds, RulePatch, VisibilityAction } from './edits';
export {
  addCondition,
  addGroup,
  addRule,
  changeRule,
  logicConfigOf,
  removeCondition,
  removeGroup,
  removeRule,
  ruleCompletenessCheck,
  setConditionAction,
  setGroupOperator,
} from './edits';
