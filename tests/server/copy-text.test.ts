import { describe, expect, it } from 'vitest';
import { copyTextLines, unescapeCopyText } from '../../server/db/copy-text.js';

async function* chunks(...parts: (string | Buffer)[]): AsyncGenerator<Buffer> {
  for (const part of parts) yield Buffer.isBuffer(part) ? part : Buffer.from(part, 'utf8');
}

async function linesOf(source: AsyncIterable<Buffer>): Promise<string[]> {
  const lines: string[] = [];
  for await (const batch of copyTextLines(source)) lines.push(...batch);
  return lines;
}

describe('COPY text format', () => {
  it('undoes COPY’s escapes, and leaves text without a backslash as it is', () => {
    expect(unescapeCopyText('{"a": "x\\\\"y"}')).toBe('{"a": "x\\"y"}');
    expect(unescapeCopyText('tab\\there\\nline\\rcr\\\\back\\bb\\ff\\vv')).toBe('tab\there\nline\rcr\\back\bb\ff\vv');
    const plain = 'no escapes: Zoë 山田';
    expect(unescapeCopyText(plain)).toBe(plain);
  });

  it('yields whole rows however the chunks cut them, a multi-byte character included', async () => {
    const text = Buffer.from('a\t1\nZoë 山田\t2\nlast\t3\n', 'utf8');
    // Cut inside "山" (3 bytes) and in the middle of a row.
    const cut = text.indexOf(Buffer.from('山', 'utf8')) + 1;
    expect(await linesOf(chunks(text.subarray(0, 3), text.subarray(3, cut), text.subarray(cut)))).toEqual(['a\t1', 'Zoë 山田\t2', 'last\t3']);
    expect(await linesOf(chunks('one\n', 'two\nthr', 'ee\n'))).toEqual(['one', 'two', 'three']);
    expect(await linesOf(chunks())).toEqual([]);
  });

  it('refuses output that stops in the middle of a row', async () => {
    await expect(linesOf(chunks('whole\n', 'half'))).rejects.toThrow('COPY output ended in the middle of a row');
  });
});
