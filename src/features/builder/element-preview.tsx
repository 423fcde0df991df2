/**
 * What a canvas element looks like: inputs as a preview of the respondent's field, presentations and
 * section descriptions as their (sanitised) rich text. Previews are hidden from assistive technology and inert:
 * the element's accessible name says what it is, and its controls live in the property editor.
 */
import { memo, useMemo } from 'react';
import type { CSSProperties } from 'react';
import type { InputElement } from '../../domain/form-document';
import { DEFAULT_TEXTAREA_ROWS } from '../../domain/form-document';
import { isRichTextEmpty, sanitizeRichText } from '../../domain/rich-text';

export const RichTextPreview = memo(function RichTextPreview({ html, emptyText }: { html: string; emptyText: string }) {
  const clean = useMemo(() => (isRichTextEmpty(html) ? '' : sanitizeRichText(html)), [html]);
  if (!clean) return <p className="builder-empty-text mb-0">{emptyText}</p>;
  return <div className="builder-rich-text" dangerouslySetInnerHTML={{ __html: clean }} />;
});

/**
 * The options as the respondent will see them, drawn (not disabled controls, which Bootstrap fades to half opacity
 * and which then read as unavailable): a circle or a box, and the text at full contrast.
 */
function Choices({ node }: { node: InputElement }) {
  const shape = node.subtype === 'checkbox' ? 'is-checkbox' : 'is-radio';
  if (node.options.length === 0) return <p className="builder-empty-text mb-0">No options yet</p>;
  return (
    <ul className="builder-choices">
      {node.options.map((option) => (
        <li className="builder-choice" key={option.id}>
          <span className={`builder-choice-mark ${shape}`} />
          {option.text ? <span>{option.text}</span> : <span className="builder-empty-text">Untitled option</span>}
        </li>
      ))}
    </ul>
  );
}

/** Bootstrap's height of a textarea of `rows` lines (`.form-control`: line-height 1.5, padding 0.375rem, a border). */
const TEXTAREA_HEIGHT = { minHeight: `calc(${DEFAULT_TEXTAREA_ROWS} * 1.5em + 0.75rem + 2 * var(--bs-border-width))` };

/**
 * A field's box drawn with the form controls' classes, not a disabled control: controls cost the browser more on every
 * frame (each is clipped and scrolled on its own), and a long form shows dozens of them (docs/decisions.md).
 */
function FieldBox({ placeholder, className = 'form-control', style }: { placeholder: string; className?: string; style?: CSSProperties }) {
  return (
    <div className={`${className} builder-field-preview`} style={style}>
      {placeholder && <span className="builder-field-placeholder">{placeholder}</span>}
    </div>
  );
}

function Widget({ node }: { node: InputElement }) {
  const { placeholder } = node;
  switch (node.subtype) {
    case 'textInput':
    case 'email':
    case 'phoneNumber':
      return <FieldBox placeholder={placeholder} />;
    case 'integer':
      return <FieldBox placeholder={placeholder} className="form-control builder-number-preview" />;
    case 'textarea':
      return <FieldBox placeholder={placeholder} className="form-control is-multiline" style={TEXTAREA_HEIGHT} />;
    case 'dropdown':
      // A select shows its first option, the placeholder, as its value: in the text's own colour.
      return <div className="form-select builder-field-preview">{placeholder}</div>;
    case 'radio':
    case 'checkbox':
      return <Choices node={node} />;
  }
}

export const InputPreview = memo(function InputPreview({ node }: { node: InputElement }) {
  return (
    <div className="builder-input-preview" aria-hidden="true" inert>
      <div className="builder-input-label">
        {node.label || <span className="builder-empty-text">No label</span>}
        {node.required && <span className="builder-required-marker"> *</span>}
      </div>
      <Widget node={node} />
      {node.helpText && <div className="form-text">{node.helpText}</div>}
    </div>
  );
});
