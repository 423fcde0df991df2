import { isUuid } from '../../src/domain/ids.js';

/**
 * Keyset cursors for newest-first response lists: the position is (submitted_at in epoch microseconds, id), exact to
 * PostgreSQL's precision, so pages never skip or repeat a row, however many responses arrive meanwhile.
 */
export interface ResponseCursor {
  direction: 'next' | 'previous';
  micros: string;
  id: string;
}

/** Year 9999 in epoch microseconds: later than any submitted_at, well inside PostgreSQL's timestamptz range. */
const MAX_CURSOR_MICROS = 253_402_300_800_000_000;

export function encodeCursor(cursor: ResponseCursor): string {
  return Buffer.from(`${cursor.direction === 'next' ? 'n' : 'p'}|${cursor.micros}|${cursor.id}`).toString('base64url');
}

export function decodeCursor(raw: string): ResponseCursor | null {
  let text: string;
  try {
    text = Buffer.from(raw, 'base64url').toString('utf8');
  } catch {
    return null;
  }
  const match = /^([np])\|(-?\d{1,18})\|([0-9a-f-]{36})$/.exec(text);
  // A crafted cursor must not reach PostgreSQL as a timestamp out of its range or an id that is no UUID (both were 500s).
  if (!match || !isUuid(match[3]) || Math.abs(Number(match[2])) > MAX_CURSOR_MICROS) return null;
  return { direction: match[1] === 'n' ? 'next' : 'previous', micros: match[2], id: match[3] };
}
