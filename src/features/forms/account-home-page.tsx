import { NotAvailableYet } from '../../components/not-available-yet';
import { PageFrame } from '../../components/page-frame';

/** /{accountId}: the account home, listing its forms. */
export function AccountHomePage() {
  return (
    <PageFrame title="Forms">
      <NotAvailableYet feature="The form list" />
    </PageFrame>
  );
}
