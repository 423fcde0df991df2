/**
 * Spec §8 texts the field-map screens show that `FIELD_MAP_MESSAGES` (src/domain/messages.ts) does not hold: the
 * integration-side load failures and the select's empty state. Verbatim from the spec.
 */
export const FIELD_MAP_SCREEN_MESSAGES = {
  apiFieldsFailed: 'Unable to load API fields',
  apisFailed: 'Unable to load integration API data',
  noMatchingOptions: 'Sorry, no matching options.',
  /** Ours: what the record-types step says before an adapter has fetched any record type. */
  noApis: 'Connect the integration first',
} as const;

export const INTEGRATION_LABELS = { clio: 'Clio', centerbase: 'Centerbase' } as const;
