import { timingSafeEqual } from 'node:crypto';

/**
 * Constant-time equality for secrets (CSRF tokens, password hashes): the time taken does not tell an attacker how many
 * leading bytes matched. Lengths are not secret here, so a length mismatch answers at once. An empty secret (a missing
 * cookie, an empty form field) never matches, not even another empty one.
 */
export function safeEqual(a: string | Buffer, b: string | Buffer | undefined | null): boolean {
  if (b === undefined || b === null) return false;
  const left = typeof a === 'string' ? Buffer.from(a) : a;
  const right = typeof b === 'string' ? Buffer.from(b) : b;
  return left.length > 0 && left.length === right.length && timingSafeEqual(left, right);
}
