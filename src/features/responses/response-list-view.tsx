import type { MouseEvent, ReactNode } from 'react';
import { Link, useNavigate } from 'react-router';
import Badge from 'react-bootstrap/Badge';
import Placeholder from 'react-bootstrap/Placeholder';
import type { FormResponseListItem } from '../../api/form-responses';
import { EmptyState as ListEmptyState, ListSkeleton, ListTable } from '../../components/list-card';
import { useAppSelector } from '../../app/hooks';
import { ResponseTime } from '../../components/response-time';
import { listDeliveryLook } from './delivery-labels';
import { responseDetailPath } from './response-paths';
import { selectSelectedResponseId } from './response-slice';
import type { ResponseLinkState } from './response-paths';

export interface ResponseListViewProps {
  responses: readonly FormResponseListItem[];
  accountId: number;
  /** The list's query ('' or '?…'), handed to the detail for its back link. */
  listSearch: string;
  now: number;
  /** Names the list for assistive technology ("Responses, newest first"). */
  label: string;
}

/**
 * What a row's link adds for a screen reader after its visible time: whose response and to which form. Added as
 * hidden text, not as an aria-label, so the link's name starts with what it shows (WCAG 2.5.3 label in name: a
 * voice-control user says what they see).
 */
function ResponseLinkContext({ response }: { response: { summary: { value: string }[]; formName: string } }) {
  const who = response.summary[0]?.value;
  return <span className="visually-hidden">{`: response${who ? ` from ${who}` : ''} to ${response.formName}`}</span>;
}

function SpamBadge() {
  return (
    <Badge bg="warning" text="dark" className="response-spam-badge">
      Spam
    </Badge>
  );
}

/** Where its pushes to integrations stand; spam is never pushed, so a spam row shows only its spam badge. */
function DeliveryBadge({ response, className }: { response: FormResponseListItem; className?: string }) {
  if (!response.deliveryStatus || response.isSpam) return null;
  const look = listDeliveryLook(response.deliveryStatus);
  return (
    <Badge bg={look.bg} text={look.text} className={['response-delivery-badge', className].filter(Boolean).join(' ')}>
      <span className="visually-hidden">Delivery: </span>
      {look.label}
    </Badge>
  );
}

/** The response started from a prefill. */
function PrefilledBadge({ className }: { className?: string }) {
  return (
    <Badge bg="light" text="dark" className={['border', className].filter(Boolean).join(' ')}>
      Prefilled
    </Badge>
  );
}

function Summary({ response }: { response: FormResponseListItem }) {
  if (response.summary.length === 0) return <span className="text-body-secondary fst-italic">No answers</span>;
  return (
    <dl className="response-summary mb-0">
      {response.summary.map((item, index) => (
        <div key={index} className="response-summary-item">
          {/* "What happened?:" reads badly: the colon only follows labels that do not end in punctuation. */}
          <dt className={/[?:.!]\s*$/.test(item.label) ? 'is-punctuated' : undefined}>{item.label}</dt>
          <dd>{item.value}</dd>
        </div>
      ))}
    </dl>
  );
}

/** True when the click landed on something with its own action (the row's link, a button). */
function onInteractive(event: MouseEvent<HTMLElement>): boolean {
  return event.target instanceof Element && event.target.closest('a, button, input, select, textarea, label') !== null;
}

/**
 * Desktop: a table whose rows open the response. The submitted time is the row's link (keyboard and screen readers
 * reach the detail through it); a click anywhere else on the row does the same for pointer users.
 */
export function ResponseTable({ responses, accountId, listSearch, now, label }: ResponseListViewProps) {
  const selectedId = useAppSelector(selectSelectedResponseId);
  const navigate = useNavigate();
  const state: ResponseLinkState = { listSearch };
  return (
    <ListTable caption={label} className="response-list">
      <thead>
        <tr>
          <th scope="col" className="text-nowrap">
            Submitted
          </th>
          <th scope="col">Form</th>
          <th scope="col">Summary</th>
          <th scope="col">
            <span className="visually-hidden">Status</span>
          </th>
        </tr>
      </thead>
      <tbody>
        {responses.map((response) => {
          const to = responseDetailPath(accountId, response.id);
          const selected = response.id === selectedId;
          return (
            <tr
              key={response.id}
              className={`response-row${response.isSpam ? ' is-spam' : ''}${selected ? ' table-active' : ''}`}
              aria-current={selected ? 'true' : undefined}
              onClick={(event) => {
                if (onInteractive(event) || event.button !== 0) return;
                // A selection in progress is reading, not opening.
                if (window.getSelection()?.toString()) return;
                void navigate(to, { state });
              }}
            >
              <td className="text-nowrap">
                <Link to={to} state={state} className="response-link">
                  <ResponseTime iso={response.submittedAt} now={now} />
                  <ResponseLinkContext response={response} />
                </Link>
              </td>
              <td className="response-form-name">{response.formName}</td>
              <td className="response-summary-cell">
                <Summary response={response} />
              </td>
              <td className="text-end text-nowrap">
                {response.isSpam && <SpamBadge />}
                <DeliveryBadge response={response} />
                {response.prefill && <PrefilledBadge className="ms-1" />}
              </td>
            </tr>
          );
        })}
      </tbody>
    </ListTable>
  );
}

/** Phones: one card per response; the whole card opens it (its link is stretched over the card). */
export function ResponseCards({ responses, accountId, listSearch, now, label }: ResponseListViewProps) {
  const state: ResponseLinkState = { listSearch };
  return (
    <ul className="response-cards list-unstyled d-grid gap-3 mb-0" aria-label={label}>
      {responses.map((response) => (
        <li key={response.id} className={`card response-card${response.isSpam ? ' is-spam' : ''}`}>
          <div className="card-body d-grid gap-2">
            <div className="d-flex align-items-start justify-content-between gap-2">
              <h2 className="h6 mb-0 response-form-name">{response.formName}</h2>
              <span className="d-flex gap-1 flex-shrink-0">
                {response.isSpam && <SpamBadge />}
                <DeliveryBadge response={response} />
                {response.prefill && <PrefilledBadge />}
              </span>
            </div>
            <Link
              to={responseDetailPath(accountId, response.id)}
              state={state}
              className="response-link stretched-link small"
            >
              <ResponseTime iso={response.submittedAt} now={now} inline />
              <ResponseLinkContext response={response} />
            </Link>
            <Summary response={response} />
          </div>
        </li>
      ))}
    </ul>
  );
}

/** Shape of the list while it loads; the spoken label says what is happening. */
export function ResponseListSkeleton({ narrow }: { narrow: boolean }) {
  return (
    <ListSkeleton
      label="Loading responses…"
      narrow={narrow}
      rows={4}
      card={
        <>
          <Placeholder xs={6} />
          <Placeholder xs={4} size="sm" />
          <Placeholder xs={10} size="sm" />
        </>
      }
      row={
        <>
          <span className="d-grid gap-2" style={{ width: '10rem' }}>
            <Placeholder xs={8} />
            <Placeholder xs={11} size="sm" />
          </span>
          <Placeholder style={{ width: '8rem' }} size="sm" />
          <span className="flex-grow-1 d-grid gap-2">
            <Placeholder xs={7} size="sm" />
            <Placeholder xs={5} size="sm" />
          </span>
        </>
      }
    />
  );
}

/** Under the filters the empty and failed states stand unframed. */
export function EmptyState({ title, children }: { title: string; children?: ReactNode }) {
  return (
    <ListEmptyState title={title} className="response-empty">
      {children}
    </ListEmptyState>
  );
}
