import { useId, useState } from 'react';
import Form from 'react-bootstrap/Form';
import type { ClioRegion, Integration } from '../../api/integrations';
import { ConfirmButton } from '../../components/confirm-button';
import { LoadingButton } from '../../components/loading-button';
import { ResponseTime } from '../../components/response-time';
import { useNow } from '../../components/use-now';
import { CLIO_REGION_VALUES } from '../../contract/clio';
import { RecordTypesStep } from './record-types-step';

type ClioIntegration = Extract<Integration, { kind: 'clio' }>;

/** Clio Manage's data centres: a firm's account lives in one, and signs in there. */
const CLIO_REGION_LABELS: Readonly<Record<ClioRegion, string>> = {
  us: 'United States (app.clio.com)',
  eu: 'Europe (eu.app.clio.com)',
  ca: 'Canada (ca.app.clio.com)',
  au: 'Australia (au.app.clio.com)',
};

const isClioRegion = (value: string | null | undefined): value is ClioRegion =>
  (CLIO_REGION_VALUES as readonly (string | null | undefined)[]).includes(value);

export interface ConnectStepProps {
  integration: ClioIntegration | null;
  /** The callback's message when connecting did not happen (`clio_error`), until dismissed. */
  connectError: string | null;
  onDismissError: () => void;
  connecting: boolean;
  onConnect: (region: ClioRegion) => void;
  disconnecting: boolean;
  onDisconnect: () => void;
  /** The value being saved, shown at once (the switch is locked until the answer); null when none is. */
  pendingPush: boolean | null;
  onPushChange: (pushWebLeads: boolean) => void;
}

/** Step 1: sign in to Clio (OAuth, in Clio's own page), see who the connection acts as, and let responses go there. */
export function ClioConnectStep(props: ConnectStepProps) {
  const { integration, connectError, onDismissError, connecting, onConnect, disconnecting, onDisconnect, pendingPush, onPushChange } = props;
  const regionId = useId();
  const pushId = useId();
  const pushHelpId = useId();
  const stored = isClioRegion(integration?.region) ? integration.region : 'us';
  const [region, setRegion] = useState<ClioRegion>(stored);
  const status = integration?.status ?? 'disconnected';
  const linked = status === 'connected' || status === 'needs_reauth';

  return (
    <div className="d-grid gap-3">
      {connectError && (
        <div className="alert alert-danger d-flex flex-wrap align-items-center gap-2 mb-0" role="alert">
          <span className="flex-grow-1">{connectError}</span>
          <button type="button" className="btn-close" aria-label="Dismiss" onClick={onDismissError} />
        </div>
      )}
      {status === 'needs_reauth' && (
        <div className="alert alert-warning d-flex flex-wrap align-items-center gap-3 mb-0" role="alert">
          <span className="flex-grow-1">
            Clio needs reconnecting: it no longer accepts this connection, so responses wait here until you reconnect.
          </span>
          <LoadingButton variant="warning" size="sm" loading={connecting} onClick={() => onConnect(stored)}>
            Reconnect
          </LoadingButton>
        </div>
      )}

      {linked ? (
        <dl className="integration-details mb-0">
          <dt>Clio account</dt>
          <dd>
            Connected as <strong>{integration?.connectedAs ?? 'a Clio user'}</strong>
          </dd>
          <dt>Region</dt>
          <dd>{CLIO_REGION_LABELS[stored]}</dd>
        </dl>
      ) : (
        <>
          <p className="mb-0">
            Connect the Clio Manage account your firm works in. You sign in at Clio and allow access; Clio then sends you back
            here.
          </p>
          <div className="d-flex flex-wrap align-items-end gap-3">
            <div>
              <Form.Label htmlFor={regionId}>Clio region</Form.Label>
              <Form.Select id={regionId} value={region} onChange={(event) => isClioRegion(event.target.value) && setRegion(event.target.value)}>
                {CLIO_REGION_VALUES.map((value) => (
                  <option key={value} value={value}>
                    {CLIO_REGION_LABELS[value]}
                  </option>
                ))}
              </Form.Select>
            </div>
            <LoadingButton variant="primary" loading={connecting} onClick={() => onConnect(region)}>
              Connect to Clio
            </LoadingButton>
          </div>
        </>
      )}

      {integration && linked && (
        <div>
          <Form.Check
            type="switch"
            role="switch"
            id={pushId}
            label="Send new responses to Clio"
            checked={pendingPush ?? integration.pushWebLeads}
            // Locked while switching (spec §4), like the enable switch.
            disabled={pendingPush !== null}
            aria-describedby={pushHelpId}
            onChange={(event) => onPushChange(event.target.checked)}
          />
          <p id={pushHelpId} className="small text-body-secondary mb-0">
            Each new response of this account becomes a contact in Clio (and a matter when one is mapped), with the answers
            in a note.
            {!integration.enabled && ' The integration is disabled: turn it on in All Integrations for responses to be sent.'}
          </p>
        </div>
      )}

      {integration && linked && (
        <div>
          <ConfirmButton
            text="Disconnect Clio"
            confirmText="Yes, disconnect"
            variant="outline-danger"
            disabled={disconnecting}
            prompt="Disconnect Clio? New responses stop going to Clio until you connect again. Field maps are kept."
            onConfirm={onDisconnect}
          />
        </div>
      )}
    </div>
  );
}

/** Step 2: the record types read from Clio (Contact, Matter) and their fields; read again on demand. */
export function ClioRecordTypesStep({ accountId, connected, refreshing, onRefresh }: { accountId: number; connected: boolean; refreshing: boolean; onRefresh: () => void }) {
  const now = useNow();
  return (
    <RecordTypesStep
      accountId={accountId}
      kind="clio"
      name="Clio"
      emptyHint={connected ? 'Refresh from Clio to read them.' : 'Connect Clio in the first step: its record types are read then.'}
      footer={(records) => {
        const lastRead = records.map((api) => api.fetchedAt).sort().at(-1);
        return (
          <>
            {lastRead && (
              <p className="small text-body-secondary mb-0">
                Read from Clio <ResponseTime iso={lastRead} now={now} inline />
              </p>
            )}
            <div>
              <LoadingButton variant="outline-secondary" loading={refreshing} disabled={!connected} onClick={onRefresh}>
                Refresh from Clio
              </LoadingButton>
              {!connected && <p className="small text-body-secondary mb-0 mt-2">Connect Clio first to read its record types.</p>}
            </div>
          </>
        );
      }}
    />
  );
}
