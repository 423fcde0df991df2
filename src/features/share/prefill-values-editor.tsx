import { useId } from 'react';
import type { AnswerErrors, Answers } from '../../domain/answers';
import type { AnswerValue, FormDocument, PageChild } from '../../domain/form-document';
// The respondent's own widgets, so a prefill is entered exactly as a respondent would answer.
import { FormField } from '../../components/form-renderer/form-field';
import '../../components/form-renderer/form-renderer.css';

export interface PrefillValuesEditorProps {
  /** The form with no input required (see withoutRequired). */
  document: FormDocument;
  answers: Answers;
  errors: AnswerErrors;
  disabled: boolean;
  onAnswer: (inputId: string, value: AnswerValue | null) => void;
  registerFocusTarget: (inputId: string, element: HTMLElement | null) => void;
}

const hasInputs = (child: PageChild) =>
  child.type === 'input' || (child.type === 'section' && child.children.some((leaf) => leaf.type === 'input'));

/**
 * Every input of every page at once, under its page and section titles: no page navigation, no conditional logic
 * (a prefill may fill in an input that logic shows later), no required answers.
 */
export function PrefillValuesEditor({ document, answers, errors, disabled, onAnswer, registerFocusTarget }: PrefillValuesEditorProps) {
  const idPrefix = useId();
  const field = (child: PageChild) =>
    child.type === 'input' ? (
      <FormField
        key={child.id}
        input={child}
        value={answers[child.id]}
        errors={errors[child.id]}
        idPrefix={idPrefix}
        onAnswer={onAnswer}
        registerFocusTarget={registerFocusTarget}
        disabled={disabled}
      />
    ) : null;

  return (
    <div className="fr-form prefill-values">
      {document.map((page, pageIndex) => {
        if (!page.children.some(hasInputs)) return null;
        const pageTitleId = `${idPrefix}${page.id}-title`;
        return (
          <section key={page.id} className="prefill-page" aria-labelledby={pageTitleId}>
            <h3 id={pageTitleId} className="prefill-page-title">
              {page.title || `Page ${pageIndex + 1}`}
            </h3>
            {page.children.map((child) => {
              if (child.type !== 'section') return field(child);
              if (!hasInputs(child)) return null;
              const sectionTitleId = `${idPrefix}${child.id}-title`;
              return (
                <section key={child.id} className="prefill-section" aria-labelledby={child.title ? sectionTitleId : undefined}>
                  {child.title && (
                    <h4 id={sectionTitleId} className="prefill-section-title">
                      {child.title}
                    </h4>
                  )}
                  {child.children.map(field)}
                </section>
              );
            })}
          </section>
        );
      })}
    </div>
  );
}
