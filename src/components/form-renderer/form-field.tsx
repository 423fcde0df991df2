import { memo } from 'react';
import type { ChangeEvent } from 'react';
import { effectiveMinValue, integerValue } from '../../domain/answers';
import type { AnswerValue, InputElement } from '../../domain/form-document';

/**
 * Spec §9 defaults, equal to DEFAULT_TEXTAREA_ROWS and DEFAULT_DROPDOWN_PLACEHOLDER of form-document.ts (a test keeps
 * them equal). Not imported from there: that module builds its zod schemas on load, and a value import would put
 * zod (~27 KB gzip) into the respondent page.
 */
export const RENDERER_DEFAULTS = { textareaRows: 4, dropdownPlaceholder: 'Select an Option' } as const;

export interface FormFieldProps {
  input: InputElement;
  value: AnswerValue | null | undefined;
  errors: readonly string[] | undefined;
  /** Prefix that makes element ids unique on the page (several forms may share it). */
  idPrefix: string;
  onAnswer: (inputId: string, value: AnswerValue | null) => void;
  /** Receives the element that takes focus for this field (the control, or a group's first option). */
  registerFocusTarget: (inputId: string, element: HTMLElement | null) => void;
  disabled?: boolean;
}

function asText(value: AnswerValue | null | undefined): string {
  if (value === null || value === undefined) return '';
  return Array.isArray(value) ? value.join(', ') : String(value);
}

function RequiredMarker() {
  // The asterisk is visual; controls carry `required`, and groups say it in words for screen readers.
  return (
    <span className="fr-required" aria-hidden="true">
      {' *'}
    </span>
  );
}

function ErrorLines({ id, errors }: { id: string; errors: readonly string[] }) {
  // Spec §5: several errors are shown on separate lines.
  return (
    <div id={id} className="fr-error">
      {errors.map((message) => (
        <span key={message} className="fr-error-line">
          {message}
        </span>
      ))}
    </div>
  );
}

/** One input of the form: label, required marker, control, help text and errors, wired for assistive technology. */
export const FormField = memo(function FormField({ input, value, errors, idPrefix, onAnswer, registerFocusTarget, disabled }: FormFieldProps) {
  const controlId = `${idPrefix}${input.id}`;
  const helpId = `${controlId}-help`;
  const errorId = `${controlId}-error`;
  const invalid = !!errors && errors.length > 0;
  const describedBy = [input.helpText ? helpId : '', invalid ? errorId : ''].filter(Boolean).join(' ') || undefined;
  const focusRef = (element: HTMLElement | null) => registerFocusTarget(input.id, element);
  const help = input.helpText ? (
    <p id={helpId} className="fr-help">
      {input.helpText}
    </p>
  ) : null;
  const errorLines = invalid ? <ErrorLines id={errorId} errors={errors} /> : null;
  const className = `fr-field fr-field-${input.subtype}${invalid ? ' is-invalid' : ''}`;

  if (input.subtype === 'radio' || input.subtype === 'checkbox') {
    const selected = input.subtype === 'checkbox' ? (Array.isArray(value) ? value : []) : typeof value === 'string' ? [value] : [];
    const toggle = (optionId: string, checked: boolean) => {
      if (input.subtype === 'radio') {
        onAnswer(input.id, optionId);
        return;
      }
      const next = new Set(selected);
      if (checked) next.add(optionId);
      else next.delete(optionId);
      // Keep the options' order, whatever order they were ticked in.
      onAnswer(input.id, input.options.filter((option) => next.has(option.id)).map((option) => option.id));
    };
    return (
      <fieldset className={className} aria-describedby={describedBy} aria-invalid={invalid || undefined} disabled={disabled}>
        <legend className="fr-label">
          {input.label}
          {input.required && (
            <>
              <RequiredMarker />{' '}
              <span className="fr-visually-hidden">(required)</span>
            </>
          )}
        </legend>
        {help}
        <div className="fr-choices">
          {input.options.map((option, index) => {
            const optionId = `${controlId}-${option.id}`;
            return (
              <div key={option.id} className="fr-choice">
                <input
                  ref={index === 0 ? focusRef : undefined}
                  id={optionId}
                  type={input.subtype}
                  name={controlId}
                  value={option.id}
                  checked={selected.includes(option.id)}
                  aria-invalid={invalid || undefined}
                  required={input.subtype === 'radio' ? input.required : undefined}
                  onChange={(event) => toggle(option.id, event.target.checked)}
                />
                <label htmlFor={optionId}>{option.text}</label>
              </div>
            );
          })}
        </div>
        {errorLines}
      </fieldset>
    );
  }

  const common = {
    id: controlId,
    name: input.dataName,
    required: input.required,
    disabled,
    'aria-invalid': invalid || undefined,
    'aria-describedby': describedBy,
    className: 'fr-control',
  };
  let control;
  switch (input.subtype) {
    case 'textarea':
      control = (
        <textarea
          {...common}
          ref={focusRef}
          rows={RENDERER_DEFAULTS.textareaRows}
          placeholder={input.placeholder || undefined}
          maxLength={input.maxLength ?? undefined}
          value={asText(value)}
          onChange={(event: ChangeEvent<HTMLTextAreaElement>) => onAnswer(input.id, event.target.value)}
        />
      );
      break;
    case 'dropdown':
      control = (
        <select
          {...common}
          ref={focusRef}
          value={typeof value === 'string' ? value : ''}
          onChange={(event: ChangeEvent<HTMLSelectElement>) => onAnswer(input.id, event.target.value || null)}
        >
          <option value="">{input.placeholder || RENDERER_DEFAULTS.dropdownPlaceholder}</option>
          {input.options.map((option) => (
            <option key={option.id} value={option.id}>
              {option.text}
            </option>
          ))}
        </select>
      );
      break;
    case 'integer':
      control = (
        <input
          {...common}
          ref={focusRef}
          type="number"
          inputMode="numeric"
          min={effectiveMinValue(input)}
          max={input.maxValue ?? undefined}
          step={input.stepValue ?? 1}
          placeholder={input.placeholder || undefined}
          value={asText(value)}
          onChange={(event: ChangeEvent<HTMLInputElement>) => {
            const raw = event.target.value;
            // Keep what was typed when it is not (yet) an integer, so validation can say so.
            onAnswer(input.id, raw === '' ? null : (integerValue(raw) ?? raw));
          }}
        />
      );
      break;
    case 'textInput':
    case 'email':
    case 'phoneNumber': {
      const kind = { textInput: { type: 'text' }, email: { type: 'email', autoComplete: 'email', spellCheck: false }, phoneNumber: { type: 'tel', autoComplete: 'tel' } }[
        input.subtype
      ];
      control = (
        <input
          {...common}
          {...kind}
          ref={focusRef}
          placeholder={input.placeholder || undefined}
          maxLength={input.maxLength ?? undefined}
          value={asText(value)}
          onChange={(event: ChangeEvent<HTMLInputElement>) => onAnswer(input.id, event.target.value)}
        />
      );
      break;
    }
    default: {
      const unknownSubtype: never = input.subtype;
      throw new Error(`Unknown input subtype ${String(unknownSubtype)}`);
    }
  }

  return (
    <div className={className}>
      <label htmlFor={controlId} className="fr-label">
        {input.label}
        {input.required && <RequiredMarker />}
      </label>
      {help}
      {control}
      {errorLines}
    </div>
  );
});
