import { useId } from 'react';
import { Link } from 'react-router';
import Form from 'react-bootstrap/Form';
import Placeholder from 'react-bootstrap/Placeholder';
import { integrationsApi } from '../../api/integrations';
import type { Integration, IntegrationKind } from '../../api/integrations';
import { isHandledByClient } from '../../api/errors';
import { formTemplatesApi } from '../../api/form-templates';
import { showErrorToast, showSuccessToast } from '../../app/app-slice';
import { useAppDispatch } from '../../app/hooks';
import { useErrorToast } from '../../app/use-error-toast';
import { BackLink } from '../../components/back-link';
import { LoadingButton } from '../../components/loading-button';
import { PageFrame } from '../../components/page-frame';
import { formPermissions } from '../../domain/form-permissions';
import { isUuid, NIL_UUID } from '../../domain/ids';
import { loadStatusOf } from '../../domain/load-status';
import { INTEGRATION_INFO, INTEGRATION_KINDS, INTEGRATION_MESSAGES, integrationPaths } from './integration-messages';
import { ConnectionBadge, LoadFailed, useIntegrationParams } from './integration-page-parts';
import { countText, useFormDeliveries } from './use-delivery-counts';
import './integrations.css';

/** Whether 'Send unsent' has anywhere to send this form's responses, and if not, what to do about it. */
function sendTarget(integration: Integration, formId: string): { ok: boolean; hint: string } {
  switch (integration.kind) {
    case 'zapier':
      return integration.restHooks.some((hook) => hook.formTemplate === formId)
        ? { ok: true, hint: 'Sends every response of this account that has not reached Zapier yet.' }
        : { ok: false, hint: 'No Zap is on for this form yet: turn one on in Zapier to send its responses.' };
    case 'clio':
    case 'centerbase':
      return integration.status === 'connected'
        ? { ok: true, hint: `Sends every response of this account that has not reached ${INTEGRATION_INFO[integration.kind].name} yet.` }
        : { ok: false, hint: `Connect ${INTEGRATION_INFO[integration.kind].name} to send responses to it.` };
    default: {
      const unknown: never = integration;
      throw new Error(`Unknown integration ${String(unknown)}`);
    }
  }
}

function EnableSwitch({ accountId, integration }: { accountId: number; integration: Integration }) {
  const dispatch = useAppDispatch();
  const id = useId();
  const [setEnabled, { isLoading: switching }] = integrationsApi.useSetIntegrationEnabledMutation();
  const change = async (enabled: boolean) => {
    try {
      await setEnabled({ accountId, kind: integration.kind, id: integration.id, enabled }).unwrap();
      dispatch(showSuccessToast(INTEGRATION_MESSAGES.updated));
    } catch (error) {
      if (!isHandledByClient(error)) dispatch(showErrorToast(INTEGRATION_MESSAGES.statusFailed));
    }
  };
  return (
    <Form.Check
      type="switch"
      id={id}
      role="switch"
      checked={integration.enabled}
      // Locked while switching (spec §4): a second click cannot race the first.
      disabled={switching}
      aria-busy={switching || undefined}
      label={integration.enabled ? 'Enabled' : 'Disabled'}
      onChange={(event) => void change(event.target.checked)}
    />
  );
}

/** A count on its way: a bar to see, a word to hear (aria-label is not allowed on a plain span). */
function CountPlaceholder() {
  return (
    <>
      <Placeholder xs={12} style={{ width: '2rem' }} />
      <span className="visually-hidden">Loading</span>
    </>
  );
}

