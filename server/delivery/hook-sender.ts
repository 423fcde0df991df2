import { createHmac } from 'node:crypto';

/** Standard Webhooks (https://www.standardwebhooks.com): the headers a Zapier hook receives and their signature. */

const SECRET_PREFIX = 'whsec_';
/** What an attempt row keeps of the answer. */
const EXCERPT_BYTES = 2048;

/** `v1,<base64 HMAC-SHA256 of "{id}.{timestamp}.{body}">`, keyed with the secret's base64-decoded bytes. */
export function signatureOf(secret: string, id: string, timestampSeconds: number, body: string): string {
  const key = Buffer.from(secret.startsWith(SECRET_PREFIX) ? secret.slice(SECRET_PREFIX.length) : secret, 'base64');
  return `v1,${createHmac('sha256', key).update(`${id}.${timestampSeconds}.${body}`).digest('base64')}`;
}

export interface HookRequest {
  url: string;
  /** The delivery id: the same on every retry, so a receiver can drop a repeat. */
  id: string;
  secret: string;
  body: string;
  timeoutMs: number;
  /** Stops the request when the engine shuts down. */
  signal?: AbortSignal;
}

export type HookAnswer =
  | { kind: 'answered'; status: number; excerpt: string; retryAfter: string | null; message: string }
  | { kind: 'timeout' | 'network'; message: string };

/** At most `bytes` of UTF-8, cut on a character boundary. */
export function excerptOf(text: string, bytes = EXCERPT_BYTES): string {
  const buffer = Buffer.from(text, 'utf8');
  if (buffer.length <= bytes) return text;
  let end = bytes;
  // Continuation bytes (10xxxxxx) belong to the character before them.
  while (end > 0 && (buffer[end] & 0xc0) === 0x80) end -= 1;
  return buffer.subarray(0, end).toString('utf8');
}

/** The receiver's own words: a JSON body's message (or error, detail, status), else the start of the body. */
function remoteMessage(status: number, body: string): string {
  let text = body.trim();
  try {
    const parsed: unknown = JSON.parse(body);
    if (parsed && typeof parsed === 'object') {
      const record = parsed as Record<string, unknown>;
      const found = ['message', 'error', 'detail', 'status'].map((key) => record[key]).find((value) => typeof value === 'string' && value);
      if (typeof found === 'string') text = found;
    }
  } catch {
    // Not JSON: the text itself.
  }
  return `HTTP ${status}${text ? `: ${excerptOf(text, 500)}` : ''}`;
}

/** One POST; never throws. Redirects are not followed: a hook target that moved is a mistake to show, not to chase. */
export async function postHook(request: HookRequest): Promise<HookAnswer> {
  const timestamp = Math.floor(Date.now() / 1000);
  const timeout = AbortSignal.timeout(request.timeoutMs);
  const signal = request.signal ? AbortSignal.any([timeout, request.signal]) : timeout;
  try {
    const response = await fetch(request.url, {
      method: 'POST',
      redirect: 'manual',
      signal,
      headers: {
        'content-type': 'application/json',
        'user-agent': 'form-builder-webhooks/1',
        'webhook-id': request.id,
        'webhook-timestamp': String(timestamp),
        'webhook-signature': signatureOf(request.secret, request.id, timestamp, request.body),
      },
      body: request.body,
    });
    const text = await response.text();
    return {
      kind: 'answered',
      status: response.status,
      excerpt: excerptOf(text),
      retryAfter: response.headers.get('retry-after'),
      message: remoteMessage(response.status, text),
    };
  } catch (error) {
    if (timeout.aborted) return { kind: 'timeout', message: `No answer within ${Math.round(request.timeoutMs / 1000)} s` };
    const cause = error instanceof Error && error.cause instanceof Error ? error.cause.message : error instanceof Error ? error.message : String(error);
    return { kind: 'network', message: `Could not reach the receiver: ${cause}` };
  }
}
