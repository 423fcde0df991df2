import { useCallback, useId, useMemo, useRef, useState } from 'react';
import { Link, useLocation, useNavigate, useParams, useSearchParams } from 'react-router';
import Button from 'react-bootstrap/Button';
import Form from 'react-bootstrap/Form';
import { fieldErrorsOf, isHandledByClient, statusOf } from '../../api/errors';
import { formTemplatesApi } from '../../api/form-templates';
import type { FormRef, FormTemplateSummary } from '../../api/form-templates';
import { showErrorToast, showSuccessToast } from '../../app/app-slice';
import { useAppDispatch } from '../../app/hooks';
import { PlusIcon } from '../../components/icons';
import { EmptyState } from '../../components/list-card';
import { PageFrame } from '../../components/page-frame';
import { useBusyIds } from '../../components/use-busy-ids';
import { useNarrowScreen } from '../../components/use-narrow-screen';
import { useNow } from '../../components/use-now';
import { createNewFormSnapshot } from '../../domain/element-factory';
import { accountIdFromPath } from '../../domain/ids';
import { FORM_MESSAGES } from '../../domain/messages';
import { ExportResponsesDialog } from '../../components/export-responses/export-responses-dialog';
import { FormNameModal } from './form-name-modal';
import type { FormNameSaveResult } from './form-name-modal';
import { FORM_SORTS, FORM_SORT_LABELS, filterForms, readFormListQuery, sortForms, writeFormListQuery } from './form-list-query';
import type { FormListQuery, FormSort } from './form-list-query';
import { FormCards, FormListSkeleton, FormTable, buildPath } from './form-list-view';
import { useFormList, useResponseCounts } from './use-form-list';
import './forms.css';

type ModalState = ({ kind: 'create' } | { kind: 'rename'; form: FormTemplateSummary }) & { key: number } | null;

/** The server's message for the name field of a 400, if it gave one. */
function nameErrorOf(error: unknown): string | undefined {
  return statusOf(error) === 400 ? fieldErrorsOf(error).name?.[0] : undefined;
}

/**
 * /{accountId}: the account's forms (spec §2). Active and archived tabs, search and sort — all kept in the URL query
 * (`?archived=true&search=…&sort=updated`) so the view survives a reload — plus create, rename, archive, unarchive.
 */
