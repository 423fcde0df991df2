import { useEffect, useId, useRef, useState } from 'react';
import type { FormEvent } from 'react';
import Button from 'react-bootstrap/Button';
import Form from 'react-bootstrap/Form';
import { Link } from 'react-router';
import { accountsApi } from '../../api/accounts';
import type { ExportDays } from '../../api/form-responses';
import { FALLBACK_TIME_ZONE } from '../../domain/time-zone';
import { useAppServices } from '../app-services';
import { BaseModal } from '../base-modal';
import { LoadingButton } from '../loading-button';
import { formatBytes, startResponseExport, useExportProgress } from './export-downloads';

const EXPORT_RANGES: readonly { days: ExportDays | null; label: string }[] = [
  { days: 7, label: 'Last 7 days' },
  { days: 30, label: 'Last 30 days' },
  { days: 90, label: 'Last 90 days' },
  { days: null, label: 'All time' },
];

const valueOf = (days: ExportDays | null) => (days === null ? 'all' : String(days));

export interface ExportResponsesDialogProps {
  show: boolean;
  onHide: () => void;
  accountId: number;
  /** The form whose responses are exported; null renders nothing. */
  form: { id: string; name: string } | null;
}

/** Which zone 'Submitted at' is written in, and where to change it (the account's settings). */
function ExportTimeZone({ accountId, onNavigate }: { accountId: number; onNavigate: () => void }) {
  const { currentData } = accountsApi.useGetAccountSettingsQuery(accountId);
  if (!currentData) return null;
  const zone = currentData.timeZone ?? FALLBACK_TIME_ZONE;
  return (
    <p className="small text-body-secondary mt-2 mb-0">
      ‘Submitted at’ is in {zone.replace(/_/g, ' ')}
      {currentData.timeZone === null && ' (no time zone is set yet)'}.{' '}
      <Link to={`/${accountId}/settings`} onClick={onNavigate}>
        Change the time zone
      </Link>
    </p>
  );
}

/**
 * 'Export responses': pick a period, download the form's responses as CSV. The download runs on after the dialog
 * closes; while it runs the button shows progress, and it closes the dialog itself once the file is saved.
 */
export function ExportResponsesDialog({ show, onHide, accountId, form }: ExportResponsesDialogProps) {
  const { showError } = useAppServices();
  const [days, setDays] = useState<ExportDays | null>(null);
  const progress = useExportProgress(accountId, form?.id ?? null);
  const groupId = useId();
  const formElementId = `${groupId}-form`;

  // Whether the dialog is still open on the same form when its download ends (read after an await, not in render).
  const openOn = useRef<string | null>(null);
  useEffect(() => {
    openOn.current = show && form ? form.id : null;
  }, [show, form]);

  if (!form) return null;

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (progress) return;
    const saved = await startResponseExport({ accountId, formId: form.id, days, onFailed: showError });
    if (saved && openOn.current === form.id) onHide();
  };

  return (
    <BaseModal
      id="export-responses-modal"
      show={show}
      onHide={onHide}
      size="sm"
      title="Export responses"
      subtitle={form.name}
      footer={
        <>
          <Button variant="outline-secondary" onClick={onHide}>
            {progress ? 'Close' : 'Cancel'}
          </Button>
          <LoadingButton type="submit" form={formElementId} variant="primary" loading={progress !== null}>
            Download CSV
          </LoadingButton>
        </>
      }
    >
      <Form id={formElementId} noValidate onSubmit={(event) => void submit(event)}>
        <fieldset>
          <legend className="fs-6 fw-semibold mb-2">Responses submitted in</legend>
          {EXPORT_RANGES.map((range) => (
            <Form.Check
              key={valueOf(range.days)}
              type="radio"
              id={`${groupId}-${valueOf(range.days)}`}
              name={`${groupId}-days`}
              value={valueOf(range.days)}
              label={range.label}
              checked={days === range.days}
              onChange={() => setDays(range.days)}
              className="mb-1"
            />
          ))}
        </fieldset>
        <p className="small text-body-secondary mt-3 mb-0">
          One row per response, newest last, with a column per question. Spam is included and marked in its own column.
        </p>
        <ExportTimeZone accountId={accountId} onNavigate={onHide} />
        <div role="status" aria-live="polite" className="small mt-2">
          {progress && (
            <>
              <span className="fw-semibold">Preparing your download</span>
              {progress.loadedBytes > 0 ? ` — ${formatBytes(progress.loadedBytes)} received. ` : '. '}
              You can close this window; the file is saved when it is ready.
            </>
          )}
        </div>
      </Form>
    </BaseModal>
  );
}
