import { useId } from 'react';
import type { ReactNode } from 'react';
import { CopyButton } from '../../components/copy-button';
import { OpenInNewTab } from './share-frame';

export interface LinkFieldProps {
  label: string;
  url: string;
  copyLabel: string;
  /** Text of the link that opens `url` in a new tab; no link when absent. */
  openLabel?: string;
  help?: ReactNode;
}

/**
 * A link to hand out: read-only field (selected whole on focus) that shows the whole link, wrapped onto more lines
 * when the column is narrow, a copy button and, optionally, an open link.
 */
export function LinkField({ label, url, copyLabel, openLabel, help }: LinkFieldProps) {
  const fieldId = useId();
  const helpId = `${fieldId}-help`;
  return (
    <div>
      <label htmlFor={fieldId} className="form-label fw-semibold">
        {label}
      </label>
      {/* The field on a line of its own: a long link in a narrow column wraps instead of hiding its end. */}
      <div className="d-grid gap-2">
        <textarea
          id={fieldId}
          className="form-control share-link-input"
          value={url}
          readOnly
          // Where the field cannot size itself to the link (CSS field-sizing), room for a long one.
          rows={3}
          spellCheck={false}
          autoComplete="off"
          aria-describedby={help ? helpId : undefined}
          onFocus={(event) => event.currentTarget.select()}
        />
        <div className="d-flex flex-wrap gap-2">
          <CopyButton value={url} label={copyLabel} />
          {openLabel && <OpenInNewTab href={url}>{openLabel}</OpenInNewTab>}
        </div>
      </div>
      {help && (
        <div id={helpId} className="form-text">
          {help}
        </div>
      )}
    </div>
  );
}

export interface CodeSnippetProps {
  /** Names the code block and its copy button. */
  label: string;
  code: string;
  copyLabel: string;
}

/** Read-only code to paste elsewhere, with its copy button. Focusable so keyboard users can scroll long lines. */
export function CodeSnippet({ label, code, copyLabel }: CodeSnippetProps) {
  const labelId = useId();
  return (
    <div className="share-snippet">
      <div className="d-flex flex-wrap align-items-center justify-content-between gap-2 mb-2">
        <span id={labelId} className="fw-semibold">
          {label}
        </span>
        <CopyButton value={code} label={copyLabel} />
      </div>
      <pre className="share-code" tabIndex={0} role="region" aria-labelledby={labelId}>
        <code>{code}</code>
      </pre>
    </div>
  );
}

/** Inline or block example code in the docs (not copied as a whole, so no button). */
export function CodeExample({ code, label }: { code: string; label: string }) {
  return (
    <pre className="share-code" tabIndex={0} role="region" aria-label={label}>
      <code>{code}</code>
    </pre>
  );
}