export function AccountHomePage() {
  const dispatch = useAppDispatch();
  const navigate = useNavigate();
  const params = useParams();
  const { pathname } = useLocation();
  const accountId = accountIdFromPath(pathname, params);
  const [searchParams, setSearchParams] = useSearchParams();
  const query = readFormListQuery(searchParams);
  const { archived, search, sort } = query;
  const narrow = useNarrowScreen();
  const now = useNow();

  const { status, forms, retry } = useFormList(accountId, archived);
  const responseCounts = useResponseCounts(accountId);
  const [createFormTemplate] = formTemplatesApi.useCreateFormMutation();
  const [renameFormTemplate] = formTemplatesApi.useRenameFormMutation();
  const [archiveFormTemplate] = formTemplatesApi.useArchiveFormMutation();
  const [unarchiveFormTemplate] = formTemplatesApi.useUnarchiveFormMutation();
  const visible = useMemo(() => sortForms(filterForms(forms, search), sort), [forms, search, sort]);

  // The last opened modal stays mounted while it fades out; a new key per opening starts it afresh.
  const [modal, setModal] = useState<ModalState>(null);
  const [modalOpen, setModalOpen] = useState(false);
  const [busyIds, markBusy] = useBusyIds();
  // Like the name modals: the last form stays while the dialog fades out.
  const [exportForm, setExportForm] = useState<FormTemplateSummary | null>(null);
  const [exportOpen, setExportOpen] = useState(false);
  const resultsRef = useRef<HTMLDivElement>(null);
  const searchId = useId();
  const sortId = useId();

  const updateQuery = useCallback(
    (patch: Partial<FormListQuery>) => setSearchParams((current) => writeFormListQuery(current, patch), { replace: true }),
    [setSearchParams],
  );

  const tabLink = (toArchived: boolean) => {
    const next = writeFormListQuery(searchParams, { archived: toArchived }).toString();
    return { pathname, search: next ? `?${next}` : '' };
  };

  const openModal = (next: { kind: 'create' } | { kind: 'rename'; form: FormTemplateSummary }) => {
    setModal((current) => ({ ...next, key: (current?.key ?? 0) + 1 }));
    setModalOpen(true);
  };
  const closeModal = () => setModalOpen(false);

  // The row that held focus is gone: give focus to the list so keyboard users stay in place.
  const focusResults = () => resultsRef.current?.focus();

  if (accountId === null) return <PageFrame title="Forms" />;

  const createForm = async (name: string): Promise<FormNameSaveResult> => {
    try {
      const created = await createFormTemplate({ accountId, input: createNewFormSnapshot(name) }).unwrap();
      dispatch(showSuccessToast(FORM_MESSAGES.created));
      closeModal();
      void navigate(buildPath(accountId, created.id));
    } catch (error) {
      const nameError = nameErrorOf(error);
      if (nameError) return { nameError };
      if (!isHandledByClient(error)) dispatch(showErrorToast(FORM_MESSAGES.createFailed));
    }
  };

  const renameForm = async (form: FormTemplateSummary, name: string): Promise<FormNameSaveResult> => {
    if (name === form.name) {
      closeModal();
      return;
    }
    try {
      // The mutation renames the row in the cached lists itself.
      await renameFormTemplate({ accountId, id: form.id, name }).unwrap();
      dispatch(showSuccessToast(FORM_MESSAGES.updated));
      closeModal();
    } catch (error) {
      const nameError = nameErrorOf(error);
      if (nameError) return { nameError };
      if (!isHandledByClient(error)) dispatch(showErrorToast(FORM_MESSAGES.updateFailed));
    }
  };

  /** Archive and unarchive: the row's actions wait, then the form leaves this tab and focus stays in the list. */
  const moveToOtherTab = async (
    form: FormTemplateSummary,
    move: (ref: FormRef) => { unwrap: () => Promise<unknown> },
    messages: { done: string; failed: string },
  ) => {
    markBusy(form.id, true);
    try {
      // The mutation moves the row between the cached lists itself.
      await move({ accountId, id: form.id }).unwrap();
      dispatch(showSuccessToast(messages.done));
      focusResults();
    } catch (error) {
      if (!isHandledByClient(error)) dispatch(showErrorToast(messages.failed));
    } finally {
      markBusy(form.id, false);
    }
  };
  const archiveForm = (form: FormTemplateSummary) =>
    moveToOtherTab(form, archiveFormTemplate, { done: FORM_MESSAGES.archived, failed: FORM_MESSAGES.archiveFailed });
  const unarchiveForm = (form: FormTemplateSummary) =>
    moveToOtherTab(form, unarchiveFormTemplate, { done: FORM_MESSAGES.unarchived, failed: FORM_MESSAGES.unarchiveFailed });

  const newFormButton = (
    <Button variant="primary" className="d-inline-flex align-items-center gap-2" onClick={() => openModal({ kind: 'create' })}>
      <PlusIcon />
      New form
    </Button>
  );

  const listName = archived ? 'archived forms' : 'forms';
  let body;
  if (status === 'loading') {
    body = <FormListSkeleton label={archived ? 'Loading archived forms…' : 'Loading forms…'} narrow={narrow} />;
  } else if (status === 'failed') {
    body = (
      <EmptyState title={archived ? FORM_MESSAGES.archivedListFailed : FORM_MESSAGES.listFailed}>
        <p className="text-body-secondary mb-3">Check your connection and try again.</p>
        <Button variant="outline-primary" onClick={retry}>
          Try again
        </Button>
      </EmptyState>
    );
  } else if (forms.length === 0) {
    body = archived ? (
      <EmptyState title="No archived forms">
        <p className="text-body-secondary mb-0">Forms you archive appear here, and you can unarchive them at any time.</p>
      </EmptyState>
    ) : (
      <EmptyState title="No forms yet">
        <p className="text-body-secondary mb-3">Create your first form to start collecting client intake information.</p>
        {newFormButton}
      </EmptyState>
    );
  } else if (visible.length === 0) {
    body = (
      <EmptyState title="No forms match your search">
        <p className="text-body-secondary mb-3">Try other words, or clear the search to see all {listName}.</p>
        <Button variant="outline-secondary" onClick={() => updateQuery({ search: '' })}>
          Clear search
        </Button>
      </EmptyState>
    );
  } else {
    const viewProps = {
      forms: visible,
      accountId,
      responseCounts,
      archived,
      sort,
      busyIds,
      now,
      onRename: (form: FormTemplateSummary) => openModal({ kind: 'rename', form }),
      onArchive: (form: FormTemplateSummary) => void archiveForm(form),
      onUnarchive: (form: FormTemplateSummary) => void unarchiveForm(form),
      onExport: (form: FormTemplateSummary) => {
        setExportForm(form);
        setExportOpen(true);
      },
    };
    body = narrow ? <FormCards {...viewProps} /> : <FormTable {...viewProps} />;
  }

  const countText =
    status !== 'loaded' || forms.length === 0
      ? ''
      : search.trim()
        ? `${visible.length} of ${forms.length} ${listName} match`
        : `${forms.length} ${forms.length === 1 ? (archived ? 'archived form' : 'form') : listName}`;

  return (
    <PageFrame title="Forms" actions={newFormButton}>
      <nav aria-label="Form lists" className="form-list-tabs mb-3">
        <ul className="nav nav-tabs">
          {[false, true].map((tabArchived) => (
            <li key={String(tabArchived)} className="nav-item">
              <Link
                to={tabLink(tabArchived)}
                className={`nav-link${archived === tabArchived ? ' active' : ''}`}
                aria-current={archived === tabArchived ? 'page' : undefined}
              >
                {tabArchived ? 'Archived' : 'Active'}
              </Link>
            </li>
          ))}
        </ul>
      </nav>

      <div className="form-list-toolbar d-flex flex-column flex-sm-row align-items-sm-center gap-2 gap-sm-3 mb-3">
        <Form role="search" className="form-list-search flex-grow-1" onSubmit={(event) => event.preventDefault()}>
          <Form.Label htmlFor={searchId} visuallyHidden>
            Search forms
          </Form.Label>
          <Form.Control
            id={searchId}
            type="search"
            placeholder="Search forms"
            autoComplete="off"
            value={search}
            onChange={(event) => updateQuery({ search: event.target.value })}
          />
        </Form>
        <div className="d-flex align-items-center gap-2">
          <Form.Label htmlFor={sortId} className="mb-0 text-nowrap text-body-secondary small">
            Sort by
          </Form.Label>
          <Form.Select
            id={sortId}
            className="form-list-sort"
            value={sort}
            onChange={(event) => updateQuery({ sort: event.target.value as FormSort })}
          >
            {FORM_SORTS.map((value) => (
              <option key={value} value={value}>
                {FORM_SORT_LABELS[value]}
              </option>
            ))}
          </Form.Select>
        </div>
        <p className="small text-body-secondary mb-0 ms-sm-auto text-nowrap" aria-live="polite">
          {countText}
        </p>
      </div>

      <div ref={resultsRef} tabIndex={-1} className="form-list-results" aria-label={archived ? 'Archived forms' : 'Active forms'} role="region">
        {body}
      </div>

      {modal?.kind === 'create' && (
        <FormNameModal
          key={modal.key}
          id="new-form-modal"
          show={modalOpen}
          title="New form"
          subtitle="You can change the name later."
          submitLabel="Create form"
          onHide={closeModal}
          onSave={createForm}
        />
      )}
      {modal?.kind === 'rename' && (
        <FormNameModal
          key={modal.key}
          id="rename-form-modal"
          show={modalOpen}
          title="Rename form"
          submitLabel="Save"
          initialName={modal.form.name}
          onHide={closeModal}
          onSave={(name) => renameForm(modal.form, name)}
        />
      )}
      <ExportResponsesDialog
        show={exportOpen}
        onHide={() => setExportOpen(false)}
        accountId={accountId}
        form={exportForm}
      />
    </PageFrame>
  );
}
