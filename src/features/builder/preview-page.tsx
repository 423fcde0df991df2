import { NotAvailableYet } from '../../components/not-available-yet';
import { PageFrame } from '../../components/page-frame';

/** /{accountId}/build/{formId}/preview. */
export function PreviewPage() {
  return (
    <PageFrame title="Preview">
      <NotAvailableYet feature="The form preview" />
    </PageFrame>
  );
}
