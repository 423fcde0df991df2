/** Small labelled fields of the property editors (react-bootstrap forms, one label per control). */
import { useId, useState } from 'react';
import type { ReactNode } from 'react';
import Form from 'react-bootstrap/Form';

interface FieldProps {
  label: string;
  help?: ReactNode;
  error?: string | null;
  required?: boolean;
}

function describedBy(...ids: unknown[]) {
  const list = ids.filter(Boolean).join(' ');
  return list || undefined;
}

function FieldHelp({ id, children }: { id: string; children: ReactNode }) {
  return (
    <Form.Text id={id} className="d-block">
      {children}
    </Form.Text>
  );
}

export function TextField({
  id: givenId,
  label,
  help,
  error,
  required,
  value,
  onChange,
  onBlur,
  multiline = false,
  rows = 3,
  maxLength,
  placeholder,
  spellCheck,
  inputClassName,
  after,
}: FieldProps & {
  /** The control's id (generated when not given). */
  id?: string;
  value: string;
  onChange: (value: string) => void;
  onBlur?: () => void;
  multiline?: boolean;
  rows?: number;
  maxLength?: number;
  placeholder?: string;
  spellCheck?: boolean;
  inputClassName?: string;
  /** Rendered right after the control (e.g. a small action button). */
  after?: ReactNode;
}) {
  const generatedId = useId();
  const id = givenId ?? generatedId;
  const helpId = `${id}-help`;
  const errorId = `${id}-error`;
  return (
    <Form.Group className="mb-3" controlId={id}>
      <Form.Label>{label}</Form.Label>
      {/* Outside the label and hidden from assistive technology: aria-required says it, the name stays the label. */}
      {required && (
        <span className="builder-required-marker" aria-hidden="true">
          {' *'}
        </span>
      )}
      <Form.Control
        as={(multiline ? 'textarea' : 'input') as 'input'}
        {...(multiline ? { rows } : {})}
        value={value}
        onChange={(event) => onChange(event.target.value)}
        onBlur={onBlur}
        isInvalid={Boolean(error)}
        aria-invalid={error ? true : undefined}
        aria-required={required || undefined}
        aria-describedby={describedBy(error && errorId, help && helpId)}
        maxLength={maxLength}
        placeholder={placeholder}
        spellCheck={spellCheck}
        className={inputClassName}
      />
      {error && (
        <Form.Control.Feedback type="invalid" id={errorId}>
          {error}
        </Form.Control.Feedback>
      )}
      {after}
      {help && <FieldHelp id={helpId}>{help}</FieldHelp>}
    </Form.Group>
  );
}

export function SwitchField({
  label,
  help,
  checked,
  onChange,
  disabled,
}: {
  label: string;
  help?: ReactNode;
  checked: boolean;
  onChange: (checked: boolean) => void;
  disabled?: boolean;
}) {
  const id = useId();
  const helpId = `${id}-help`;
  return (
    <div className="mb-3">
      <Form.Check
        type="switch"
        id={id}
        label={label}
        checked={checked}
        disabled={disabled}
        onChange={(event) => onChange(event.target.checked)}
        aria-describedby={help ? helpId : undefined}
      />
      {help && <FieldHelp id={helpId}>{help}</FieldHelp>}
    </div>
  );
}

const NUMBER_PATTERN = /^-?\d+(\.\d+)?$/;
const INTEGER_PATTERN = /^\d+$/;

function format(value: number | null) {
  return value === null ? '' : String(value);
}

/**
 * A number that may be empty (null). What is typed stays as typed while it is not yet a number ('-', '1.'), and
 * only numbers reach the form; an external change (another element selected) shows the new value.
 */
export function NumberField({
  label,
  help,
  error,
  value,
  onChange,
  integerOnly = false,
}: FieldProps & {
  value: number | null;
  onChange: (value: number | null) => void;
  /** Whole, non-negative numbers only (lengths). */
  integerOnly?: boolean;
}) {
  const id = useId();
  const helpId = `${id}-help`;
  const errorId = `${id}-error`;
  const [draft, setDraft] = useState(() => format(value));
  const [shown, setShown] = useState(value);
  // The value changed outside this field: show it (unless it is what the draft already says).
  if (value !== shown) {
    setShown(value);
    const parsed = draft.trim() === '' ? null : Number(draft);
    if (parsed !== value) setDraft(format(value));
  }
  const trimmed = draft.trim();
  const pattern = integerOnly ? INTEGER_PATTERN : NUMBER_PATTERN;
  const formatError = trimmed !== '' && !pattern.test(trimmed) ? (integerOnly ? 'Enter a whole number' : 'Enter a number') : null;
  const shownError = formatError ?? error ?? null;

  return (
    <Form.Group className="mb-3" controlId={id}>
      <Form.Label>{label}</Form.Label>
      <Form.Control
        type="text"
        inputMode={integerOnly ? 'numeric' : 'decimal'}
        value={draft}
        onChange={(event) => {
          const next = event.target.value;
          setDraft(next);
          const text = next.trim();
          if (text === '') onChange(null);
          else if (pattern.test(text)) onChange(Number(text));
        }}
        isInvalid={Boolean(shownError)}
        aria-invalid={shownError ? true : undefined}
        aria-describedby={describedBy(shownError && errorId, help && helpId)}
        autoComplete="off"
      />
      {shownError && (
        <Form.Control.Feedback type="invalid" id={errorId}>
          {shownError}
        </Form.Control.Feedback>
      )}
      {help && <FieldHelp id={helpId}>{help}</FieldHelp>}
    </Form.Group>
  );
}
