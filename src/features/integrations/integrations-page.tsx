import { NotAvailableYet } from '../../components/not-available-yet';
import { PageFrame } from '../../components/page-frame';

/** /{accountId}/build/{formId}/integrations. */
export function IntegrationsPage() {
  return (
    <PageFrame title="Integrations">
      <NotAvailableYet feature="The integration list" />
    </PageFrame>
  );
}
