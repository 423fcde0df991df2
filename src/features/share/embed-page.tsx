import { NotAvailableYet } from '../../components/not-available-yet';
import { PageFrame } from '../../components/page-frame';

/** /{accountId}/build/{formId}/share/embed. */
export function EmbedPage() {
  return (
    <PageFrame title="Embed">
      <NotAvailableYet feature="Embedding" />
    </PageFrame>
  );
}
