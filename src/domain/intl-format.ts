/**
 * The app's one set of Intl formatters: relative and exact times ("3 days ago", "Nov 25, 2026, 9:41 AM") and the
 * name order of lists. Built once per module load: constructing an Intl formatter costs far more than calling it.
 */

const DAY = 24 * 3600;
/** [unit, its length in seconds, the smallest distance that uses it]: "9 days ago" reads better than "last week". */
const UNITS: readonly [Intl.RelativeTimeFormatUnit, number, number][] = [
  ['year', 365 * DAY, 365 * DAY],
  ['month', 30 * DAY, 45 * DAY],
  ['week', 7 * DAY, 14 * DAY],
  ['day', DAY, DAY],
  ['hour', 3600, 3600],
  ['minute', 60, 45],
];

const relative = new Intl.RelativeTimeFormat('en', { numeric: 'auto' });
const exact = new Intl.DateTimeFormat(undefined, { dateStyle: 'medium', timeStyle: 'short' });
const precise = new Intl.DateTimeFormat(undefined, { dateStyle: 'medium', timeStyle: 'medium' });
/** Case-insensitive, accent-insensitive, numbers in natural order ('Form 2' before 'Form 10'). */
const nameCollator = new Intl.Collator(undefined, { sensitivity: 'base', numeric: true });

export function formatRelativeTime(iso: string, now: number = Date.now()): string {
  const time = Date.parse(iso);
  if (Number.isNaN(time)) return '—';
  const seconds = Math.round((time - now) / 1000);
  const size = Math.abs(seconds);
  for (const [unit, unitSeconds, from] of UNITS) {
    if (size >= from) return relative.format(Math.round(seconds / unitSeconds), unit);
  }
  return 'just now';
}

export function formatExactTime(iso: string): string {
  const time = Date.parse(iso);
  return Number.isNaN(time) ? '' : exact.format(time);
}

/** With seconds: delivery attempts a few seconds apart must read apart. */
export function formatPreciseTime(iso: string): string {
  const time = Date.parse(iso);
  return Number.isNaN(time) ? '' : precise.format(time);
}

/** Orders names for lists and menus: case- and accent-insensitive, numbers in natural order. */
export function compareNames(a: string, b: string): number {
  return nameCollator.compare(a, b);
}
