import { execFile } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { promisify } from 'node:util';
import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from '../../server/config.js';
import { safeNextPath } from '../../server/auth/safe-next.js';
import { resolveSecretKey } from '../../server/secret-key.js';

describe('configuration', () => {
  it('has working defaults', () => {
    const config = loadConfig({});
    expect(config).toMatchObject({ PORT: 3000, DATA_DIR: '.data', oidcEnabled: false, LOG_LEVEL: 'info' });
    expect(config.DATABASE_URL).toBeUndefined();
  });

  it.each([
    [{ PORT: 'eighty' }, 'PORT: must be a number'],
    [{ PORT: '70000' }, 'PORT: must be between 0 and 65535'],
    [{ DATABASE_URL: 'mysql://x' }, 'DATABASE_URL: must start with postgres:// or postgresql://'],
    [{ SECRET_KEY: 'short' }, 'SECRET_KEY: must be at least 32 characters long'],
    [{ ADMIN_EMAIL: 'nope' }, 'ADMIN_EMAIL: must be an email address'],
    [{ SUPPORT_EMAIL: 'support at firm' }, 'SUPPORT_EMAIL: must be an email address'],
    [{ OIDC_ISSUER: 'https://id.example.com' }, 'OIDC_CLIENT_ID: is required when any OIDC_* variable is set'],
    [{ LOG_LEVEL: 'loud' }, 'LOG_LEVEL'],
    [{ TRUST_PROXY: 'true' }, 'TRUST_PROXY: must list the addresses or CIDRs of the proxies in front of the server (e.g. loopback or 10.0.0.0/8), not "true": anyone can write X-Forwarded-For'],
    [{ TRUST_PROXY: '1' }, 'TRUST_PROXY: must list the addresses or CIDRs of the proxies'],
    [{ TRUST_PROXY: '10.0.0.1,proxy.example' }, 'TRUST_PROXY: must be comma-separated proxy addresses or CIDRs (not "proxy.example")'],
    [{ TRUST_PROXY: '10.0.0.0/33' }, 'TRUST_PROXY: must be comma-separated proxy addresses or CIDRs (not "10.0.0.0/33")'],
  ])('names the variable of a bad value: %j', (env, message) => {
    expect(() => loadConfig(env)).toThrow(ConfigError);
    expect(() => loadConfig(env)).toThrow(message);
  });

  it.each([
    [undefined, false],
    ['false', false],
    ['10.0.0.1', ['10.0.0.1']],
    ['10.0.0.0/8, ::1, loopback', ['10.0.0.0/8', '::1', 'loopback']],
  ])('reads TRUST_PROXY=%j as %j', (value, expected) => {
    expect(loadConfig(value === undefined ? {} : { TRUST_PROXY: value }).TRUST_PROXY).toEqual(expected);
  });

  it('stops the server at start with the message and a non-zero exit', async () => {
    const root = resolve(__dirname, '../..');
    const result = await promisify(execFile)(join(root, 'node_modules/.bin/tsx'), [join(root, 'server/server.ts')], {
      cwd: root,
      env: { ...process.env, PORT: 'not-a-port' },
    }).catch((error: { code: number; stderr: string }) => error);
    expect('code' in result && result.code).toBe(1);
    expect(result.stderr).toContain('Invalid configuration');
    expect(result.stderr).toContain('PORT: must be a number');
  });
});

describe('secret key file', () => {
  it.each([
    ['empty', ''],
    ['blank', '  \n'],
    ['short', 'too-short'],
  ])('refuses an %s secret-key file like a short SECRET_KEY', (_, content) => {
    const dataDir = mkdtempSync(join(tmpdir(), 'formbuilder-key-'));
    try {
      writeFileSync(join(dataDir, 'secret-key'), content);
      const config = loadConfig({ DATA_DIR: dataDir });
      expect(() => resolveSecretKey(config)).toThrow(ConfigError);
      expect(() => resolveSecretKey(config)).toThrow('the secret key must be at least 32 characters long');
    } finally {
      rmSync(dataDir, { recursive: true, force: true });
    }
  });

  it('makes a key once and reads the same key back', () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'formbuilder-key-'));
    try {
      const config = loadConfig({ DATA_DIR: dataDir });
      const key = resolveSecretKey(config);
      expect(key.length).toBeGreaterThanOrEqual(32);
      expect(resolveSecretKey(config)).toBe(key);
    } finally {
      rmSync(dataDir, { recursive: true, force: true });
    }
  });
});

describe('safeNextPath', () => {
  it.each([
    ['/1/responses?x=1#top', '/1/responses?x=1#top'],
    ['/login-redirect?next=%2F2', '/login-redirect?next=%2F2'],
    ['https://evil.test', '/'],
    ['//evil.test', '/'],
    ['/\\evil.test', '/'],
    ['/ok\\path', '/'],
    ['javascript:alert(1)', '/'],
    ['', '/'],
    [undefined, '/'],
    ['/a\nb', '/'],
  ])('%j → %j', (input, expected) => {
    expect(safeNextPath(input)).toBe(expected);
  });
});
