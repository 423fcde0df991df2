import { NotAvailableYet } from '../../components/not-available-yet';
import { PageFrame } from '../../components/page-frame';

/** /{accountId}/build/{formId}/integrations/zapier: the automation integration. */
export function ZapierPage() {
  return (
    <PageFrame title="Zapier">
      <NotAvailableYet feature="The Zapier integration" />
    </PageFrame>
  );
}
