/**
 * The options of a Multiple Choice, Checkbox or Dropdown input: rename in place, add (button, or Enter in an
 * option), reorder, delete. A choice input keeps at least one option (the document requires it).
 */
import { useEffect, useId, useRef } from 'react';
import type { KeyboardEvent } from 'react';
import Button from 'react-bootstrap/Button';
import Form from 'react-bootstrap/Form';
import { useAppDispatch } from '../../app/hooks';
import type { AnswerValue, DropdownOption, InputElement } from '../../domain/form-document';
import { newId } from '../../domain/ids-factory';
import { ArrowDownIcon, ArrowUpIcon, PlusIcon, TrashIcon } from './builder-icons';
import { announce } from './live-announcer';
import { elementUpdated } from './form-slice';
import type { ElementIssues } from './save-errors';
import { fieldMessage } from './save-errors';

/** The default answer without a deleted option (a checkbox default is a list of option ids). */
function withoutOption(value: AnswerValue | null, optionId: string): AnswerValue | null {
  if (value === optionId) return null;
  if (Array.isArray(value) && value.includes(optionId)) {
    const rest = value.filter((item) => item !== optionId);
    return rest.length > 0 ? rest : null;
  }
  return value;
}

function nextOptionText(options: readonly DropdownOption[]): string {
  const used = new Set(options.map((option) => option.text));
  let n = options.length + 1;
  while (used.has(`Option ${n}`)) n += 1;
  return `Option ${n}`;
}

/** `issues`: what the last save found wrong with this input; an option's problem is shown under it until fixed. */
export function OptionsEditor({ node, issues }: { node: InputElement; issues: ElementIssues }) {
  const dispatch = useAppDispatch();
  const labelId = useId();
  const errorIdBase = useId();
  const listError = fieldMessage(issues, 'options');
  const list = useRef<HTMLDivElement>(null);
  // Set by a command, applied once the list has re-rendered: focus stays with the option being worked on.
  const pendingFocus = useRef<string | null>(null);
  const { options } = node;

  useEffect(() => {
    const key = pendingFocus.current;
    if (key === null) return;
    pendingFocus.current = null;
    const control = list.current?.querySelector<HTMLElement>(`[data-focus-key="${key}"]`);
    control?.focus();
    if (control instanceof HTMLInputElement) control.select();
  });
  const setFocusKey = (key: string) => {
    pendingFocus.current = key;
  };

  const save = (next: DropdownOption[], extra: Partial<InputElement> = {}) =>
    dispatch(elementUpdated({ id: node.id, patch: { options: next, ...extra } }));

  const add = (afterIndex: number) => {
    const option = { id: newId(), text: nextOptionText(options) };
    const next = [...options.slice(0, afterIndex + 1), option, ...options.slice(afterIndex + 1)];
    save(next);
    setFocusKey(`${option.id}:text`);
    announce(`Added ${option.text}.`);
  };

  const rename = (optionId: string, text: string) => save(options.map((option) => (option.id === optionId ? { ...option, text } : option)));

  const remove = (index: number) => {
    if (options.length <= 1) return;
    const removed = options[index];
    const next = options.filter((_, at) => at !== index);
    save(next, { default: { ...node.default, staticValue: withoutOption(node.default.staticValue, removed.id) } });
    const neighbour = next[index] ?? next[index - 1];
    setFocusKey(neighbour ? `${neighbour.id}:text` : 'add');
    announce(`Deleted ${removed.text || `option ${index + 1}`}.`);
  };

  const move = (index: number, delta: -1 | 1) => {
    const target = index + delta;
    if (target < 0 || target >= options.length) return;
    const next = options.slice();
    const [moved] = next.splice(index, 1);
    next.splice(target, 0, moved);
    save(next);
    // At the edge the button in that direction no longer applies: hand focus to the option's text.
    const edge = target === 0 || target === options.length - 1;
    setFocusKey(edge ? `${moved.id}:text` : `${moved.id}:${delta < 0 ? 'up' : 'down'}`);
    announce(`Moved ${moved.text || 'option'} to position ${target + 1} of ${options.length}.`);
  };

  const onTextKeyDown = (index: number) => (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key === 'Enter') {
      event.preventDefault();
      add(index);
    }
  };

  return (
    <div ref={list} className="mb-3" role="group" aria-labelledby={labelId} aria-describedby={listError ? `${errorIdBase}-list` : undefined}>
      <div id={labelId} className="form-label">
        Options
      </div>
      {listError && (
        <div id={`${errorIdBase}-list`} className="invalid-feedback d-block mb-2">
          {listError}
        </div>
      )}
      <ol className="builder-options list-unstyled mb-2">
        {options.map((option, index) => {
          const error = fieldMessage(issues, 'options', index);
          const errorId = `${errorIdBase}-${index}`;
          return (
          <li key={option.id} className="builder-option">
            <Form.Control
              data-focus-key={`${option.id}:text`}
              size="sm"
              aria-label={`Option ${index + 1}`}
              value={option.text}
              isInvalid={option.text.trim() === '' || error !== null}
              aria-invalid={error !== null || undefined}
              aria-describedby={error ? errorId : undefined}
              onChange={(event) => rename(option.id, event.target.value)}
              onKeyDown={onTextKeyDown(index)}
            />
            <Button
              data-focus-key={`${option.id}:up`}
              size="sm"
              variant="outline-secondary"
              aria-label={`Move option ${index + 1} up`}
              title="Move up"
              disabled={index === 0}
              onClick={() => move(index, -1)}
            >
              <ArrowUpIcon size={14} />
            </Button>
            <Button
              data-focus-key={`${option.id}:down`}
              size="sm"
              variant="outline-secondary"
              aria-label={`Move option ${index + 1} down`}
              title="Move down"
              disabled={index === options.length - 1}
              onClick={() => move(index, 1)}
            >
              <ArrowDownIcon size={14} />
            </Button>
            <Button
              size="sm"
              variant="outline-danger"
              aria-label={`Delete option ${index + 1}`}
              title={options.length <= 1 ? 'A choice needs at least one option' : 'Delete'}
              disabled={options.length <= 1}
              onClick={() => remove(index)}
            >
              <TrashIcon size={14} />
            </Button>
            {error && (
              <div id={errorId} className="invalid-feedback d-block builder-option-error">
                {error}
              </div>
            )}
          </li>
          );
        })}
      </ol>
      <Button data-focus-key="add" size="sm" variant="outline-primary" onClick={() => add(options.length - 1)}>
        <PlusIcon size={14} /> Add option
      </Button>
      <Form.Text className="d-block">Press Enter in an option to add another below it.</Form.Text>
    </div>
  );
}
