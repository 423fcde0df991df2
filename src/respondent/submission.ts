/**
 * Sending a response: `POST /api/form-submit/` (API.md). One submission key per page load makes a double click, a
 * retry after a lost connection, or a repeat after success store the response once (the server answers a repeated key
 * with the first result). Failures become SubmitError, which the renderer shows: per-field messages for a 400, the
 * server's text for a 429, a retry hint when the network failed.
 */
import type { AnswerErrors, Answers } from '../domain/answers';
import { SubmitError } from '../components/form-renderer/submit-error';
import { newSubmissionKey } from './submission-key';

export const SUBMIT_URL = '/api/form-submit/';
export const NETWORK_FAILED_MESSAGE = 'Your response could not be sent: check your connection and try again. Your answers are kept.';
export const INVALID_MESSAGE = 'Some answers need attention.';
const UNAVAILABLE_MESSAGE = 'This form is not available.';
const TOO_MANY_MESSAGE = 'Too many submissions. Please wait a minute and try again.';

interface SubmitBody {
  form_id: string;
  data: Answers;
  prefill_id?: string;
  submission_key: string;
  hp: string;
  start_token?: string;
}

interface SubmitResult {
  id: string;
  message: string;
}

/**
 * The server's 400 `errors` as field errors: keys that are input ids (or `data.<input id>`, as the body schema names
 * them); anything else (`submission_key`, `non_field_errors`) has no field to sit under.
 */
export function fieldErrorsFrom(errors: unknown, inputIds: ReadonlySet<string>): AnswerErrors {
  const result: AnswerErrors = {};
  if (!errors || typeof errors !== 'object') return result;
  for (const [key, value] of Object.entries(errors as Record<string, unknown>)) {
    const id = inputIds.has(key) ? key : key.startsWith('data.') && inputIds.has(key.slice(5)) ? key.slice(5) : null;
    if (id === null) continue;
    const messages = (Array.isArray(value) ? value : [value]).filter((message): message is string => typeof message === 'string' && message !== '');
    if (messages.length) result[id] = [...(result[id] ?? []), ...messages];
  }
  return result;
}

export interface SubmitterOptions {
  formId: string;
  prefillId: string | null;
  /** The form read's signed start token: the server measures the fill time from it (too fast is marked as spam). */
  startToken: string | null;
  /** Input ids of the form, to place the server's field errors. */
  inputIds: ReadonlySet<string>;
  submissionKey?: string;
  fetch?: typeof fetch;
}

export interface Submitter {
  readonly submissionKey: string;
  /** Sends the answers; `hp` is the honeypot field's value. Rejects with SubmitError. */
  submit: (data: Answers, hp: string) => Promise<SubmitResult>;
}

async function readJson(response: Response): Promise<Record<string, unknown>> {
  try {
    const body: unknown = await response.json();
    return body && typeof body === 'object' ? (body as Record<string, unknown>) : {};
  } catch {
    return {};
  }
}

const text = (value: unknown) => (typeof value === 'string' ? value.trim() : '');

export function createSubmitter(options: SubmitterOptions): Submitter {
  const submissionKey = options.submissionKey ?? newSubmissionKey();
  let inFlight: Promise<SubmitResult> | null = null;
  let done: SubmitResult | null = null;

  const send = async (data: Answers, hp: string): Promise<SubmitResult> => {
    const body: SubmitBody = {
      form_id: options.formId,
      data,
      ...(options.prefillId ? { prefill_id: options.prefillId } : {}),
      submission_key: submissionKey,
      hp,
      ...(options.startToken ? { start_token: options.startToken } : {}),
    };
    let response: Response;
    try {
      response = await (options.fetch ?? fetch)(SUBMIT_URL, {
        method: 'POST',
        headers: { 'content-type': 'application/json', accept: 'application/json' },
        body: JSON.stringify(body),
        credentials: 'same-origin',
      });
    } catch {
      throw new SubmitError(NETWORK_FAILED_MESSAGE);
    }
    const json = await readJson(response);
    if (response.ok) {
      done = { id: String(json.id ?? ''), message: text(json.message) };
      return done;
    }
    const detail = text(json.detail);
    switch (response.status) {
      case 400: {
        const fieldErrors = fieldErrorsFrom(json.errors, options.inputIds);
        throw new SubmitError(Object.keys(fieldErrors).length ? INVALID_MESSAGE : detail || INVALID_MESSAGE, fieldErrors);
      }
      case 404:
        throw new SubmitError(detail || UNAVAILABLE_MESSAGE);
      case 429:
        throw new SubmitError(detail || TOO_MANY_MESSAGE);
      default:
        // 5xx, 413, a proxy's error page: the answers stay, the same key makes a retry safe.
        throw new SubmitError(NETWORK_FAILED_MESSAGE);
    }
  };

  return {
    submissionKey,
    submit(data, hp) {
      if (done) return Promise.resolve(done);
      // A second click while the first request is out gets the same answer, not a second request.
      inFlight ??= send(data, hp).finally(() => {
        inFlight = null;
      });
      return inFlight;
    },
  };
}
