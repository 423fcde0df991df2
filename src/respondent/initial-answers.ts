/**
 * The answers a respondent starts with (spec §3 prefill): a saved prefill (`?prefill={id}`, keyed by input id), then URL
 * parameters named by an input's dataName, which win over the prefill. Pure: no DOM, no fetch. Values are coerced as
 * src/domain/prefill-answers.ts does for the prefill (a value that does not fit its input is dropped).
 */
import { inputsOf } from '../domain/answers';
import type { Answers } from '../domain/answers';
import type { FormDocument } from '../domain/form-document';
import { answersFromPrefill, coerceAnswer } from '../domain/prefill-answers';

/** Query parameters of the respondent page itself; never read as answers (dataNames are [a-z0-9_]). */
const RESERVED_PARAMS: ReadonlySet<string> = new Set(['embed', 'prefill', 'parentorigin']);

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
