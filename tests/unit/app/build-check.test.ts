import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  BUILD_CHECK_INTERVAL_MS,
  CURRENT_BUILD_ID,
  RELOAD_GUARD_MS,
  RELOAD_GUARD_STORAGE_KEY,
  canReload,
  checkForNewerBuild,
  isChunkLoadError,
  isNewerBuild,
  listenForChunkLoadErrors,
  reloadWithGuard,
  resetReloadState,
  startBuildCheck,
} from '../../../src/app/build-check';
import type { FetchLike } from '../../../src/app/build-check';

function versionResponse(body: unknown, status = 200): ReturnType<FetchLike> {
  return Promise.resolve({ ok: status >= 200 && status < 300, status, json: () => Promise.resolve(body) });
}

beforeEach(() => resetReloadState());
afterEach(() => {
  vi.useRealTimers();
  vi.restoreAllMocks();
});

describe('constants (spec §9)', () => {
  it('checks hourly and guards reloads for 10 seconds', () => {
    expect(BUILD_CHECK_INTERVAL_MS).toBe(3_600_000);
    expect(RELOAD_GUARD_MS).toBe(10_000);
  });

  it('knows the running build id', () => {
    expect(CURRENT_BUILD_ID).toBe('test-build');
  });
});

describe('update detection', () => {
  it('fetches /version.json with a timestamp and no cache, and reports a different build id', async () => {
    const fetchFn = vi.fn<FetchLike>(() => versionResponse({ buildId: 'next-build', builtAt: '2030-01-01' }));
    await expect(checkForNewerBuild({ fetchFn, now: () => 1234 })).resolves.toBe(true);
    expect(fetchFn).toHaveBeenCalledWith('/version.json?t=1234', expect.objectContaining({ cache: 'no-store' }));
  });

  it('reports nothing when the deployed build is the running one', async () => {
    const fetchFn = vi.fn<FetchLike>(() => versionResponse({ buildId: 'test-build' }));
    await expect(checkForNewerBuild({ fetchFn })).resolves.toBe(false);
  });

  it('ignores bodies without a build id', () => {
    expect(isNewerBuild(null)).toBe(false);
    expect(isNewerBuild({})).toBe(false);
    expect(isNewerBuild({ buildId: '' })).toBe(false);
    expect(isNewerBuild({ buildId: 'other' }, 'mine')).toBe(true);
  });

  it('only logs a failed check', async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    const offline = vi.fn<FetchLike>(() => Promise.reject(new TypeError('Failed to fetch')));
    await expect(checkForNewerBuild({ fetchFn: offline })).resolves.toBe(false);
    const missing = vi.fn<FetchLike>(() => versionResponse({ detail: 'Not Found' }, 404));
    await expect(checkForNewerBuild({ fetchFn: missing })).resolves.toBe(false);
    expect(warn).toHaveBeenCalledTimes(2);
    expect(warn.mock.calls[0][0]).toMatch(/build check failed/i);
  });

  it('checks once per interval and reports an update once', async () => {
    vi.useFakeTimers();
    const fetchFn = vi
      .fn<FetchLike>()
      .mockImplementationOnce(() => versionResponse({ buildId: 'test-build' }))
      .mockImplementation(() => versionResponse({ buildId: 'next-build' }));
    const onUpdate = vi.fn();
    const stop = startBuildCheck({ onUpdate, fetchFn });

    await vi.advanceTimersByTimeAsync(BUILD_CHECK_INTERVAL_MS - 1);
    expect(fetchFn).not.toHaveBeenCalled();
    await vi.advanceTimersByTimeAsync(1);
    expect(fetchFn).toHaveBeenCalledTimes(1);
    expect(onUpdate).not.toHaveBeenCalled();

    await vi.advanceTimersByTimeAsync(BUILD_CHECK_INTERVAL_MS);
    expect(onUpdate).toHaveBeenCalledTimes(1);
    await vi.advanceTimersByTimeAsync(BUILD_CHECK_INTERVAL_MS * 3);
    expect(fetchFn).toHaveBeenCalledTimes(2);
    expect(onUpdate).toHaveBeenCalledTimes(1);
    stop();
  });
});

describe('reload guard', () => {
  it('allows a reload when none happened in this tab', () => {
    expect(canReload(50_000, sessionStorage)).toBe(true);
  });

  it('refuses a second reload within 10,000 ms and allows it after', () => {
    const assign = vi.fn();
    expect(reloadWithGuard('/12/responses', { now: 100_000, assign })).toBe(true);
    expect(assign).toHaveBeenCalledWith('/12/responses');
    expect(sessionStorage.getItem(RELOAD_GUARD_STORAGE_KEY)).toBe('100000');

    expect(canReload(100_000 + RELOAD_GUARD_MS - 1)).toBe(false);
    expect(reloadWithGuard('/12', { now: 100_000 + RELOAD_GUARD_MS - 1, assign })).toBe(false);
    expect(assign).toHaveBeenCalledTimes(1);

    expect(canReload(100_000 + RELOAD_GUARD_MS)).toBe(true);
    expect(reloadWithGuard('/12', { now: 100_000 + RELOAD_GUARD_MS, assign })).toBe(true);
    expect(assign).toHaveBeenCalledTimes(2);
  });
});

describe('failed code chunks', () => {
  it('recognises the browsers’ dynamic import failures', () => {
    expect(isChunkLoadError(new TypeError('Failed to fetch dynamically imported module: /assets/x.js'))).toBe(true);
    expect(isChunkLoadError(new TypeError('error loading dynamically imported module'))).toBe(true);
    expect(isChunkLoadError(new TypeError('Importing a module script failed.'))).toBe(true);
    expect(isChunkLoadError(new Error('Cannot read properties of undefined'))).toBe(false);
    expect(isChunkLoadError('nope')).toBe(false);
  });

  it('reloads the target page on vite:preloadError, once within the guard', () => {
    const assign = vi.fn();
    const reload = (url: string) => reloadWithGuard(url, { assign });
    const stop = listenForChunkLoadErrors(() => '/12/build/contact-export-form/integrations', { reload });

    const first = new Event('vite:preloadError', { cancelable: true });
    window.dispatchEvent(first);
    expect(assign).toHaveBeenCalledWith('/12/build/contact-export-form/integrations');
    expect(first.defaultPrevented).toBe(true);

    // Still broken right after the reload: let the error surface instead of looping.
    const second = new Event('vite:preloadError', { cancelable: true });
    window.dispatchEvent(second);
    expect(assign).toHaveBeenCalledTimes(1);
    expect(second.defaultPrevented).toBe(false);
    stop();
  });
});
