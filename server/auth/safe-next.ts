import { sameOriginPath } from '../../src/domain/same-origin-path.js';

/**
 * `next` after sign-in or sign-out: only a path on this origin (the shared rule in src/domain), else `fallback`, so
 * the sign-in and sign-out pages can never be used as an open redirect.
 */
export function safeNextPath(next: unknown, fallback = '/'): string {
  return sameOriginPath(next) ?? fallback;
}
