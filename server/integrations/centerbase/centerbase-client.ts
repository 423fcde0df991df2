import { CENTERBASE_ERROR_CODES, centerbaseRequests, errorPartSchema, loginAnswerSchema, withSession, type CenterbaseRequest } from './centerbase-api.js';

/** One call's outcome: Centerbase's answer (its error code read from the body, whatever the HTTP status), or none. */
export type CenterbaseAnswer =
  | { kind: 'answered'; url: string; status: number; text: string; body: Record<string, unknown> | null; errorCode: number | null; errorMessage: string | null }
  | { kind: 'timeout' | 'network'; url: string; message: string };

export interface CallOptions {
  beforeSend?: (method: string, url: string) => Promise<void>;
  signal?: AbortSignal;
  timeoutMs?: number;
}

/** The firm a client talks to: its subdomain and the API key it signs in with. */
export interface CenterbaseFirm {
  subdomain: string;
  apiKey: string;
}

const DEFAULT_TIMEOUT_MS = 15_000;

/** A failure the body or the status says (a non-zero error code, or a non-2xx status). */
export const isCenterbaseFailure = (answer: CenterbaseAnswer): boolean =>
  answer.kind !== 'answered' || answer.status < 200 || answer.status >= 300 || answer.errorCode !== CENTERBASE_ERROR_CODES.ok;

/**
 * Centerbase over HTTP: signs in with the firm's API key, keeps the session per integration in this process, and
 * when Centerbase says the session ended (idle timeout) logs in again once and repeats the call.
 */
export class CenterbaseClient {
  private readonly sessions = new Map<string, string>();

  constructor(private readonly options: { apiBase: string; fetch?: typeof fetch }) {}

  urlOf(subdomain: string, endpoint: string): string {
    return `${this.options.apiBase.replace('{subdomain}', encodeURIComponent(subdomain))}/${endpoint}`;
  }

  forget(integrationId: string): void {
    this.sessions.delete(integrationId);
  }

  /** One HTTP call as it is; nothing retried. */
  async send(subdomain: string, request: CenterbaseRequest, body: Record<string, unknown>, options: CallOptions = {}): Promise<CenterbaseAnswer> {
    const url = this.urlOf(subdomain, request.endpoint);
    await options.beforeSend?.(request.method, url);
    const timeout = AbortSignal.timeout(options.timeoutMs ?? DEFAULT_TIMEOUT_MS);
    let response: Response;
    try {
      response = await (this.options.fetch ?? fetch)(url, {
        method: request.method,
        headers: { 'content-type': 'application/json', accept: 'application/json' },
        body: JSON.stringify(body),
        signal: options.signal ? AbortSignal.any([options.signal, timeout]) : timeout,
        redirect: 'manual',
      });
    } catch (error) {
      if (timeout.aborted) return { kind: 'timeout', url, message: `Centerbase did not answer within ${Math.round((options.timeoutMs ?? DEFAULT_TIMEOUT_MS) / 1000)} s` };
      return { kind: 'network', url, message: `Centerbase could not be reached: ${error instanceof Error ? error.message : String(error)}` };
    }
    let text: string;
    try {
      text = await response.text();
    } catch (error) {
      return { kind: 'network', url, message: `Centerbase's answer was cut off: ${error instanceof Error ? error.message : String(error)}` };
    }
    let parsed: unknown;
    try {
      parsed = JSON.parse(text);
    } catch {
      parsed = null;
    }
    const errorPart = errorPartSchema.safeParse(parsed);
    return {
      kind: 'answered',
      url,
      status: response.status,
      text,
      body: errorPart.success ? (parsed as Record<string, unknown>) : null,
      errorCode: errorPart.success ? errorPart.data['error-code'] : null,
      errorMessage: errorPart.success ? (errorPart.data['error-message'] ?? null) : null,
    };
  }

  /** Signs in: the session id and the firm's name, or the answer that refused it. */
  async login(firm: CenterbaseFirm, options: CallOptions = {}): Promise<{ sessionId: string; companyName: string } | CenterbaseAnswer> {
    const request = centerbaseRequests.login(firm.apiKey);
    const answer = await this.send(firm.subdomain, request, request.body, options);
    if (isCenterbaseFailure(answer) || answer.kind !== 'answered') return answer;
    const login = loginAnswerSchema.safeParse(answer.body);
    if (!login.success) return { ...answer, errorCode: -1, errorMessage: 'the login answer has no session id' };
    return { sessionId: login.data['session-id'], companyName: login.data['company-name'] };
  }

  /** A call in the integration's session: signs in first when there is none, and once more when it expired. */
  async call(integrationId: string, firm: CenterbaseFirm, request: CenterbaseRequest, options: CallOptions = {}): Promise<CenterbaseAnswer> {
    let fresh = false;
    for (;;) {
      let sessionId = this.sessions.get(integrationId);
      if (!sessionId) {
        const login = await this.login(firm, options);
        if (!('sessionId' in login)) return login;
        sessionId = login.sessionId;
        this.sessions.set(integrationId, sessionId);
        fresh = true;
      }
      const answer = await this.send(firm.subdomain, request, withSession(request, sessionId), options);
      if (answer.kind === 'answered' && answer.errorCode === CENTERBASE_ERROR_CODES.sessionInvalid && !fresh) {
        this.sessions.delete(integrationId);
        fresh = true;
        continue;
      }
      return answer;
    }
  }
}

/** What Centerbase said about a failed call, for a person to read. */
export function centerbaseFailureMessage(answer: CenterbaseAnswer): string {
  if (answer.kind !== 'answered') return answer.message;
  if (answer.errorCode !== null && answer.errorCode !== CENTERBASE_ERROR_CODES.ok) {
    return `${answer.errorMessage?.trim() || 'no message'} (error-code ${answer.errorCode})`;
  }
  return answer.text.trim().slice(0, 300) || `HTTP ${answer.status}`;
}
