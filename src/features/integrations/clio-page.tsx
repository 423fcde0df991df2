import { useEffect, useState } from 'react';
import { useSearchParams } from 'react-router';
import { isHandledByClient, messageOf, statusOf } from '../../api/errors';
import { fieldMapsApi } from '../../api/field-maps';
import { integrationsApi } from '../../api/integrations';
import type { ClioRegion } from '../../api/integrations';
import { showErrorToast, showSuccessToast } from '../../app/app-slice';
import { browserLocation } from '../../app/browser-location';
import { useAppDispatch, useAppSelector } from '../../app/hooks';
import { useErrorToast } from '../../app/use-error-toast';
import type { StepperItem } from '../../components/stepper/stepper';
import { CLIO_ERROR_PARAM } from '../../contract/clio';
import { loadStatusOf } from '../../domain/load-status';
import { ClioConnectStep, ClioRecordTypesStep } from './clio-steps';
import { INTEGRATION_MESSAGES, integrationPaths } from './integration-messages';
import { useIntegrationParams } from './integration-page-parts';
import { selectStepperStep, stepperLeft } from './integration-slice';
import { IntegrationStepperFrame } from './integration-stepper-frame';
import { FieldMapsStep } from './record-types-step';
import './integrations.css';

/** What the server words for the firm: 409 not connected / needs reconnecting, 502 Clio failed, 503 Clio not set up here. */
const hasServerWords = (error: unknown) => [409, 502, 503].includes(statusOf(error) ?? 0);

/** /{accountId}/build/{formId}/integrations/clio: the legal-practice integration's stepper (spec §2, §4). */
export function ClioPage() {
  const { accountId, formId } = useIntegrationParams();
  const dispatch = useAppDispatch();
  const step = useAppSelector(selectStepperStep);
  const paths = integrationPaths(accountId, formId);
  const [searchParams, setSearchParams] = useSearchParams();
  // The callback's failure is shown once: kept here, then taken out of the address so a reload does not repeat it.
  const [connectError, setConnectError] = useState<string | null>(() => searchParams.get(CLIO_ERROR_PARAM));

  useEffect(() => () => void dispatch(stepperLeft()), [dispatch]);
  useEffect(() => {
    if (!searchParams.has(CLIO_ERROR_PARAM)) return;
    setSearchParams(
      (current) => {
        const next = new URLSearchParams(current);
        next.delete(CLIO_ERROR_PARAM);
        return next;
      },
      { replace: true },
    );
  }, [searchParams, setSearchParams]);

  const query = integrationsApi.useGetIntegrationQuery({ accountId, kind: 'clio' });
  useErrorToast(query.error, INTEGRATION_MESSAGES.loadFailed);
  const maps = fieldMapsApi.useListFieldMapsQuery({ accountId, formId, kind: 'clio' });
  const [authorize, authorizing] = integrationsApi.useClioAuthorizeUrlMutation();
  const [disconnect, disconnecting] = integrationsApi.useDisconnectClioMutation();
  const [setPush, pushing] = integrationsApi.useSetPushWebLeadsMutation();
  const [refresh, refreshing] = integrationsApi.useRefreshClioApisMutation();

  const status = loadStatusOf(query);
  const found = query.currentData ?? null;
  const integration = found?.kind === 'clio' ? found : null;
  const connected = integration?.status === 'connected';

  const call = async (run: () => Promise<unknown>, failure: string, success?: string) => {
    try {
      await run();
      if (success) dispatch(showSuccessToast(success));
    } catch (error) {
      if (!isHandledByClient(error)) dispatch(showErrorToast(hasServerWords(error) ? messageOf(error) : failure));
    }
  };
  // The browser leaves for Clio's consent page and comes back to this step (with `clio_error` when it did not work).
  const connect = (region: ClioRegion) =>
    void call(async () => {
      setConnectError(null);
      const { url } = await authorize({ accountId, next: paths.kind('clio'), region }).unwrap();
      browserLocation.assign(url);
    }, 'Unable to connect to Clio at this time');
  const onDisconnect = () => {
    if (integration) void call(() => disconnect({ accountId, id: integration.id }).unwrap(), INTEGRATION_MESSAGES.statusFailed, INTEGRATION_MESSAGES.updated);
  };
  const onPushChange = (pushWebLeads: boolean) => {
    if (integration) {
      void call(() => setPush({ accountId, kind: 'clio', id: integration.id, pushWebLeads }).unwrap(), INTEGRATION_MESSAGES.statusFailed, INTEGRATION_MESSAGES.updated);
    }
  };
  const onRefresh = () => void call(() => refresh({ accountId }).unwrap(), INTEGRATION_MESSAGES.apiLoadFailed, INTEGRATION_MESSAGES.updated);

  const mapped = maps.currentData?.results.filter((map) => map.conversionRules.length > 0) ?? [];
  const items: StepperItem[] = [
    // Spec §4: authenticate is complete when pushWebLeads is true (and, for an OAuth connection, when it holds).
    { name: 'Connect', complete: connected && Boolean(integration?.pushWebLeads) },
    // Spec §4: record types are complete when any field map has conversion rules.
    { name: 'Record types', complete: mapped.length > 0 },
    // What a push needs: a map that is on and maps something.
    { name: 'Field maps', complete: mapped.some((map) => map.enabled) },
  ];

  return (
    <IntegrationStepperFrame title="Clio" integration={found} status={status} onRetry={() => void query.refetch()} items={items} step={step} listPath={paths.list}>
          {step <= 0 && (
            <ClioConnectStep
              integration={integration}
              connectError={connectError}
              onDismissError={() => setConnectError(null)}
              connecting={authorizing.isLoading}
              onConnect={connect}
              disconnecting={disconnecting.isLoading}
              onDisconnect={onDisconnect}
              pendingPush={pushing.isLoading ? (pushing.originalArgs?.pushWebLeads ?? null) : null}
              onPushChange={onPushChange}
            />
          )}
          {step === 1 && <ClioRecordTypesStep accountId={accountId} connected={connected} refreshing={refreshing.isLoading} onRefresh={onRefresh} />}
          {step >= 2 && <FieldMapsStep accountId={accountId} formId={formId} kind="clio" />}
    </IntegrationStepperFrame>
  );
}
