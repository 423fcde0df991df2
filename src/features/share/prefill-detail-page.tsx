import { useCallback, useEffect, useId, useMemo, useRef, useState } from 'react';
import type { FormEvent } from 'react';
import { Link, useNavigate } from 'react-router';
import Form from 'react-bootstrap/Form';
import { isHandledByClient } from '../../api/errors';
import { deletePrefill, getPrefill, prefillErrorsOf, updatePrefill } from '../../api/form-prefills';
import type { FormPrefill } from '../../api/form-prefills';
import { showErrorToast, showSuccessToast } from '../../app/app-slice';
import { useAppDispatch } from '../../app/hooks';
import { PageSpinner } from '../../app/layouts/page-spinner';
import { ConfirmButton } from '../../components/confirm-button';
import { LoadingButton } from '../../components/loading-button';
import { NameField } from '../../components/name-field';
import { inputsOf } from '../../domain/answers';
import type { AnswerErrors, Answers } from '../../domain/answers';
import type { AnswerValue, FormDocument } from '../../domain/form-document';
import { LinkField } from './copy-fields';
import { PrefillValuesEditor } from './prefill-values-editor';
import { orphanValueCount, prefillDataOf, sameData, validatePrefillValues, withoutLabelPrefix, withoutRequired } from './prefill-values';
import { LoadFailedAlert, ShareFrame, useShareParams } from './share-frame';
import { appOrigin, prefilledFormUrl, sharePaths } from './share-links';
import { PREFILL_MESSAGES } from '../../domain/messages';
import { BACK_LABELS, PREFILL_NAME_MAX_LENGTH } from './share-messages';
import type { ShareForm } from './use-share-form';
import { useShareForm } from './use-share-form';

type Loaded = { key: string; prefill: FormPrefill | null };

function usePrefill(accountId: number | null, prefillId: string | undefined) {
  const dispatch = useAppDispatch();
  const key = `${accountId}/${prefillId}`;
  const [loaded, setLoaded] = useState<Loaded | null>(null);
  const [attempt, setAttempt] = useState(0);

  useEffect(() => {
    if (accountId === null || !prefillId) return;
    let cancelled = false;
    getPrefill(accountId, prefillId).then(
      (prefill) => {
        if (!cancelled) setLoaded({ key, prefill });
      },
      (error: unknown) => {
        if (cancelled) return;
        if (!isHandledByClient(error)) dispatch(showErrorToast(PREFILL_MESSAGES.fetchFailed));
        setLoaded({ key, prefill: null });
      },
    );
    return () => {
      cancelled = true;
    };
  }, [accountId, prefillId, key, attempt, dispatch]);

  const current = loaded?.key === key ? loaded : null;
  return {
    status: !current ? ('loading' as const) : current.prefill ? ('loaded' as const) : ('failed' as const),
    prefill: current?.prefill ?? null,
    replace: (prefill: FormPrefill) => setLoaded({ key, prefill }),
    retry: () => {
      setLoaded(null);
      setAttempt((n) => n + 1);
    },
  };
}

const FORM_ELEMENT_ID = 'prefill-form';

interface PrefillEditorProps {
  form: ShareForm & { document: FormDocument };
  prefill: FormPrefill;
  onSaved: (prefill: FormPrefill) => void;
}

