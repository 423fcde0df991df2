/**
 * New element, option and logic ids. `crypto.randomUUID` only exists in secure contexts (https or localhost) and
 * newer runtimes, so a v4 fallback keeps the builder working on a plain-http intranet host and in old jsdom.
 */

interface CryptoLike {
  randomUUID?: () => string;
  getRandomValues?: <T extends ArrayBufferView | null>(array: T) => T;
}

function randomBytes(count: number): Uint8Array {
  const bytes = new Uint8Array(count);
  const cryptoObject = (globalThis as { crypto?: CryptoLike }).crypto;
  if (cryptoObject && typeof cryptoObject.getRandomValues === 'function') {
    cryptoObject.getRandomValues(bytes);
    return bytes;
  }
  for (let i = 0; i < count; i += 1) bytes[i] = Math.floor(Math.random() * 256);
  return bytes;
}

/** RFC 4122 version 4 UUID built from random bytes (the fallback when randomUUID is missing). */
export function uuidV4FromBytes(bytes: Uint8Array): string {
  const b = Array.from(bytes.subarray(0, 16));
  b[6] = (b[6] & 0x0f) | 0x40; // version 4
  b[8] = (b[8] & 0x3f) | 0x80; // RFC 4122 variant
  const hex = b.map((byte) => byte.toString(16).padStart(2, '0')).join('');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20, 32)}`;
}

export function newId(): string {
  const cryptoObject = (globalThis as { crypto?: CryptoLike }).crypto;
  if (cryptoObject && typeof cryptoObject.randomUUID === 'function') return cryptoObject.randomUUID();
  return uuidV4FromBytes(randomBytes(16));
}
