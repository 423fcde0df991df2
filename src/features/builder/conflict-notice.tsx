/**
 * Issue 13 defect 5: a save refused because someone else saved the form first. The notice stays (role=alert) until the
 * user chooses, and says why Save keeps failing; nothing typed is thrown away without a confirmation:
 * - "Reload theirs" loads their version in place of this one (after a confirmation; Undo brings this one back);
 * - "Overwrite with mine" saves this version over theirs (after a confirmation naming their version), and over that
 *   version only: should they have saved again meanwhile, the save is refused again and the notice shows the newer one.
 */
import { useCallback } from 'react';
import Button from 'react-bootstrap/Button';
import { useNavigate } from 'react-router';
import { useAppDispatch, useAppSelector } from '../../app/hooks';
import { ConfirmButton } from '../../components/confirm-button';
import { WarningIcon } from '../../components/icons';
import { formatExactTime } from '../../domain/intl-format';
import { announce } from './live-announcer';
import { recheckTheirVersion, reloadTheirVersion, saveForm } from './form-thunks';

export function ConflictNotice({ accountId }: { accountId: number }) {
  const dispatch = useAppDispatch();
  const navigate = useNavigate();
  const conflict = useAppSelector((state) => state.form.conflict);
  const busy = useAppSelector((state) => state.form.saveStatus === 'saving');
  const name = useAppSelector((state) => state.form.name.trim());

  const overwrite = useCallback(
    async (updatedAt: string) => {
      const result = await dispatch(saveForm({ overwrite: updatedAt }));
      if (saveForm.fulfilled.match(result)) await navigate(`/${accountId}/build/${result.payload.template.id}`, { replace: true });
    },
    [accountId, dispatch, navigate],
  );

  const reload = useCallback(async () => {
    const result = await dispatch(reloadTheirVersion());
    if (reloadTheirVersion.fulfilled.match(result)) announce('Their version is loaded. Undo brings yours back.');
  }, [dispatch]);

  if (!conflict) return null;
  const { theirs } = conflict;
  const when = theirs ? formatExactTime(theirs.updatedAt) : '';
  const renamed = theirs !== null && theirs.name.trim() !== name;

  return (
    <div className="builder-conflict alert alert-warning" role="alert">
      <WarningIcon size={20} className="builder-conflict-icon" />
      <div className="builder-conflict-body">
        <h2 className="builder-conflict-title">Someone else saved this form while you were editing it</h2>
        <p className="mb-1">
          {theirs ? (
            <>
              Their version was saved on {when}
              {renamed ? <> under the name “{theirs.name}”</> : null}.{' '}
            </>
          ) : (
            <>Their version could not be loaded just now. </>
          )}
          Your changes are still here but not saved, and Save keeps being refused until you choose which version to keep.
        </p>
        <div className="builder-conflict-actions">
          <ConfirmButton
            text="Reload theirs"
            variant="outline-secondary"
            confirmText="Yes, reload theirs"
            prompt="Replace your changes with their version? Undo brings yours back."
            disabled={busy}
            onConfirm={() => void reload()}
          />
          {theirs ? (
            <ConfirmButton
              text="Overwrite with mine"
              variant="outline-danger"
              confirmText="Yes, overwrite"
              prompt={`Save your version over theirs (saved on ${when})? Their changes will be lost.`}
              disabled={busy}
              onConfirm={() => void overwrite(theirs.updatedAt)}
            />
          ) : (
            <Button variant="outline-secondary" disabled={busy} onClick={() => void dispatch(recheckTheirVersion())}>
              Load their version details
            </Button>
          )}
        </div>
      </div>
    </div>
  );
}
