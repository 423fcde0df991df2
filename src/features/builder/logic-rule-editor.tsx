/**
 * One rule of the logic editor: when [input] [condition] [a value / another input's answer]. Only the conditions the
 * input's type allows are offered, and the value takes the widget of that type. A rule that a save would drop is
 * marked as incomplete.
 */
import { memo, useId, useState } from 'react';
import Button from 'react-bootstrap/Button';
import Form from 'react-bootstrap/Form';
import { useStore } from 'react-redux';
import { useAppDispatch, useAppSelector } from '../../app/hooks';
import type { RootState } from '../../app/store';
import type { AnswerValue, InputElement, LogicRule, Predicate } from '../../domain/form-document';
import { PREDICATE_LABELS, PREDICATES_BY_SUBTYPE, predicateNeedsValue } from '../../domain/logic';
import type { RulePatch } from '../../domain/logic';
import { TrashIcon } from './builder-icons';
import { logicRuleChanged, logicRuleRemoved } from './form-slice';
import type { RuleAddress } from './form-slice';
import { announce } from './live-announcer';
import { useLogicFocus } from './logic-editor-focus';
import type { InputChoices } from './logic-selectors';
import { selectInputChoices, selectLogicGroup, selectLogicRule, selectRuleCheck } from './logic-selectors';

const INCOMPLETE_RULE_HINT = 'Incomplete — this rule will be dropped when you save';

type CompareMode = 'value' | 'reference';

const NUMBER_PATTERN = /^-?\d+(\.\d+)?$/;

function selectInput(state: RootState, id: string | null): InputElement | undefined {
  const node = id === null ? undefined : state.form.tree.nodes[id];
  return node?.type === 'input' ? node : undefined;
}

/** The inputs of `choices` as option groups by page, leaving out `except` (and, with `withoutCheckboxes`, checkboxes). */
function InputOptions({ choices, except, withoutCheckboxes = false }: { choices: InputChoices; except?: string | null; withoutCheckboxes?: boolean }) {
  return choices.pages.map((page) => {
    const inputs = page.inputs.filter((input) => input.id !== except && !(withoutCheckboxes && input.subtype === 'checkbox'));
    if (inputs.length === 0) return null;
    return (
      <optgroup key={page.id} label={page.title}>
        {inputs.map((input) => (
          <option key={input.id} value={input.id}>
            {input.name}
          </option>
        ))}
      </optgroup>
    );
  });
}

/** A rule that points at an input it may not read (or at nothing): shown as chosen, so the select tells the truth. */
function UnavailableOption({ id, choices }: { id: string | null; choices: InputChoices }) {
  if (id === null || choices.pages.some((page) => page.inputs.some((input) => input.id === id))) return null;
  const known = choices.names.get(id);
  return <option value={id}>{known ? `${known.name} (not available here)` : 'A removed input'}</option>;
}

/** A number typed as text: what is typed stays while it is not yet a number ('-', '1.'); only numbers are stored. */
function NumberValue({ id, name, value, onChange }: { id: string; name: string; value: number | null; onChange: (value: number | null) => void }) {
  const [draft, setDraft] = useState(() => (value === null ? '' : String(value)));
  const [shown, setShown] = useState(value);
  if (value !== shown) {
    setShown(value);
    const parsed = draft.trim() === '' ? null : Number(draft);
    if (parsed !== value) setDraft(value === null ? '' : String(value));
  }
  const text = draft.trim();
  const invalid = text !== '' && !NUMBER_PATTERN.test(text);
  const errorId = `${id}-error`;
  return (
    <>
      <Form.Control
        id={id}
        size="sm"
        type="text"
        inputMode="decimal"
        autoComplete="off"
        aria-label={name}
        value={draft}
        isInvalid={invalid}
        aria-invalid={invalid || undefined}
        aria-describedby={invalid ? errorId : undefined}
        onChange={(event) => {
          setDraft(event.target.value);
          const next = event.target.value.trim();
          if (next === '') onChange(null);
          else if (NUMBER_PATTERN.test(next)) onChange(Number(next));
        }}
      />
      {invalid && (
        <Form.Control.Feedback type="invalid" id={errorId}>
          Enter a number
        </Form.Control.Feedback>
      )}
    </>
  );
}

