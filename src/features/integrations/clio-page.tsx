import { NotAvailableYet } from '../../components/not-available-yet';
import { PageFrame } from '../../components/page-frame';

/** /{accountId}/build/{formId}/integrations/clio: the legal-practice integration. */
export function ClioPage() {
  return (
    <PageFrame title="Clio">
      <NotAvailableYet feature="The Clio integration" />
    </PageFrame>
  );
}
