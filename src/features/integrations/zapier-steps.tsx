import { useId } from 'react';
import { skipToken } from '@reduxjs/toolkit/query';
import { integrationsApi } from '../../api/integrations';
import type { AccountToken, Integration, IntegrationResponse } from '../../api/integrations';
import { ConfirmButton } from '../../components/confirm-button';
import { CopyButton } from '../../components/copy-button';
import { ExternalLinkIcon, InfoIcon, ICON_SIZE } from '../../components/icons';
import { LoadingButton } from '../../components/loading-button';
import { ResponseTime } from '../../components/response-time';
import { isUuid } from '../../domain/ids';
import { formatExactTime, formatRelativeTime } from '../../domain/intl-format';
import { DELIVERY_STATUS_LABELS, INTEGRATION_MESSAGES, integrationPaths } from './integration-messages';
import { LoadFailed } from './integration-page-parts';
import { useErrorToast } from '../../app/use-error-toast';
import { loadStatusOf } from '../../domain/load-status';

type ZapierIntegration = Extract<Integration, { kind: 'zapier' }>;

/** The test step reads this form's latest delivery this often while it is shown. */
const LATEST_DELIVERY_POLL_MS = 3000;

/** What Zapier users search for and pick: the app's name and its trigger (zapier-app/). */
const ZAPIER_APP_NAME = 'Form Builder';
const ZAPIER_TRIGGER = 'New Response';

export interface GenerateKeyStepProps {
  integration: ZapierIntegration | null;
  /** The key made on this visit, whole: it is never readable again. */
  freshToken: AccountToken | null;
  busy: boolean;
  onGenerate: () => void;
  onRenew: () => void;
  disconnecting: boolean;
  onDisconnect: () => void;
  now: number;
}

/** Step 1: make the API key Zapier connects with, see it once, copy it; renew it (the old one stops at once). */
export function GenerateKeyStep({ integration, freshToken, busy, onGenerate, onRenew, disconnecting, onDisconnect, now }: GenerateKeyStepProps) {
  const keyId = useId();
  const token = integration?.accountToken ?? null;
  return (
    <div className="d-grid gap-3">
      <p className="mb-0">
        Zapier signs in to this account with an API key. Generate one here, then paste it into Zapier in the next step.
      </p>
      {freshToken && (
        <div className="alert alert-success mb-0" role="status">
          <p className="fw-semibold mb-2" id={keyId}>
            Your new API key
          </p>
          <div className="d-flex flex-wrap align-items-center gap-2">
            <code className="integration-key bg-body p-2 rounded border flex-grow-1" aria-labelledby={keyId}>
              {freshToken.token}
            </code>
            <CopyButton value={freshToken.token} label="Copy API key" />
          </div>
          <p className="small mb-0 mt-2">Copy it now: for your security it is shown only this once.</p>
        </div>
      )}
      {token ? (
        <>
          <dl className="integration-details mb-0">
            <dt>API key</dt>
            <dd>
              <code className="integration-key">{token.token}</code>
            </dd>
            <dt>Created</dt>
            <dd>
              <ResponseTime iso={token.createdAt} now={now} inline />
            </dd>
            <dt>Last used by Zapier</dt>
            <dd>{token.lastUsedAt ? <ResponseTime iso={token.lastUsedAt} now={now} inline /> : 'Not yet'}</dd>
          </dl>
          <div className="d-flex flex-wrap gap-2">
            <ConfirmButton
              text="Renew API key"
              confirmText="Yes, renew"
              variant="outline-danger"
              disabled={busy || disconnecting}
              prompt="Renew the API key? The current key stops working at once: Zapier must be reconnected with the new one. Zaps already on keep sending."
              onConfirm={onRenew}
            />
            <ConfirmButton
              text="Disconnect Zapier"
              confirmText="Yes, disconnect"
              variant="outline-danger"
              disabled={busy || disconnecting}
              prompt="Disconnect Zapier? The API key stops working at once and every Zap on this account stops receiving responses. Generate a new key to connect again."
              onConfirm={onDisconnect}
            />
          </div>
        </>
      ) : (
        !freshToken && (
          <div>
            <LoadingButton variant="primary" loading={busy} onClick={onGenerate}>
              Generate API key
            </LoadingButton>
          </div>
        )
      )}
    </div>
  );
}

/** Step 2: what to do in Zapier, with the key's masked prefix so the firm knows which key it is. */
export function ConnectStep({ integration, formId, formName }: { integration: ZapierIntegration | null; formId: string; formName: string }) {
  const token = integration?.accountToken ?? null;
  const zaps = integration?.restHooks.filter((hook) => hook.formTemplate === formId).length ?? 0;
  return (
    <div className="d-grid gap-3">
      <ol className="d-grid gap-2 mb-0 ps-3">
        <li>
          In Zapier, create a Zap and search for the <strong>{ZAPIER_APP_NAME}</strong> app as its trigger.
        </li>
        <li>
          Choose the trigger event <strong>{ZAPIER_TRIGGER}</strong>.
        </li>
        <li>
          When Zapier asks you to sign in, paste your API key
          {token ? (
            <>
              {' '}
              (the one starting <code className="integration-key">{token.token}</code>)
            </>
          ) : (
            ' (generate it in the first step)'
          )}
          . Zapier names the connection after your account.
        </li>
        <li>
          Pick <strong>{formName}</strong> as the form, test the trigger, and turn the Zap on.
        </li>
      </ol>
      <p className="mb-0 d-flex align-items-center gap-2" role="status">
        <InfoIcon size={ICON_SIZE.action} className="flex-shrink-0" />
        {zaps === 0
          ? 'No Zap is on for this form yet. Once one is, new responses reach it within seconds.'
          : `${zaps === 1 ? 'One Zap is' : `${zaps} Zaps are`} on for this form.`}
      </p>
    </div>
  );
}

