import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { defineConfig, devices } from '@playwright/test';
import { E2E_CENTERBASE } from './e2e/centerbase-firm';
import { E2E_SUPPORT_EMAIL } from './e2e/helpers';
import { startCenterbaseStandIn, type CenterbaseStandIn } from './tests/stand-ins/centerbase/centerbase-stand-in';
import { startClioStandIn, type ClioStandIn } from './tests/stand-ins/clio/clio-stand-in';

// Playwright cannot download its own browser on our machines: we drive the system Chromium.
export const CHROMIUM_PATH = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
export const CHROMIUM_ARGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-dev-shm-usage',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
  '--disable-quic',
];

const port = Number(process.env.E2E_PORT ?? 4319);
// One fresh data directory per run (workers inherit it through the environment).
process.env.E2E_DATA_DIR ??= mkdtempSync(join(tmpdir(), 'formbuilder-e2e-'));
process.env.E2E_BASE_URL = `http://127.0.0.1:${port}`;
process.env.E2E_ADMIN_EMAIL = 'admin@e2e.test';
process.env.E2E_ADMIN_PASSWORD = 'admin-password-123';

/**
 * The Clio stand-in the server connects to. Playwright starts the webServer before globalSetup, and the server reads
 * CLIO_BASE_URL at start, so it starts here, while the config loads: once, in the runner (workers load this module
 * too and inherit its environment). The stand-in picks a free loopback port, which the environment carries on.
 * global-teardown.ts closes it. A token of the stand-in's user lets a journey read what was pushed over HTTP.
 */
export const E2E_CLIO = { clientId: 'e2e-clio-client', clientSecret: 'e2e-clio-secret' } as const;
// Tools read this config too (knip's Playwright plugin): a listening stand-in would keep them from ever exiting.
const isTestRun = /playwright/.test(process.argv[1] ?? '') && process.argv.slice(2).includes('test');
if (isTestRun && !process.env.E2E_CLIO_BASE_URL) {
  const clio = await startClioStandIn({ clientId: E2E_CLIO.clientId, clientSecret: E2E_CLIO.clientSecret });
  (globalThis as { e2eClioStandIn?: ClioStandIn }).e2eClioStandIn = clio;
  process.env.E2E_CLIO_BASE_URL = clio.url;
  process.env.E2E_CLIO_TOKEN = clio.issueTokens().access_token;
}
// The Centerbase stand-in, started like Clio's and for the same reason (the server reads CENTERBASE_BASE_URL at start).
if (isTestRun && !process.env.E2E_CENTERBASE_BASE_URL) {
  const centerbase = await startCenterbaseStandIn({ firms: [{ ...E2E_CENTERBASE }] });
  (globalThis as { e2eCenterbaseStandIn?: CenterbaseStandIn }).e2eCenterbaseStandIn = centerbase;
  process.env.E2E_CENTERBASE_BASE_URL = centerbase.apiBaseUrl;
}

export default defineConfig({
  testDir: './e2e',
  fullyParallel: false,
  workers: 1,
  retries: process.env.CI ? 1 : 0,
  timeout: 60_000,
  expect: { timeout: 10_000 },
  reporter: process.env.CI ? [['list']] : [['list']],
  globalSetup: './e2e/global-setup.ts',
  globalTeardown: './e2e/global-teardown.ts',
  use: {
    baseURL: process.env.E2E_BASE_URL,
    trace: 'retain-on-failure',
    screenshot: 'only-on-failure',
    launchOptions: { executablePath: CHROMIUM_PATH, args: CHROMIUM_ARGS },
  },
  projects: [{ name: 'chromium', use: { ...devices['Desktop Chrome'], launchOptions: { executablePath: CHROMIUM_PATH, args: CHROMIUM_ARGS } } }],
  webServer: {
    command: 'node_modules/.bin/tsx server/server.ts',
    url: `http://127.0.0.1:${port}/api/health/`,
    reuseExistingServer: false,
    timeout: 120_000,
    stdout: 'ignore',
    stderr: 'pipe',
    gracefulShutdown: { signal: 'SIGTERM', timeout: 20_000 },
    env: {
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: process.env.E2E_DATA_DIR,
      DATABASE_URL: '',
      ADMIN_EMAIL: process.env.E2E_ADMIN_EMAIL,
      ADMIN_PASSWORD: process.env.E2E_ADMIN_PASSWORD,
      LOG_LEVEL: 'warn',
      NODE_ENV: 'production',
      // A build elsewhere (e.g. of another checkout); default ./dist.
      STATIC_DIR: process.env.E2E_STATIC_DIR ?? '',
      ZAPIER_HOOK_HOSTS: '127.0.0.1',
      SUPPORT_EMAIL: E2E_SUPPORT_EMAIL,
      CLIO_BASE_URL: process.env.E2E_CLIO_BASE_URL ?? '',
      CLIO_CLIENT_ID: E2E_CLIO.clientId,
      CLIO_CLIENT_SECRET: E2E_CLIO.clientSecret,
      CENTERBASE_BASE_URL: process.env.E2E_CENTERBASE_BASE_URL ?? '',
    },
  },
});
