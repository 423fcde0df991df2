/**
 * The Logic tab: when the selected element (input, content, section or page) is shown. Its conditions each show or
 * hide it when all of their groups hold; a group holds when all (AND) or any (OR) of its rules do. Each part reads
 * its own piece of the 'form' slice, so an edit re-renders the rule it touches and the parts holding it.
 */
import { Fragment, memo, useId } from 'react';
import Button from 'react-bootstrap/Button';
import Form from 'react-bootstrap/Form';
import { useStore } from 'react-redux';
import { useAppDispatch, useAppSelector } from '../../app/hooks';
import type { RootState } from '../../app/store';
import { ConfirmButton } from '../../components/confirm-button';
import type { LogicCondition } from '../../domain/form-document';
import type { GroupOperator, VisibilityAction } from '../../domain/logic';
import { LogicIcon, PlusIcon } from './builder-icons';
import {
  logicConditionActionChanged,
  logicConditionAdded,
  logicConditionRemoved,
  logicGroupAdded,
  logicGroupOperatorChanged,
  logicGroupRemoved,
  logicRuleAdded,
} from './form-slice';
import { selectNode } from './form-selectors';
import type { ConditionAddress, GroupAddress } from './form-slice';
import { announce } from './live-announcer';
import { LogicFocusContext, useLogicFocus, useLogicFocusRoot } from './logic-editor-focus';
import { RuleEditor } from './logic-rule-editor';
import { selectInputChoices, selectLogicCondition, selectLogicConfig, selectLogicCycle, selectLogicGroup, selectRuleCheck } from './logic-selectors';
import { elementName } from './palette-kinds';
import './logic-editor.css';

const OPERATOR_WORDS: Record<GroupOperator, string> = { AND: 'and', OR: 'or' };

/** The condition's visibility action (SHOW when it has none, as a new condition would). */
function actionOf(condition: LogicCondition): VisibilityAction {
  return condition.actions.find((action) => action.key === 'TOGGLE_VISIBILITY')?.value ?? 'SHOW';
}

/** Someone started on a rule of this condition: removing it asks first. */
const hasStartedRules = (condition: LogicCondition) =>
  condition.expression.some((group) => group.rules.some((rule) => rule.triggerId !== null || rule.predicate !== null));

const GroupEditor = memo(function GroupEditor({ elementId, conditionId, groupId, index }: GroupAddress & { index: number }) {
  const dispatch = useAppDispatch();
  const store = useStore<RootState>();
  const focus = useLogicFocus();
  const legendId = useId();
  const group = useAppSelector((state) => selectLogicGroup(state, elementId, conditionId, groupId));
  if (!group) return null;
  const address = { elementId, conditionId, groupId };
  const number = index + 1;

  const addRule = () => {
    const { payload } = dispatch(logicRuleAdded(address));
    focus.focusAfterRender('rule-when', payload.ruleId);
  };
  const remove = () => {
    const groups = selectLogicCondition(store.getState(), elementId, conditionId)?.expression ?? [];
    const at = groups.findIndex((item) => item.id === groupId);
    const neighbour = groups[at + 1] ?? groups[at - 1];
    dispatch(logicGroupRemoved(address));
    if (neighbour) focus.focusAfterRender('group-match', neighbour.id);
    else focus.focusAfterRender('add-group', conditionId);
    announce(`Removed group ${number}.`);
  };

  return (
    <fieldset className="logic-group">
      <legend id={legendId} className="logic-group-title">
        Group {number}
      </legend>
      <div className="logic-match">
        <Form.Label htmlFor={focus.controlId('group-match', groupId)}>Match</Form.Label>
        <Form.Select
          id={focus.controlId('group-match', groupId)}
          size="sm"
          value={group.operator}
          aria-describedby={`${legendId}-these`}
          onChange={(event) => dispatch(logicGroupOperatorChanged({ ...address, operator: event.target.value as GroupOperator }))}
        >
          <option value="AND">All of</option>
          <option value="OR">Any of</option>
        </Form.Select>
        <span id={`${legendId}-these`}>these rules</span>
      </div>
      {group.rules.length > 0 ? (
        <ol className="logic-rules">
          {group.rules.map((rule, ruleIndex) => (
            <RuleEditor
              key={rule.id}
              {...address}
              ruleId={rule.id}
              index={ruleIndex}
              joinWord={ruleIndex === 0 ? null : OPERATOR_WORDS[group.operator]}
            />
          ))}
        </ol>
      ) : (
        <p className="logic-hint">No rules: this group will be dropped when you save.</p>
      )}
      <div className="logic-buttons">
        <Button id={focus.controlId('add-rule', groupId)} size="sm" variant="outline-secondary" onClick={addRule}>
          <PlusIcon size={14} /> Add rule
        </Button>
        <Button size="sm" variant="outline-danger" onClick={remove}>
          Remove group
        </Button>
      </div>
    </fieldset>
  );
});

