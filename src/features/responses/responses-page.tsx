import { useCallback, useId, useRef, useState } from 'react';
import { useLocation, useParams, useSearchParams } from 'react-router';
import Button from 'react-bootstrap/Button';
import { cursorOf } from '../../api/form-responses';
import { PageFrame } from '../../components/page-frame';
import { useNarrowScreen } from '../../components/use-narrow-screen';
import { useNow } from '../../components/use-now';
import { accountIdFromPath } from '../../domain/ids';
import { ExportResponsesDialog } from '../../components/export-responses/export-responses-dialog';
import { ResponseFilters } from './response-filters';
import { NO_FILTERS, formOptions, hasActiveFilters, readResponseListQuery, writeResponseListQuery } from './response-list-query';
import type { DeliveryFilter, ResponseListQuery } from './response-list-query';
import { EmptyState, ResponseCards, ResponseListSkeleton, ResponseTable } from './response-list-view';
import { RESPONSE_MESSAGES } from './response-messages';
import { useFormChoices, useResponseList } from './use-response-list';
import './responses.css';

const EXPORT_HINT = 'Choose a form to export its responses.';

/** Under 'No responses match these filters' when the delivery filter is on. */
const NO_DELIVERY_MATCHES: Record<Exclude<DeliveryFilter, ''>, string> = {
  unsent: 'Nothing is waiting: every response with an integration to go to has been delivered.',
  failed: 'No response has a failed delivery.',
  succeeded: 'No response has been delivered to an integration yet.',
};

function countText(count: number, filtered: boolean): string {
  const noun = count === 1 ? 'response' : 'responses';
  return `${count.toLocaleString()} ${filtered ? `matching ${noun}` : noun}`;
}

/** "3 spam responses hidden"; null is the server's "more than 1,000". */
function hiddenSpamText(spamCount: number | null): string {
  if (spamCount === null) return 'More than 1,000 spam responses hidden';
  return `${spamCount.toLocaleString()} spam ${spamCount === 1 ? 'response' : 'responses'} hidden`;
}

/**
 * /{accountId}/responses: the account's responses, newest first (spec §2). Filters and the page cursor live in the
 * URL query, so a view can be shared and survives a reload; rows open the response; a form's responses export as CSV.
 */
