/**
 * The submit button's style (spec §3 button style): every field with its default, colours by picker or hex text,
 * a live preview (hover colours shown on hover, or held on with a switch for keyboard users), reset to defaults.
 */
import { useId, useState } from 'react';
import type { CSSProperties } from 'react';
import Form from 'react-bootstrap/Form';
import { useAppDispatch, useAppSelector } from '../../app/hooks';
import { ConfirmButton } from '../../components/confirm-button';
import type { ButtonStyle } from '../../domain/form-document';
import { BUTTON_STYLE_LABELS, DEFAULT_BUTTON_STYLE, buttonStyleSchema } from '../../domain/form-document';
import { buttonStyleChanged, buttonStyleReset } from './form-slice';
import { selectButtonStyle } from './form-selectors';
import { SwitchField } from './property-fields';

type FieldKind = 'text' | 'length' | 'colour';

interface StyleField {
  key: keyof ButtonStyle;
  label: string;
  kind: FieldKind;
  /** The colour picker's name (never containing the text field's label, so label lookups stay unambiguous). */
  picker?: string;
}

const BUTTON_STYLE_FIELDS: readonly StyleField[] = [
  { key: 'submitTextContent', label: BUTTON_STYLE_LABELS.submitTextContent, kind: 'text' },
  { key: 'textSize', label: BUTTON_STYLE_LABELS.textSize, kind: 'length' },
  { key: 'textColor', label: BUTTON_STYLE_LABELS.textColor, kind: 'colour', picker: 'Colour picker for the button text' },
  { key: 'bodyColor', label: BUTTON_STYLE_LABELS.bodyColor, kind: 'colour', picker: 'Colour picker for the button background' },
  { key: 'textHoverColor', label: BUTTON_STYLE_LABELS.textHoverColor, kind: 'colour', picker: 'Colour picker for the button text on hover' },
  { key: 'bodyHoverColor', label: BUTTON_STYLE_LABELS.bodyHoverColor, kind: 'colour', picker: 'Colour picker for the button background on hover' },
  { key: 'cornerRadius', label: BUTTON_STYLE_LABELS.cornerRadius, kind: 'length' },
];

/** The field's problem in the save's wording (the schema's sentence, which names the field); null when valid. */
function styleFieldError(key: keyof ButtonStyle, value: string): string | null {
  const result = buttonStyleSchema.shape[key].safeParse(value);
  return result.success ? null : (result.error.issues[0]?.message ?? null);
}

/** `<input type="color">` only takes #rrggbb. */
function pickerValue(colour: string): string {
  const hex = colour.trim().replace(/^#/, '');
  if (/^[0-9a-f]{3}$/i.test(hex)) return `#${hex.replace(/./g, (digit) => digit + digit)}`.toLowerCase();
  if (/^[0-9a-f]{6}([0-9a-f]{2})?$/i.test(hex)) return `#${hex.slice(0, 6)}`.toLowerCase();
  return '#000000';
}

function StyleFieldControl({ field, value, onChange }: { field: StyleField; value: string; onChange: (value: string) => void }) {
  const id = useId();
  const error = styleFieldError(field.key, value);
  const help =
    field.kind === 'length'
      ? `A size such as 1rem or 16px. Default ${DEFAULT_BUTTON_STYLE[field.key]}.`
      : field.kind === 'colour'
        ? `A hex colour. Default ${DEFAULT_BUTTON_STYLE[field.key]}.`
        : `Default “${DEFAULT_BUTTON_STYLE[field.key]}”.`;
  const described = [error && `${id}-error`, `${id}-help`].filter(Boolean).join(' ');
  return (
    <Form.Group className="mb-3" controlId={id}>
      <Form.Label>{field.label}</Form.Label>
      <div className={field.kind === 'colour' ? 'input-group has-validation' : undefined}>
        {field.kind === 'colour' && (
          <Form.Control
            id={`${id}-picker`}
            type="color"
            className="form-control-color builder-colour-picker"
            value={pickerValue(value)}
            aria-label={field.picker}
            title={field.picker}
            onChange={(event) => onChange(event.target.value.toUpperCase())}
          />
        )}
        <Form.Control
          type="text"
          value={value}
          spellCheck={false}
          autoComplete="off"
          isInvalid={Boolean(error)}
          aria-invalid={error ? true : undefined}
          aria-describedby={described}
          className={field.kind === 'text' ? undefined : 'font-monospace'}
          onChange={(event) => onChange(event.target.value)}
        />
        {error && (
          <Form.Control.Feedback type="invalid" id={`${id}-error`}>
            {error}
          </Form.Control.Feedback>
        )}
      </div>
      <Form.Text id={`${id}-help`} className="d-block">
        {help}
      </Form.Text>
    </Form.Group>
  );
}

function previewVariables(style: ButtonStyle): CSSProperties {
  const valid = (key: keyof ButtonStyle) => (styleFieldError(key, style[key]) ? DEFAULT_BUTTON_STYLE[key] : style[key].trim());
  return {
    '--preview-text': valid('textColor'),
    '--preview-bg': valid('bodyColor'),
    '--preview-text-hover': valid('textHoverColor'),
    '--preview-bg-hover': valid('bodyHoverColor'),
    '--preview-size': valid('textSize'),
    '--preview-radius': valid('cornerRadius'),
  } as CSSProperties;
}

export function ButtonStyleEditor() {
  const dispatch = useAppDispatch();
  const style = useAppSelector(selectButtonStyle);
  const [showHover, setShowHover] = useState(false);
  const previewId = useId();

  return (
    <form aria-label="Button style" onSubmit={(event) => event.preventDefault()}>
      <h2 className="builder-pane-title">Button style</h2>
      <div className="builder-button-preview" role="group" aria-labelledby={previewId}>
        <div id={previewId} className="builder-pane-hint mb-2">
          Preview
        </div>
        <span className={`builder-preview-button${showHover ? ' is-hover' : ''}`} style={previewVariables(style)}>
          {style.submitTextContent.trim() || DEFAULT_BUTTON_STYLE.submitTextContent}
        </span>
        <SwitchField label="Show the hover look" checked={showHover} onChange={setShowHover} />
      </div>
      {BUTTON_STYLE_FIELDS.map((field) => (
        <StyleFieldControl
          key={field.key}
          field={field}
          value={style[field.key]}
          onChange={(value) => dispatch(buttonStyleChanged({ [field.key]: value }))}
        />
      ))}
      <ConfirmButton
        text="Reset to defaults"
        confirmText="Yes"
        variant="outline-secondary"
        prompt="Reset the button style to the defaults?"
        onConfirm={() => dispatch(buttonStyleReset())}
      />
    </form>
  );
}