const ConditionEditor = memo(function ConditionEditor({ elementId, conditionId, index }: ConditionAddress & { index: number }) {
  const dispatch = useAppDispatch();
  const store = useStore<RootState>();
  const focus = useLogicFocus();
  const legendId = useId();
  const condition = useAppSelector((state) => selectLogicCondition(state, elementId, conditionId));
  const isComplete = useAppSelector(selectRuleCheck);
  if (!condition) return null;
  const address = { elementId, conditionId };
  const number = index + 1;
  const groups = condition.expression;
  const keepsNothing = groups.length > 0 && !groups.some((group) => group.rules.some(isComplete));

  const addGroup = () => {
    const { payload } = dispatch(logicGroupAdded(address));
    focus.focusAfterRender('group-match', payload.ids.groupId);
  };
  const remove = () => {
    const conditions = selectLogicConfig(store.getState(), elementId)?.conditions ?? [];
    const at = conditions.findIndex((item) => item.id === conditionId);
    const neighbour = conditions[at + 1] ?? conditions[at - 1];
    dispatch(logicConditionRemoved(address));
    if (neighbour) focus.focusAfterRender('condition-action', neighbour.id);
    else focus.focusAfterRender('add-condition');
    announce(`Removed condition ${number}.`);
  };

  return (
    <fieldset className="logic-condition">
      <legend id={legendId} className="logic-condition-title">
        Condition {number}
      </legend>
      <Form.Label htmlFor={focus.controlId('condition-action', conditionId)} visuallyHidden>
        Action
      </Form.Label>
      <Form.Select
        id={focus.controlId('condition-action', conditionId)}
        className="logic-action"
        value={actionOf(condition)}
        onChange={(event) => dispatch(logicConditionActionChanged({ ...address, value: event.target.value as VisibilityAction }))}
      >
        <option value="SHOW">Show this element when…</option>
        <option value="HIDE">Hide this element when…</option>
      </Form.Select>
      {groups.length > 1 && <p className="logic-hint">All of these groups must hold.</p>}
      {groups.map((group, groupIndex) => (
        <Fragment key={group.id}>
          {groupIndex > 0 && <p className="logic-and-also">and also</p>}
          <GroupEditor {...address} groupId={group.id} index={groupIndex} />
        </Fragment>
      ))}
      {groups.length === 0 && <p className="logic-hint">No groups: this condition will be dropped when you save.</p>}
      {keepsNothing && <p className="logic-hint">No complete rule yet: this condition will be dropped when you save.</p>}
      <div className="logic-buttons">
        <Button id={focus.controlId('add-group', conditionId)} size="sm" variant="outline-secondary" onClick={addGroup}>
          <PlusIcon size={14} /> Add group
        </Button>
        {hasStartedRules(condition) ? (
          <ConfirmButton text="Remove condition" size="sm" prompt={`Remove condition ${number} and its rules?`} onConfirm={remove} />
        ) : (
          <Button size="sm" variant="outline-danger" onClick={remove}>
            Remove condition
          </Button>
        )}
      </div>
    </fieldset>
  );
});

/** The logic of element `id` (keyed by it: another element starts afresh). */
export function LogicEditor({ id }: { id: string }) {
  const dispatch = useAppDispatch();
  const focus = useLogicFocusRoot();
  const titleId = useId();
  const node = useAppSelector((state) => selectNode(state, id));
  const config = useAppSelector((state) => selectLogicConfig(state, id));
  const cycle = useAppSelector(selectLogicCycle);
  const choices = useAppSelector((state) => selectInputChoices(state, id));
  if (!node) return null;
  const conditions = config?.conditions ?? [];

  const addCondition = () => {
    const { payload } = dispatch(logicConditionAdded(id));
    focus.focusAfterRender('condition-action', payload.ids.conditionId);
  };

  return (
    <LogicFocusContext value={focus}>
      <section className="logic-editor" aria-labelledby={titleId}>
        <h2 id={titleId} className="builder-pane-title">
          <LogicIcon size={16} /> Logic
        </h2>
        <p className="builder-pane-hint">Show or hide {elementName(node)} depending on the answers to other inputs.</p>
        {cycle && (
          <div className="alert alert-warning py-2" role="alert">
            <p className="mb-1">{cycle.message}</p>
            <p className="mb-0">The form cannot be saved until this is fixed.</p>
          </div>
        )}
        {choices.count === 0 && (
          <p className="logic-hint">There are no other inputs whose answers this element could depend on. Add some to the form first.</p>
        )}
        {conditions.length === 0 && <p className="logic-empty">No conditions: this element is always shown.</p>}
        {conditions.length > 1 && (
          <p className="logic-hint">
            Several conditions: the element is shown when any “Show” condition holds, and hidden whenever a “Hide” condition holds.
          </p>
        )}
        {conditions.map((condition, index) => (
          <ConditionEditor key={condition.id} elementId={id} conditionId={condition.id} index={index} />
        ))}
        <Button id={focus.controlId('add-condition')} size="sm" variant="outline-primary" onClick={addCondition}>
          <PlusIcon size={14} /> Add condition
        </Button>
      </section>
    </LogicFocusContext>
  );
}
