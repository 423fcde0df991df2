import { NotAvailableYet } from '../../components/not-available-yet';
import { PageFrame } from '../../components/page-frame';

/** /{accountId}/build/{formId}/share. */
export function SharePage() {
  return (
    <PageFrame title="Share">
      <NotAvailableYet feature="Sharing" />
    </PageFrame>
  );
}