/** The comparison value with the widget of the trigger's type: text, a number, or one of its options. */
function StaticValue({ id, name, trigger, value, onChange }: { id: string; name: string; trigger: InputElement | undefined; value: AnswerValue | null; onChange: (value: AnswerValue | null) => void }) {
  switch (trigger?.subtype) {
    case 'integer':
      return <NumberValue id={id} name={name} value={typeof value === 'number' ? value : null} onChange={onChange} />;
    case 'radio':
    case 'dropdown':
      return (
        <Form.Select id={id} size="sm" aria-label={name} value={typeof value === 'string' ? value : ''} onChange={(event) => onChange(event.target.value || null)}>
          <option value="">Choose an option…</option>
          {trigger.options.map((option, index) => (
            <option key={option.id} value={option.id}>
              {option.text || `Option ${index + 1}`}
            </option>
          ))}
        </Form.Select>
      );
    default:
      // Text-like inputs (checkbox conditions take no value).
      return (
        <Form.Control
          id={id}
          size="sm"
          type="text"
          autoComplete="off"
          aria-label={name}
          value={typeof value === 'string' ? value : ''}
          onChange={(event) => onChange(event.target.value === '' ? null : event.target.value)}
        />
      );
  }
}

/**
 * The rule as a sentence with every name in full ('When “Were you injured…” equals “Yes, and…”'): in the narrow pane
 * a select shows only the start of a long label or option.
 */
function ruleSentence(rule: LogicRule, trigger: InputElement, choices: InputChoices, predicate: Predicate | '', mode: CompareMode): string {
  const quoted = (text: string) => `“${text}”`;
  const nameOf = (id: string) => choices.names.get(id)?.name ?? 'a removed input';
  const parts = [`When ${quoted(nameOf(trigger.id))}`];
  if (predicate === '') return `${parts[0]} …`;
  parts.push(PREDICATE_LABELS[predicate]);
  if (predicateNeedsValue(predicate)) {
    if (mode === 'reference') parts.push(rule.referenceValueId ? `the answer to ${quoted(nameOf(rule.referenceValueId))}` : '…');
    else if (rule.staticValue === null || rule.staticValue === '') parts.push('…');
    else if (trigger.subtype === 'radio' || trigger.subtype === 'dropdown') {
      const index = trigger.options.findIndex((option) => option.id === rule.staticValue);
      const option = trigger.options[index];
      parts.push(option ? quoted(option.text || `Option ${index + 1}`) : 'a removed option');
    } else parts.push(typeof rule.staticValue === 'number' ? String(rule.staticValue) : quoted(String(rule.staticValue)));
  }
  return parts.join(' ');
}

interface RuleEditorProps extends RuleAddress {
  index: number;
  /** The word joining it to the rule before ('and' / 'or'); null for the first rule. */
  joinWord: string | null;
}

