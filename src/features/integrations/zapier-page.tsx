import { useEffect } from 'react';
import { skipToken } from '@reduxjs/toolkit/query';
import { isHandledByClient } from '../../api/errors';
import { formTemplatesApi } from '../../api/form-templates';
import { integrationsApi } from '../../api/integrations';
import type { AccountToken } from '../../api/integrations';
import { showErrorToast, showSuccessToast } from '../../app/app-slice';
import { useAppDispatch, useAppSelector } from '../../app/hooks';
import { useErrorToast } from '../../app/use-error-toast';
import type { StepperItem } from '../../components/stepper/stepper';
import { useNow } from '../../components/use-now';
import { isUuid } from '../../domain/ids';
import { loadStatusOf } from '../../domain/load-status';
import { INTEGRATION_MESSAGES, integrationPaths } from './integration-messages';
import { useIntegrationParams } from './integration-page-parts';
import { selectStepperStep, stepperLeft } from './integration-slice';
import { ConnectStep, GenerateKeyStep, TestStep } from './zapier-steps';
import { IntegrationStepperFrame } from './integration-stepper-frame';
import './integrations.css';

/** The newer of the keys made on this visit (generate, then renew: the renewed one is the live one). */
function freshestToken(...results: { data?: AccountToken; fulfilledTimeStamp?: number }[]): AccountToken | null {
  let best: { data?: AccountToken; fulfilledTimeStamp?: number } | null = null;
  for (const result of results) {
    if (result.data && (!best || (result.fulfilledTimeStamp ?? 0) > (best.fulfilledTimeStamp ?? 0))) best = result;
  }
  return best?.data ?? null;
}

/** /{accountId}/build/{formId}/integrations/zapier: the automation integration's stepper (spec §2, §4). */
export function ZapierPage() {
  const { accountId, formId } = useIntegrationParams();
  const dispatch = useAppDispatch();
  const now = useNow();
  const step = useAppSelector(selectStepperStep);
  const paths = integrationPaths(accountId, formId);

  // The next stepper opened starts on its first step.
  useEffect(() => () => void dispatch(stepperLeft()), [dispatch]);

  const query = integrationsApi.useGetIntegrationQuery({ accountId, kind: 'zapier' });
  useErrorToast(query.error, INTEGRATION_MESSAGES.loadFailed);
  const form = formTemplatesApi.useGetFormQuery({ accountId, id: formId });
  // The test step's list (the same cache entry it polls): its latest delivery completes the step.
  const latest = integrationsApi.useListIntegrationResponsesQuery(
    isUuid(formId) ? { accountId, kind: 'zapier', formTemplate: formId, pageSize: 1 } : skipToken,
  );
  const [createToken, created] = integrationsApi.useCreateZapierTokenMutation();
  const [renewToken, renewed] = integrationsApi.useRenewZapierTokenMutation();
  const [disconnectZapier, disconnecting] = integrationsApi.useDisconnectZapierMutation();

  const status = loadStatusOf(query);
  const found = query.currentData ?? null;
  const integration = found?.kind === 'zapier' ? found : null;
  const formName = form.currentData?.name ?? 'this form';

  const keyCall = async (call: () => Promise<unknown>) => {
    try {
      await call();
    } catch (error) {
      if (!isHandledByClient(error)) dispatch(showErrorToast(INTEGRATION_MESSAGES.keyFailed));
    }
  };
  const generate = () => void keyCall(() => createToken({ accountId }).unwrap());
  const renew = () => {
    if (integration) void keyCall(() => renewToken({ accountId, id: integration.id }).unwrap());
  };
  const disconnect = async () => {
    if (!integration) return;
    try {
      await disconnectZapier({ accountId, id: integration.id }).unwrap();
      // The key shown on this visit no longer works: it goes with the connection.
      created.reset();
      renewed.reset();
      dispatch(showSuccessToast(INTEGRATION_MESSAGES.updated));
    } catch (error) {
      if (!isHandledByClient(error)) dispatch(showErrorToast(INTEGRATION_MESSAGES.statusFailed));
    }
  };

  const latestDelivery = latest.currentData?.results[0]?.delivery ?? null;
  const items: StepperItem[] = [
    // Spec §4: generating the API key is complete when a token exists.
    { name: 'Generate API key', complete: Boolean(integration?.accountToken) },
    { name: 'Connect in Zapier', complete: Boolean(integration?.restHooks.some((hook) => hook.formTemplate === formId)) },
    { name: 'Test', complete: latestDelivery?.status === 'succeeded' },
  ];

  return (
    <IntegrationStepperFrame title="Zapier" integration={found} status={status} onRetry={() => void query.refetch()} items={items} step={step} listPath={paths.list}>
          {step <= 0 && (
            <GenerateKeyStep
              integration={integration}
              freshToken={freshestToken(created, renewed)}
              busy={created.isLoading || renewed.isLoading}
              onGenerate={generate}
              onRenew={renew}
              disconnecting={disconnecting.isLoading}
              onDisconnect={() => void disconnect()}
              now={now}
            />
          )}
          {step === 1 && <ConnectStep integration={integration} formId={formId} formName={formName} />}
          {step >= 2 && <TestStep accountId={accountId} formId={formId} now={now} />}
    </IntegrationStepperFrame>
  );
}
