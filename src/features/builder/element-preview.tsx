/**
 * What a canvas element looks like: inputs as a preview of the respondent's field, presentations and
 * section descriptions as their (sanitised) rich text. Previews are hidden from assistive technology and inert:
 * the element's accessible name says what it is, and its controls live in the property editor.
 */
import { memo, useMemo } from 'react';
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

function Widget({ node }: { node: InputElement }) {
  const placeholder = node.placeholder || undefined;
  switch (node.subtype) {
    case 'textInput':
      return <input className="form-control" type="text" placeholder={placeholder} disabled tabIndex={-1} />;
    case 'email':
      return <input className="form-control" type="email" placeholder={placeholder} disabled tabIndex={-1} />;
    case 'phoneNumber':
      return <input className="form-control" type="tel" placeholder={placeholder} disabled tabIndex={-1} />;
    case 'integer':
      return <input className="form-control builder-number-preview" type="text" placeholder={placeholder} disabled tabIndex={-1} />;
    case 'textarea':
      return <textarea className="form-control" rows={DEFAULT_TEXTAREA_ROWS} placeholder={placeholder} disabled tabIndex={-1} />;
    case 'dropdown':
      return (
        <select className="form-select" disabled tabIndex={-1} defaultValue="">
          <option value="">{node.placeholder}</option>
        </select>
      );
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
