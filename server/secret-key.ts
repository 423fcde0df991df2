import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import type { Config } from './config.js';

/**
 * SECRET_KEY signs cookies and (later) encrypts integration secrets at rest. Without one we make a
 * random key once and keep it in DATA_DIR, readable only by this user; several server instances
 * sharing a database must be given the same SECRET_KEY instead.
 */
export function resolveSecretKey(config: Config): string {
  if (config.SECRET_KEY) return config.SECRET_KEY;
  const dataDir = resolve(config.DATA_DIR);
  const file = join(dataDir, 'secret-key');
  if (existsSync(file)) return readFileSync(file, 'utf8').trim();
  mkdirSync(dataDir, { recursive: true });
  const key = randomBytes(48).toString('base64url');
  writeFileSync(file, key, { mode: 0o600, flag: 'wx' });
  return key;
}
