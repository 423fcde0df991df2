import { execFileSync } from 'node:child_process';
import { resolve } from 'node:path';

/** Runs the real management CLI against the e2e server's data directory. */
export function manage(...args: string[]): string {
  const root = resolve(import.meta.dirname, '..');
  return execFileSync(resolve(root, 'node_modules/.bin/tsx'), [resolve(root, 'server/cli/manage.ts'), ...args], {
    cwd: root,
    env: { ...process.env, DATA_DIR: process.env.E2E_DATA_DIR, DATABASE_URL: '', LOG_LEVEL: 'silent' },
    encoding: 'utf8',
  }).trim();
}
