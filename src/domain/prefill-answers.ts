/**
 * A saved prefill's values as a respondent's answers (spec §3 prefill), and whether a submission is the form exactly as
 * its prefill link opened it. Shared by the respondent page (its starting answers) and the server's fill-time spam check.
 *
 * Values are coerced to the input's answer shape (FORM-DOCUMENT.md "Answers"); a value that does not fit — a word in an
 * integer field, an option the input does not have — is dropped, so the input keeps its default instead of starting
 * with an error.
 */
import { answersToSubmit, initialAnswers, inputsOf, integerValue, isEmptyAnswer } from './answers';
import type { Answers } from './answers';
import type { AnswerValue, DropdownOption, FormDocument, InputElement } from './form-document';

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

/** Two answers alike: texts and numbers equal, checkbox choices the same set. */
function sameAnswer(a: AnswerValue | null | undefined, b: AnswerValue | null | undefined): boolean {
  if (Array.isArray(a) && Array.isArray(b)) {
    if (a.length !== b.length) return false;
    const sorted = [...b].map(String).sort();
    return [...a].map(String).sort().every((item, index) => item === sorted[index]);
  }
  return a === b;
}

/**
 * Whether `submitted` (answers as sent: shown inputs only, trimmed, without empty ones) is the form exactly as its
 * prefill link opened it: every answer is what the prefill, over the inputs' defaults, put there, and the prefill put
 * at least one of them. A client who only confirms a prefilled form sends exactly this, in seconds; anything typed,
 * chosen, cleared-and-retyped differently or taken from the URL's own parameters (which anyone can write) is not.
 */
export function isAsPrefilled(document: FormDocument, prefillData: unknown, submitted: Answers, hiddenIds?: ReadonlySet<string>): boolean {
  const fromPrefill = answersFromPrefill(document, prefillData);
  const opened = answersToSubmit(document, initialAnswers(document, fromPrefill), hiddenIds);
  let prefilled = false;
  let answered = false;
  for (const [id, value] of Object.entries(submitted)) {
    if (isEmptyAnswer(value)) continue;
    answered = true;
    if (!sameAnswer(opened[id], value)) return false;
    if (Object.prototype.hasOwnProperty.call(fromPrefill, id)) prefilled = true;
  }
  return answered && prefilled;
}
