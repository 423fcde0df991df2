/**
 * Loading what the respondent page shows: the public form and, for `?prefill={id}`, the saved prefill (API.md). Plain
 * fetch and no schema library: this module runs in the page's first, tiny script, and the server validated the
 * document when it was saved. Only the shape the renderer relies on is checked.
 */
import type { ConditionalLogic, FormDocument, FormStyle } from '../domain/form-document';
import { RETRY_COUNT, isRetryStatus, retryDelayMs } from '../domain/retry-policy';

export interface PublicForm {
  id: string;
  name: string;
  jsonForm: FormDocument;
  jsonConditionalLogic: ConditionalLogic;
  jsonFormStyle: FormStyle;
}

/** The form read's start token header (docs/api.md); the server measures the fill time from the time it signs. */
const START_TOKEN_HEADER = 'x-form-start-token';

export interface LoadedForm {
  form: PublicForm;
  /** Sent back with the submission; null when the answer had none (a submission without one counts as too fast). */
  startToken: string | null;
}

export interface RespondentData extends LoadedForm {
  /** The prefill's `data` (keyed by input id); null without a prefill or when its link is no longer valid. */
  prefillData: unknown;
}

/** The form is archived, unknown or not shareable (404): retrying will not help. */
export class FormUnavailableError extends Error {
  constructor(message = 'This form is not available.') {
    super(message);
    this.name = 'FormUnavailableError';
  }
}

/** The network or the server failed: retrying may help. */
export class LoadFailedError extends Error {
  constructor(message = 'The form could not be loaded.') {
    super(message);
    this.name = 'LoadFailedError';
  }
}

const formUrl = (formId: string) => `/api/public/forms/${encodeURIComponent(formId)}/`;
const prefillUrl = (formId: string, prefillId: string) =>
  `/api/public/forms/${encodeURIComponent(formId)}/prefills/${encodeURIComponent(prefillId)}/`;

/** The form id of a respondent page path, `/f/{formId}`; null for any other path. */
export function formIdFromPath(pathname: string): string | null {
  const match = /^\/f\/([^/]+)\/?$/.exec(pathname);
  if (!match) return null;
  try {
    return decodeURIComponent(match[1]);
  } catch {
    return null;
  }
}

export interface LoadOptions {
  fetch?: typeof fetch;
  /** Spec §9: reads are retried once (the SPA's policy, src/domain/retry-policy.ts). */
  retries?: number;
  /** The pause before a retry when the server does not ask for one (Retry-After on 429/503 wins). */
  retryDelayMs?: number;
}

const wait = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * GET `url` as JSON: the status, the parsed body (null when there is none) and the start token. A network failure or
 * a status of the retry policy is retried (once by default), after the pause the policy gives; a longer Retry-After
 * fails at once.
 */
async function getJson(url: string, options: LoadOptions): Promise<{ status: number; body: unknown; startToken: string | null }> {
  const retries = options.retries ?? RETRY_COUNT;
  for (let attempt = 0; ; attempt++) {
    let response: Response | null = null;
    try {
      // No custom headers: the request stays identical to a `<link rel=preload as=fetch>` a server may send for it.
      response = await (options.fetch ?? fetch)(url, { credentials: 'same-origin' });
    } catch {
      // offline, DNS, connection reset: below
    }
    if (response && !isRetryStatus(response.status)) {
      let body: unknown = null;
      try {
        body = await response.json();
      } catch {
        // not JSON: the status decides
      }
      return { status: response.status, body, startToken: response.headers.get(START_TOKEN_HEADER) };
    }
    if (attempt >= retries) throw new LoadFailedError();
    const retryAfter = response?.headers.get('Retry-After') ?? null;
    const delay = retryDelayMs(response ? response.status : null, retryAfter);
    if (delay === null) throw new LoadFailedError();
    // The server's own Retry-After wins over the caller's default pause.
    await wait(retryAfter !== null ? delay : (options.retryDelayMs ?? delay));
  }
}

const isObject = (value: unknown): value is Record<string, unknown> => !!value && typeof value === 'object' && !Array.isArray(value);

/** The API's form as the renderer needs it; missing logic or style become empty ones (the renderer has CSS defaults). */
export function toPublicForm(body: unknown): PublicForm {
  if (!isObject(body) || !Array.isArray(body.jsonForm)) throw new FormUnavailableError();
  const logic = isObject(body.jsonConditionalLogic) ? body.jsonConditionalLogic : {};
  const style = isObject(body.jsonFormStyle) ? body.jsonFormStyle : {};
  return {
    id: String(body.id ?? ''),
    name: typeof body.name === 'string' ? body.name : '',
    jsonForm: body.jsonForm as FormDocument,
    jsonConditionalLogic: {
      conditionMap: isObject(logic.conditionMap) ? (logic.conditionMap as ConditionalLogic['conditionMap']) : {},
      pageMap: isObject(logic.pageMap) ? (logic.pageMap as ConditionalLogic['pageMap']) : {},
    },
    jsonFormStyle: { button: (isObject(style.button) ? style.button : {}) as unknown as FormStyle['button'] },
  };
}

export async function loadPublicForm(formId: string, options: LoadOptions = {}): Promise<LoadedForm> {
  const { status, body, startToken } = await getJson(formUrl(formId), options);
  if (status === 200) return { form: toPublicForm(body), startToken };
  if (status === 404 || status === 400 || status === 410) throw new FormUnavailableError();
  throw new LoadFailedError();
}

/** The prefill's data; null when the link is no longer valid (the form still opens, without it). */
export async function loadPrefillData(formId: string, prefillId: string, options: LoadOptions = {}): Promise<unknown> {
  const { status, body } = await getJson(prefillUrl(formId, prefillId), options);
  if (status === 200) return isObject(body) && isObject(body.data) ? body.data : null;
  if (status >= 400 && status < 500 && status !== 429) return null;
  throw new LoadFailedError();
}

/** Both requests at once: on a slow phone network every round trip counts. */
export async function loadRespondentData(formId: string | null, prefillId: string | null, options: LoadOptions = {}): Promise<RespondentData> {
  if (!formId) throw new FormUnavailableError();
  const [{ form, startToken }, prefillData] = await Promise.all([
    loadPublicForm(formId, options),
    prefillId ? loadPrefillData(formId, prefillId, options) : Promise.resolve(null),
  ]);
  return { form, startToken, prefillData };
}