/** Name, values and link of one prefill. Mounted per prefill, so its state starts from the loaded prefill. */
function PrefillEditor({ form, prefill, onSaved }: PrefillEditorProps) {
  const dispatch = useAppDispatch();
  const document = useMemo(() => withoutRequired(form.document), [form.document]);
  const placements = useMemo(() => inputsOf(document), [document]);
  const [saved, setSaved] = useState(prefill);
  const [name, setName] = useState(prefill.name);
  const [answers, setAnswers] = useState<Answers>(prefill.data);
  const [errors, setErrors] = useState<AnswerErrors>({});
  const [nameError, setNameError] = useState('');
  const [saving, setSaving] = useState(false);
  const focusTargets = useRef(new Map<string, HTMLElement>());
  const nameRef = useRef<HTMLInputElement>(null);
  const nameId = useId();

  const orphans = orphanValueCount(document, saved.data);
  const data = prefillDataOf(document, answers);
  const dirty = name.trim() !== saved.name || !sameData(data, prefillDataOf(document, saved.data)) || orphans > 0;
  const link = prefilledFormUrl(appOrigin(), form.id, prefill.id);

  const registerFocusTarget = useCallback((inputId: string, element: HTMLElement | null) => {
    if (element) focusTargets.current.set(inputId, element);
    else focusTargets.current.delete(inputId);
  }, []);

  const onAnswer = useCallback(
    (inputId: string, value: AnswerValue | null) => {
      setAnswers((previous) => ({ ...previous, [inputId]: value }));
      // Once a field shows errors, they follow what is typed, so fixing it clears them.
      setErrors((previous) => {
        if (!previous[inputId]) return previous;
        const next = { ...previous };
        const messages = validatePrefillValues(document, { [inputId]: value })[inputId];
        if (messages) next[inputId] = messages;
        else delete next[inputId];
        return next;
      });
    },
    [document],
  );

  /** Shows problems and puts the caret on the first one: the name, else the first input in form order. */
  const showProblems = (found: { name?: string; data: AnswerErrors }) => {
    setNameError(found.name ?? '');
    setErrors(found.data);
    if (found.name) {
      nameRef.current?.focus();
      return;
    }
    const first = placements.find(({ input }) => found.data[input.id]);
    if (first) focusTargets.current.get(first.input.id)?.focus();
  };

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (saving) return;
    const trimmed = name.trim();
    const found = { name: trimmed ? undefined : PREFILL_MESSAGES.nameRequired, data: validatePrefillValues(document, answers) };
    if (found.name || Object.keys(found.data).length) {
      showProblems(found);
      return;
    }
    setSaving(true);
    try {
      const updated = await updatePrefill(form.accountId, prefill.id, { name: trimmed, data });
      setSaved(updated);
      setName(updated.name);
      setAnswers(updated.data);
      showProblems({ data: {} });
      onSaved(updated);
      dispatch(showSuccessToast(PREFILL_MESSAGES.updated));
    } catch (error) {
      if (!isHandledByClient(error)) dispatch(showErrorToast(PREFILL_MESSAGES.updateFailed));
      const server = prefillErrorsOf(
        error,
        placements.map(({ input }) => input.id),
      );
      const dataErrors: AnswerErrors = {};
      for (const { input } of placements) {
        const messages = server.data[input.id];
        if (messages) dataErrors[input.id] = withoutLabelPrefix(input, messages);
      }
      if (server.name || Object.keys(dataErrors).length) showProblems({ name: server.name, data: dataErrors });
    } finally {
      setSaving(false);
    }
  };

  return (
    <Form id={FORM_ELEMENT_ID} noValidate onSubmit={(event) => void submit(event)}>
      <div className="row g-4">
        <div className="col-lg-4 order-lg-last">
          <section className="card share-card" aria-labelledby="prefill-details-title">
            <div className="card-body p-3 p-md-4 d-flex flex-column gap-4">
              <h2 id="prefill-details-title" className="h5 mb-0">
                Details
              </h2>
              <NameField
                id={nameId}
                inputRef={nameRef}
                labelClassName="fw-semibold"
                value={name}
                error={nameError}
                maxLength={PREFILL_NAME_MAX_LENGTH}
                disabled={saving}
                onChange={setName}
                onClearError={() => setNameError('')}
              />
              <LinkField
                label="Prefilled link"
                url={link}
                copyLabel="Copy link"
                openLabel="Open form"
                help={dirty ? 'The link fills in the values last saved: save to include your changes.' : 'Opens the form with these values filled in.'}
              />
            </div>
          </section>
        </div>

        <div className="col-lg-8">
          <section className="card share-card" aria-labelledby="prefill-values-title">
            <div className="card-body p-3 p-md-4">
              <h2 id="prefill-values-title" className="h5">
                Values
              </h2>
              <p className="text-body-secondary">
                Fill in what the link should answer for the respondent. Leave the rest empty; nothing here is required.
              </p>
              {orphans > 0 && (
                <div className="alert alert-warning" role="note">
                  {orphans === 1 ? 'One saved value belongs' : `${orphans} saved values belong`} to inputs no longer on the
                  form. Saving removes {orphans === 1 ? 'it' : 'them'}.
                </div>
              )}
              {placements.length === 0 ? (
                <p className="text-body-secondary mb-0">
                  This form has no inputs to prefill yet. Add inputs in the builder, save the form, then come back.
                </p>
              ) : (
                <PrefillValuesEditor
                  document={document}
                  answers={answers}
                  errors={errors}
                  disabled={saving}
                  onAnswer={onAnswer}
                  registerFocusTarget={registerFocusTarget}
                />
              )}
            </div>
          </section>
        </div>
      </div>

      <div className="prefill-actions d-flex flex-wrap align-items-center justify-content-end gap-3 mt-4">
        <span className="text-body-secondary small" role="status">
          {dirty ? 'Unsaved changes' : 'All changes saved'}
        </span>
        <LoadingButton type="submit" variant="primary" loading={saving}>
          Save
        </LoadingButton>
      </div>
    </Form>
  );
}

/** /{accountId}/build/{formId}/share/prefills/{prefillId}: a prefill's name, values and link. */
export function PrefillDetailPage() {
  const dispatch = useAppDispatch();
  const navigate = useNavigate();
  const { accountId, formId, prefillId } = useShareParams();
  const state = useShareForm(accountId, formId);
  const loaded = usePrefill(accountId, prefillId);
  const [deleting, setDeleting] = useState(false);

  const remove = async (form: ShareForm, prefill: FormPrefill) => {
    setDeleting(true);
    try {
      await deletePrefill(form.accountId, prefill.id);
      dispatch(showSuccessToast(PREFILL_MESSAGES.deleted));
      void navigate(sharePaths(form.accountId, form.id).prefills);
    } catch (error) {
      if (!isHandledByClient(error)) dispatch(showErrorToast(PREFILL_MESSAGES.deleteFailed));
      setDeleting(false);
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
            disabled={deleting}
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
        return <PrefillEditor key={prefill.id} form={{ ...form, document }} prefill={prefill} onSaved={loaded.replace} />;
      }}
    </ShareFrame>
  );
}
