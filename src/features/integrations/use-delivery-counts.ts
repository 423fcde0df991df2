import { useEffect, useState } from 'react';
import { skipToken } from '@reduxjs/toolkit/query';
import { INTEGRATION_RESPONSES_MAX_PAGE, integrationsApi } from '../../api/integrations';
import type { DeliverySummary, IntegrationKind, IntegrationResponsePage } from '../../api/integrations';
import { showErrorToast, showSuccessToast } from '../../app/app-slice';
import { useAppDispatch } from '../../app/hooks';
import { useErrorToast } from '../../app/use-error-toast';
import { isHandledByClient } from '../../api/errors';
import { loadStatusOf } from '../../domain/load-status';
import type { ScreenStatus } from '../../domain/load-status';
import { INTEGRATION_MESSAGES } from './integration-messages';

/**
 * A count read from one page of the list: exact up to the server's largest page, "200+" beyond (the list carries no
 * total, and counting a firm's whole history on every visit is not worth it).
 */
export interface BoundedCount {
  value: number;
  more: boolean;
}

export const countText = ({ value, more }: BoundedCount) => (more ? `${value}+` : String(value));

function countOf(page: IntegrationResponsePage | undefined): BoundedCount | null {
  return page ? { value: page.results.length, more: page.next !== null } : null;
}

/** While sending unsent responses, the counts are read again this often. */
export const SEND_POLL_MS = 3000;
/** A send still running after this long is left to the counts: the toast would come too late to mean anything. */
const SEND_WATCH_MS = 5 * 60_000;

/**
 * Still going out: sending, or waiting and due now. A delivery waiting for a later retry has had its attempt and
 * failed; it counts as settled, or a firm would watch a spinner for the two days of the retry schedule.
 */
export function isInFlight(delivery: DeliverySummary | null, now: number): boolean {
  if (!delivery) return false;
  if (delivery.status === 'sending') return true;
  if (delivery.status !== 'pending') return false;
  return delivery.nextAttemptAt === null || Date.parse(delivery.nextAttemptAt) <= now;
}

export interface FormDeliveries {
  status: ScreenStatus;
  unsent: BoundedCount | null;
  failed: BoundedCount | null;
  retry: () => void;
  send: () => void;
  /** The send call is under way. */
  queuing: boolean;
  /** Sent: the counts are being watched until the unsent ones have gone out or settled. */
  sending: boolean;
}

const responsesText = (count: BoundedCount) => `${countText(count)} ${count.value === 1 && !count.more ? 'response' : 'responses'}`;

/**
 * This form's unsent and failed responses for one integration (`skip` when the account has none of that kind), and
 * 'Send unsent' (INTEGRATIONS.md). The server answers `202 {queued}` at once and sends in the background, so the screen
 * says 'Sending unsent responses', reads this form's unsent list every few seconds, and says 'All responses have been
 * sent successfully' only once that list is empty. When the rest has settled without getting through, it says how
 * many are still unsent instead, and the failed count shows why.
 */
export function useFormDeliveries(accountId: number, kind: IntegrationKind, formId: string, skip: boolean): FormDeliveries {
  const dispatch = useAppDispatch();
  const [sentAt, setSentAt] = useState<number | null>(null);
  const pollingInterval = sentAt === null ? 0 : SEND_POLL_MS;
  const args = (status: 'unsent' | 'failed') =>
    skip ? skipToken : { accountId, kind, status, formTemplate: formId, pageSize: INTEGRATION_RESPONSES_MAX_PAGE };
  const unsent = integrationsApi.useListIntegrationResponsesQuery(args('unsent'), { pollingInterval });
  const failed = integrationsApi.useListIntegrationResponsesQuery(args('failed'), { pollingInterval });
  useErrorToast(unsent.error, INTEGRATION_MESSAGES.apiLoadFailed);
  useErrorToast(failed.error, INTEGRATION_MESSAGES.apiLoadFailed);
  const [sendUnsent, { isLoading: queuing }] = integrationsApi.useSendUnsentMutation();

  const send = async () => {
    try {
      await sendUnsent({ accountId, kind }).unwrap();
    } catch (error) {
      if (!isHandledByClient(error)) dispatch(showErrorToast());
      return;
    }
    dispatch(showSuccessToast(INTEGRATION_MESSAGES.sending));
    setSentAt(Date.now());
  };

  const unsentPage = unsent.currentData;
  const unsentFetchedAt = unsent.fulfilledTimeStamp;
  useEffect(() => {
    // Only an answer asked for after the send says anything about it.
    if (sentAt === null || !unsentPage || unsentFetchedAt === undefined || unsentFetchedAt <= sentAt) return;
    const now = Date.now();
    if (unsentPage.results.length === 0) {
      dispatch(showSuccessToast(INTEGRATION_MESSAGES.allSent));
      setSentAt(null);
    } else if (!unsentPage.results.some((row) => isInFlight(row.delivery, now))) {
      dispatch(showErrorToast(`${responsesText({ value: unsentPage.results.length, more: unsentPage.next !== null })} could not be sent yet`));
      setSentAt(null);
    } else if (now - sentAt > SEND_WATCH_MS) {
      setSentAt(null);
    }
  }, [dispatch, sentAt, unsentPage, unsentFetchedAt]);

  const unsentStatus = loadStatusOf(unsent);
  const failedStatus = loadStatusOf(failed);
  const status: ScreenStatus =
    unsentStatus === 'failed' || failedStatus === 'failed' ? 'failed' : unsentStatus === 'loaded' && failedStatus === 'loaded' ? 'loaded' : 'loading';
  return {
    status,
    unsent: countOf(unsentPage),
    failed: countOf(failed.currentData),
    retry: () => {
      if (unsent.isError) void unsent.refetch();
      if (failed.isError) void failed.refetch();
    },
    send: () => void send(),
    queuing,
    sending: sentAt !== null,
  };
}
