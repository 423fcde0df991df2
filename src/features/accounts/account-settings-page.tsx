import { useId, useMemo, useState } from 'react';
import type { FormEvent } from 'react';
import { useLocation, useParams } from 'react-router';
import Button from 'react-bootstrap/Button';
import Form from 'react-bootstrap/Form';
import Placeholder from 'react-bootstrap/Placeholder';
import { skipToken } from '@reduxjs/toolkit/query';
import { accountsApi } from '../../api/accounts';
import { fieldErrorsOf, isHandledByClient, statusOf } from '../../api/errors';
import { showErrorToast, showSuccessToast } from '../../app/app-slice';
import { useAppDispatch } from '../../app/hooks';
import { useErrorToast } from '../../app/use-error-toast';
import { LoadingButton } from '../../components/loading-button';
import { PageFrame } from '../../components/page-frame';
import { accountIdFromPath } from '../../domain/ids';
import { loadStatusOf } from '../../domain/load-status';
import { FALLBACK_TIME_ZONE, timeZoneNames, timeZoneOffsetLabel } from '../../domain/time-zone';

const LOAD_FAILED = 'Unable to load the account settings';
const SAVE_FAILED = 'Unable to save the time zone';

/** "America/Argentina/Buenos_Aires" → "America/Argentina/Buenos Aires (UTC−03:00)". */
function zoneLabel(name: string, now: Date): string {
  const offset = timeZoneOffsetLabel(name, now);
  return `${name.replace(/_/g, ' ')}${offset && name !== FALLBACK_TIME_ZONE ? ` (${offset})` : ''}`;
}

/**
 * /{accountId}/settings: what the firm sets once for everyone in the account. Today its time zone, which the CSV
 * export writes 'Submitted at' in (with the offset). Until someone sets it, the first member of the firm to open the
 * app gives it their browser's zone.
 */
export function AccountSettingsPage() {
  const dispatch = useAppDispatch();
  const params = useParams();
  const { pathname } = useLocation();
  const accountId = accountIdFromPath(pathname, params);
  const settings = accountsApi.useGetAccountSettingsQuery(accountId ?? skipToken);
  useErrorToast(settings.error, LOAD_FAILED);
  const status = loadStatusOf(settings);
  const [save, { isLoading: saving }] = accountsApi.useUpdateAccountSettingsMutation();
  // The user's choice before it is saved; null shows the saved one.
  const [draft, setDraft] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const selectId = useId();
  const hintId = useId();
  const errorId = useId();
  const headingId = useId();

  const saved = settings.currentData?.timeZone ?? null;
  const names = useMemo(() => {
    const known = timeZoneNames();
    // A zone saved elsewhere that this browser does not list stays selectable.
    return saved && !known.includes(saved) ? [saved, ...known] : known;
  }, [saved]);
  const now = useMemo(() => new Date(), []);
  const value = draft ?? saved ?? '';
  const changed = draft !== null && draft !== saved;

  if (accountId === null) return <PageFrame title="Settings" />;

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    if (!changed || saving) return;
    setError(null);
    try {
      await save({ accountId, timeZone: value }).unwrap();
      setDraft(null);
      dispatch(showSuccessToast('Time zone saved'));
    } catch (failure) {
      const message = statusOf(failure) === 400 ? fieldErrorsOf(failure).timeZone?.[0] : undefined;
      if (message) setError(`The time zone ${message}.`);
      else if (!isHandledByClient(failure)) dispatch(showErrorToast(SAVE_FAILED));
    }
  };

  return (
    <PageFrame title="Settings">
      <section className="card" aria-labelledby={headingId} style={{ maxWidth: '40rem' }}>
        <div className="card-body d-grid gap-3">
          <div>
            <h2 id={headingId} className="h5 mb-1">
              Time zone
            </h2>
            <p className="text-body-secondary small mb-0">
              The firm’s time zone, for everyone in this account. CSV exports write each response’s ‘Submitted at’ in
              it, with its offset from UTC (for example 2026-11-27 09:15:02 -05:00).
            </p>
          </div>
          {status === 'loading' && (
            <div role="status" aria-live="polite">
              <span className="visually-hidden">Loading settings…</span>
              <Placeholder as="div" animation="glow" aria-hidden="true">
                <Placeholder xs={8} size="lg" />
              </Placeholder>
            </div>
          )}
          {status === 'failed' && (
            <div className="alert alert-danger d-flex flex-wrap gap-3 align-items-center mb-0" role="alert">
              <span className="flex-grow-1">{LOAD_FAILED}.</span>
              <Button size="sm" variant="outline-danger" onClick={() => void settings.refetch()}>
                Try again
              </Button>
            </div>
          )}
          {settings.currentData && (
            <Form onSubmit={(event) => void onSubmit(event)} noValidate className="d-grid gap-3">
              <div>
                <Form.Label htmlFor={selectId} className="fw-semibold">
                  Time zone
                </Form.Label>
                <Form.Select
                  id={selectId}
                  value={value}
                  isInvalid={error !== null}
                  aria-invalid={error !== null || undefined}
                  aria-describedby={[hintId, error ? errorId : null].filter(Boolean).join(' ')}
                  onChange={(event) => {
                    setDraft(event.target.value);
                    setError(null);
                  }}
                >
                  {value === '' && <option value="">Choose a time zone</option>}
                  {names.map((name) => (
                    <option key={name} value={name}>
                      {zoneLabel(name, now)}
                    </option>
                  ))}
                </Form.Select>
                <Form.Control.Feedback id={errorId} type="invalid">
                  {error}
                </Form.Control.Feedback>
                <Form.Text id={hintId} className="d-block">
                  {saved
                    ? `Exports use ${saved.replace(/_/g, ' ')}.`
                    : 'Not set yet: exports use UTC until it is. The first person of the firm to open Form Builder sets it from their browser.'}
                </Form.Text>
              </div>
              <div>
                <LoadingButton type="submit" variant="primary" loading={saving} disabled={!changed || value === ''}>
                  Save
                </LoadingButton>
              </div>
            </Form>
          )}
        </div>
      </section>
    </PageFrame>
  );
}
