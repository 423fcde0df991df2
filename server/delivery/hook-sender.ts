import { createHmac } from 'node:crypto';
import http from 'node:http';
import https from 'node:https';

/** Standard Webhooks (https://www.standardwebhooks.com): the headers a Zapier hook receives and their signature. */

const SECRET_PREFIX = 'whsec_';
/** What an attempt row keeps of the answer. */
const EXCERPT_BYTES = 2048;
/** How much of an answer is read: enough for its message and excerpt; a receiver cannot make us buffer more. */
const ANSWER_READ_BYTES = 64 * 1024;

/**
 * node:http with kept-alive connections, not fetch: a delivery sends one small POST, and fetch (undici, with its
 * streams and abort signals) cost about 0.7 ms of CPU each on the event loop the submissions share, http.request 0.3.
 * A hook gets one request at a time, so one connection per receiver host stays open between deliveries.
 */
const agents = { 'http:': new http.Agent({ keepAlive: true }), 'https:': new https.Agent({ keepAlive: true }) };

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
export function postHook(request: HookRequest): Promise<HookAnswer> {
  const unreachable = (error: unknown): HookAnswer => {
    const cause = error instanceof Error ? (error.cause instanceof Error ? error.cause.message : error.message) : String(error);
    return { kind: 'network', message: `Could not reach the receiver: ${cause}` };
  };
  let url: URL;
  try {
    url = new URL(request.url);
  } catch (error) {
    return Promise.resolve(unreachable(error));
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') return Promise.resolve(unreachable(new Error(`unsupported protocol ${url.protocol}`)));
  if (request.signal?.aborted) return Promise.resolve(unreachable(new Error('the delivery engine is stopping')));
  const timestamp = Math.floor(Date.now() / 1000);
  const body = Buffer.from(request.body, 'utf8');
  const send = url.protocol === 'https:' ? https.request : http.request;
  return new Promise<HookAnswer>((resolve) => {
    const outgoing = send(url, {
      method: 'POST',
      agent: agents[url.protocol as keyof typeof agents],
      headers: {
        'content-type': 'application/json',
        'content-length': String(body.length),
        'user-agent': 'form-builder-webhooks/1',
        'webhook-id': request.id,
        'webhook-timestamp': String(timestamp),
        'webhook-signature': signatureOf(request.secret, request.id, timestamp, request.body),
      },
    });
    const onAbort = () => outgoing.destroy(new Error('the delivery engine is stopping'));
    let settled = false;
    const settle = (answer: HookAnswer) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      request.signal?.removeEventListener('abort', onAbort);
      resolve(answer);
    };
    const timer = setTimeout(() => {
      settle({ kind: 'timeout', message: `No answer within ${Math.round(request.timeoutMs / 1000)} s` });
      outgoing.destroy();
    }, request.timeoutMs);
    request.signal?.addEventListener('abort', onAbort, { once: true });
    outgoing.on('error', (error) => settle(unreachable(error)));
    outgoing.on('response', (response) => {
      const chunks: Buffer[] = [];
      let length = 0;
      response.on('data', (chunk: Buffer) => {
        if (length >= ANSWER_READ_BYTES) return;
        chunks.push(chunk);
        length += chunk.length;
      });
      response.on('error', (error) => settle(unreachable(error)));
      response.on('end', () => {
        const text = Buffer.concat(chunks).subarray(0, ANSWER_READ_BYTES).toString('utf8');
        const status = response.statusCode ?? 0;
        const retryAfter = response.headers['retry-after'];
        settle({
          kind: 'answered',
          status,
          excerpt: excerptOf(text),
          retryAfter: typeof retryAfter === 'string' ? retryAfter : null,
          message: remoteMessage(status, text),
        });
      });
    });
    outgoing.end(body);
  });
}