function DeliveryCounts({ accountId, formId, integration }: { accountId: number; formId: string; integration: Integration }) {
  const deliveries = useFormDeliveries(accountId, integration.kind, formId, false);
  const paths = integrationPaths(accountId, formId);
  const target = sendTarget(integration, formId);
  const hintId = useId();
  if (deliveries.status === 'failed') return <LoadFailed small message={INTEGRATION_MESSAGES.apiLoadFailed} onRetry={deliveries.retry} />;
  const { unsent, failed } = deliveries;
  return (
    <div className="d-flex flex-wrap align-items-center gap-3" aria-busy={deliveries.status === 'loading' || undefined}>
      <dl className="integration-counts mb-0" aria-live="polite">
        <div>
          <dt>Unsent</dt>
          <dd>{unsent ? countText(unsent) : <CountPlaceholder />}</dd>
        </div>
        <div>
          <dt>Failed</dt>
          <dd>
            {!failed ? (
              <CountPlaceholder />
            ) : failed.value > 0 ? (
              <Link to={paths.failedResponses} className="link-danger">
                {countText(failed)}
                <span className="visually-hidden"> failed responses: show them</span>
              </Link>
            ) : (
              '0'
            )}
          </dd>
        </div>
      </dl>
      <div className="d-flex flex-column align-items-start gap-1">
        <LoadingButton
          size="sm"
          variant="outline-primary"
          loading={deliveries.queuing}
          disabled={!target.ok || deliveries.sending}
          aria-describedby={hintId}
          onClick={deliveries.send}
        >
          {deliveries.sending ? 'Sending…' : 'Send unsent'}
        </LoadingButton>
        <span id={hintId} className="small text-body-secondary">
          {target.hint}
        </span>
      </div>
    </div>
  );
}

function IntegrationCard({ accountId, formId, kind }: { accountId: number; formId: string; kind: IntegrationKind }) {
  const info = INTEGRATION_INFO[kind];
  const query = integrationsApi.useGetIntegrationQuery({ accountId, kind });
  useErrorToast(query.error, INTEGRATION_MESSAGES.loadFailed);
  const status = loadStatusOf(query);
  const integration = query.currentData ?? null;
  const headingId = useId();
  const paths = integrationPaths(accountId, formId);
  // The built-in mapping form has no responses of its own to count or send.
  const hasResponses = isUuid(formId);
  return (
    <li className="card integration-card" aria-labelledby={headingId}>
      <div className="card-body d-grid gap-3">
        <div className="d-flex flex-wrap justify-content-between align-items-start gap-2">
          <div>
            <h2 id={headingId} className="h5 mb-1">
              {info.name}
            </h2>
            <p className="small text-body-secondary mb-0">
              {info.category} · {info.text}
            </p>
          </div>
          {status === 'loaded' && <ConnectionBadge integration={integration} />}
        </div>
        {status === 'loading' && (
          <Placeholder as="p" animation="glow" className="mb-0">
            <Placeholder xs={6} /> <Placeholder xs={4} />
            <span className="visually-hidden">Loading {info.name}…</span>
          </Placeholder>
        )}
        {status === 'failed' && <LoadFailed small message={INTEGRATION_MESSAGES.loadFailed} onRetry={() => void query.refetch()} />}
        {status === 'loaded' && (
          <>
            {integration && <EnableSwitch accountId={accountId} integration={integration} />}
            {integration && hasResponses && <DeliveryCounts accountId={accountId} formId={formId} integration={integration} />}
            <div>
              <Link to={paths.kind(kind)} className="btn btn-sm btn-outline-secondary">
                {integration ? `Open ${info.name}` : `Set up ${info.name}`}
              </Link>
            </div>
          </>
        )}
      </div>
    </li>
  );
}

/** /{accountId}/build/{formId}/integrations: Centerbase, Zapier and Clio with their state, switch and deliveries. */
export function IntegrationsPage() {
  const { accountId, formId } = useIntegrationParams();
  const saved = formId !== NIL_UUID;
  const form = formTemplatesApi.useGetFormQuery({ accountId, id: formId }, { skip: !saved });
  const name = form.currentData?.name;
  // The built-in form cannot be opened in the builder (spec §5): its way back is the form list.
  const canBuild = formPermissions(formId).create;
  return (
    <PageFrame title={name ? `Integrations: ${name}` : 'Integrations'}>
      <div className="mb-3">
        <BackLink to={canBuild ? `build/${formId}` : ''}>{canBuild ? 'Back to Form Builder' : 'Back to All Forms'}</BackLink>
      </div>
      {saved ? (
        <ul className="list-unstyled d-grid gap-3 mb-0" aria-label="Integrations">
          {INTEGRATION_KINDS.map((kind) => (
            <IntegrationCard key={kind} accountId={accountId} formId={formId} kind={kind} />
          ))}
        </ul>
      ) : (
        <p className="border rounded bg-body-tertiary p-4 mb-0" role="note">
          Save this form before connecting it to an integration.
        </p>
      )}
    </PageFrame>
  );
}
