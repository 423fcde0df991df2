/**
 * The start token of the fill-time spam check: the public form read signs (form id, issue time) with an HMAC of the
 * app's secret key, the respondent page sends it back with the submission, and the fill time is measured from the
 * time it signs. A client cannot skip the check by leaving a field out, nor claim an earlier start.
 */
import { createHmac } from 'node:crypto';
import { safeEqual } from '../util/safe-equal.js';

/** Sent on the form read (a header, so the body stays the same bytes for its ETag). */
export const START_TOKEN_HEADER = 'x-form-start-token';

/** A token from the future beyond this clock skew (between processes of a fleet) is forged. */
const MAX_FUTURE_SKEW_MS = 5_000;

const signature = (secretKey: string, formId: string, issuedAt: number) =>
  // A purpose label keeps this HMAC from ever matching one made with the same key for something else.
  createHmac('sha256', secretKey).update(`form-start-token|${formId.toLowerCase()}|${issuedAt}`).digest('base64url');

export function signStartToken(secretKey: string, formId: string, issuedAt = Date.now()): string {
  return `${issuedAt.toString(36)}.${signature(secretKey, formId, issuedAt)}`;
}

/** When the token was issued for this form, or null when it is missing, malformed, forged, or for another form. */
export function startTokenIssuedAt(secretKey: string, formId: string, token: string | null | undefined, now = Date.now()): number | null {
  const match = token ? /^([0-9a-z]{1,11})\.([A-Za-z0-9_-]{43})$/.exec(token) : null;
  if (!match) return null;
  const issuedAt = parseInt(match[1], 36);
  if (!Number.isSafeInteger(issuedAt) || issuedAt > now + MAX_FUTURE_SKEW_MS) return null;
  return safeEqual(match[2], signature(secretKey, formId, issuedAt)) ? issuedAt : null;
}
