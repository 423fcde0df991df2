/**
 * CSV cells for spreadsheets (RFC 4180 quoting) with formula-injection neutralised: a cell a spreadsheet would run as
 * a formula (starting with =, +, -, @, tab or carriage return) gets a leading apostrophe, so it is shown as text.
 * Plain numbers and phone numbers (`-5`, `+44 20 7946 0958`, `+1 (555) 010-9999`) are left as typed, as OWASP allows:
 * made only of digits, spaces, parentheses, dots and hyphens after one leading sign, they cannot name a function, a
 * cell reference or another program, so a firm's phone column stays readable.
 */
import type { InputElement } from './form-document';
import { displayAnswer } from './response-view';

export const CSV_BOM = '\uFEFF';
const NUMBER_OR_PHONE = /^[+-]?[\d (). -]*\d[\d (). -]*$/;
/** A quote, comma or line break inside, or whitespace at either end (which spreadsheets would drop unquoted). */
const NEEDS_QUOTES = /[",\r\n]|^\s|\s$/;
const QUOTES = /"/g;

/** = + - @ tab carriage-return: the first characters a spreadsheet may run as a formula. */
function startsLikeFormula(text: string): boolean {
  switch (text.charCodeAt(0)) {
    case 0x3d: // =
    case 0x2b: // +
    case 0x2d: // -
    case 0x40: // @
    case 0x09: // tab
    case 0x0d: // carriage return
      return true;
    default:
      return false;
  }
}

export function csvCell(value: string | number | boolean | null | undefined): string {
  if (value === null || value === undefined) return '';
  let text = typeof value === 'string' ? value : String(value);
  if (typeof value === 'string' && startsLikeFormula(text) && !NUMBER_OR_PHONE.test(text)) text = `'${text}`;
  return NEEDS_QUOTES.test(text) ? `"${text.replace(QUOTES, '""')}"` : text;
}

export function csvRow(cells: readonly (string | number | boolean | null | undefined)[]): string {
  return `${cells.map(csvCell).join(',')}\r\n`;
}

/**
 * The CSV cell of one input's stored answer: always `csvCell(displayAnswer(input, value))`, made once per input and
 * form version so that a row costs no option searches: each choice's cell is written in advance. Without the input
 * (a column the response's form version did not have) a stored value is written as text.
 */
export function answerCellFormatter(input: Pick<InputElement, 'subtype' | 'options'> | undefined): (value: unknown) => string {
  if (!input) return (value) => (value === undefined || value === null ? '' : csvCell(String(value)));
  const general = (value: unknown) => csvCell(displayAnswer(input, value));
  switch (input.subtype) {
    case 'radio':
    case 'dropdown': {
      // The first option with an id wins, as in displayAnswer.
      const cells = new Map<string, string>();
      for (const option of input.options) if (!cells.has(option.id)) cells.set(option.id, csvCell(option.text));
      return (value) => (typeof value === 'string' && value.trim() !== '' ? (cells.get(value) ?? general(value)) : general(value));
    }
    case 'textInput':
    case 'textarea':
    case 'email':
    case 'phoneNumber':
      return (value) => (typeof value === 'string' ? (value.trim() === '' ? '' : csvCell(value)) : general(value));
    case 'integer':
      // A number is written as String(number), as displayAnswer writes it.
      return (value) => (typeof value === 'number' && !Number.isNaN(value) ? csvCell(String(value)) : general(value));
    case 'checkbox':
      return general;
    default: {
      const unknownSubtype: never = input.subtype;
      return () => String(unknownSubtype);
    }
  }
}
