import { useId, useState } from 'react';
import type { FormEvent } from 'react';
import Form from 'react-bootstrap/Form';
import InputGroup from 'react-bootstrap/InputGroup';
import type { CenterbaseWrite, Integration } from '../../api/integrations';
import { ConfirmButton } from '../../components/confirm-button';
import { LoadingButton } from '../../components/loading-button';
import { RecordTypesStep } from './record-types-step';

type CenterbaseIntegration = Extract<Integration, { kind: 'centerbase' }>;

export interface AuthenticateStepProps {
  integration: CenterbaseIntegration | null;
  saving: boolean;
  /** The server's words for each field it refused on the last save (`subdomain`, `api_key`). */
  fieldErrors: Partial<Record<'subdomain' | 'api_key', string>>;
  onSave: (body: CenterbaseWrite) => void;
  disconnecting: boolean;
  onDisconnect: () => void;
  switchingPush: boolean;
  onPushChange: (pushWebLeads: boolean) => void;
}

/**
 * Step 1: the firm's Centerbase subdomain and API key; the server signs in with them and reads the firm's name back.
 * The key is write-only: once set it is never shown again, only that one is set.
 */
export function CenterbaseAuthenticateStep(props: AuthenticateStepProps) {
  const { integration, saving, fieldErrors, onSave, disconnecting, onDisconnect, switchingPush, onPushChange } = props;
  const subdomainId = useId();
  const keyId = useId();
  const keyHelpId = useId();
  const pushId = useId();
  const pushHelpId = useId();
  const [subdomain, setSubdomain] = useState(integration?.subdomain ?? '');
  const [apiKey, setApiKey] = useState('');
  const [missing, setMissing] = useState<Partial<Record<'subdomain' | 'api_key', string>>>({});
  const connected = integration?.status === 'connected';
  const keySet = integration?.apiKeySet ?? false;
  const errors = { ...fieldErrors, ...missing };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const nextMissing: typeof missing = {};
    if (!subdomain.trim()) nextMissing.subdomain = 'Please enter your Centerbase subdomain';
    if (!apiKey.trim() && !keySet) nextMissing.api_key = 'Please enter your Centerbase API key';
    setMissing(nextMissing);
    if (Object.keys(nextMissing).length) return;
    // A blank key keeps the saved one; the subdomain alone is checked with it again.
    onSave({ subdomain: subdomain.trim(), ...(apiKey.trim() ? { api_key: apiKey.trim() } : {}), ...(integration ? {} : { push_web_leads: true }) });
    setApiKey('');
  };

  return (
    <div className="d-grid gap-3">
      {connected && integration ? (
        <dl className="integration-details mb-0">
          <dt>Firm</dt>
          <dd>
            Connected to <strong>{integration.companyName ?? 'your Centerbase firm'}</strong>
          </dd>
          <dt>Subdomain</dt>
          <dd>{integration.subdomain}.centerbase.com</dd>
          <dt>API key</dt>
          <dd>Saved (hidden for your security)</dd>
        </dl>
      ) : (
        <p className="mb-0">
          Connect the Centerbase firm responses go to: its subdomain (the first part of its address) and an API key from
          Centerbase. We sign in with them to check they work.
        </p>
      )}

      <Form noValidate onSubmit={submit} className="d-grid gap-3" aria-label="Centerbase credentials">
        <Form.Group controlId={subdomainId}>
          <Form.Label>Subdomain</Form.Label>
          <InputGroup hasValidation>
            <InputGroup.Text>https://</InputGroup.Text>
            <Form.Control
              value={subdomain}
              autoComplete="off"
              spellCheck={false}
              isInvalid={Boolean(errors.subdomain)}
              aria-invalid={Boolean(errors.subdomain) || undefined}
              onChange={(event) => setSubdomain(event.target.value)}
            />
            <InputGroup.Text>.centerbase.com</InputGroup.Text>
            <Form.Control.Feedback type="invalid">{errors.subdomain}</Form.Control.Feedback>
          </InputGroup>
        </Form.Group>
        <Form.Group controlId={keyId}>
          <Form.Label>API key</Form.Label>
          <Form.Control
            type="password"
            value={apiKey}
            autoComplete="new-password"
            placeholder={keySet ? 'Saved — enter a new key to replace it' : ''}
            aria-describedby={keyHelpId}
            isInvalid={Boolean(errors.api_key)}
            aria-invalid={Boolean(errors.api_key) || undefined}
            onChange={(event) => setApiKey(event.target.value)}
          />
          <Form.Control.Feedback type="invalid">{errors.api_key}</Form.Control.Feedback>
          <Form.Text id={keyHelpId}>{keySet ? 'A key is saved. It is never shown again.' : 'Shown to nobody once saved.'}</Form.Text>
        </Form.Group>
        <div>
          <LoadingButton type="submit" variant="primary" loading={saving}>
            {connected ? 'Save and check again' : 'Connect to Centerbase'}
          </LoadingButton>
        </div>
      </Form>

      {integration && connected && (
        <div>
          <Form.Check
            type="switch"
            role="switch"
            id={pushId}
            label="Send new responses to Centerbase"
            checked={integration.pushWebLeads}
            // Locked while switching (spec §4), like the enable switch.
            disabled={switchingPush}
            aria-describedby={pushHelpId}
            onChange={(event) => onPushChange(event.target.checked)}
          />
          <p id={pushHelpId} className="small text-body-secondary mb-0">
            Each new response becomes a contact and a matter in Centerbase, with the answers in a note.
            {!integration.enabled && ' The integration is disabled: turn it on in All Integrations for responses to be sent.'}
          </p>
        </div>
      )}

      {integration && keySet && (
        <div>
          <ConfirmButton
            text="Disconnect Centerbase"
            confirmText="Yes, disconnect"
            variant="outline-danger"
            disabled={disconnecting}
            prompt="Disconnect Centerbase? The API key is forgotten and new responses stop going to Centerbase until you connect again. Field maps are kept."
            onConfirm={onDisconnect}
          />
        </div>
      )}
    </div>
  );
}

/** Step 2: the record types read from Centerbase when it was connected, with their field counts. */
export function CenterbaseRecordTypesStep({ accountId, connected }: { accountId: number; connected: boolean }) {
  return (
    <RecordTypesStep
      accountId={accountId}
      kind="centerbase"
      name="Centerbase"
      emptyHint={connected ? 'Save the credentials again in the first step to read them.' : 'Connect Centerbase in the first step: its record types are read then.'}
    />
  );
}
