import { NotAvailableYet } from '../../components/not-available-yet';
import { PageFrame } from '../../components/page-frame';

/** /{accountId}/build/{formId}/json-view. */
export function JsonViewPage() {
  return (
    <PageFrame title="JSON View">
      <NotAvailableYet feature="The JSON view" />
    </PageFrame>
  );
}
