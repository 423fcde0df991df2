/**
 * What a respondent sees: one page at a time, with progress, validation and the submit message. Plain React and its
 * own CSS — no Redux, react-bootstrap, dnd-kit or ProseMirror — because it becomes the public respondent page, whose
 * bundle budget is tight (BENCHMARKS.md).
 */
import { useCallback, useEffect, useId, useMemo, useRef, useState } from 'react';
import type { CSSProperties, FormEvent } from 'react';
import { answersToSubmit, initialAnswers as startingAnswers, inputsOf, validateAnswer, validateAnswers } from '../../domain/answers';
import type { AnswerErrors, Answers } from '../../domain/answers';
import type { AnswerValue, ConditionalLogic, FormDocument, FormStyle, PageChild, PageElement, SectionElement } from '../../domain/form-document';
import { sanitizeRichText } from '../../domain/rich-text';
import { FormField } from './form-field';
import { SubmitError } from './submit-error';
import './form-renderer.css';

export { DEFAULT_SUBMIT_MESSAGE } from '../../domain/form-constants';
import { DEFAULT_SUBMIT_MESSAGE, isUntitledPage, isUntitledSection } from '../../domain/form-constants';
export const SUBMIT_FAILED_MESSAGE = 'Your response could not be sent. Please try again.';
/** The thank-you screen's heading, above the form's submit message. */
export const SUBMITTED_TITLE = 'Your response has been sent';
/** A collapsible section left untitled still needs words on its toggle: the name browsers give a bare <details>. */
const UNTITLED_SECTION_TOGGLE = 'Details';

export interface FormRendererProps {
  document: FormDocument;
  /** The form's conditional logic; visibility itself comes from `hiddenIds`. */
  logic: ConditionalLogic;
  style: FormStyle;
  initialAnswers?: Answers;
  /** Shown after a successful submit; a default thank-you when empty. */
  submitMessage?: string;
  /** Receives the answers of shown inputs (empty ones left out). A rejection keeps the form open with an error. */
  onSubmit?: (answers: Answers) => Promise<void> | void;
  /** Ids of pages, sections, presentations and inputs hidden for these answers (conditional logic). */
  hiddenIds?: (answers: Answers) => ReadonlySet<string>;
  /** Accessible name of the form (the form's display name). */
  title?: string;
}

const NOTHING_HIDDEN: ReadonlySet<string> = new Set();

function RichHtml({ html, className }: { html: string; className: string }) {
  const safe = useMemo(() => sanitizeRichText(html), [html]);
  if (!safe) return null;
  // Sanitised by the allow-list in src/domain/rich-text.ts: no scripts, attributes or unsafe links survive.
  return <div className={className} dangerouslySetInnerHTML={{ __html: safe }} />;
}

function buttonVariables(style: FormStyle): CSSProperties {
  const button = style.button;
  return {
    '--fr-button-text': button.textColor,
    '--fr-button-bg': button.bodyColor,
    '--fr-button-text-hover': button.textHoverColor,
    '--fr-button-bg-hover': button.bodyHoverColor,
    '--fr-button-font-size': button.textSize,
    '--fr-button-radius': button.cornerRadius,
  } as CSSProperties;
}

type Status = 'filling' | 'submitting' | 'submitted';

