/**
 * Newer-build check (spec §4, §8, §9): the running bundle knows its own build id (`__BUILD_ID__`); the server
 * serves the deployed one at /version.json. When they differ, the next navigation becomes a full page load, so
 * people pick up a new release without losing work mid-page. A code chunk that fails to load (usually: deleted by
 * a deploy) also reloads the page. A guard in sessionStorage stops a broken deploy from causing a reload loop.
 */
import { browserLocation } from './browser-location';

export const BUILD_CHECK_INTERVAL_MS = 3_600_000;
export const RELOAD_GUARD_MS = 10_000;
export const RELOAD_GUARD_STORAGE_KEY = 'starfield:last-reload';
const VERSION_URL = '/version.json';

export const CURRENT_BUILD_ID: string = typeof __BUILD_ID__ === 'string' ? __BUILD_ID__ : 'unknown';

export type FetchLike = (input: string, init?: RequestInit) => Promise<Pick<Response, 'ok' | 'status' | 'json'>>;

function versionUrl(now: number): string {
  return `${VERSION_URL}?t=${now}`;
}

/** True when `/version.json`'s body names a build other than the running one. */
export function isNewerBuild(body: unknown, currentBuildId: string = CURRENT_BUILD_ID): boolean {
  if (body === null || typeof body !== 'object') return false;
  const { buildId } = body as { buildId?: unknown };
  return typeof buildId === 'string' && buildId !== '' && buildId !== currentBuildId;
}

export interface CheckOptions {
  fetchFn?: FetchLike;
  currentBuildId?: string;
  now?: () => number;
}

/** One check. Resolves to whether a newer build is deployed; a failed check is only logged and counts as "no". */
export async function checkForNewerBuild(options: CheckOptions = {}): Promise<boolean> {
  const { fetchFn = fetch, currentBuildId = CURRENT_BUILD_ID, now = Date.now } = options;
  try {
    const response = await fetchFn(versionUrl(now()), { cache: 'no-store', credentials: 'same-origin' });
    if (!response.ok) throw new Error(`HTTP ${response.status}`);
    return isNewerBuild(await response.json(), currentBuildId);
  } catch (error) {
    console.warn('Build check failed', error);
    return false;
  }
}

export interface BuildCheckOptions extends CheckOptions {
  onUpdate: () => void;
  intervalMs?: number;
}

/** Checks every hour until a newer build is found (then once is enough). Returns a stop function. */
export function startBuildCheck(options: BuildCheckOptions): () => void {
  const { onUpdate, intervalMs = BUILD_CHECK_INTERVAL_MS, ...checkOptions } = options;
  let stopped = false;
  const timer = setInterval(() => {
    void checkForNewerBuild(checkOptions).then((newer) => {
      if (!newer || stopped) return;
      stop();
      onUpdate();
    });
  }, intervalMs);
  function stop() {
    stopped = true;
    clearInterval(timer);
  }
  return stop;
}

export type GuardStorage = Pick<Storage, 'getItem' | 'setItem'>;

function sessionStore(): GuardStorage | null {
  try {
    return window.sessionStorage;
  } catch {
    return null; // storage disabled: no guard, but a reload is still better than a dead page
  }
}

/** A reload is allowed unless one happened less than RELOAD_GUARD_MS ago (in this tab). */
export function canReload(now: number = Date.now(), storage: GuardStorage | null = sessionStore()): boolean {
  const last = Number(storage?.getItem(RELOAD_GUARD_STORAGE_KEY) ?? NaN);
  if (!Number.isFinite(last)) return true;
  const elapsed = now - last;
  return elapsed < 0 || elapsed >= RELOAD_GUARD_MS;
}

let reloadStarted = false;

/** Whether this page has already started a guarded reload (it is about to be replaced). */
export function isReloading(): boolean {
  return reloadStarted;
}

export interface ReloadOptions {
  now?: number;
  storage?: GuardStorage | null;
  assign?: (url: string) => void;
}

/** Full page load of `url` unless the guard forbids it; returns whether the load was started. */
export function reloadWithGuard(url: string, options: ReloadOptions = {}): boolean {
  const { now = Date.now(), storage = sessionStore(), assign = (target: string) => browserLocation.assign(target) } =
    options;
  if (!canReload(now, storage)) return false;
  try {
    storage?.setItem(RELOAD_GUARD_STORAGE_KEY, String(now));
  } catch {
    // a full storage must not block the reload
  }
  reloadStarted = true;
  assign(url);
  return true;
}

/** Test hook: forget that this page started a reload. */
export function resetReloadState(): void {
  reloadStarted = false;
}

/** Failed dynamic imports look different in each browser; all mean "that chunk is gone". */
export function isChunkLoadError(error: unknown): boolean {
  if (!(error instanceof Error)) return false;
  return (
    /Failed to fetch dynamically imported module/i.test(error.message) ||
    /error loading dynamically imported module/i.test(error.message) ||
    /Importing a module script failed/i.test(error.message) ||
    /Unable to preload CSS/i.test(error.message) ||
    error.name === 'ChunkLoadError'
  );
}

/** Vite's event for a failed preload of a lazy chunk; reloads the page the user is heading to. */
export function listenForChunkLoadErrors(
  targetUrl: () => string,
  options: { target?: Pick<Window, 'addEventListener' | 'removeEventListener'>; reload?: typeof reloadWithGuard } = {},
): () => void {
  const { target = window, reload = reloadWithGuard } = options;
  const onPreloadError = (event: Event) => {
    if (reload(targetUrl())) event.preventDefault();
  };
  target.addEventListener('vite:preloadError', onPreloadError);
  return () => target.removeEventListener('vite:preloadError', onPreloadError);
}
