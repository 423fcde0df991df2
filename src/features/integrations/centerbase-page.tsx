import { useEffect, useState } from 'react';
import { fieldErrorsOf, isHandledByClient, messageOf, statusOf } from '../../api/errors';
import { fieldMapsApi } from '../../api/field-maps';
import { integrationsApi } from '../../api/integrations';
import type { CenterbaseWrite } from '../../api/integrations';
import { showErrorToast, showSuccessToast } from '../../app/app-slice';
import { useAppDispatch, useAppSelector } from '../../app/hooks';
import { useErrorToast } from '../../app/use-error-toast';
import type { StepperItem } from '../../components/stepper/stepper';
import { loadStatusOf } from '../../domain/load-status';
import { CenterbaseAuthenticateStep, CenterbaseRecordTypesStep } from './centerbase-steps';
import { INTEGRATION_MESSAGES, integrationPaths } from './integration-messages';
import { useIntegrationParams } from './integration-page-parts';
import { selectStepperStep, stepperLeft } from './integration-slice';
import { IntegrationStepperFrame } from './integration-stepper-frame';
import { FieldMapsStep } from './record-types-step';
import './integrations.css';

/** The server's words when Centerbase itself refused or failed (400 naming a field, 502): the firm can act on them. */
const hasServerWords = (error: unknown) => statusOf(error) === 400 || statusOf(error) === 502;

/** The field a refused save names, under its wire or camelCased name. */
function fieldErrorOf(error: unknown, wire: 'subdomain' | 'api_key'): string | undefined {
  const errors = fieldErrorsOf(error);
  return (errors[wire] ?? errors[wire === 'api_key' ? 'apiKey' : wire])?.[0];
}

/** /{accountId}/build/{formId}/integrations/centerbase: the case-management integration's stepper (spec §2, §4). */
export function CenterbasePage() {
  const { accountId, formId } = useIntegrationParams();
  const dispatch = useAppDispatch();
  const step = useAppSelector(selectStepperStep);
  const paths = integrationPaths(accountId, formId);
  const [fieldErrors, setFieldErrors] = useState<Partial<Record<'subdomain' | 'api_key', string>>>({});

  // The next stepper opened starts on its first step.
  useEffect(() => () => void dispatch(stepperLeft()), [dispatch]);

  const query = integrationsApi.useGetIntegrationQuery({ accountId, kind: 'centerbase' });
  useErrorToast(query.error, INTEGRATION_MESSAGES.loadFailed);
  const maps = fieldMapsApi.useListFieldMapsQuery({ accountId, formId, kind: 'centerbase' });
  const [save, saving] = integrationsApi.useSaveCenterbaseMutation();
  const [disconnect, disconnecting] = integrationsApi.useDisconnectCenterbaseMutation();
  const [setPush, pushing] = integrationsApi.useSaveCenterbaseMutation();

  const status = loadStatusOf(query);
  const found = query.currentData ?? null;
  const integration = found?.kind === 'centerbase' ? found : null;
  const connected = integration?.status === 'connected';

  const call = async (run: () => Promise<unknown>, failure: string) => {
    try {
      await run();
      dispatch(showSuccessToast(INTEGRATION_MESSAGES.updated));
      return true;
    } catch (error) {
      if (!isHandledByClient(error)) dispatch(showErrorToast(hasServerWords(error) ? messageOf(error) : failure));
      return error;
    }
  };
  const onSave = (body: CenterbaseWrite) =>
    void (async () => {
      setFieldErrors({});
      const outcome = await call(() => save({ accountId, id: integration?.id ?? null, body }).unwrap(), INTEGRATION_MESSAGES.statusFailed);
      if (outcome !== true) setFieldErrors({ subdomain: fieldErrorOf(outcome, 'subdomain'), api_key: fieldErrorOf(outcome, 'api_key') });
    })();
  const onDisconnect = () => {
    if (integration) void call(() => disconnect({ accountId, id: integration.id }).unwrap(), INTEGRATION_MESSAGES.statusFailed);
  };
  const onPushChange = (pushWebLeads: boolean) => {
    if (integration) void call(() => setPush({ accountId, id: integration.id, body: { push_web_leads: pushWebLeads } }).unwrap(), INTEGRATION_MESSAGES.statusFailed);
  };

  const mapped = maps.currentData?.results.filter((map) => map.conversionRules.length > 0) ?? [];
  const items: StepperItem[] = [
    // Spec §4: authenticate is complete when pushWebLeads is true (with a key Centerbase accepted).
    { name: 'Authenticate', complete: connected && Boolean(integration?.pushWebLeads) },
    // Spec §4: record types are complete when any field map has conversion rules.
    { name: 'Record types', complete: mapped.length > 0 },
    // What a push needs: a map that is on and maps something.
    { name: 'Field maps', complete: mapped.some((map) => map.enabled) },
  ];

  return (
    <IntegrationStepperFrame title="Centerbase" integration={found} status={status} onRetry={() => void query.refetch()} items={items} step={step} listPath={paths.list}>
          {step <= 0 && (
            <CenterbaseAuthenticateStep
              integration={integration}
              saving={saving.isLoading}
              fieldErrors={fieldErrors}
              onSave={onSave}
              disconnecting={disconnecting.isLoading}
              onDisconnect={onDisconnect}
              switchingPush={pushing.isLoading}
              onPushChange={onPushChange}
            />
          )}
          {step === 1 && <CenterbaseRecordTypesStep accountId={accountId} connected={connected} />}
          {step >= 2 && <FieldMapsStep accountId={accountId} formId={formId} kind="centerbase" />}
    </IntegrationStepperFrame>
  );
}
