/**
 * `next` after sign-in or sign-out: only a path on this origin. Anything else (absolute URLs,
 * protocol-relative `//host`, backslash tricks, control characters) falls back, so the sign-in
 * page can never be used as an open redirect.
 */
export function safeNextPath(next: unknown, fallback = '/'): string {
  if (typeof next !== 'string' || next.length === 0 || next.length > 2000) return fallback;
  if (!next.startsWith('/') || next.startsWith('//') || next.startsWith('/\\')) return fallback;
  // eslint-disable-next-line no-control-regex
  if (/[\u0000-\u001f\u007f\\]/.test(next)) return fallback;
  try {
    const url = new URL(next, 'http://same-origin.invalid');
    if (url.origin !== 'http://same-origin.invalid') return fallback;
    return `${url.pathname}${url.search}${url.hash}`;
  } catch {
    return fallback;
  }
}
