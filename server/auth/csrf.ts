import { createHash, createHmac, randomBytes } from 'node:crypto';
import type { FastifyRequest } from 'fastify';
import { safeEqual } from '../util/safe-equal.js';

/**
 * CSRF tokens bound to the session: `nonce + HMAC(key, session binding + nonce)`, base64url. The double-submit check
 * (header or form field equal to the readable cookie) alone trusts whoever can write that cookie (a sibling
 * subdomain, a man in the middle on plain HTTP); binding the token to the session with a server key means a planted
 * cookie is worthless. A new session gets a new token (sign-in rotates it).
 */
const NONCE_BYTES = 16;
const MAC_BYTES = 18;
const NONCE_LENGTH = Math.ceil((NONCE_BYTES * 4) / 3);
const CSRF_TOKEN_PATTERN = /^[A-Za-z0-9_-]{46}$/;

/** The key for CSRF tokens, kept apart from the cookie-signing use of the same secret. */
export function csrfKeyFrom(secretKey: string): Buffer {
  return createHmac('sha256', secretKey).update('formbuilder csrf token v1').digest();
}

/** What a token is bound to: the session cookie's hash, or "anonymous" before sign-in. */
export function sessionBinding(sessionKey: string | undefined): string {
  return sessionKey ? createHash('sha256').update(sessionKey).digest('base64url') : 'anonymous';
}

function mac(key: Buffer, binding: string, nonce: string): string {
  return createHmac('sha256', key).update(`${binding}\n${nonce}`).digest().subarray(0, MAC_BYTES).toString('base64url');
}

export function newCsrfToken(key: Buffer, binding: string): string {
  const nonce = randomBytes(NONCE_BYTES).toString('base64url');
  return `${nonce}${mac(key, binding, nonce)}`;
}

/** Whether `token` was made by this server for this binding. */
export function csrfTokenValid(key: Buffer, binding: string, token: string | undefined): token is string {
  if (!token || !CSRF_TOKEN_PATTERN.test(token)) return false;
  const nonce = token.slice(0, NONCE_LENGTH);
  return safeEqual(token.slice(NONCE_LENGTH), mac(key, binding, nonce));
}

/**
 * The origin a browser sends with an unsafe request must be ours: the PUBLIC_URL's, or this request's own scheme and
 * host when none is configured. A request without Origin (non-browser clients, old browsers) passes this check and
 * still needs its token.
 */
export function originAllowed(request: FastifyRequest, publicOrigin: string | undefined): boolean {
  const origin = request.headers.origin;
  if (origin === undefined) return true;
  const expected = publicOrigin ?? `${request.protocol}://${request.host}`;
  return origin === expected;
}
