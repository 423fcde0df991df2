import { sameOriginPath } from '../domain/same-origin-path';

/**
 * Full-page navigations (sign-in, sign-out, loading a newer build) leave the SPA. They go through this object so
 * that tests can observe them: jsdom neither navigates nor lets `window.location` be replaced.
 */
export const browserLocation = {
  assign(url: string): void {
    window.location.assign(url);
  },
  /** A full-page form POST (sign-out must not be a GET: a link elsewhere could then sign people out). */
  post(url: string, fields: Record<string, string>): void {
    const form = document.createElement('form');
    form.method = 'post';
    form.action = url;
    form.hidden = true;
    for (const [name, value] of Object.entries(fields)) {
      const input = document.createElement('input');
      input.type = 'hidden';
      input.name = name;
      input.value = value;
      form.append(input);
    }
    document.body.append(form);
    form.submit();
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

/** A `next` value is followed only when it is a path on this origin (the one rule, shared with the server). */
export function safeNextPath(value: string | null | undefined): string | null {
  return sameOriginPath(value);
}
