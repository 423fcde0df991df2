import { useId, useState } from 'react';
import { Link } from 'react-router';
import Alert from 'react-bootstrap/Alert';
import Badge from 'react-bootstrap/Badge';
import Button from 'react-bootstrap/Button';
import { isHandledByClient } from '../../api/errors';
import { formResponsesApi } from '../../api/form-responses';
import type { AttemptPushResult, FormResponseDetail, ResponseDelivery } from '../../api/form-responses';
import { showErrorToast, showSuccessToast } from '../../app/app-slice';
import { useAppDispatch } from '../../app/hooks';
import { LoadingButton } from '../../components/loading-button';
import { ResponseTime } from '../../components/response-time';
import { useNarrowScreen } from '../../components/use-narrow-screen';
import { formatExactTime, formatPreciseTime, formatRelativeTime } from '../../domain/intl-format';
import {
  DELIVERY_POLL_MS,
  DELIVERY_STATUS_HINTS,
  ERROR_KIND_TEXT,
  INTEGRATION_NAMES,
  deliveryStatusLook,
  isDeliveryMoving,
  targetLabel,
} from './delivery-labels';
import type { StatusLook } from './delivery-labels';
import { RESPONSE_MESSAGES } from './response-messages';

const SPAM_HINT = 'Spam is not pushed to integrations. Mark it as not spam to push it.';

function DeliveryStatusBadge({ look, className }: { look: StatusLook; className?: string }) {
  return (
    <Badge bg={look.bg} text={look.text} className={className}>
      {look.label}
    </Badge>
  );
}

/** "in 5 minutes (Nov 25, 2026, 9:41 AM)", in the user's zone; a time already reached reads "due now". */
function NextTry({ iso, now }: { iso: string; now: number }) {
  const due = Date.parse(iso);
  const inSeconds = (due - now) / 1000;
  const relative = inSeconds <= 0 ? 'due now' : inSeconds < 45 ? 'in a few seconds' : formatRelativeTime(iso, now);
  return (
    <time dateTime={iso}>
      {relative}
      <span className="text-body-secondary"> ({formatExactTime(iso)})</span>
    </time>
  );
}

function duration(ms: number | null): string {
  if (ms === null) return '—';
  return ms < 1000 ? `${ms} ms` : `${(ms / 1000).toFixed(1)} s`;
}

type Attempt = ResponseDelivery['attempts'][number];

/** The attempt's error in words (an HTTP error's message already names its status), and what the remote answered. */
function AttemptError({ attempt }: { attempt: Attempt }) {
  const kind = attempt.errorKind && attempt.errorKind !== 'http' ? ERROR_KIND_TEXT[attempt.errorKind] : null;
  return (
    <>
      {kind || attempt.errorMessage ? (
        <>
          {kind && <span className="fw-semibold">{kind}: </span>}
          {attempt.errorMessage}
        </>
      ) : attempt.durationMs === null ? (
        'In progress'
      ) : (
        <span className="text-body-secondary">No error</span>
      )}
      {attempt.responseExcerpt && (
        <details className="mt-1">
          <summary>What it answered</summary>
          <pre className="delivery-excerpt mb-0">{attempt.responseExcerpt}</pre>
        </details>
      )}
    </>
  );
}

/** Phones: one block per attempt instead of a table wider than the screen. */
function AttemptList({ id, attempts }: { id: string; attempts: readonly Attempt[] }) {
  return (
    <ol id={id} className="list-unstyled d-grid gap-2 mt-2 mb-0 small" aria-label="Attempts, newest first">
      {attempts.map((attempt) => (
        <li key={attempt.attemptNo} className="border rounded p-2">
          <div className="fw-semibold">
            Attempt {attempt.attemptNo} · <time dateTime={attempt.startedAt}>{formatPreciseTime(attempt.startedAt)}</time>
          </div>
          <div className="text-body-secondary">
            {duration(attempt.durationMs)} · HTTP status {attempt.responseStatus ?? '—'}
          </div>
          <div className="delivery-attempt-error">
            <AttemptError attempt={attempt} />
          </div>
        </li>
      ))}
    </ol>
  );
}