export function FormRenderer({ document, style, initialAnswers, submitMessage, onSubmit, hiddenIds, title }: FormRendererProps) {
  const idPrefix = useId();
  const [answers, setAnswers] = useState<Answers>(() => startingAnswers(document, initialAnswers));
  const [errors, setErrors] = useState<AnswerErrors>({});
  const [currentPageId, setCurrentPageId] = useState<string | null>(document[0]?.id ?? null);
  const [expanded, setExpanded] = useState<Record<string, boolean>>({});
  const [status, setStatus] = useState<Status>('filling');
  const [submitError, setSubmitError] = useState('');
  /** What to focus after the next render: an input id, the page heading, or the submitted message. */
  const [focusRequest, setFocusRequest] = useState<{ target: string } | null>(null);
  const focusTargets = useRef(new Map<string, HTMLElement>());
  const pageHeadingRef = useRef<HTMLHeadingElement>(null);
  const submittedRef = useRef<HTMLDivElement>(null);

  const hidden = useMemo(() => hiddenIds?.(answers) ?? NOTHING_HIDDEN, [hiddenIds, answers]);
  const visiblePages = useMemo(() => document.filter((page) => !hidden.has(page.id)), [document, hidden]);
  const placements = useMemo(() => inputsOf(document), [document]);

  // The current page, or — when logic has just hidden it — the next shown page after it.
  const pageIndex = useMemo(() => {
    const index = visiblePages.findIndex((page) => page.id === currentPageId);
    if (index !== -1) return index;
    const documentIndex = document.findIndex((page) => page.id === currentPageId);
    const after = visiblePages.findIndex((page) => document.indexOf(page) > documentIndex);
    return after === -1 ? visiblePages.length - 1 : after;
  }, [visiblePages, currentPageId, document]);
  const page: PageElement | undefined = visiblePages[pageIndex];
  const isLastPage = pageIndex === visiblePages.length - 1;

  const registerFocusTarget = useCallback((inputId: string, element: HTMLElement | null) => {
    if (element) focusTargets.current.set(inputId, element);
    else focusTargets.current.delete(inputId);
  }, []);

  useEffect(() => {
    if (!focusRequest) return;
    const { target } = focusRequest;
    if (target === '#page') pageHeadingRef.current?.focus();
    else if (target === '#submitted') submittedRef.current?.focus();
    else focusTargets.current.get(target)?.focus();
  }, [focusRequest]);

  const onAnswer = useCallback(
    (inputId: string, value: AnswerValue | null) => {
      setAnswers((previous) => ({ ...previous, [inputId]: value }));
      // Once a field shows errors, they follow what is typed, so fixing it clears them.
      setErrors((previous) => {
        if (!previous[inputId]) return previous;
        const placement = placements.find((p) => p.input.id === inputId);
        const next = { ...previous };
        const messages = placement ? validateAnswer(placement.input, value) : [];
        if (messages.length) next[inputId] = messages;
        else delete next[inputId];
        return next;
      });
    },
    [placements],
  );

  /** Shows `found` errors: opens their sections, goes to the page of the first one and focuses it. */
  const showErrors = (found: AnswerErrors) => {
    setErrors(found);
    const first = placements.find((placement) => found[placement.input.id]);
    if (!first) return;
    const sectionsToOpen = placements.filter((p) => found[p.input.id] && p.sectionId).map((p) => p.sectionId as string);
    if (sectionsToOpen.length) setExpanded((previous) => ({ ...previous, ...Object.fromEntries(sectionsToOpen.map((id) => [id, true])) }));
    setCurrentPageId(first.pageId);
    setFocusRequest({ target: first.input.id });
  };

  const goTo = (index: number) => {
    const target = visiblePages[index];
    if (!target) return;
    setCurrentPageId(target.id);
    setErrors({});
    setSubmitError('');
    setFocusRequest({ target: '#page' });
  };

  const next = () => {
    if (!page) return;
    const found = validateAnswers(document, answers, { hiddenIds: hidden, pageId: page.id });
    if (Object.keys(found).length) showErrors(found);
    else goTo(pageIndex + 1);
  };

  const submit = async () => {
    const found = validateAnswers(document, answers, { hiddenIds: hidden });
    if (Object.keys(found).length) {
      showErrors(found);
      return;
    }
    setStatus('submitting');
    setSubmitError('');
    try {
      await onSubmit?.(answersToSubmit(document, answers, hidden));
      setStatus('submitted');
      setFocusRequest({ target: '#submitted' });
    } catch (error) {
      setStatus('filling');
      if (error instanceof SubmitError) {
        setSubmitError(error.message || SUBMIT_FAILED_MESSAGE);
        if (Object.keys(error.fieldErrors).length) showErrors(error.fieldErrors);
      } else setSubmitError(SUBMIT_FAILED_MESSAGE);
    }
  };

  const onFormSubmit = (event: FormEvent) => {
    event.preventDefault();
    if (status !== 'filling') return;
    if (isLastPage) void submit();
    else next();
  };

  const rootStyle = buttonVariables(style);
  const titleId = `${idPrefix}title`;

  if (status === 'submitted') {
    return (
      <div className="fr-form" style={rootStyle}>
        {title && <h1 className="fr-title">{title}</h1>}
        {/* Focused when shown, so a screen reader reads the confirmation and the firm's message at once. */}
        <div ref={submittedRef} className="fr-submitted" role="status" tabIndex={-1}>
          <span className="fr-submitted-icon" aria-hidden="true" />
          <div>
            <h2 className="fr-submitted-title">{SUBMITTED_TITLE}</h2>
            <p className="fr-submitted-message">{submitMessage?.trim() || DEFAULT_SUBMIT_MESSAGE}</p>
          </div>
        </div>
      </div>
    );
  }

  if (!page) {
    return (
      <div className="fr-form" style={rootStyle}>
        <p className="fr-empty">This form has no pages to show.</p>
      </div>
    );
  }

  const isSectionOpen = (section: SectionElement) => !section.collapsible || (expanded[section.id] ?? !section.collapsed);

  const renderChild = (child: PageChild) => {
    if (hidden.has(child.id)) return null;
    switch (child.type) {
      case 'presentation':
        return <RichHtml key={child.id} html={child.content} className={`fr-presentation fr-${child.subtype}`} />;
      case 'input':
        return (
          <FormField
            key={child.id}
            input={child}
            value={answers[child.id]}
            errors={errors[child.id]}
            idPrefix={idPrefix}
            onAnswer={onAnswer}
            registerFocusTarget={registerFocusTarget}
            disabled={status === 'submitting'}
          />
        );
      case 'section': {
        const open = isSectionOpen(child);
        const headingId = `${idPrefix}${child.id}-title`;
        const bodyId = `${idPrefix}${child.id}-body`;
        return (
          <section
            key={child.id}
            className="fr-section"
            aria-labelledby={child.collapsible || !isUntitledSection(child.title) ? headingId : undefined}
          >
            {child.collapsible ? (
              <h3 id={headingId} className="fr-section-title">
                <button
                  type="button"
                  className="fr-section-toggle"
                  aria-expanded={open}
                  aria-controls={bodyId}
                  onClick={() => setExpanded((previous) => ({ ...previous, [child.id]: !open }))}
                >
                  <span>{isUntitledSection(child.title) ? UNTITLED_SECTION_TOGGLE : child.title}</span>
                  <span className={`fr-chevron${open ? ' is-open' : ''}`} aria-hidden="true" />
                </button>
              </h3>
            ) : (
              !isUntitledSection(child.title) && (
                <h3 id={headingId} className="fr-section-title">
                  {child.title}
                </h3>
              )
            )}
            <RichHtml html={child.description} className="fr-section-description" />
            <div id={bodyId} className="fr-section-body" hidden={!open}>
              {child.children.map(renderChild)}
            </div>
          </section>
        );
      }
      default: {
        const unknownChild: never = child;
        throw new Error(`Unknown element ${JSON.stringify(unknownChild)}`);
      }
    }
  };

  const pageTitleId = `${idPrefix}page-title`;
  const total = visiblePages.length;
  const submitText = style.button.submitTextContent?.trim() || 'Submit';
  const progress = `Page ${pageIndex + 1} of ${total}`;
  // An untitled page shows no title of its own: on a multi-page form the progress line is its heading (it takes the
  // focus on Next and Back), on a one-page form the form's title is enough.
  const untitled = isUntitledPage(page.title);
  const pageHeading = total > 1 || !untitled;
  const pageHeadingProps = { id: pageTitleId, ref: pageHeadingRef, tabIndex: -1 };

  return (
    <form
      className="fr-form"
      style={rootStyle}
      noValidate
      onSubmit={onFormSubmit}
      aria-labelledby={title ? titleId : pageHeading ? pageTitleId : undefined}
    >
      {title && (
        <h1 id={titleId} className="fr-title">
          {title}
        </h1>
      )}
      {total > 1 && (
        <div className="fr-progress">
          {untitled ? (
            <h2 {...pageHeadingProps} className="fr-progress-text fr-progress-heading">
              {progress}
            </h2>
          ) : (
            <p className="fr-progress-text">{progress}</p>
          )}
          <div className="fr-progress-track" aria-hidden="true">
            <div className="fr-progress-bar" style={{ width: `${((pageIndex + 1) / total) * 100}%` }} />
          </div>
        </div>
      )}
      <section className="fr-page" aria-labelledby={pageHeading ? pageTitleId : undefined}>
        {!untitled && (
          <h2 {...pageHeadingProps} className="fr-page-title">
            {page.title}
          </h2>
        )}
        {page.children.map(renderChild)}
      </section>
      {submitError && (
        <p className="fr-submit-error" role="alert">
          {submitError}
        </p>
      )}
      <div className="fr-actions">
        {pageIndex > 0 && (
          <button type="button" className="fr-button fr-button-secondary" onClick={() => goTo(pageIndex - 1)} disabled={status === 'submitting'}>
            Back
          </button>
        )}
        <button type="submit" className="fr-button fr-button-primary" disabled={status === 'submitting'} aria-busy={status === 'submitting' || undefined}>
          {isLastPage ? (status === 'submitting' ? 'Sending…' : submitText) : 'Next'}
        </button>
      </div>
    </form>
  );
}
