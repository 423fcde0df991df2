import Alert from 'react-bootstrap/Alert';
import { ICON_SIZE, WarningIcon } from './icons';
import { LoadingButton } from './loading-button';

export interface SpamBannerProps {
  onMarkNotSpam: () => void;
  loading?: boolean;
}

/** Shown on a response flagged as spam (spec §4), with the way back. */
export function SpamBanner({ onMarkNotSpam, loading = false }: SpamBannerProps) {
  return (
    <Alert
      variant="warning"
      role="region"
      aria-label="Spam status"
      className="d-flex flex-wrap align-items-center gap-3"
    >
      <WarningIcon size={ICON_SIZE.base} className="flex-shrink-0" />
      <span className="flex-grow-1 fw-semibold">This activity is marked as Spam</span>
      <LoadingButton variant="outline-dark" size="sm" loading={loading} onClick={onMarkNotSpam}>
        Mark as Not Spam
      </LoadingButton>
    </Alert>
  );
}
