import { randomBytes, scrypt, type ScryptOptions } from 'node:crypto';
import { safeEqual } from '../util/safe-equal.js';

const KEY_LENGTH = 64;
/** N = 2^17 (OWASP's scrypt minimum): about 128 MiB and a few hundred ms per check. Older hashes are upgraded at sign-in. */
export const PASSWORD_PARAMS = { N: 2 ** 17, r: 8, p: 1 } as const;
// scrypt needs 128 · N · r bytes; Node refuses anything above maxmem.
const MAX_MEMORY = 256 * 1024 * 1024;

function derive(password: string, salt: Buffer, options: ScryptOptions): Promise<Buffer> {
  return new Promise((resolve, reject) =>
    scrypt(password.normalize('NFKC'), salt, KEY_LENGTH, { ...options, maxmem: MAX_MEMORY }, (error, key) =>
      error ? reject(error) : resolve(key),
    ),
  );
}

/** `scrypt$N$r$p$salt$hash` (base64url): parameters travel with the hash so they can be raised later. */
export async function hashPassword(password: string): Promise<string> {
  const salt = randomBytes(16);
  const key = await derive(password, salt, PASSWORD_PARAMS);
  return ['scrypt', PASSWORD_PARAMS.N, PASSWORD_PARAMS.r, PASSWORD_PARAMS.p, salt.toString('base64url'), key.toString('base64url')].join('$');
}

export async function verifyPassword(password: string, stored: string | null): Promise<boolean> {
  if (!stored) return false;
  const [scheme, n, r, p, salt, hash] = stored.split('$');
  if (scheme !== 'scrypt' || !salt || !hash) return false;
  const expected = Buffer.from(hash, 'base64url');
  const actual = await derive(password, Buffer.from(salt, 'base64url'), { N: Number(n), r: Number(r), p: Number(p) });
  return safeEqual(actual, expected);
}

/** Whether a stored hash uses weaker parameters than today's (it is rehashed at the next successful sign-in). */
export function needsRehash(stored: string | null): boolean {
  if (!stored) return false;
  const [scheme, n, r, p] = stored.split('$');
  if (scheme !== 'scrypt') return true;
  return Number(n) < PASSWORD_PARAMS.N || Number(r) < PASSWORD_PARAMS.r || Number(p) < PASSWORD_PARAMS.p;
}

/** Burns the same time as a real check, so an unknown email cannot be told apart by timing. */
let dummyHash: Promise<string> | undefined;
export async function verifyAgainstDummy(password: string): Promise<false> {
  dummyHash ??= hashPassword('not-a-real-password');
  await verifyPassword(password, await dummyHash);
  return false;
}

export function generatePassword(): string {
  return randomBytes(15).toString('base64url');
}
