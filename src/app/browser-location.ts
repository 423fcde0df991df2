/**
 * Full-page navigations (sign-in, sign-out, loading a newer build) leave the SPA. They go through this object so
 * that tests can observe them: jsdom neither navigates nor lets `window.location` be replaced.
 */
export const browserLocation = {
  assign(url: string): void {
    window.location.assign(url);
  },
  /** pathname + search + hash of the page the browser shows now. */
  currentPath(): string {
    const { pathname, search, hash } = window.location;
    return `${pathname}${search}${hash}`;
  },
};

/** The SPA's own login route, which sends the browser on to the backend sign-in page. */
export function loginPath(nextPath?: string | null): string {
  return nextPath ? `/login?next=${encodeURIComponent(nextPath)}` : '/login';
}

/**
 * A `next` value is followed only when it is a path on this origin: it starts with exactly one '/', and neither a
 * backslash (which browsers treat like '/') nor control characters can turn it into `//evil.example`.
 */
export function safeNextPath(value: string | null | undefined): string | null {
  if (!value || !value.startsWith('/') || value.startsWith('//')) return null;
  // eslint-disable-next-line no-control-regex
  if (/[\\\u0000-\u001f\u007f]/.test(value)) return null;
  try {
    const base = 'http://same-origin.invalid';
    const url = new URL(value, base);
    if (url.origin !== base) return null;
    return `${url.pathname}${url.search}${url.hash}`;
  } catch {
    return null;
  }
}
