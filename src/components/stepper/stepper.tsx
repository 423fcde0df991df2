import { useEffect, useId, useRef } from 'react';
import type { ReactNode } from 'react';
import Button from 'react-bootstrap/Button';
import { BackLink } from '../back-link';
import { LoadingButton } from '../loading-button';
import './stepper.css';

/** Spec §2: a stepper item has a name and whether it is complete. */
export interface StepperItem {
  name: string;
  complete: boolean;
}

const STEPPER_LABELS = {
  backToList: 'Back to All Integrations',
  back: 'Back',
  next: 'Next',
  save: 'Save',
} as const;

export interface StepperProps {
  items: readonly StepperItem[];
  /** Index of the step shown; clamped to the items. */
  current: number;
  /** Back and Next ask for the step before or after. */
  onStepChange: (index: number) => void;
  /** Where 'Back to All Integrations' goes: a whole path (the integrations list of the form). */
  listPath: string;
  /** 'Save' on the last step. */
  onSave: () => void;
  saving?: boolean;
  /** What the steps are of, for screen readers ("Zapier setup"). */
  label: string;
  /** The current step's content. */
  children: ReactNode;
}

function CheckGlyph() {
  return (
    <svg width={16} height={16} viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth={3} strokeLinecap="round" strokeLinejoin="round" aria-hidden="true" focusable="false">
      <path d="M20 6 9 17l-5-5" />
    </svg>
  );
}

/**
 * The integration editor's stepper (spec §2): numbered steps, each active (current or complete) or muted; the current
 * step's content; then 'Back to All Integrations' on the first step and 'Back' after, 'Next' and 'Save' on the last.
 * The step list is a status, not a menu: Back and Next move (so a step's own buttons never share a name with a step),
 * and moving to a step puts focus on its heading.
 */
export function Stepper({ items, current, onStepChange, listPath, onSave, saving = false, label, children }: StepperProps) {
  const index = Math.min(Math.max(current, 0), Math.max(items.length - 1, 0));
  const headingId = useId();
  const heading = useRef<HTMLHeadingElement>(null);
  const shown = useRef(index);

  useEffect(() => {
    // Only a change of step moves focus: opening the page leaves it where the browser put it.
    if (shown.current === index) return;
    shown.current = index;
    heading.current?.focus();
  }, [index]);

  const isLast = index === items.length - 1;
  const step = items[index];
  return (
    <div className="stepper">
      <nav aria-label={label}>
        <ol className="stepper-steps">
          {items.map((item, position) => {
            const isCurrent = position === index;
            const active = isCurrent || item.complete;
            const className = ['stepper-step', active ? 'is-active' : 'is-muted', isCurrent ? 'is-current' : ''].filter(Boolean).join(' ');
            return (
              <li key={item.name} className={className} aria-current={isCurrent ? 'step' : undefined}>
                <span className="stepper-marker" aria-hidden="true">
                  {item.complete ? <CheckGlyph /> : position + 1}
                </span>
                <span className="stepper-name">
                  <span className="visually-hidden">Step {position + 1}: </span>
                  {item.name}
                  {item.complete && <span className="visually-hidden"> (complete)</span>}
                </span>
              </li>
            );
          })}
        </ol>
      </nav>

      {step && (
        <section aria-labelledby={headingId} className="stepper-body mb-4">
          <h2 id={headingId} ref={heading} tabIndex={-1} className="h4 mb-3">
            {step.name}
          </h2>
          {children}
        </section>
      )}

      <div className="d-flex flex-wrap justify-content-between align-items-center gap-2 border-top pt-3">
        {index === 0 ? (
          <BackLink to={listPath} noAccountId>
            {STEPPER_LABELS.backToList}
          </BackLink>
        ) : (
          <BackLink onClick={() => onStepChange(index - 1)}>{STEPPER_LABELS.back}</BackLink>
        )}
        {isLast ? (
          <LoadingButton variant="primary" loading={saving} onClick={onSave}>
            {STEPPER_LABELS.save}
          </LoadingButton>
        ) : (
          <Button variant="primary" onClick={() => onStepChange(index + 1)}>
            {STEPPER_LABELS.next}
          </Button>
        )}
      </div>
    </div>
  );
}