export function ResponsesPage() {
  const params = useParams();
  const location = useLocation();
  const accountId = accountIdFromPath(location.pathname, params);
  const [searchParams, setSearchParams] = useSearchParams();
  const query = readResponseListQuery(searchParams);
  const filtered = hasActiveFilters(query);
  const narrow = useNarrowScreen();
  const now = useNow();
  const resultsRef = useRef<HTMLDivElement>(null);
  const exportHintId = useId();
  const [exportOpen, setExportOpen] = useState(false);

  const list = useResponseList(accountId, query);
  const forms = useFormChoices(accountId);

  // A form missing from the list (archived, or the list is still loading) stays selectable under a known name.
  const options = formOptions(forms.forms);
  if (query.form && !options.some((option) => option.value === query.form)) {
    const named = list.page?.results.find((response) => response.formTemplate === query.form)?.formName;
    options.push({ value: query.form, label: named ?? 'Selected form' });
  }
  const selectedForm = query.form ? { id: query.form, name: options.find((option) => option.value === query.form)?.label ?? '' } : null;

  const updateQuery = useCallback(
    (patch: Partial<ResponseListQuery>) => setSearchParams((current) => writeResponseListQuery(current, patch), { replace: true }),
    [setSearchParams],
  );

  /** Paging is a step the user may want to go back on: a history entry, then focus on the new page. */
  const goToPage = (cursor: string | null) => {
    if (cursor === null) return;
    setSearchParams((current) => writeResponseListQuery(current, { cursor }));
    resultsRef.current?.focus();
    resultsRef.current?.scrollIntoView?.({ block: 'start' });
  };

  if (accountId === null) return <PageFrame title="Responses" />;

  const clearFilters = () => updateQuery(NO_FILTERS);
  // The default view hides spam; it says how much, and one click shows it (and one click hides it again).
  const hiddenSpam = query.spam === 'not-spam' && list.spamCount !== undefined && list.spamCount !== 0 ? list.spamCount : undefined;
  const showSpam = () => updateQuery({ spam: 'spam' });
  const hideSpam = () => updateQuery({ spam: 'not-spam' });
  const newer = cursorOf(list.page?.previous ?? null);
  const older = cursorOf(list.page?.next ?? null);

  let body;
  if (list.status === 'loading') {
    body = <ResponseListSkeleton narrow={narrow} />;
  } else if (list.status === 'failed') {
    const fieldErrors = Object.entries(list.error?.errors ?? {});
    body = (
      <EmptyState title={RESPONSE_MESSAGES.listFailed}>
        {list.error?.status === 400 && fieldErrors.length > 0 ? (
          <ul className="list-unstyled text-body-secondary mb-3">
            {fieldErrors.map(([field, messages]) => (
              <li key={field}>{messages.join(' ')}</li>
            ))}
          </ul>
        ) : (
          <p className="text-body-secondary mb-3">Check your connection and try again.</p>
        )}
        <div className="d-flex flex-wrap justify-content-center gap-2">
          <Button variant="outline-primary" onClick={list.retry}>
            Try again
          </Button>
          {query.cursor && (
            <Button variant="outline-secondary" onClick={() => updateQuery({ cursor: '' })}>
              Go to newest
            </Button>
          )}
        </div>
      </EmptyState>
    );
  } else if (list.page && list.page.results.length === 0) {
    body = filtered ? (
      <EmptyState title={RESPONSE_MESSAGES.noMatches}>
        <p className="text-body-secondary mb-3">
          {query.delivery && !hasActiveFilters({ ...query, delivery: '' }) ? NO_DELIVERY_MATCHES[query.delivery] : 'Try a wider date range or other words, or clear the filters.'}
        </p>
        <Button variant="outline-secondary" onClick={clearFilters}>
          Clear filters
        </Button>
      </EmptyState>
    ) : query.cursor ? (
      <EmptyState title="No responses on this page">
        <Button variant="outline-secondary" onClick={() => updateQuery({ cursor: '' })}>
          Go to newest
        </Button>
      </EmptyState>
    ) : hiddenSpam !== undefined ? (
      <EmptyState title={RESPONSE_MESSAGES.noResponses}>
        <p className="text-body-secondary mb-3">{hiddenSpamText(hiddenSpam)}: they were marked as spam.</p>
        <Button variant="outline-secondary" onClick={showSpam}>
          Show spam
        </Button>
      </EmptyState>
    ) : (
      <EmptyState title={RESPONSE_MESSAGES.noResponses}>
        <p className="text-body-secondary mb-0">Responses appear here as soon as someone submits one of your forms.</p>
      </EmptyState>
    );
  } else if (list.page) {
    const viewProps = {
      responses: list.page.results,
      accountId,
      listSearch: location.search,
      now,
      label: 'Responses, newest first',
    };
    body = narrow ? <ResponseCards {...viewProps} /> : <ResponseTable {...viewProps} />;
  }

  const showPager = list.status === 'loaded' && (newer !== null || older !== null);

  return (
    <PageFrame
      title="Responses"
      actions={
        <>
          {!selectedForm && (
            <span id={exportHintId} className="small text-body-secondary">
              {EXPORT_HINT}
            </span>
          )}
          <Button
            variant="outline-primary"
            disabled={!selectedForm}
            aria-describedby={selectedForm ? undefined : exportHintId}
            onClick={() => setExportOpen(true)}
          >
            Export CSV
          </Button>
        </>
      }
    >
      <ResponseFilters
        query={query}
        onChange={updateQuery}
        formOptions={options}
        formsStatus={forms.status}
        onRetryForms={forms.retry}
      />

      <div className="response-list-status d-flex flex-wrap align-items-baseline column-gap-2 mb-2">
        <p className="small text-body-secondary mb-0" aria-live="polite">
          {[
            list.count !== null ? countText(list.count, filtered) : '',
            hiddenSpam !== undefined ? hiddenSpamText(hiddenSpam) : '',
            query.spam === 'spam' ? 'Showing spam only' : '',
          ]
            .filter(Boolean)
            .join(' · ')}
        </p>
        {hiddenSpam !== undefined && (
          <Button variant="link" size="sm" className="p-0 align-baseline" onClick={showSpam}>
            Show spam
          </Button>
        )}
        {query.spam === 'spam' && (
          <Button variant="link" size="sm" className="p-0 align-baseline" onClick={hideSpam}>
            Hide spam
          </Button>
        )}
      </div>

      <div ref={resultsRef} tabIndex={-1} role="region" aria-label="Responses" className="response-results" aria-busy={list.status === 'loading'}>
        {body}
      </div>

      {showPager && (
        <nav aria-label="Response pages" className="d-flex justify-content-between gap-2 mt-3">
          <Button variant="outline-secondary" disabled={newer === null} onClick={() => goToPage(newer)}>
            <span aria-hidden="true">← </span>Newer
          </Button>
          <Button variant="outline-secondary" disabled={older === null} onClick={() => goToPage(older)}>
            Older<span aria-hidden="true"> →</span>
          </Button>
        </nav>
      )}

      <ExportResponsesDialog show={exportOpen && selectedForm !== null} onHide={() => setExportOpen(false)} accountId={accountId} form={selectedForm} />
    </PageFrame>
  );
}
