import { NotAvailableYet } from '../../components/not-available-yet';
import { PageFrame } from '../../components/page-frame';

/** /{accountId}/build/{formId}/integrations/centerbase: the case-management integration. */
export function CenterbasePage() {
  return (
    <PageFrame title="Centerbase">
      <NotAvailableYet feature="The Centerbase integration" />
    </PageFrame>
  );
}
