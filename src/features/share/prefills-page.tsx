import { NotAvailableYet } from '../../components/not-available-yet';
import { PageFrame } from '../../components/page-frame';

/** /{accountId}/build/{formId}/share/prefills. */
export function PrefillsPage() {
  return (
    <PageFrame title="Prefills">
      <NotAvailableYet feature="The prefill list" />
    </PageFrame>
  );
}
