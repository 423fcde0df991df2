/**
 * Keyset cursors for newest-first response lists: the position is (submitted_at in epoch microseconds, id), exact to
 * PostgreSQL's precision, so pages never skip or repeat a row, however many responses arrive meanwhile.
 */
export interface ResponseCursor {
  direction: 'next' | 'previous';
  micros: string;
  id: string;
}

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
  const match = /^([np])\|(-?\d{1,20})\|([0-9a-f-]{36})$/.exec(text);
  if (!match) return null;
  return { direction: match[1] === 'n' ? 'next' : 'previous', micros: match[2], id: match[3] };
}
