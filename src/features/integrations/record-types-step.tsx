import { Suspense, lazy } from 'react';
import type { ReactNode } from 'react';
import { fieldMapsApi } from '../../api/field-maps';
import type { IntegrationApi, MappedIntegrationKind } from '../../api/field-maps';
import { useErrorToast } from '../../app/use-error-toast';
import { loadStatusOf } from '../../domain/load-status';
import { INTEGRATION_MESSAGES } from './integration-messages';
import { LoadFailed } from './integration-page-parts';
import { FieldCount } from './integration-stepper-frame';

// The editor and react-select load only when a field-map step opens.
const RecordTypeFieldMaps = lazy(async () => ({ default: (await import('./field-maps/record-type-field-maps')).RecordTypeFieldMaps }));

/**
 * The record-types step of Clio's and Centerbase's steppers: the record types read from the system, with their field
 * counts; `emptyHint` says how to get them; `footer` (given the record types) adds what one system offers more.
 */
export function RecordTypesStep({ accountId, kind, name, emptyHint, footer }: {
  accountId: number;
  kind: MappedIntegrationKind;
  /** The system's name, as the screens show it. */
  name: string;
  emptyHint: string;
  footer?: (records: IntegrationApi[]) => ReactNode;
}) {
  const apis = fieldMapsApi.useListIntegrationApisQuery({ accountId, kind });
  useErrorToast(apis.error, INTEGRATION_MESSAGES.apiLoadFailed);
  const status = loadStatusOf(apis);
  if (status === 'failed') return <LoadFailed message={INTEGRATION_MESSAGES.apiLoadFailed} onRetry={() => void apis.refetch()} />;
  if (status === 'loading') return <p className="text-body-secondary mb-0">Loading record types…</p>;
  const records = apis.currentData?.results ?? [];
  return (
    <div className="d-grid gap-3">
      <p className="mb-0">What a response can create in {name}. Map each one's fields in the next step.</p>
      {records.length === 0 ? (
        <div className="border rounded bg-body-tertiary p-4">
          <p className="fw-semibold mb-1">No record types yet</p>
          <p className="mb-0 text-body-secondary">{emptyHint}</p>
        </div>
      ) : (
        <ul className="list-group" aria-label={`${name} record types`}>
          {records.map((api) => (
            <li key={api.id} className="list-group-item d-flex flex-wrap justify-content-between gap-2">
              <span className="fw-semibold">{api.name}</span>
              <FieldCount accountId={accountId} kind={kind} api={api} />
            </li>
          ))}
        </ul>
      )}
      {footer?.(records)}
    </div>
  );
}

/** The field-maps step: the field maps of each record type, in the shared editor. */
export function FieldMapsStep({ accountId, formId, kind }: { accountId: number; formId: string; kind: MappedIntegrationKind }) {
  return (
    <Suspense fallback={<p className="text-body-secondary mb-0">Loading field maps…</p>}>
      <RecordTypeFieldMaps accountId={accountId} formId={formId} kind={kind} />
    </Suspense>
  );
}
