import { NotAvailableYet } from '../../components/not-available-yet';
import { PageFrame } from '../../components/page-frame';

/** /{accountId}/responses: responses collected by the account. */
export function ResponsesPage() {
  return (
    <PageFrame title="Responses">
      <NotAvailableYet feature="The response list" />
    </PageFrame>
  );
}
