import { useCallback, useId, useMemo, useRef, useState } from 'react';
import type { FormEvent } from 'react';
import Form from 'react-bootstrap/Form';
import { isHandledByClient } from '../../api/errors';
import { formPrefillsApi, prefillErrorsOf } from '../../api/form-prefills';
import type { FormPrefill } from '../../api/form-prefills';
import { showErrorToast, showSuccessToast } from '../../app/app-slice';
import { useAppDispatch } from '../../app/hooks';
import { DirtyLeaveGuard } from '../../components/leave-guard';
import { LoadingButton } from '../../components/loading-button';
import { NameField } from '../../components/name-field';
import { inputsOf } from '../../domain/answers';
import type { AnswerErrors, Answers } from '../../domain/answers';
import type { AnswerValue, FormDocument } from '../../domain/form-document';
import { PrefillDetailsCard, PrefillValuesCard } from './prefill-editor-cards';
import { PrefillValuesEditor } from './prefill-values-editor';
import { orphanValueCount, prefillDataOf, sameData, validatePrefillValues, withoutLabelPrefix, withoutRequired } from './prefill-values';
import { appOrigin, prefilledFormUrl } from './share-links';
import { PREFILL_MESSAGES } from '../../domain/messages';
import { PREFILL_NAME_MAX_LENGTH } from './share-messages';
import type { ShareForm } from './use-share-form';

const FORM_ELEMENT_ID = 'prefill-form';

interface PrefillEditorProps {
  form: ShareForm & { document: FormDocument };
  /** The saved prefill, from the api cache (a save replaces it there). */
  prefill: FormPrefill;
  /** The prefill is being deleted: its edits no longer matter, and leaving must not ask about them. */
  deleting?: boolean;
}

/**
 * Name, values and link of one prefill. Mounted per prefill: the draft (name, answers) starts from the saved prefill
 * and is the editor's own until saved.
 */
export function PrefillEditor({ form, prefill, deleting = false }: PrefillEditorProps) {
  const dispatch = useAppDispatch();
  const document = useMemo(() => withoutRequired(form.document), [form.document]);
  const placements = useMemo(() => inputsOf(document), [document]);
  const saved = prefill;
  const [updatePrefill, { isLoading: saving }] = formPrefillsApi.useUpdatePrefillMutation();
  const [name, setName] = useState(prefill.name);
  const [answers, setAnswers] = useState<Answers>(prefill.data);
  const [errors, setErrors] = useState<AnswerErrors>({});
  const [nameError, setNameError] = useState('');
  const focusTargets = useRef(new Map<string, HTMLElement>());
  const nameRef = useRef<HTMLInputElement>(null);
  const nameId = useId();

  const orphans = orphanValueCount(document, saved.data);
  const data = prefillDataOf(document, answers);
  // What the user changed: leaving loses it. Values of removed inputs are only dropped by a save: leaving keeps them.
  const edited = name.trim() !== saved.name || !sameData(data, prefillDataOf(document, saved.data));
  const dirty = edited || orphans > 0;
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
    try {
      const updated = await updatePrefill({ accountId: form.accountId, id: prefill.id, changes: { name: trimmed, data } }).unwrap();
      // The draft takes the values as the server stored them.
      setName(updated.name);
      setAnswers(updated.data);
      showProblems({ data: {} });
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
    }
  };

  return (
    <Form id={FORM_ELEMENT_ID} noValidate onSubmit={(event) => void submit(event)}>
      <DirtyLeaveGuard
        id="leave-prefill-modal"
        subtitle="This prefill has changes that are not saved. If you leave now, they will be lost."
        dirty={edited && !saving && !deleting}
      />
      <div className="row g-4">
        <div className="col-lg-4 order-lg-last">
          <PrefillDetailsCard
            nameField={
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
            }
            link={link}
            dirty={dirty}
          />
        </div>
        <div className="col-lg-8">
          <PrefillValuesCard orphans={orphans} hasInputs={placements.length > 0}>
            <PrefillValuesEditor
              document={document}
              answers={answers}
              errors={errors}
              disabled={saving}
              onAnswer={onAnswer}
              registerFocusTarget={registerFocusTarget}
            />
          </PrefillValuesCard>
        </div>
      </div>

      <div className="prefill-actions sticky-action-bar d-flex flex-wrap align-items-center justify-content-end gap-3 mt-4">
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
