import { NotAvailableYet } from '../../components/not-available-yet';
import { PageFrame } from '../../components/page-frame';

/** /{accountId}/build/{formId}/share/prefills/{prefillId}. */
export function PrefillDetailPage() {
  return (
    <PageFrame title="Prefill">
      <NotAvailableYet feature="The prefill detail" />
    </PageFrame>
  );
}
