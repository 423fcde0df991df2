import { useEffect, useState } from 'react';
import { skipToken } from '@reduxjs/toolkit/query';
import { INTEGRATION_RESPONSES_MAX_PAGE, integrationsApi } from '../../api/integrations';
import type { DeliverySummary, IntegrationKind, IntegrationResponsePage } from '../../api/integrations';
import { showErrorToast, showSuccessToast, toastShown } from '../../app/app-slice';
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
const SEND_POLL_MS = 3000;
/** A send still running after this long is left to the counts: the toast would come too late to mean anything. */
const SEND_WATCH_MS = 5 * 60_000;

/**
 * Still going out: sending, or waiting and due now. A delivery waiting for a later retry has had its attempt and
 * failed; it counts as settled, or a firm would watch a spinner for the two days of the retry schedule.
 */
function isInFlight(delivery: DeliverySummary | null, now: number): boolean {
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

interface SendToast {
  variant: 'success' | 'danger';
  message: string;
}

/** What the unsent list says about a send: all gone, settled with some left, still going, or watched long enough. */
function sendOutcome(page: IntegrationResponsePage, sentAt: number, at: number): SendToast | 'watching' | 'gave-up' {
  if (page.results.length === 0) return { variant: 'success', message: INTEGRATION_MESSAGES.allSent };
  if (!page.results.some((row) => isInFlight(row.delivery, at))) {
    return { variant: 'danger', message: `${responsesText({ value: page.results.length, more: page.next !== null })} could not be sent yet` };
  }
  return at - sentAt > SEND_WATCH_MS ? 'gave-up' : 'watching';
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
  const [watching, setWatching] = useState(false);
  const [toast, setToast] = useState<SendToast | null>(null);
  const pollingInterval = watching ? SEND_POLL_MS : 0;
  const args = (status: 'unsent' | 'failed') =>
    skip ? skipToken : { accountId, kind, status, formTemplate: formId, pageSize: INTEGRATION_RESPONSES_MAX_PAGE };
  const unsent = integrationsApi.useListIntegrationResponsesQuery(args('unsent'), { pollingInterval });
  const failed = integrationsApi.useListIntegrationResponsesQuery(args('failed'), { pollingInterval });
  useErrorToast(unsent.error, INTEGRATION_MESSAGES.apiLoadFailed);
  useErrorToast(failed.error, INTEGRATION_MESSAGES.apiLoadFailed);
  const [sendUnsent, sendResult] = integrationsApi.useSendUnsentMutation();

  const send = async () => {
    try {
      await sendUnsent({ accountId, kind }).unwrap();
    } catch (error) {
      if (!isHandledByClient(error)) dispatch(showErrorToast());
      return;
    }
    dispatch(showSuccessToast(INTEGRATION_MESSAGES.sending));
    setWatching(true);
  };

  const unsentPage = unsent.currentData;
  // Only a list asked for after the server accepted the send says anything about it (the send's answer invalidates
  // the list, so one is asked for at once); its answer time is "now" for it.
  const sentAt = sendResult.fulfilledTimeStamp;
  const fresh = !unsent.isFetching && sentAt !== undefined && unsent.startedTimeStamp !== undefined && unsent.startedTimeStamp >= sentAt;
  if (watching && fresh && unsentPage && unsent.fulfilledTimeStamp !== undefined) {
    const outcome = sendOutcome(unsentPage, sentAt, unsent.fulfilledTimeStamp);
    if (outcome !== 'watching') {
      setWatching(false);
      setToast(outcome === 'gave-up' ? null : outcome);
    }
  }
  useEffect(() => {
    if (toast) dispatch(toastShown(toast));
  }, [dispatch, toast]);

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
    queuing: sendResult.isLoading,
    sending: watching,
  };
}
