/** The submission key (API.md form-submit): a client-made UUID. Its own module: the page's first script makes it. */

export type CryptoLike = Pick<Crypto, 'getRandomValues'> & { randomUUID?: () => string };

/** A version 4 UUID: crypto.randomUUID where there is one (secure contexts only), else from getRandomValues. */
export function newSubmissionKey(source: CryptoLike | undefined = globalThis.crypto): string {
  if (typeof source?.randomUUID === 'function') return source.randomUUID();
  const bytes = new Uint8Array(16);
  if (source?.getRandomValues) source.getRandomValues(bytes);
  else for (let i = 0; i < 16; i++) bytes[i] = Math.floor(Math.random() * 256);
  bytes[6] = (bytes[6] & 0x0f) | 0x40;
  bytes[8] = (bytes[8] & 0x3f) | 0x80;
  const hex = Array.from(bytes, (byte) => byte.toString(16).padStart(2, '0')).join('');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}

