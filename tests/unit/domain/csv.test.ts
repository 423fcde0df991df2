import { describe, expect, it } from 'vitest';
import { CSV_BOM, csvCell, csvRow } from '../../../src/domain/csv';

describe('csvCell', () => {
  it.each([
    ['plain', 'plain'],
    ['a,b', '"a,b"'],
    ['say "hi"', '"say ""hi"""'],
    ['two\nlines', '"two\nlines"'],
    ['=1+1', "'=1+1"],
    ['+44 20 7946 0958', '+44 20 7946 0958'],
    ['+1 (555) 010-9999', '+1 (555) 010-9999'],
    ['-5', '-5'],
    ['-3.25', '-3.25'],
    ['+7', '+7'],
    ['-2+3', "'-2+3"],
    ['+1+cmd|calc', "'+1+cmd|calc"],
    ['-1)*SUM(A1', "'-1)*SUM(A1"],
    ['+', "'+"],
    ['- ', "\"'- \""],
    ['-\t5', "'-\t5"],
    ['=5', "'=5"],
    ['@5', "'@5"],
    ['@cmd', "'@cmd"],
    ['\tx', "'\tx"],
    ['\rx', "\"'\rx\""],
    ['=A1,"b"', `"'=A1,""b"""`],
    ['山田', '山田'],
  ])('%j → %j', (input, expected) => {
    expect(csvCell(input)).toBe(expected);
  });

  it('leaves numbers and empty cells alone', () => {
    expect(csvCell(-5)).toBe('-5');
    expect(csvCell(null)).toBe('');
    expect(csvCell(undefined)).toBe('');
  });

  it('ends rows with CRLF and exposes the UTF-8 BOM', () => {
    expect(csvRow(['a', 'b,c', 3])).toBe('a,"b,c",3\r\n');
    expect(CSV_BOM).toBe('\uFEFF');
  });
});
