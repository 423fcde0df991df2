import { describe, expect, it } from 'vitest';
import { CSV_BOM, answerCellFormatter, csvCell, csvRow } from '../../../src/domain/csv';
import type { InputElement, InputSubtype } from '../../../src/domain/form-document';
import { displayAnswer } from '../../../src/domain/response-view';

/** csvCell as it was before the export was made faster: the files must stay byte for byte the same. */
function csvCellBefore(value: string | number | boolean | null | undefined): string {
  if (value === null || value === undefined) return '';
  let text = String(value);
  if (typeof value === 'string' && /^[=+\-@\t\r]/.test(text) && !/^[+-]?[\d (). -]*\d[\d (). -]*$/.test(text)) text = `'${text}`;
  return /[",\r\n]/.test(text) || text !== text.trim() ? `"${text.replace(/"/g, '""')}"` : text;
}

/** Every character trim() removes, at either end and inside, with and without the other special characters. */
const WHITESPACE = ['\t', '\n', '\v', '\f', '\r', ' ', '\u00a0', '\u1680', '\u2000', '\u200a', '\u2028', '\u2029', '\u202f', '\u205f', '\u3000', '\ufeff'];
const CORPUS: (string | number | boolean | null | undefined)[] = [
  '', 'plain', 'a,b', 'say "hi"', 'x\ny', '=1+1', '+44 20', '-5', '-2+3', '@x', "'quoted", '山田', '😀', '\u200b', 'a\u0085b', 0, -5, 1.5, true, false, null, undefined,
  ...WHITESPACE.flatMap((w) => [w, `${w}a`, `a${w}`, `a${w}b`, `=${w}`, `-${w}5`, `"${w}`, `${w}"`]),
];

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

describe('the export’s faster cells', () => {
  it('csvCell writes exactly what it wrote before, for every kind of edge', () => {
    for (const value of CORPUS) expect(csvCell(value), JSON.stringify(value)).toBe(csvCellBefore(value));
  });

  const input = (subtype: InputSubtype): Pick<InputElement, 'subtype' | 'options'> => ({
    subtype,
    options: [
      { id: 'o1', text: 'Family' },
      { id: 'o2', text: '=cmd' },
      { id: 'o3', text: 'Smith, "Jr"' },
      { id: 'o1', text: 'Duplicate id: the first wins' },
      { id: 'o4', text: '' },
    ],
  });
  const VALUES: unknown[] = [undefined, null, '', '  ', 'o1', 'o2', 'o3', 'o4', 'gone', ' o1 ', ['o1', 'o3'], [], ['gone'], 42, -3, 0, 0.5, 1e21, -1e21, Number.NaN, 'text, "quoted"', '=SUM(A1)', ' padded ', { odd: true }, [1, 2]];

  it('each input’s cell writer is csvCell(displayAnswer(…)) for any stored value', () => {
    const subtypes: InputSubtype[] = ['textInput', 'textarea', 'email', 'phoneNumber', 'integer', 'radio', 'dropdown', 'checkbox'];
    for (const subtype of subtypes) {
      const write = answerCellFormatter(input(subtype));
      for (const value of VALUES) expect(write(value), `${subtype} ${JSON.stringify(value)}`).toBe(csvCell(displayAnswer(input(subtype), value)));
    }
  });

  it('without the input (a column another form version had), a stored value is written as text', () => {
    const write = answerCellFormatter(undefined);
    for (const value of VALUES) {
      expect(write(value), JSON.stringify(value)).toBe(value === undefined || value === null ? '' : csvCellBefore(String(value)));
    }
  });
});
