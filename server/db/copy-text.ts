/**
 * PostgreSQL's `COPY … TO STDOUT` text format, read row by row: rows end with a newline, columns are separated by
 * tabs, and a value's backslashes, tabs, newlines and other control characters are written as backslash escapes (so a
 * row is always one line). `\N` is NULL, which callers of these helpers never select.
 */

/** The character a backslash escape stands for: `\b \f \n \r \t \v`, else the escaped character itself. */
function unescaped(char: string): string {
  switch (char) {
    case 'b':
      return '\b';
    case 'f':
      return '\f';
    case 'n':
      return '\n';
    case 'r':
      return '\r';
    case 't':
      return '\t';
    case 'v':
      return '\v';
    default:
      return char;
  }
}

/**
 * A column's value as it was before COPY escaped it. A loop of indexOf, not a replace with a callback: every
 * answer holding a quote has an escaped backslash (JSON's `\"`), and the callback was a tenth of an export's time.
 */
export function unescapeCopyText(value: string): string {
  let at = value.indexOf('\\');
  if (at < 0) return value;
  let text = '';
  let from = 0;
  while (at >= 0) {
    text += value.slice(from, at) + unescaped(value.charAt(at + 1));
    from = at + 2;
    at = value.indexOf('\\', from);
  }
  return text + value.slice(from);
}

/**
 * The complete lines of a COPY text stream, a chunk's worth at a time: a row split across chunks is held back until
 * its end arrives. Splitting at the newline byte never cuts a UTF-8 character (no byte of one is 0x0a).
 */
export async function* copyTextLines(chunks: AsyncIterable<Buffer>): AsyncGenerator<string[]> {
  let rest: Buffer | undefined;
  for await (const piece of chunks) {
    const buffer = rest ? Buffer.concat([rest, piece]) : piece;
    const last = buffer.lastIndexOf(0x0a);
    if (last < 0) {
      rest = buffer;
      continue;
    }
    rest = last + 1 < buffer.length ? buffer.subarray(last + 1) : undefined;
    yield buffer.toString('utf8', 0, last).split('\n');
  }
  if (rest && rest.length > 0) throw new Error('COPY output ended in the middle of a row');
}
