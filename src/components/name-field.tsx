import type { ReactNode, Ref } from 'react';
import Form from 'react-bootstrap/Form';

export interface NameFieldProps {
  /** The input's id; the ids of its error and help text derive from it. */
  id: string;
  value: string;
  /** The message under the field; '' while there is none. */
  error: string;
  maxLength: number;
  /** Said under the field, and given to assistive technology with it. */
  help?: ReactNode;
  labelClassName?: string;
  autoFocus?: boolean;
  disabled?: boolean;
  inputRef?: Ref<HTMLInputElement>;
  onChange: (value: string) => void;
  /** Typing clears the error: called on the first change after one is shown. */
  onClearError: () => void;
}

/** The required "Name" text field of a form, prefill or other named thing, with its error wired for screen readers. */
export function NameField({ id, value, error, maxLength, help, labelClassName, autoFocus, disabled, inputRef, onChange, onClearError }: NameFieldProps) {
  const errorId = `${id}-error`;
  const helpId = `${id}-help`;
  return (
    <Form.Group controlId={id}>
      <Form.Label className={labelClassName}>Name</Form.Label>
      <Form.Control
        ref={inputRef}
        type="text"
        value={value}
        autoFocus={autoFocus}
        autoComplete="off"
        maxLength={maxLength}
        required
        aria-required="true"
        isInvalid={error !== ''}
        aria-invalid={error !== '' || undefined}
        aria-describedby={[help ? helpId : '', error ? errorId : ''].filter(Boolean).join(' ') || undefined}
        disabled={disabled}
        onChange={(event) => {
          onChange(event.target.value);
          if (error) onClearError();
        }}
      />
      <Form.Control.Feedback id={errorId} type="invalid">
        {error}
      </Form.Control.Feedback>
      {help && (
        <Form.Text id={helpId} muted>
          {help}
        </Form.Text>
      )}
    </Form.Group>
  );
}
