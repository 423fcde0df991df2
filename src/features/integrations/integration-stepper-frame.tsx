import type { ReactNode } from 'react';
import { useNavigate } from 'react-router';
import { fieldMapsApi } from '../../api/field-maps';
import type { IntegrationApi, MappedIntegrationKind } from '../../api/field-maps';
import type { Integration } from '../../api/integrations';
import { useAppDispatch } from '../../app/hooks';
import { PageSpinner } from '../../app/layouts/page-spinner';
import { PageFrame } from '../../components/page-frame';
import { Stepper } from '../../components/stepper/stepper';
import type { StepperItem } from '../../components/stepper/stepper';
import { loadStatusOf, type LoadStatus } from '../../domain/load-status';
import { INTEGRATION_MESSAGES } from './integration-messages';
import { ConnectionBadge, LoadFailed } from './integration-page-parts';
import { stepperStepChanged } from './integration-slice';

/**
 * One integration's page (spec §2): its name and connection state, then the stepper over its steps once it has loaded,
 * with the spec's load-failure message otherwise. Save on the last step returns to the list.
 */
export function IntegrationStepperFrame({ title, integration, status, onRetry, items, step, listPath, children }: {
  title: string;
  integration: Integration | null;
  status: LoadStatus;
  onRetry: () => void;
  items: StepperItem[];
  step: number;
  listPath: string;
  children: ReactNode;
}) {
  const dispatch = useAppDispatch();
  const navigate = useNavigate();
  return (
    <PageFrame title={title} actions={status === 'loaded' ? <ConnectionBadge integration={integration} /> : undefined}>
      {status === 'loading' && <PageSpinner label={`Loading ${title}…`} />}
      {status === 'failed' && <LoadFailed message={INTEGRATION_MESSAGES.loadFailed} onRetry={onRetry} />}
      {status === 'loaded' && (
        <Stepper
          label={`${title} setup`}
          items={items}
          current={step}
          onStepChange={(index) => dispatch(stepperStepChanged(index))}
          listPath={listPath}
          onSave={() => void navigate(listPath)}
        >
          {children}
        </Stepper>
      )}
    </PageFrame>
  );
}

/** How many fields a record type has, as the record-types steps list them. */
export function FieldCount({ accountId, kind, api }: { accountId: number; kind: MappedIntegrationKind; api: IntegrationApi }) {
  const fields = fieldMapsApi.useGetApiFieldListQuery({ accountId, kind, apiId: api.id });
  if (loadStatusOf(fields) === 'failed') return <span className="text-danger-emphasis">Fields not loaded</span>;
  if (!fields.currentData) return <span className="text-body-secondary">Counting fields…</span>;
  const count = fields.currentData.count;
  return <span>{count === 1 ? '1 field' : `${count} fields`}</span>;
}
