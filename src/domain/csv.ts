/**
 * CSV cells for spreadsheets (RFC 4180 quoting) with formula-injection neutralised: a cell a spreadsheet would run as
 * a formula (starting with =, +, -, @, tab or carriage return) gets a leading apostrophe, so it is shown as text.
 * Plain numbers and phone numbers (`-5`, `+44 20 7946 0958`, `+1 (555) 010-9999`) are left as typed, as OWASP allows:
 * made only of digits, spaces, parentheses, dots and hyphens after one leading sign, they cannot name a function, a
 * cell reference or another program, so a firm's phone column stays readable.
 */
export const CSV_BOM = '\uFEFF';
const FORMULA_START = /^[=+\-@\t\r]/;
const NUMBER_OR_PHONE = /^[+-]?[\d (). -]*\d[\d (). -]*$/;
const NEEDS_QUOTES = /[",\r\n]/;

export function csvCell(value: string | number | boolean | null | undefined): string {
  if (value === null || value === undefined) return '';
  let text = String(value);
  if (typeof value === 'string' && FORMULA_START.test(text) && !NUMBER_OR_PHONE.test(text)) text = `'${text}`;
  return NEEDS_QUOTES.test(text) || text !== text.trim() ? `"${text.replace(/"/g, '""')}"` : text;
}

export function csvRow(cells: readonly (string | number | boolean | null | undefined)[]): string {
  return `${cells.map(csvCell).join(',')}\r\n`;
}
