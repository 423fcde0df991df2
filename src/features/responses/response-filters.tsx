import { useCallback, useEffect, useId, useState } from 'react';
import Button from 'react-bootstrap/Button';
import Form from 'react-bootstrap/Form';
import { DELIVERY_FILTERS, DELIVERY_FILTER_LABELS, NO_FILTERS, SPAM_FILTERS, SPAM_FILTER_LABELS, hasActiveFilters } from './response-list-query';
import type { DeliveryFilter, FormOption, ResponseListQuery, SpamFilter } from './response-list-query';
import { RESPONSE_MESSAGES } from './response-messages';
import type { ScreenStatus } from '../../domain/load-status';

const SEARCH_DEBOUNCE_MS = 300;

interface SearchFieldProps {
  id: string;
  /** The search in the URL. */
  value: string;
  onCommit: (search: string) => void;
}

/**
 * Typing updates the field at once and the URL (hence the request) once typing pauses for 300 ms; Enter sends at
 * once. A change of the URL from elsewhere (Back, Clear filters) replaces what the field shows.
 */
function SearchField({ id, value, onCommit }: SearchFieldProps) {
  const [draft, setDraft] = useState({ text: value, seen: value, sent: null as string | null });
  if (draft.seen !== value) {
    // Our own commit coming back keeps what was typed since; anything else shows the URL's value.
    setDraft({ text: draft.sent === value ? draft.text : value, seen: value, sent: null });
  }

  const commit = useCallback(
    (text: string) => {
      setDraft((current) => ({ ...current, sent: text }));
      onCommit(text);
    },
    [onCommit],
  );

  useEffect(() => {
    if (draft.text === draft.seen) return;
    const timer = setTimeout(() => commit(draft.text), SEARCH_DEBOUNCE_MS);
    return () => clearTimeout(timer);
  }, [draft.text, draft.seen, commit]);

  return (
    <Form
      role="search"
      onSubmit={(event) => {
        event.preventDefault();
        if (draft.text !== draft.seen) commit(draft.text);
      }}
    >
      <Form.Label htmlFor={id} className="small fw-semibold mb-1">
        Search answers
      </Form.Label>
      <Form.Control
        id={id}
        type="search"
        placeholder="Name, email, any answer"
        autoComplete="off"
        maxLength={200}
        value={draft.text}
        onChange={(event) => setDraft((current) => ({ ...current, text: event.target.value }))}
      />
    </Form>
  );
}

export interface ResponseFiltersProps {
  query: ResponseListQuery;
  onChange: (patch: Partial<ResponseListQuery>) => void;
  formOptions: readonly FormOption[];
  formsStatus: ScreenStatus;
  onRetryForms: () => void;
}

/** Form, spam status, delivery status, submitted date range and text search; every change goes to the URL. */
export function ResponseFilters({ query, onChange, formOptions, formsStatus, onRetryForms }: ResponseFiltersProps) {
  const baseId = useId();
  const ids = {
    form: `${baseId}-form`,
    formHint: `${baseId}-form-hint`,
    spam: `${baseId}-spam`,
    delivery: `${baseId}-delivery`,
    from: `${baseId}-from`,
    to: `${baseId}-to`,
    toError: `${baseId}-to-error`,
    search: `${baseId}-search`,
  };
  const commitSearch = useCallback((search: string) => onChange({ search }), [onChange]);
  const rangeReversed = Boolean(query.from && query.to && query.to < query.from);

  return (
    <section aria-label="Filters" className="response-filters card card-body mb-3">
      <div className="row g-3 align-items-start">
        <div className="col-12 col-md-6">
          <Form.Label htmlFor={ids.form} className="small fw-semibold mb-1">
            Form
          </Form.Label>
          <Form.Select
            id={ids.form}
            value={query.form}
            aria-describedby={formsStatus === 'failed' ? ids.formHint : undefined}
            onChange={(event) => onChange({ form: event.target.value })}
          >
            {formOptions.map((option) => (
              <option key={option.value} value={option.value}>
                {option.label}
              </option>
            ))}
          </Form.Select>
          {formsStatus === 'failed' && (
            <div id={ids.formHint} className="small text-danger mt-1">
              {RESPONSE_MESSAGES.formListFailed}.{' '}
              <Button variant="link" size="sm" className="p-0 align-baseline" onClick={onRetryForms}>
                Try again
              </Button>
            </div>
          )}
        </div>
        <div className="col-6 col-md-3">
          <Form.Label htmlFor={ids.spam} className="small fw-semibold mb-1">
            Spam
          </Form.Label>
          <Form.Select id={ids.spam} value={query.spam} onChange={(event) => onChange({ spam: event.target.value as SpamFilter })}>
            {SPAM_FILTERS.map((value) => (
              <option key={value} value={value}>
                {SPAM_FILTER_LABELS[value]}
              </option>
            ))}
          </Form.Select>
        </div>
        <div className="col-6 col-md-3">
          <Form.Label htmlFor={ids.delivery} className="small fw-semibold mb-1">
            Delivery
          </Form.Label>
          <Form.Select
            id={ids.delivery}
            value={query.delivery}
            onChange={(event) => onChange({ delivery: event.target.value as DeliveryFilter })}
          >
            {DELIVERY_FILTERS.map((value) => (
              <option key={value} value={value}>
                {DELIVERY_FILTER_LABELS[value]}
              </option>
            ))}
          </Form.Select>
        </div>
        <div className="col-6 col-md-3">
          <Form.Label htmlFor={ids.from} className="small fw-semibold mb-1">
            Submitted from
          </Form.Label>
          <Form.Control
            id={ids.from}
            type="date"
            value={query.from}
            max={query.to || undefined}
            onChange={(event) => onChange({ from: event.target.value })}
          />
        </div>
        <div className="col-6 col-md-3">
          <Form.Label htmlFor={ids.to} className="small fw-semibold mb-1">
            Submitted to
          </Form.Label>
          <Form.Control
            id={ids.to}
            type="date"
            value={query.to}
            min={query.from || undefined}
            isInvalid={rangeReversed}
            aria-describedby={rangeReversed ? ids.toError : undefined}
            onChange={(event) => onChange({ to: event.target.value })}
          />
          <Form.Control.Feedback id={ids.toError} type="invalid">
            Ends before the start date
          </Form.Control.Feedback>
        </div>
        <div className="col-12 col-md-6">
          <SearchField id={ids.search} value={query.search} onCommit={commitSearch} />
        </div>
      </div>
      {hasActiveFilters(query) && (
        <div className="mt-3">
          <Button
            variant="link"
            size="sm"
            className="p-0"
            onClick={() => onChange(NO_FILTERS)}
          >
            Clear filters
          </Button>
        </div>
      )}
    </section>
  );
}
