import { isIP } from 'node:net';

const LOOPBACK_NAMES = new Set(['localhost']);

function isLoopback(hostname: string): boolean {
  const bare = hostname.replace(/^\[|\]$/g, '');
  if (LOOPBACK_NAMES.has(bare)) return true;
  if (isIP(bare) === 4) return bare.startsWith('127.');
  return bare === '::1';
}

/**
 * Why a Zapier hook target may not be used, or null (INTEGRATIONS.md "Secrets"): the server POSTs responses to it, so
 * it must be `https://` on a host named in ZAPIER_HOOK_HOSTS (a host there may carry a port); plain `http://` only
 * for a loopback host named there (tests). No credentials in the URL.
 */
export function hookTargetProblem(target: string, allowedHosts: readonly string[]): string | null {
  let url: URL;
  try {
    url = new URL(target);
  } catch {
    return 'must be an absolute URL';
  }
  const hostname = url.hostname.toLowerCase();
  const host = url.host.toLowerCase();
  if (!allowedHosts.some((allowed) => allowed === hostname || allowed === host)) return `must be on one of these hosts: ${allowedHosts.join(', ')}`;
  if (url.username || url.password) return 'must not carry credentials';
  if (url.protocol === 'https:') return null;
  if (url.protocol === 'http:' && isLoopback(hostname)) return null;
  return 'must use https://';
}
