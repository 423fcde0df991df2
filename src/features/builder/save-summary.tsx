/**
 * Above the canvas after a refused save: every problem, each as "whom it is about: what to do" (the wording of the
 * server's 400 and of the message beside the field), the element's name a button that takes you to it. Problems leave
 * the list as they are fixed (save-errors.ts re-checks them on each edit); the list goes when none is left.
 */
import { useId } from 'react';
import { useAppDispatch, useAppSelector } from '../../app/hooks';
import type { SaveIssue } from '../../domain/form-save';
import { focusCanvasElementSoon } from './focus';
import { elementSelected, logicEditorOpened } from './form-slice';
import { selectSaveIssues } from './form-selectors';

/**
 * After the element is selected and its properties shown: the first field marked invalid there gets focus (which
 * brings it into view), else the element on the canvas (its problem is not one of the shown fields).
 */
function focusProblemSoon(elementId: string): void {
  requestAnimationFrame(() => {
    const field = document.querySelector<HTMLElement>('.builder-properties [aria-invalid="true"]');
    if (field) field.focus();
    else focusCanvasElementSoon(elementId);
  });
}

function IssueLine({ issue }: { issue: SaveIssue }) {
  const dispatch = useAppDispatch();
  const { target } = issue;
  const elementId = target.kind === 'element' ? target.elementId : null;
  const subject = issue.subject ? (
    elementId ? (
      <button
        type="button"
        className="btn btn-link builder-save-summary-subject"
        onClick={() => {
          dispatch(elementSelected(elementId));
          focusProblemSoon(elementId);
        }}
      >
        {issue.subject}
      </button>
    ) : (
      <strong>{issue.subject}</strong>
    )
  ) : null;
  return (
    <li>
      {subject}
      {subject && ': '}
      {issue.message}
      {target.kind === 'logic' && target.elementId !== null && (
        <>
          {' '}
          <button type="button" className="btn btn-link builder-save-summary-subject" onClick={() => dispatch(logicEditorOpened(target.elementId!))}>
            Show this logic
          </button>
        </>
      )}
    </li>
  );
}

export function SaveSummary() {
  const issues = useAppSelector(selectSaveIssues);
  const headingId = useId();
  if (issues.length === 0) return null;
  const count = issues.length === 1 ? 'one problem' : `${issues.length} problems`;
  return (
    <section className="alert alert-danger builder-save-summary" aria-labelledby={headingId}>
      <h2 id={headingId} className="builder-save-summary-title">
        Not saved: fix {count}, then save again
      </h2>
      <ul className="mb-0 ps-3">
        {issues.map((issue, index) => (
          <IssueLine key={`${issue.key}:${index}`} issue={issue} />
        ))}
      </ul>
    </section>
  );
}
