import { createCipheriv, createDecipheriv, createHash, createSecretKey, hkdfSync, randomBytes, type KeyObject } from 'node:crypto';

/**
 * Secrets at rest (INTEGRATIONS.md "Secrets"): AES-256-GCM under a key derived from SECRET_KEY with HKDF-SHA-256.
 *
 * A ciphertext is one text value: `fbs1.<keyId>.<iv>.<ciphertext+tag>` (base64url parts). The key id names the
 * SECRET_KEY it was made with (it is derived from that key, so it reveals nothing and needs no registry); a box holds
 * the current key and any previous ones (SECRET_KEY_FALLBACKS), so after a key change old values still open until
 * `npm run manage -- rotate-secret-key` re-encrypts them. The additional data binds a ciphertext to its table, row
 * and column (and to its own header): a value copied to another row or column, or edited, does not open.
 */
const FORMAT = 'fbs1';
const IV_BYTES = 12;
const TAG_BYTES = 16;
const SALT = Buffer.from('formbuilder secrets at rest');
const CIPHERTEXT_PATTERN = /^fbs1\.([0-9a-f]{16})\.([A-Za-z0-9_-]{16})\.([A-Za-z0-9_-]{22,})$/;

/** Where a ciphertext lives: it opens only there. */
export interface SecretPlace {
  table: string;
  column: string;
  rowId: string;
}

export class SecretError extends Error {}

interface DerivedKey {
  id: string;
  /** A KeyObject, made once: a raw Buffer would be turned into one on every call (a tenth of a delivery's crypto). */
  key: KeyObject;
}

function deriveKey(secretKey: string): DerivedKey {
  const ikm = Buffer.from(secretKey, 'utf8');
  const key = createSecretKey(Buffer.from(hkdfSync('sha256', ikm, SALT, 'aes-256-gcm key v1', 32)));
  const id = Buffer.from(hkdfSync('sha256', ikm, SALT, 'key id v1', 8)).toString('hex');
  return { id, key };
}

function additionalData(keyId: string, place: SecretPlace): Buffer {
  // Length-prefixed parts: "a.b" + "c" never equals "a" + "b.c".
  const parts = [FORMAT, keyId, place.table, place.column, place.rowId];
  return Buffer.concat(parts.map((part) => {
    const bytes = Buffer.from(part, 'utf8');
    const length = Buffer.alloc(4);
    length.writeUInt32BE(bytes.length);
    return Buffer.concat([length, bytes]);
  }));
}

/** The key id inside a ciphertext (null for a value that is not one). */
export function keyIdOf(ciphertext: string): string | null {
  return CIPHERTEXT_PATTERN.exec(ciphertext)?.[1] ?? null;
}

export class SecretBox {
  private readonly current: DerivedKey;
  private readonly keys: Map<string, KeyObject>;

  /** `secretKey` encrypts; it and every fallback decrypt. */
  constructor(secretKey: string, fallbacks: readonly string[] = []) {
    this.current = deriveKey(secretKey);
    this.keys = new Map([this.current, ...fallbacks.map(deriveKey)].map((k) => [k.id, k.key]));
  }

  get currentKeyId(): string {
    return this.current.id;
  }

  encrypt(plaintext: string, place: SecretPlace): string {
    const iv = randomBytes(IV_BYTES);
    const cipher = createCipheriv('aes-256-gcm', this.current.key, iv, { authTagLength: TAG_BYTES });
    cipher.setAAD(additionalData(this.current.id, place));
    const body = Buffer.concat([cipher.update(plaintext, 'utf8'), cipher.final(), cipher.getAuthTag()]);
    return `${FORMAT}.${this.current.id}.${iv.toString('base64url')}.${body.toString('base64url')}`;
  }

  /** Throws SecretError for a value that is malformed, made with an unknown key, edited, or moved elsewhere. */
  decrypt(ciphertext: string, place: SecretPlace): string {
    const match = CIPHERTEXT_PATTERN.exec(ciphertext);
    if (!match) throw new SecretError(`${place.table}.${place.column} of ${place.rowId}: not an encrypted value`);
    const [, keyId, ivText, bodyText] = match;
    const key = this.keys.get(keyId);
    if (!key) {
      throw new SecretError(`${place.table}.${place.column} of ${place.rowId}: encrypted with key ${keyId}, which is neither SECRET_KEY nor in SECRET_KEY_FALLBACKS`);
    }
    const body = Buffer.from(bodyText, 'base64url');
    if (body.length < TAG_BYTES) throw new SecretError(`${place.table}.${place.column} of ${place.rowId}: truncated value`);
    try {
      const decipher = createDecipheriv('aes-256-gcm', key, Buffer.from(ivText, 'base64url'), { authTagLength: TAG_BYTES });
      decipher.setAAD(additionalData(keyId, place));
      decipher.setAuthTag(body.subarray(body.length - TAG_BYTES));
      return Buffer.concat([decipher.update(body.subarray(0, body.length - TAG_BYTES)), decipher.final()]).toString('utf8');
    } catch {
      throw new SecretError(`${place.table}.${place.column} of ${place.rowId}: the value does not open (edited, or moved from another row or column)`);
    }
  }

  /** JSON objects (an integration's API key, OAuth tokens) in one ciphertext. */
  encryptJson(value: Record<string, unknown>, place: SecretPlace): string {
    return this.encrypt(JSON.stringify(value), place);
  }

  decryptJson(ciphertext: string, place: SecretPlace): Record<string, unknown> {
    const parsed: unknown = JSON.parse(this.decrypt(ciphertext, place));
    if (!parsed || typeof parsed !== 'object' || Array.isArray(parsed)) throw new SecretError(`${place.table}.${place.column} of ${place.rowId}: not a JSON object`);
    return parsed as Record<string, unknown>;
  }
}

/** SHA-256 (hex) of a bearer token: what account_tokens stores and looks up. */
export function hashToken(token: string): string {
  return createHash('sha256').update(token, 'utf8').digest('hex');
}
