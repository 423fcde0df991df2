// Request key conversion from the SPA (camelCase) to the wire (snake_case), API.md "Wire rules". Answers need none:
// the server writes camelCase itself. Runs on every request, so converted names are cached and the regexes are
// module constants.

const LOWER_OR_DIGIT_THEN_UPPER = /([a-z0-9])([A-Z])/g;
const ACRONYM_THEN_WORD = /([A-Z]+)([A-Z][a-z])/g;
const UNDERSCORE_THEN_LETTER = /_([a-z])/g;

// Keys come from a bounded vocabulary in practice, but request bodies can carry user-made keys (element ids):
// the caches are dropped when they grow past this size instead of growing without limit.
const MAX_CACHED_KEYS = 5_000;

const snakeCache = new Map<string, string>();
const camelCache = new Map<string, string>();
const opaqueKeyCache = new Map<string, boolean>();

function cached<V>(cache: Map<string, V>, key: string, convert: (key: string) => V): V {
  let result = cache.get(key);
  if (result === undefined) {
    if (cache.size >= MAX_CACHED_KEYS) cache.clear();
    result = convert(key);
    cache.set(key, result);
  }
  return result;
}

export function snakeCase(key: string): string {
  return cached(snakeCache, key, (raw) =>
    raw.replace(ACRONYM_THEN_WORD, '$1_$2').replace(LOWER_OR_DIGIT_THEN_UPPER, '$1_$2').toLowerCase(),
  );
}

export function camelCase(key: string): string {
  return cached(camelCache, key, (raw) =>
    raw.replace(UNDERSCORE_THEN_LETTER, (_match, letter: string) => letter.toUpperCase()),
  );
}

/**
 * Keys whose inner keys are data, not names: `json*` hold form documents (element ids, settings), and `data` holds
 * answers keyed by input id (a prefill's values), where an id such as `firstName` must reach the server as written.
 */
function isOpaqueKey(key: string): boolean {
  return cached(opaqueKeyCache, key, (raw) => raw === 'data' || raw.toLowerCase().includes('json'));
}

function isPlainObject(value: unknown): value is Record<string, unknown> {
  if (value === null || typeof value !== 'object') return false;
  const proto: unknown = Object.getPrototypeOf(value);
  // FormData, Blob, File, ArrayBuffer, Date, URLSearchParams and other class instances fail this test and pass through.
  return proto === Object.prototype || proto === null;
}

function convertKeys(value: unknown, rename: (key: string) => string): unknown {
  if (Array.isArray(value)) return value.map((item) => convertKeys(item, rename));
  if (!isPlainObject(value)) return value;
  const result: Record<string, unknown> = {};
  for (const key of Object.keys(value)) {
    const item = value[key];
    if (isOpaqueKey(key)) result[key] = item;
    else result[rename(key)] = convertKeys(item, rename);
  }
  return result;
}

export function toSnakeCaseKeys<T = unknown>(value: unknown): T {
  return convertKeys(value, snakeCase) as T;
}
