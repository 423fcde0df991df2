import { useRef, useState } from 'react';
import { skipToken } from '@reduxjs/toolkit/query';
import { Link, useNavigate } from 'react-router';
import Button from 'react-bootstrap/Button';
import { isHandledByClient } from '../../api/errors';
import { formPrefillsApi, prefillErrorsOf } from '../../api/form-prefills';
import type { FormPrefill } from '../../api/form-prefills';
import { showErrorToast, showSuccessToast } from '../../app/app-slice';
import { useAppDispatch, useAppSelector } from '../../app/hooks';
import { useErrorToast } from '../../app/use-error-toast';
import { PageSpinner } from '../../app/layouts/page-spinner';
import { ConfirmButton } from '../../components/confirm-button';
import { CopyButton } from '../../components/copy-button';
import { PlusIcon } from '../../components/icons';
import { ListTable } from '../../components/list-card';
import { useBusyIds } from '../../components/use-busy-ids';
import { loadStatusOf } from '../../domain/load-status';
import { NewPrefillModal } from './new-prefill-modal';
import { selectSelectedPrefillId } from './prefill-slice';
import type { NewPrefillResult } from './new-prefill-modal';
import { LoadFailedAlert, ShareFrame, useShareParams } from './share-frame';
import { appOrigin, prefilledFormUrl, sharePaths } from './share-links';
import { PREFILL_MESSAGES } from '../../domain/messages';
import { BACK_LABELS } from './share-messages';
import type { ShareForm } from './use-share-form';
import { useShareForm } from './use-share-form';

const exactTime = new Intl.DateTimeFormat(undefined, { dateStyle: 'medium', timeStyle: 'short' });

function formatChangedAt(iso: string): string {
  const time = Date.parse(iso);
  return Number.isNaN(time) ? '—' : exactTime.format(time);
}

const NO_PREFILLS: FormPrefill[] = [];

/** The form's prefills from the api cache; create and delete keep the cached list up to date. */
function usePrefillList(accountId: number | null, formId: string | undefined) {
  const result = formPrefillsApi.useListPrefillsQuery(accountId === null || !formId ? skipToken : { accountId, formId });
  useErrorToast(result.error, PREFILL_MESSAGES.fetchFailed);
  return { status: loadStatusOf(result), prefills: result.currentData?.results ?? NO_PREFILLS, retry: () => void result.refetch() };
}

interface PrefillTableProps {
  form: ShareForm;
  prefills: readonly FormPrefill[];
  busyIds: ReadonlySet<string>;
  onDelete: (prefill: FormPrefill) => void;
}

function PrefillTable({ form, prefills, busyIds, onDelete }: PrefillTableProps) {
  const selectedId = useAppSelector(selectSelectedPrefillId);
  const origin = appOrigin();
  const paths = sharePaths(form.accountId, form.id);
  return (
    <ListTable caption={<>Prefills of {form.name}</>} className="share-card prefill-list">
      <thead>
        <tr>
          <th scope="col">Name</th>
          <th scope="col">Last changed</th>
          <th scope="col" className="text-md-end">
            Actions
          </th>
        </tr>
      </thead>
      <tbody>
        {prefills.map((prefill) => (
          <tr key={prefill.id} className={prefill.id === selectedId ? 'table-active' : undefined} aria-current={prefill.id === selectedId ? 'true' : undefined}>
            <th scope="row" className="fw-normal">
              <Link to={paths.prefill(prefill.id)} className="prefill-name">
                {prefill.name}
              </Link>
            </th>
            <td className="text-nowrap text-body-secondary">
              <time dateTime={prefill.updatedAt}>{formatChangedAt(prefill.updatedAt)}</time>
            </td>
            <td>
              {/* Every row has the same button texts: the group's label says which prefill they act on. */}
              <div role="group" aria-label={`Actions for ${prefill.name}`} className="d-flex flex-wrap gap-2 justify-content-md-end">
                <CopyButton value={prefilledFormUrl(origin, form.id, prefill.id)} label="Copy link" />
                <Link to={paths.prefill(prefill.id)} className="btn btn-outline-secondary">
                  Edit
                </Link>
                <ConfirmButton
                  prompt={
                    <>
                      Delete “{prefill.name}”? Its link will open the form without these values.
                    </>
                  }
                  disabled={busyIds.has(prefill.id)}
                  onConfirm={() => onDelete(prefill)}
                />
              </div>
            </td>
          </tr>
        ))}
      </tbody>
    </ListTable>
  );
}

