import { NotAvailableYet } from '../../components/not-available-yet';
import { PageFrame } from '../../components/page-frame';

/** /{accountId}/build/{formId}: the form builder. */
export function BuildPage() {
  return (
    <PageFrame title="Form Builder">
      <NotAvailableYet feature="The form builder" />
    </PageFrame>
  );
}
