/**
 * The answers a respondent starts with (spec §3 prefill): a saved prefill (`?prefill={id}`, keyed by input id), then URL
 * parameters named by an input's dataName, which win over the prefill. Pure: no DOM, no fetch.
 *
 * Values are coerced to the input's answer shape (FORM-DOCUMENT.md "Answers"); a value that does not fit — a word in an
 * integer field, an option the input does not have — is dropped, so the input keeps its default instead of starting
 * with an error.
 */
import { inputsOf, integerValue } from '../domain/answers';
import type { Answers } from '../domain/answers';
import type { AnswerValue, DropdownOption, FormDocument, InputElement } from '../domain/form-document';

/** Query parameters of the respondent page itself; never read as answers (dataNames are [a-z0-9_]). */
const RESERVED_PARAMS: ReadonlySet<string> = new Set(['embed', 'prefill', 'parentorigin']);

const lower = (text: string) => text.trim().toLowerCase();

/** An option by its id, else by its text compared trimmed and case-insensitively. */
function findOption(options: readonly DropdownOption[], raw: string): DropdownOption | undefined {
  const wanted = raw.trim();
  if (!wanted) return undefined;
  const byId = options.find((option) => option.id === wanted);
  if (byId) return byId;
  const text = wanted.toLowerCase();
  return options.find((option) => lower(option.text) === text);
}

function scalarText(raw: unknown): string | undefined {
  if (typeof raw === 'string') return raw;
  if (typeof raw === 'number' && Number.isFinite(raw)) return String(raw);
  return undefined;
}

/** Checkbox values: each item an option id or text; an item that is not one whole option is split at commas. */
function checkboxAnswer(input: InputElement, raw: unknown): string[] | undefined {
  const items = (Array.isArray(raw) ? raw : [raw]).map(scalarText).filter((item): item is string => item !== undefined);
  const chosen = new Set<string>();
  for (const item of items) {
    const whole = findOption(input.options, item);
    if (whole) chosen.add(whole.id);
    else for (const part of item.split(',')) {
      const option = findOption(input.options, part);
      if (option) chosen.add(option.id);
    }
  }
  // In the options' order, as the renderer keeps them.
  const ids = input.options.filter((option) => chosen.has(option.id)).map((option) => option.id);
  return ids.length ? ids : undefined;
}

/** `raw` as an answer for `input`, or undefined when it is empty or does not fit the input. */
export function coerceAnswer(input: InputElement, raw: unknown): AnswerValue | undefined {
  switch (input.subtype) {
    case 'textInput':
    case 'textarea':
    case 'email':
    case 'phoneNumber': {
      const text = scalarText(raw);
      return text !== undefined && text.trim() !== '' ? text : undefined;
    }
    case 'integer':
      return integerValue(raw) ?? undefined;
    case 'radio':
    case 'dropdown': {
      const text = scalarText(raw);
      return text === undefined ? undefined : findOption(input.options, text)?.id;
    }
    case 'checkbox':
      return checkboxAnswer(input, raw);
    default: {
      const unknownSubtype: never = input.subtype;
      throw new Error(`Unknown input subtype ${String(unknownSubtype)}`);
    }
  }
}

/** A prefill's `data` (keyed by input id) as answers; unknown ids and unfit values are left out. */
export function answersFromPrefill(document: FormDocument, data: unknown): Answers {
  const answers: Answers = {};
  if (!data || typeof data !== 'object' || Array.isArray(data)) return answers;
  const values = data as Record<string, unknown>;
  for (const { input } of inputsOf(document)) {
    if (!Object.prototype.hasOwnProperty.call(values, input.id)) continue;
    const value = coerceAnswer(input, values[input.id]);
    if (value !== undefined) answers[input.id] = value;
  }
  return answers;
}

/**
 * URL parameters named by an input's dataName (matched case-insensitively) as answers. Text as given; integers
 * parsed; radio and dropdown by option id or text; checkbox by comma-separated ids or texts (or repeated parameters).
 * For the other inputs a repeated parameter's first value counts.
 */
export function answersFromParams(document: FormDocument, params: URLSearchParams): Answers {
  const byName = new Map<string, string[]>();
  for (const [key, value] of params) {
    const name = key.toLowerCase();
    if (RESERVED_PARAMS.has(name)) continue;
    const list = byName.get(name);
    if (list) list.push(value);
    else byName.set(name, [value]);
  }
  const answers: Answers = {};
  if (byName.size === 0) return answers;
  for (const { input } of inputsOf(document)) {
    const values = byName.get(input.dataName.toLowerCase());
    if (!values) continue;
    const value = coerceAnswer(input, input.subtype === 'checkbox' ? values : values[0]);
    if (value !== undefined) answers[input.id] = value;
  }
  return answers;
}

/** The prefill's answers overlaid with the URL's: URL parameters win. */
export function buildInitialAnswers(document: FormDocument, prefillData: unknown, params: URLSearchParams): Answers {
  return { ...answersFromPrefill(document, prefillData), ...answersFromParams(document, params) };
}