function AttemptHistory({ delivery }: { delivery: ResponseDelivery }) {
  const [open, setOpen] = useState(false);
  const narrow = useNarrowScreen();
  const tableId = useId();
  const count = delivery.attempts.length;
  return (
    <div className="mt-2">
      <Button variant="link" size="sm" className="p-0" aria-expanded={open} aria-controls={tableId} onClick={() => setOpen(!open)}>
        {open ? 'Hide attempts' : `Show ${count === 1 ? 'the attempt' : `all ${count} attempts`}`}
      </Button>
      {open && narrow && <AttemptList id={tableId} attempts={delivery.attempts} />}
      {open && !narrow && (
        <div id={tableId} className="table-responsive mt-2">
          <table className="table table-sm align-top small mb-0 delivery-attempts">
            <caption className="visually-hidden">Attempts, newest first</caption>
            <thead>
              <tr>
                <th scope="col">#</th>
                <th scope="col">Started</th>
                <th scope="col">Duration</th>
                <th scope="col">HTTP status</th>
                <th scope="col">Error</th>
              </tr>
            </thead>
            <tbody>
              {delivery.attempts.map((attempt) => (
                <tr key={attempt.attemptNo}>
                  <td>{attempt.attemptNo}</td>
                  <td className="text-nowrap">
                    <time dateTime={attempt.startedAt}>{formatPreciseTime(attempt.startedAt)}</time>
                  </td>
                  <td className="text-nowrap">{duration(attempt.durationMs)}</td>
                  <td>{attempt.responseStatus ?? '—'}</td>
                  <td className="delivery-attempt-error">
                    <AttemptError attempt={attempt} />
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </div>
  );
}

function DeliveryItem({ delivery, now }: { delivery: ResponseDelivery; now: number }) {
  const look = deliveryStatusLook(delivery.status, delivery.attemptCount);
  const target = targetLabel(delivery);
  const hint = DELIVERY_STATUS_HINTS[delivery.status];
  const headingId = useId();
  return (
    <li className="list-group-item py-3" aria-labelledby={headingId}>
      <div className="d-flex flex-wrap align-items-center gap-2">
        <h3 id={headingId} className="h6 mb-0">
          {INTEGRATION_NAMES[delivery.kind]}
          {target && (
            <>
              {' '}
              <span className="fw-normal text-body-secondary">· {target}</span>
            </>
          )}
        </h3>
        <DeliveryStatusBadge look={look} />
      </div>
      {hint && <p className="small text-body-secondary mb-0 mt-1">{hint}</p>}
      <dl className="response-meta delivery-facts mt-2">
        <dt>Attempts</dt>
        <dd>{delivery.attemptCount}</dd>
        {delivery.lastError && delivery.status !== 'succeeded' && (
          <>
            <dt>Last error</dt>
            <dd className="text-danger-emphasis">{delivery.lastError}</dd>
          </>
        )}
        {delivery.nextAttemptAt && delivery.status === 'pending' && (
          <>
            <dt>Next try</dt>
            <dd>
              <NextTry iso={delivery.nextAttemptAt} now={now} />
            </dd>
          </>
        )}
        {delivery.succeededAt && (
          <>
            <dt>Delivered at</dt>
            <dd>
              <ResponseTime iso={delivery.succeededAt} now={now} inline />
            </dd>
          </>
        )}
        {delivery.externalRef && (
          <>
            <dt>External reference</dt>
            <dd className="font-monospace small">{delivery.externalRef}</dd>
          </>
        )}
      </dl>
      {delivery.attempts.length > 0 && <AttemptHistory delivery={delivery} />}
    </li>
  );
}

/** What the last push did, one line per delivery, until the user closes it. */
function PushResults({ results, onClose }: { results: AttemptPushResult['results']; onClose: () => void }) {
  const allDelivered = results.length > 0 && results.every((result) => result.status === 'succeeded');
  return (
    <Alert
      variant={results.length === 0 ? 'info' : allDelivered ? 'success' : 'warning'}
      dismissible
      onClose={onClose}
      closeLabel="Close push results"
      className="m-3 mb-0"
      role="status"
    >
      {results.length === 0 ? (
        'Nothing was pushed: no integration is set up to receive this form’s responses.'
      ) : (
        <>
          <p className="fw-semibold mb-1">Push results</p>
          <ul className="mb-0 ps-3">
            {results.map((result, index) => (
              <li key={index}>
                {INTEGRATION_NAMES[result.kind]}: {deliveryStatusLook(result.status, result.error ? 1 : 0).label}
                {result.error && ` — ${result.error}`}
              </li>
            ))}
          </ul>
        </>
      )}
    </Alert>
  );
}

export interface ResponseDeliveriesProps {
  accountId: number;
  response: FormResponseDetail;
  now: number;
}

/**
 * The response's pushes to integrations (INTEGRATIONS.md "Screens"): each delivery's state, its attempts with their
 * errors and the next try, and 'Push to integrations' to send now. While a delivery is moving the detail is fetched
 * again every few seconds (RTK Query polling: it stops once all settle, or when the page is left).
 */
export function ResponseDeliveries({ accountId, response, now }: ResponseDeliveriesProps) {
  const dispatch = useAppDispatch();
  const deliveries = response.deliveries ?? [];
  const [push, { isLoading: pushing }] = formResponsesApi.useAttemptPushMutation();
  const [results, setResults] = useState<AttemptPushResult['results'] | null>(null);
  const headingId = useId();
  const spamHintId = useId();

  const moving = !pushing && isDeliveryMoving(deliveries, now);
  formResponsesApi.useGetResponseQuery({ accountId, id: response.id }, { pollingInterval: moving ? DELIVERY_POLL_MS : 0 });

  const pushNow = async () => {
    if (pushing || response.isSpam) return;
    setResults(null);
    try {
      const answer = await push({ accountId, id: response.id }).unwrap();
      setResults(answer.results);
      const allDelivered = answer.results.every((result) => result.status === 'succeeded');
      if (!allDelivered) dispatch(showErrorToast(RESPONSE_MESSAGES.pushFailed));
      else if (answer.results.length > 0) dispatch(showSuccessToast());
    } catch (error) {
      if (!isHandledByClient(error)) dispatch(showErrorToast(RESPONSE_MESSAGES.pushFailed));
    }
  };

  const integrationsPath = `/${accountId}/build/${encodeURIComponent(response.formTemplate.id)}/integrations`;

  return (
    <section className="card" aria-labelledby={headingId} aria-busy={pushing || undefined}>
      <div className="card-header bg-body-tertiary d-flex flex-wrap align-items-center gap-2">
        <h2 id={headingId} className="response-page-title flex-grow-1">
          Deliveries
        </h2>
        <LoadingButton
          size="sm"
          variant="outline-primary"
          loading={pushing}
          disabled={response.isSpam}
          aria-describedby={response.isSpam ? spamHintId : undefined}
          onClick={() => void pushNow()}
        >
          Push to integrations
        </LoadingButton>
      </div>
      {response.isSpam && (
        <p id={spamHintId} className="small text-body-secondary px-3 pt-2 mb-0">
          {SPAM_HINT}
        </p>
      )}
      {results && <PushResults results={results} onClose={() => setResults(null)} />}
      {deliveries.length === 0 ? (
        <div className="card-body">
          <p className="mb-1">This response has not been sent to any integration.</p>
          {response.formTemplate.archived ? (
            <p className="small text-body-secondary mb-0">Its form is archived.</p>
          ) : (
            <p className="small text-body-secondary mb-0">
              To send this form’s responses to Zapier, Clio or Centerbase,{' '}
              <Link to={integrationsPath}>set up its integrations</Link>.
            </p>
          )}
        </div>
      ) : (
        <ul className="list-group list-group-flush" aria-label="Deliveries to integrations">
          {deliveries.map((delivery) => (
            <DeliveryItem key={delivery.id} delivery={delivery} now={now} />
          ))}
        </ul>
      )}
    </section>
  );
}
