/**
 * The respondent page's app: loading, "not available" and retry states around the shared FormRenderer, which it
 * feeds with compiled logic, the prefill and URL answers, and a submit that posts to /api/form-submit/.
 * Plain React only (BENCHMARKS.md: no Redux, router, react-bootstrap, dnd-kit, ProseMirror or zod on this page).
 */
import { StrictMode, useCallback, useEffect, useMemo, useRef, useState } from 'react';
import type { Ref } from 'react';
import { createRoot } from 'react-dom/client';
import { inputsOf } from '../domain/answers';
import type { Answers } from '../domain/answers';
// Not the logic barrel: it re-exports cycle helpers that import the zod schemas.
import { compileLogic } from '../domain/logic/compile';
import { FormRenderer } from '../components/form-renderer/form-renderer';
import { createParentMessenger, observeHeight } from './embed-bridge';
import type { ParentMessenger } from './embed-bridge';
import { buildInitialAnswers } from './initial-answers';
import { FormUnavailableError } from './public-api';
import type { RespondentData } from './public-api';
import type { RespondentBoot } from './respondent-boot';
import { createSubmitter } from './submission';

export const UNAVAILABLE_TITLE = 'This form is not available.';
export const LOAD_FAILED_TITLE = 'The form could not be loaded.';

type LoadState = { status: 'loading' } | { status: 'ready'; data: RespondentData } | { status: 'unavailable' } | { status: 'failed' };

/** Off-screen and hidden from assistive technology: people never fill it, form-filling bots do (API.md `hp`). */
function Honeypot({ inputRef }: { inputRef: Ref<HTMLInputElement> }) {
  return (
    <div className="rs-hp" aria-hidden="true">
      <label htmlFor="rs-website">Website</label>
      <input ref={inputRef} id="rs-website" type="text" name="website" tabIndex={-1} autoComplete="off" defaultValue="" />
    </div>
  );
}

interface RespondentFormProps {
  data: RespondentData;
  boot: RespondentBoot;
  messenger: ParentMessenger;
}

function RespondentForm({ data, boot, messenger }: RespondentFormProps) {
  const { form } = data;
  const honeypot = useRef<HTMLInputElement>(null);
  const [message, setMessage] = useState('');
  const compiled = useMemo(() => compileLogic(form.jsonForm, form.jsonConditionalLogic), [form]);
  const initialAnswers = useMemo(() => buildInitialAnswers(form.jsonForm, data.prefillData, boot.params), [form, data.prefillData, boot.params]);
  const submitter = useMemo(
    () =>
      createSubmitter({
        formId: form.id || boot.formId || '',
        // A prefill whose link is no longer valid was not used: do not claim it.
        prefillId: data.prefillData ? boot.prefillId : null,
        // From the load that showed this form: a retried load brings its own token.
        startToken: data.startToken,
        submissionKey: boot.submissionKey,
        inputIds: new Set(inputsOf(form.jsonForm).map(({ input }) => input.id)),
      }),
    [form, data.prefillData, data.startToken, boot],
  );

  const onSubmit = useCallback(
    async (answers: Answers) => {
      const result = await submitter.submit(answers, honeypot.current?.value ?? '');
      setMessage(result.message);
      messenger.submitted(result.id);
    },
    [submitter, messenger],
  );

  return (
    <>
      <FormRenderer
        document={form.jsonForm}
        logic={form.jsonConditionalLogic}
        style={form.jsonFormStyle}
        initialAnswers={initialAnswers}
        hiddenIds={compiled.hiddenIds}
        onSubmit={onSubmit}
        submitMessage={message}
        title={form.name || undefined}
      />
      <Honeypot inputRef={honeypot} />
    </>
  );
}

export interface RespondentAppProps {
  boot: RespondentBoot;
  messenger: ParentMessenger;
}

export function RespondentApp({ boot, messenger }: RespondentAppProps) {
  const [attempt, setAttempt] = useState(0);
  const [state, setState] = useState<LoadState>({ status: 'loading' });
  const failedRef = useRef<HTMLHeadingElement>(null);

  useEffect(() => {
    let active = true;
    const loading = attempt === 0 ? boot.firstLoad : boot.load();
    loading.then(
      (data) => active && setState({ status: 'ready', data }),
      (error: unknown) => active && setState({ status: error instanceof FormUnavailableError ? 'unavailable' : 'failed' }),
    );
    return () => {
      active = false;
    };
  }, [attempt, boot]);

  useEffect(() => {
    if (state.status === 'failed') failedRef.current?.focus();
    const title = state.status === 'ready' ? state.data.form.name || 'Form' : state.status === 'unavailable' ? 'Form not available' : null;
    if (title === null) return;
    document.title = title;
    // Inside an embed the host page names the iframe after it (an iframe's title is its accessible name).
    messenger.titled(title);
  }, [state, messenger]);

  const retry = () => {
    setState({ status: 'loading' });
    setAttempt((previous) => previous + 1);
  };

  let content;
  switch (state.status) {
    case 'loading':
      content = (
        <p className="rs-status" role="status">
          Loading form…
        </p>
      );
      break;
    case 'unavailable':
      content = (
        <div className="rs-message">
          <h1 className="rs-heading">{UNAVAILABLE_TITLE}</h1>
          <p>It may have been closed, or the link may be incomplete. Please contact whoever sent it to you.</p>
        </div>
      );
      break;
    case 'failed':
      content = (
        <div className="rs-message" role="alert">
          <h1 ref={failedRef} className="rs-heading" tabIndex={-1}>
            {LOAD_FAILED_TITLE}
          </h1>
          <p>Check your connection and try again.</p>
          <button type="button" className="rs-retry" onClick={retry}>
            Try again
          </button>
        </div>
      );
      break;
    case 'ready':
      content = <RespondentForm data={state.data} boot={boot} messenger={messenger} />;
      break;
    default: {
      const unknownState: never = state;
      throw new Error(`Unknown state ${JSON.stringify(unknownState)}`);
    }
  }
  return <main className="rs-main">{content}</main>;
}

/** Renders the app into `container`; inside an embed, reports the container's height to the parent page. */
export function mountRespondent(container: HTMLElement, boot: RespondentBoot, win: Window = window): () => void {
  const messenger = createParentMessenger(win, boot.formId ?? '', boot.embed);
  const stopObserving = boot.embed.embedded ? observeHeight(container, messenger.resized) : () => {};
  const root = createRoot(container);
  root.render(
    <StrictMode>
      <RespondentApp boot={boot} messenger={messenger} />
    </StrictMode>,
  );
  return () => {
    stopObserving();
    root.unmount();
  };
}
