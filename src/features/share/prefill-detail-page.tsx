import { Link, useNavigate } from 'react-router';
import { skipToken } from '@reduxjs/toolkit/query';
import { isHandledByClient } from '../../api/errors';
import { formPrefillsApi } from '../../api/form-prefills';
import type { FormPrefill } from '../../api/form-prefills';
import { showErrorToast, showSuccessToast } from '../../app/app-slice';
import { useAppDispatch } from '../../app/hooks';
import { PageSpinner } from '../../app/layouts/page-spinner';
import { useErrorToast } from '../../app/use-error-toast';
import { ConfirmButton } from '../../components/confirm-button';
import { loadStatusOf } from '../../domain/load-status';
import { PrefillEditor } from './prefill-editor';
import { LoadFailedAlert, ShareFrame, useShareParams } from './share-frame';
import { sharePaths } from './share-links';
import { PREFILL_MESSAGES } from '../../domain/messages';
import { BACK_LABELS } from './share-messages';
import type { ShareForm } from './use-share-form';
import { useShareForm } from './use-share-form';

function usePrefill(accountId: number | null, prefillId: string | undefined) {
  const result = formPrefillsApi.useGetPrefillQuery(accountId === null || !prefillId ? skipToken : { accountId, id: prefillId });
  useErrorToast(result.error, PREFILL_MESSAGES.fetchFailed);
  return { status: loadStatusOf(result), prefill: result.currentData ?? null, retry: () => void result.refetch() };
}

/** /{accountId}/build/{formId}/share/prefills/{prefillId}: a prefill's name, values and link. */
export function PrefillDetailPage() {
  const dispatch = useAppDispatch();
  const navigate = useNavigate();
  const { accountId, formId, prefillId } = useShareParams();
  const state = useShareForm(accountId, formId);
  const loaded = usePrefill(accountId, prefillId);
  const [deletePrefill, { isLoading: deleting, isSuccess: deleted }] = formPrefillsApi.useDeletePrefillMutation();

  const remove = async (form: ShareForm, prefill: FormPrefill) => {
    try {
      await deletePrefill({ accountId: form.accountId, id: prefill.id, formId: form.id }).unwrap();
      dispatch(showSuccessToast(PREFILL_MESSAGES.deleted));
      void navigate(sharePaths(form.accountId, form.id).prefills);
    } catch (error) {
      if (!isHandledByClient(error)) dispatch(showErrorToast(PREFILL_MESSAGES.deleteFailed));
    }
  };

  const prefill = loaded.prefill;
  return (
    <ShareFrame
      title={() => (prefill ? `Prefill: ${prefill.name}` : 'Prefill')}
      back={{ to: `build/${formId ?? ''}/share/prefills`, label: BACK_LABELS.prefills }}
      state={state}
      actions={(form) =>
        prefill && (
          <ConfirmButton
            prompt={<>Delete “{prefill.name}”? Its link will open the form without these values.</>}
            disabled={deleting || deleted}
            onConfirm={() => void remove(form, prefill)}
          />
        )
      }
    >
      {(form) => {
        if (loaded.status === 'loading') return <PageSpinner label="Loading prefill…" />;
        if (!prefill) return <LoadFailedAlert message={PREFILL_MESSAGES.fetchFailed} onRetry={loaded.retry} />;
        if (prefill.formTemplate !== form.id) {
          return (
            <div className="alert alert-warning" role="alert">
              This prefill belongs to another form.{' '}
              <Link to={sharePaths(form.accountId, form.id).prefills}>See this form’s prefills</Link>.
            </div>
          );
        }
        const { document } = form;
        if (!document) {
          return (
            <div className="alert alert-warning" role="alert">
              This form cannot be read, so its values cannot be edited. Open it in the builder and save it again.
            </div>
          );
        }
        return <PrefillEditor key={prefill.id} form={{ ...form, document }} prefill={prefill} deleting={deleting || deleted} />;
      }}
    </ShareFrame>
  );
}
