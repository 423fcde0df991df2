import { ICON_SIZE, InfoIcon } from './icons';

export interface NotAvailableYetProps {
  feature: string;
}

/** A plain placeholder for screens that are routed but not built yet. */
export function NotAvailableYet({ feature }: NotAvailableYetProps) {
  return (
    <div className="border rounded bg-body-tertiary p-4 d-flex align-items-center gap-3 text-body-secondary">
      <InfoIcon size={ICON_SIZE.base} className="flex-shrink-0" />
      <p className="mb-0">{feature} is not available yet.</p>
    </div>
  );
}
