/**
 * The firm's time zone (an account setting): an IANA name such as America/New_York, in which CSV exports write
 * 'Submitted at' with its offset. Shared by the settings screen, the contract and the server. Pure ECMAScript Intl.
 */

/** Until an account has one: exports are in UTC, with the offset +00:00 written out. */
export const FALLBACK_TIME_ZONE = 'UTC';

/**
 * IANA names only: "UTC" or Area/Location ("America/Argentina/Buenos_Aires", "Etc/GMT+5", "America/Port-au-Prince").
 * Intl also takes offsets ("+05:00") and legacy single words ("EST"), which are no place a firm is in.
 */
const IANA_NAME = /^(?:UTC|[A-Za-z]+(?:\/[A-Za-z0-9_+-]+)+)$/i;
const MAX_NAME_LENGTH = 64;

export const TIME_ZONE_MESSAGE = 'must be an IANA time zone such as America/New_York';

/** The zone's canonical spelling ("america/new_york" → "America/New_York"), or null when it is not a time zone. */
export function canonicalTimeZone(name: string): string | null {
  const trimmed = name.trim();
  if (trimmed.length > MAX_NAME_LENGTH || !IANA_NAME.test(trimmed)) return null;
  try {
    return new Intl.DateTimeFormat('en-US', { timeZone: trimmed }).resolvedOptions().timeZone;
  } catch {
    return null;
  }
}

export function isTimeZone(name: string): boolean {
  return canonicalTimeZone(name) !== null;
}

/** "UTC−05:00" for America/New_York in winter: the zone's offset from UTC at `at`. */
export function timeZoneOffsetLabel(timeZone: string, at: Date = new Date()): string {
  try {
    const part = new Intl.DateTimeFormat('en-US', { timeZone, timeZoneName: 'longOffset' })
      .formatToParts(at)
      .find((p) => p.type === 'timeZoneName')?.value;
    // "GMT-05:00" (or "GMT" itself at UTC); a real minus sign reads better than a hyphen.
    const offset = part?.replace(/^GMT/, '') || '+00:00';
    return `UTC${offset.replace('-', '−')}`;
  } catch {
    return '';
  }
}

/** Every zone this runtime knows, A–Z, with UTC first (Intl's list leaves it out in some engines). */
export function timeZoneNames(): string[] {
  const names = typeof Intl.supportedValuesOf === 'function' ? Intl.supportedValuesOf('timeZone') : [];
  return [FALLBACK_TIME_ZONE, ...names.filter((name) => name !== FALLBACK_TIME_ZONE && IANA_NAME.test(name)).sort()];
}
