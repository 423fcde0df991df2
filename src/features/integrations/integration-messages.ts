/** Spec §8 texts of the integration screens, and the screens' own words. */
export const INTEGRATION_MESSAGES = {
  loadFailed: 'Unable to load integration data',
  apiLoadFailed: 'Unable to load integration API data',
  statusFailed: 'Unable to change the status of this integration at this time',
  updated: 'Integration updated successfully',
  keyFailed: 'An error occurred while generating API key',
  sending: 'Sending unsent responses',
  allSent: 'All responses have been sent successfully',
} as const;

/** Spec §1: what each integration is, by kind. */
export const INTEGRATION_INFO = {
  centerbase: { name: 'Centerbase', category: 'Case management', text: 'Create contacts and matters in Centerbase from every response.' },
  zapier: { name: 'Zapier', category: 'Automation', text: 'Start a Zap with every response and send it to thousands of apps.' },
  clio: { name: 'Clio', category: 'Legal practice', text: 'Create contacts and matters in Clio Manage from every response.' },
} as const;

/** The order of the integrations list. */
export const INTEGRATION_KINDS = ['centerbase', 'zapier', 'clio'] as const;

export const STATUS_LABELS = {
  connected: 'Connected',
  needs_reauth: 'Needs reconnecting',
  error: 'Error',
  disconnected: 'Not connected',
} as const;

/** How the screens name a delivery's status. */
export const DELIVERY_STATUS_LABELS = {
  pending: 'Waiting to send',
  sending: 'Sending',
  succeeded: 'Delivered',
  failed: 'Failed',
  blocked: 'Blocked',
  cancelled: 'Cancelled',
} as const;

export const integrationPaths = (accountId: number, formId: string) => {
  const list = `/${accountId}/build/${encodeURIComponent(formId)}/integrations`;
  return {
    list,
    kind: (kind: string) => `${list}/${kind}`,
    /** The responses list filtered to this form's failed deliveries (the responses screen reads `delivery`). */
    failedResponses: `/${accountId}/responses?form=${encodeURIComponent(formId)}&delivery=failed`,
    publicForm: `/f/${encodeURIComponent(formId)}`,
  };
};