/** /{accountId}/build/{formId}/share/prefills: the form's prefills; create, copy their links, edit, delete. */
export function PrefillsPage() {
  const dispatch = useAppDispatch();
  const navigate = useNavigate();
  const { accountId, formId } = useShareParams();
  const state = useShareForm(accountId, formId);
  const list = usePrefillList(accountId, formId);
  const [createPrefill] = formPrefillsApi.useCreatePrefillMutation();
  const [deletePrefill] = formPrefillsApi.useDeletePrefillMutation();
  // The last opened modal stays mounted while it fades out; a new key per opening starts it empty.
  const [modal, setModal] = useState({ key: 0, show: false });
  const [busyIds, markBusy] = useBusyIds();
  const resultsRef = useRef<HTMLDivElement>(null);

  const openModal = () => setModal((current) => ({ key: current.key + 1, show: true }));
  const closeModal = () => setModal((current) => ({ ...current, show: false }));

  const create = async (form: ShareForm, name: string): Promise<NewPrefillResult> => {
    try {
      const created = await createPrefill({ accountId: form.accountId, input: { formTemplate: form.id, name, data: {} } }).unwrap();
      dispatch(showSuccessToast(PREFILL_MESSAGES.created));
      closeModal();
      void navigate(sharePaths(form.accountId, form.id).prefill(created.id));
    } catch (error) {
      if (!isHandledByClient(error)) dispatch(showErrorToast(PREFILL_MESSAGES.createFailed));
      const nameError = prefillErrorsOf(error, []).name;
      if (nameError) return { nameError };
    }
  };

  const remove = async (form: ShareForm, prefill: FormPrefill) => {
    markBusy(prefill.id, true);
    try {
      // The mutation takes the row out of the cached list.
      await deletePrefill({ accountId: form.accountId, id: prefill.id, formId: form.id }).unwrap();
      dispatch(showSuccessToast(PREFILL_MESSAGES.deleted));
      // The row that held focus is gone: keep keyboard users in the list.
      resultsRef.current?.focus();
    } catch (error) {
      if (!isHandledByClient(error)) dispatch(showErrorToast(PREFILL_MESSAGES.deleteFailed));
    } finally {
      markBusy(prefill.id, false);
    }
  };

  const newButton = (
    <Button variant="primary" className="d-inline-flex align-items-center gap-2" onClick={openModal}>
      <PlusIcon />
      New prefill
    </Button>
  );

  return (
    <ShareFrame
      title={(form) => (form ? `Prefills: ${form.name}` : 'Prefills')}
      back={{ to: `build/${formId ?? ''}/share`, label: BACK_LABELS.share }}
      state={state}
      actions={() => list.status === 'loaded' && list.prefills.length > 0 && newButton}
    >
      {(form) => (
        <div className="share-content">
          <p className="text-body-secondary mb-4">
            A prefill opens <strong className="text-body">{form.title}</strong> with some answers already filled in — the
            campaign a client came from, or the kind of matter. Respondents can still change them.
          </p>
          <div ref={resultsRef} tabIndex={-1} className="prefill-list-results" role="region" aria-label="Prefill list">
            {list.status === 'loading' && <PageSpinner label="Loading prefills…" />}
            {list.status === 'failed' && <LoadFailedAlert message={PREFILL_MESSAGES.fetchFailed} onRetry={list.retry} />}
            {list.status === 'loaded' && list.prefills.length === 0 && (
              <div className="card share-card text-center">
                <div className="card-body py-5 px-3">
                  <h2 className="h5">No prefills yet</h2>
                  <p className="text-body-secondary mx-auto mb-4" style={{ maxWidth: '32rem' }}>
                    Create one to get a link that opens this form with your chosen answers filled in.
                  </p>
                  {newButton}
                </div>
              </div>
            )}
            {list.status === 'loaded' && list.prefills.length > 0 && (
              <PrefillTable form={form} prefills={list.prefills} busyIds={busyIds} onDelete={(prefill) => void remove(form, prefill)} />
            )}
          </div>
          <NewPrefillModal key={modal.key} show={modal.show} onHide={closeModal} onCreate={(name) => create(form, name)} />
        </div>
      )}
    </ShareFrame>
  );
}
