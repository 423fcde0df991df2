import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { ConfigError, type Config } from './config.js';

/** As for SECRET_KEY itself (server/config.ts). */
const MIN_LENGTH = 32;

/**
 * SECRET_KEY signs cookies and (later) encrypts integration secrets at rest. Without one we make a
 * random key once and keep it in DATA_DIR, readable only by this user; several server instances
 * sharing a database must be given the same SECRET_KEY instead.
 */
export function resolveSecretKey(config: Config): string {
  if (config.SECRET_KEY) return config.SECRET_KEY;
  const dataDir = resolve(config.DATA_DIR);
  const file = join(dataDir, 'secret-key');
  if (existsSync(file)) {
    // An emptied or truncated file must not become a weak key that signs cookies and encrypts secrets.
    const key = readFileSync(file, 'utf8').trim();
    if (key.length < MIN_LENGTH) {
      throw new ConfigError(
        `${file}: the secret key must be at least ${MIN_LENGTH} characters long (it has ${key.length}). ` +
          'Put the previous key back, or set SECRET_KEY; removing the file makes a new key, which signs everyone out.',
      );
    }
    return key;
  }
  mkdirSync(dataDir, { recursive: true });
  const key = randomBytes(48).toString('base64url');
  writeFileSync(file, key, { mode: 0o600, flag: 'wx' });
  return key;
}