/** A retry is seconds away more often than not: "just now" would read as the past. */
function nextTryText(iso: string, now: number): string {
  const wait = Date.parse(iso) - now;
  if (wait <= 0) return 'now';
  if (wait < 60_000) return 'in under a minute';
  return formatRelativeTime(iso, now);
}

/** A waiting delivery that has been tried already is waiting for its retry, which is what the firm needs to know. */
function deliveryStatusText(delivery: NonNullable<IntegrationResponse['delivery']>): string {
  return delivery.status === 'pending' && delivery.attemptCount > 0 ? 'Waiting to retry' : DELIVERY_STATUS_LABELS[delivery.status];
}

function DeliveryDetails({ response, now }: { response: IntegrationResponse; now: number }) {
  const { delivery } = response;
  return (
    <dl className="integration-details mb-0">
      <dt>Response</dt>
      <dd>
        Submitted <ResponseTime iso={response.submittedAt} now={now} inline />
      </dd>
      <dt>Status</dt>
      <dd>
        <strong>{delivery ? deliveryStatusText(delivery) : 'Not sent'}</strong>
        {!delivery && <span className="text-body-secondary"> (no Zap was on for this form when it arrived)</span>}
      </dd>
      {delivery && (
        <>
          <dt>Attempts</dt>
          <dd>{delivery.attemptCount}</dd>
          {delivery.succeededAt && (
            <>
              <dt>Received by Zapier</dt>
              <dd>
                <ResponseTime iso={delivery.succeededAt} now={now} inline />
              </dd>
            </>
          )}
          {delivery.lastError && delivery.status !== 'succeeded' && (
            <>
              <dt>Last error</dt>
              <dd className="text-danger-emphasis">{delivery.lastError}</dd>
            </>
          )}
          {delivery.nextAttemptAt && (delivery.status === 'pending' || delivery.status === 'failed') && (
            <>
              <dt>Next try</dt>
              <dd>
                <time dateTime={delivery.nextAttemptAt}>
                  {nextTryText(delivery.nextAttemptAt, now)}
                  <span className="text-body-secondary"> ({formatExactTime(delivery.nextAttemptAt)})</span>
                </time>
              </dd>
            </>
          )}
        </>
      )}
    </dl>
  );
}

/** Step 3: the form's latest response and its delivery to Zapier, read again every few seconds while shown. */
export function TestStep({ accountId, formId, now }: { accountId: number; formId: string; now: number }) {
  const canList = isUuid(formId);
  const latest = integrationsApi.useListIntegrationResponsesQuery(
    canList ? { accountId, kind: 'zapier', formTemplate: formId, pageSize: 1 } : skipToken,
    // Live: entering the step reads it now (not the list cached when the page opened), then every few seconds.
    { pollingInterval: LATEST_DELIVERY_POLL_MS, skipPollingIfUnfocused: true, refetchOnMountOrArgChange: true },
  );
  useErrorToast(latest.error, INTEGRATION_MESSAGES.apiLoadFailed);
  const status = loadStatusOf(latest);
  const response = latest.currentData?.results[0] ?? null;
  const paths = integrationPaths(accountId, formId);

  if (!canList) return <p className="mb-0">This form takes no responses of its own, so there is nothing to test here.</p>;
  if (status === 'failed') return <LoadFailed message={INTEGRATION_MESSAGES.apiLoadFailed} onRetry={() => void latest.refetch()} />;
  if (status === 'loading') return <p className="text-body-secondary mb-0">Loading the latest delivery…</p>;
  return (
    <div className="d-grid gap-3">
      <div aria-live="polite">
        {response ? (
          <DeliveryDetails response={response} now={now} />
        ) : (
          <div className="border rounded bg-body-tertiary p-4">
            <p className="fw-semibold mb-1">No responses yet</p>
            <p className="mb-0 text-body-secondary">Submit a test response on your form: its delivery to Zapier shows here as it happens.</p>
          </div>
        )}
      </div>
      <div>
        <a href={paths.publicForm} target="_blank" rel="noopener noreferrer" className="btn btn-outline-secondary d-inline-flex align-items-center gap-2">
          Open the form to submit a test response
          <ExternalLinkIcon />
          <span className="visually-hidden"> (opens in a new tab)</span>
        </a>
      </div>
      <p className="small text-body-secondary mb-0">This updates every few seconds while this step is open.</p>
    </div>
  );
}
