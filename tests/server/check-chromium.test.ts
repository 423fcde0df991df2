import { execFile } from 'node:child_process';
import { join, resolve } from 'node:path';
import { promisify } from 'node:util';
import { describe, expect, it } from 'vitest';

const script = join(resolve(__dirname, '../..'), 'scripts/check-chromium.mjs');

describe('npm test without a Chromium', () => {
  it('stops at once with one line that says what to install', async () => {
    const result = await promisify(execFile)(process.execPath, [script], { env: { ...process.env, CHROMIUM_PATH: '/nonexistent/chromium' } }).catch(
      (error: { code: number; stdout: string; stderr: string }) => error,
    );
    expect('code' in result && result.code).toBe(1);
    expect(result.stderr.trim().split('\n')).toEqual([
      'No Chromium at /nonexistent/chromium: install it (Debian/Ubuntu: sudo apt-get install chromium) or set CHROMIUM_PATH to a Chromium or Chrome executable, then run npm test again.',
    ]);
  });

  it('does not take a directory for a Chromium', async () => {
    const result = await promisify(execFile)(process.execPath, [script], { env: { ...process.env, CHROMIUM_PATH: '/usr/bin' } }).catch(
      (error: { code: number; stderr: string }) => error,
    );
    expect('code' in result && result.code).toBe(1);
    expect(result.stderr).toMatch(/^No Chromium at \/usr\/bin: install it/);
  });

  it('passes when the executable is there', async () => {
    const result = await promisify(execFile)(process.execPath, [script], { env: { ...process.env, CHROMIUM_PATH: process.execPath } });
    expect(result.stderr).toBe('');
  });
});
