import { Suspense, lazy } from 'react';
import { richTextToPlainText } from '../../domain/rich-text';
import type { HeadingLevel } from '../../domain/rich-text';
import './rich-text.css';

export interface RichTextFieldProps {
  /** Id of the editable element, for <label htmlFor>. */
  id?: string;
  /** Sanitised HTML; '' when empty. */
  value: string;
  /** Receives sanitised HTML, or '' when only markup and whitespace are left (spec §5). */
  onChange: (html: string) => void;
  /** One paragraph: Enter and drops are refused, pasted blocks are joined. */
  singleLine?: boolean;
  /** One heading of this level (implies single-line). Changing it re-levels the content and emits the new HTML. */
  headingLevel?: HeadingLevel;
  /** Shown while the field is empty and blurred (spec §4). */
  placeholder?: string;
  ariaLabel: string;
  ariaDescribedBy?: string;
  invalid?: boolean;
}

/** Loads the ProseMirror editor (its own chunk). Call early, e.g. on hover, to have it ready. */
const loadRichTextEditor = () => import('./rich-text-editor');

const RichTextEditor = lazy(loadRichTextEditor);

/**
 * What shows while the editor chunk loads: a box with the same label and text, read-only so nothing typed is lost
 * when the real editor takes over.
 */
function RichTextFallback({ id, value, singleLine, headingLevel, placeholder, ariaLabel, ariaDescribedBy, invalid }: RichTextFieldProps) {
  const text = richTextToPlainText(value);
  const multiLine = !singleLine && headingLevel === undefined;
  return (
    <div className={`rich-text${multiLine ? '' : ' is-single-line'}${invalid ? ' is-invalid' : ''}`}>
      <div className="rich-text-surface form-control">
        <div
          id={id}
          role="textbox"
          aria-label={ariaLabel}
          aria-describedby={ariaDescribedBy}
          aria-multiline={multiLine}
          aria-invalid={invalid || undefined}
          aria-readonly="true"
          aria-busy="true"
          aria-placeholder={placeholder || undefined}
          className={`rich-text-fallback${text ? '' : ' is-empty'}`}
          data-placeholder={placeholder}
        >
          {text}
        </div>
      </div>
    </div>
  );
}

/**
 * The rich-text field (spec §4/§5/§9). A React.lazy wrapper: ProseMirror lives in rich-text-editor.tsx's chunk and
 * loads the first time a field renders.
 */
export function RichTextField(props: RichTextFieldProps) {
  return (
    <Suspense fallback={<RichTextFallback {...props} />}>
      <RichTextEditor {...props} />
    </Suspense>
  );
}