export const RuleEditor = memo(function RuleEditor({ elementId, conditionId, groupId, ruleId, index, joinWord }: RuleEditorProps) {
  const dispatch = useAppDispatch();
  const store = useStore<RootState>();
  const focus = useLogicFocus();
  const fieldId = useId();
  const rule = useAppSelector((state) => selectLogicRule(state, elementId, conditionId, groupId, ruleId));
  const choices = useAppSelector((state) => selectInputChoices(state, elementId));
  const trigger = useAppSelector((state) => selectInput(state, rule?.triggerId ?? null));
  const isComplete = useAppSelector(selectRuleCheck);
  const [mode, setMode] = useState<CompareMode>(() => (rule?.referenceValueId ? 'reference' : 'value'));
  if (!rule) return null;

  const number = index + 1;
  const name = (what: string) => `Rule ${number} ${what}`;
  const change = (patch: RulePatch) => dispatch(logicRuleChanged({ elementId, conditionId, groupId, ruleId, patch }));
  const whenId = focus.controlId('rule-when', ruleId);
  const hintId = `${fieldId}-hint`;
  const complete = isComplete(rule);
  const predicates: readonly Predicate[] = trigger ? PREDICATES_BY_SUBTYPE[trigger.subtype] : [];
  const predicate = rule.predicate !== null && predicates.includes(rule.predicate) ? rule.predicate : '';
  const needsValue = predicate !== '' && predicateNeedsValue(predicate);

  const remove = () => {
    const rules = selectLogicGroup(store.getState(), elementId, conditionId, groupId)?.rules ?? [];
    const at = rules.findIndex((item) => item.id === ruleId);
    const neighbour: LogicRule | undefined = rules[at + 1] ?? rules[at - 1];
    dispatch(logicRuleRemoved({ elementId, conditionId, groupId, ruleId }));
    if (neighbour) focus.focusAfterRender('rule-when', neighbour.id);
    else focus.focusAfterRender('add-rule', groupId);
    announce(`Removed rule ${number}.`);
  };

  const chooseMode = (next: CompareMode) => {
    setMode(next);
    if (next === 'value' && rule.referenceValueId !== null) change({ referenceValueId: null });
    if (next === 'reference' && rule.staticValue !== null) change({ staticValue: null });
  };

  return (
    <li className="logic-rule">
      <div className="logic-rule-header">
        {joinWord && (
          <span className="logic-join" aria-hidden="true">
            {joinWord}
          </span>
        )}
        <span className="logic-rule-title">Rule {number}</span>
        <Button size="sm" variant="link" className="logic-remove" aria-label={`Remove rule ${number}`} onClick={remove}>
          <TrashIcon size={14} />
          <span>Remove</span>
        </Button>
      </div>
      {/* Read out by the fields themselves; shown so that long names can be read in full. */}
      {trigger && (
        <p className="logic-rule-summary" aria-hidden="true">
          {ruleSentence(rule, trigger, choices, predicate, mode)}
        </p>
      )}
      <div className="logic-rule-fields">
        <Form.Group className="logic-field" controlId={whenId}>
          <Form.Label>When</Form.Label>
          <Form.Select
            size="sm"
            aria-label={name('when')}
            aria-describedby={complete ? undefined : hintId}
            value={rule.triggerId ?? ''}
            onChange={(event) => change({ triggerId: event.target.value || null })}
          >
            <option value="">Choose an input…</option>
            <UnavailableOption id={rule.triggerId} choices={choices} />
            <InputOptions choices={choices} />
          </Form.Select>
        </Form.Group>
        <Form.Group className="logic-field" controlId={`${fieldId}-predicate`}>
          <Form.Label>Condition</Form.Label>
          <Form.Select
            size="sm"
            aria-label={name('condition')}
            disabled={!trigger}
            value={predicate}
            onChange={(event) => change({ predicate: (event.target.value || null) as Predicate | null })}
          >
            <option value="">{trigger ? 'Choose a condition…' : 'Choose an input first'}</option>
            {predicates.map((item) => (
              <option key={item} value={item}>
                {PREDICATE_LABELS[item]}
              </option>
            ))}
          </Form.Select>
        </Form.Group>
        {needsValue && (
          <>
            <Form.Group className="logic-field" controlId={`${fieldId}-mode`}>
              <Form.Label>Compare with</Form.Label>
              <Form.Select size="sm" aria-label={name('compare with')} value={mode} onChange={(event) => chooseMode(event.target.value as CompareMode)}>
                <option value="value">A value</option>
                <option value="reference">Another input’s answer</option>
              </Form.Select>
            </Form.Group>
            {mode === 'value' ? (
              <div className="logic-field">
                <Form.Label htmlFor={`${fieldId}-value`}>Value</Form.Label>
                <StaticValue
                  id={`${fieldId}-value`}
                  name={name('value')}
                  trigger={trigger}
                  value={rule.staticValue}
                  onChange={(staticValue) => change({ staticValue })}
                />
              </div>
            ) : (
              <Form.Group className="logic-field" controlId={`${fieldId}-reference`}>
                <Form.Label>Other input</Form.Label>
                <Form.Select
                  size="sm"
                  aria-label={name('other input')}
                  value={rule.referenceValueId ?? ''}
                  onChange={(event) => change({ referenceValueId: event.target.value || null })}
                >
                  <option value="">Choose an input…</option>
                  <UnavailableOption id={rule.referenceValueId} choices={choices} />
                  <InputOptions choices={choices} except={rule.triggerId} withoutCheckboxes />
                </Form.Select>
              </Form.Group>
            )}
          </>
        )}
      </div>
      {!complete && (
        <p id={hintId} className="logic-hint logic-rule-hint">
          {INCOMPLETE_RULE_HINT}
        </p>
      )}
    </li>
  );
});
