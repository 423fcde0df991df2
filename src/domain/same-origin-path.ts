/**
 * The one rule for following a `next` value after sign-in or sign-out, shared by the server and the SPA: only a
 * path on this origin. The check runs on the NORMALISED path, because normalising is what the browser does with the
 * `Location` it receives: `/.//evil.test`, `/..//evil.test`, `/%2e//evil.test` and `/a/..//evil.test` all normalise
 * to `//evil.test`, which a browser reads as another host. So both the raw value and its normalised form must start
 * with exactly one '/', and neither may hold a backslash (browsers treat it like '/') or a control character.
 */
const BASE = 'http://same-origin.invalid';
const MAX_LENGTH = 2000;

function isPlainPath(path: string): boolean {
  if (!path.startsWith('/') || path.startsWith('//')) return false;
  // eslint-disable-next-line no-control-regex
  return !/[\\\u0000-\u001f\u007f]/.test(path);
}

/** The normalised same-origin path `value` names, or null when it names anything else. */
export function sameOriginPath(value: unknown): string | null {
  if (typeof value !== 'string' || value.length === 0 || value.length > MAX_LENGTH || !isPlainPath(value)) return null;
  let url: URL;
  try {
    url = new URL(value, BASE);
  } catch {
    return null;
  }
  if (url.origin !== BASE) return null;
  const normalised = `${url.pathname}${url.search}${url.hash}`;
  return isPlainPath(url.pathname) ? normalised : null;
}
