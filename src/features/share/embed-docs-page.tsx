import { NotAvailableYet } from '../../components/not-available-yet';
import { PageFrame } from '../../components/page-frame';

/** /{accountId}/build/{formId}/share/embed/docs. */
export function EmbedDocsPage() {
  return (
    <PageFrame title="Embed Documentation">
      <NotAvailableYet feature="The embed documentation" />
    </PageFrame>
  );
}
