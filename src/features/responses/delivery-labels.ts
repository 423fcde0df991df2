import type { DeliveryStatus, ResponseDelivery } from '../../api/form-responses';

/** The spec §1 names of the integration kinds, as the integrations screens show them. */
export const INTEGRATION_NAMES: Readonly<Record<ResponseDelivery['kind'], string>> = {
  zapier: 'Zapier',
  clio: 'Clio',
  centerbase: 'Centerbase',
};

export interface StatusLook {
  label: string;
  bg: 'success' | 'info' | 'warning' | 'danger' | 'secondary';
  /** Dark text on the light backgrounds (contrast). */
  text?: 'dark';
}

/**
 * A delivery status in words. `pending` reads as "Waiting to retry" once an attempt failed (the next try is
 * scheduled), and as "Queued" before the first one.
 */
export function deliveryStatusLook(status: DeliveryStatus, attemptCount = 0): StatusLook {
  switch (status) {
    case 'succeeded':
      return { label: 'Delivered', bg: 'success' };
    case 'sending':
      return { label: 'Sending', bg: 'info', text: 'dark' };
    case 'pending':
      return attemptCount > 0 ? { label: 'Waiting to retry', bg: 'warning', text: 'dark' } : { label: 'Queued', bg: 'info', text: 'dark' };
    case 'failed':
      return { label: 'Failed', bg: 'danger' };
    case 'blocked':
      return { label: 'Blocked', bg: 'danger' };
    case 'cancelled':
      return { label: 'Cancelled', bg: 'secondary' };
  }
}

/** The list's badge: one status per response, without its attempts, so waiting and sending read as one. */
export function listDeliveryLook(status: DeliveryStatus): StatusLook {
  return status === 'pending' ? deliveryStatusLook('sending') : deliveryStatusLook(status);
}

/** What a status means for the firm, under the badge; null when the badge says enough. */
export const DELIVERY_STATUS_HINTS: Readonly<Record<DeliveryStatus, string | null>> = {
  succeeded: null,
  sending: null,
  pending: null,
  failed: 'Automatic retries have stopped. Fix the cause, then push it again.',
  blocked: 'Waiting for the integration to be reconnected; it resumes then.',
  cancelled: 'It will not be sent to this target.',
};

/** `zapier:{hookId}` names one Zap's hook; Clio and Centerbase have one target each (their integration), named by the kind. */
export function targetLabel(delivery: Pick<ResponseDelivery, 'kind' | 'target'>): string | null {
  const prefix = `${delivery.kind}:`;
  if (delivery.kind !== 'zapier' || !delivery.target.startsWith(prefix)) return null;
  return `Hook ${delivery.target.slice(prefix.length, prefix.length + 8)}`;
}

export const ERROR_KIND_TEXT: Readonly<Record<NonNullable<ResponseDelivery['attempts'][number]['errorKind']>, string>> = {
  network: 'Network error',
  timeout: 'Timed out',
  http: 'HTTP error',
  auth: 'Not authorised',
  validation: 'Rejected data',
  rate_limited: 'Rate limited',
  config: 'Set-up problem',
};

/**
 * While a delivery is moving (sending, or due within a minute) the detail is fetched again this often, so the
 * panel follows the engine without a reload; a retry hours away is left to the minute clock to bring closer.
 */
export const DELIVERY_POLL_MS = 3_000;
const SOON_MS = 60_000;

export function isDeliveryMoving(deliveries: readonly Pick<ResponseDelivery, 'status' | 'nextAttemptAt'>[], now: number): boolean {
  return deliveries.some((delivery) => {
    if (delivery.status === 'sending') return true;
    if (delivery.status !== 'pending') return false;
    const due = delivery.nextAttemptAt ? Date.parse(delivery.nextAttemptAt) : Number.NaN;
    return Number.isNaN(due) || due - now <= SOON_MS;
  });
}
