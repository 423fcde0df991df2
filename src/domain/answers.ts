/**
 * Answers (FORM-DOCUMENT.md "Answers") and their validation (spec §5 "Inputs"), shared by the respondent page, the
 * preview and the server's form-submit route. Pure: no DOM, no React.
 */
import type { AnswerValue, FormDocument, InputElement } from './form-document';

/** Keyed by input id. A missing key, null, '' and [] all mean "no answer". */
export type Answers = Record<string, AnswerValue | null>;

/** Input id → its error messages, in display order (each shown on its own line). Inputs without errors are absent. */
export type AnswerErrors = Record<string, string[]>;

export const ANSWER_MESSAGES = {
  required: 'This field is required',
  email: 'Enter a valid email address',
  phone: 'Enter a valid phone number',
  integer: 'Enter a whole number',
  text: 'Enter text',
  option: 'Choose one of the options',
  options: 'Choose only from the listed options',
  minValue: (min: number) => `Enter a number of at least ${min}`,
  maxValue: (max: number) => `Enter a number of at most ${max}`,
  step: (step: number, base: number) =>
    base === 0 ? `Enter a multiple of ${step}` : `Enter ${base} plus a multiple of ${step}`,
  minLength: (min: number) => `Enter at least ${min} ${min === 1 ? 'character' : 'characters'}`,
  maxLength: (max: number) => `Enter at most ${max} ${max === 1 ? 'character' : 'characters'}`,
} as const;

/** Phone numbers: 7–15 digits; an optional leading '+', then digits, spaces, ( ) - and '.'. */
const PHONE_DIGITS = { min: 7, max: 15 } as const;

// The WHATWG e-mail production (what <input type=email> accepts), but with a dot required in the domain.
const EMAIL_PATTERN =
  /^[A-Za-z0-9.!#$%&'*+/=?^_`{|}~-]+@[A-Za-z0-9](?:[A-Za-z0-9-]{0,61}[A-Za-z0-9])?(?:\.[A-Za-z0-9](?:[A-Za-z0-9-]{0,61}[A-Za-z0-9])?)+$/;
const PHONE_PATTERN = /^\+?[0-9\s().-]+$/;
const INTEGER_TEXT = /^[-+]?\d+$/;

/** Spec §5: text is trimmed before it is judged. Whitespace-only text is no answer. */
export function isEmptyAnswer(value: unknown): boolean {
  if (value === undefined || value === null) return true;
  if (typeof value === 'string') return value.trim() === '';
  if (Array.isArray(value)) return value.length === 0;
  if (typeof value === 'number') return Number.isNaN(value);
  return false;
}

export function isValidEmail(value: string): boolean {
  return EMAIL_PATTERN.test(value.trim());
}

export function isValidPhone(value: string): boolean {
  const text = value.trim();
  if (!PHONE_PATTERN.test(text)) return false;
  const digits = text.replace(/\D/g, '').length;
  return digits >= PHONE_DIGITS.min && digits <= PHONE_DIGITS.max;
}

/** An integer answer as a number: numbers as they are, integer text parsed; null when it is not an integer. */
export function integerValue(value: unknown): number | null {
  if (typeof value === 'number') return Number.isSafeInteger(value) ? value : null;
  if (typeof value === 'string' && INTEGER_TEXT.test(value.trim())) {
    const parsed = Number(value.trim());
    return Number.isSafeInteger(parsed) ? parsed : null;
  }
  return null;
}

/** Spec §5 "minimum default 0": an integer input without a minimum accepts nothing below 0. */
export function effectiveMinValue(input: Pick<InputElement, 'minValue'>): number {
  return input.minValue ?? 0;
}

/** Whether `value` sits on the step grid that starts at `base` (floating-point safe for decimal steps). */
function onStep(value: number, step: number, base: number): boolean {
  const quotient = (value - base) / step;
  return Math.abs(quotient - Math.round(quotient)) < 1e-9;
}

const characterCount = (text: string) => [...text].length;

/** The errors for one input's answer, assuming the input is shown. */
export function validateAnswer(input: InputElement, value: AnswerValue | null | undefined): string[] {
  if (isEmptyAnswer(value)) return input.required ? [ANSWER_MESSAGES.required] : [];
  const errors: string[] = [];
  switch (input.subtype) {
    case 'textInput':
    case 'textarea':
    case 'email':
    case 'phoneNumber': {
      if (typeof value !== 'string') return [ANSWER_MESSAGES.text];
      const text = value.trim();
      if (input.subtype === 'email' && !isValidEmail(text)) errors.push(ANSWER_MESSAGES.email);
      if (input.subtype === 'phoneNumber' && !isValidPhone(text)) errors.push(ANSWER_MESSAGES.phone);
      const length = characterCount(text);
      if (input.minLength !== null && length < input.minLength) errors.push(ANSWER_MESSAGES.minLength(input.minLength));
      if (input.maxLength !== null && length > input.maxLength) errors.push(ANSWER_MESSAGES.maxLength(input.maxLength));
      return errors;
    }
    case 'integer': {
      const number = integerValue(value);
      if (number === null) return [ANSWER_MESSAGES.integer];
      const min = effectiveMinValue(input);
      if (number < min) errors.push(ANSWER_MESSAGES.minValue(min));
      if (input.maxValue !== null && number > input.maxValue) errors.push(ANSWER_MESSAGES.maxValue(input.maxValue));
      if (input.stepValue !== null && input.stepValue > 0 && !onStep(number, input.stepValue, min)) {
        errors.push(ANSWER_MESSAGES.step(input.stepValue, min));
      }
      return errors;
    }
    case 'radio':
    case 'dropdown':
      return typeof value === 'string' && input.options.some((option) => option.id === value) ? [] : [ANSWER_MESSAGES.option];
    case 'checkbox': {
      if (!Array.isArray(value)) return [ANSWER_MESSAGES.options];
      const known = new Set(input.options.map((option) => option.id));
      const unique = new Set(value);
      return unique.size === value.length && value.every((id) => known.has(id)) ? [] : [ANSWER_MESSAGES.options];
    }
    default: {
      const unknownSubtype: never = input.subtype;
      throw new Error(`Unknown input subtype ${String(unknownSubtype)}`);
    }
  }
}

export interface InputPlacement {
  input: InputElement;
  pageId: string;
  /** The section holding the input, if any. */
  sectionId: string | null;
}

/** Every input in document order with the page and section that hold it. */
export function inputsOf(document: FormDocument): InputPlacement[] {
  const placements: InputPlacement[] = [];
  for (const page of document) {
    for (const child of page.children) {
      if (child.type === 'input') placements.push({ input: child, pageId: page.id, sectionId: null });
      else if (child.type === 'section') {
        for (const leaf of child.children) {
          if (leaf.type === 'input') placements.push({ input: leaf, pageId: page.id, sectionId: child.id });
        }
      }
    }
  }
  return placements;
}

/** A hidden page or section hides everything inside it (FORM-DOCUMENT.md). */
function isPlacementHidden(placement: InputPlacement, hiddenIds: ReadonlySet<string> | undefined): boolean {
  if (!hiddenIds || hiddenIds.size === 0) return false;
  return (
    hiddenIds.has(placement.input.id) ||
    hiddenIds.has(placement.pageId) ||
    (placement.sectionId !== null && hiddenIds.has(placement.sectionId))
  );
}

export interface ValidateOptions {
  /** Elements hidden by conditional logic: their inputs are neither required nor checked. */
  hiddenIds?: ReadonlySet<string>;
  /** Check only the inputs of this page. */
  pageId?: string;
}

/**
 * Validates answers against the form: required (only when shown), email and phone formats, integers with their
 * min/max/step, text lengths after trimming, choices among the input's options.
 */
export function validateAnswers(document: FormDocument, answers: Answers, options: ValidateOptions = {}): AnswerErrors {
  const errors: AnswerErrors = {};
  for (const placement of inputsOf(document)) {
    if (options.pageId !== undefined && placement.pageId !== options.pageId) continue;
    if (isPlacementHidden(placement, options.hiddenIds)) continue;
    const messages = validateAnswer(placement.input, answers[placement.input.id]);
    if (messages.length > 0) errors[placement.input.id] = messages;
  }
  return errors;
}

/**
 * The answers a respondent starts with: given answers first, else each input's default — its static value, or the
 * starting answer of the input it refers to (chains resolve; a cycle yields no answer).
 */
export function initialAnswers(document: FormDocument, given: Answers = {}): Answers {
  const inputs = new Map(inputsOf(document).map(({ input }) => [input.id, input]));
  const resolved: Answers = {};
  const resolving = new Set<string>();
  const resolve = (id: string): AnswerValue | null => {
    if (id in resolved) return resolved[id];
    const input = inputs.get(id);
    if (!input) return null;
    if (resolving.has(id)) return null;
    resolving.add(id);
    let value: AnswerValue | null;
    if (given[id] !== undefined) value = given[id];
    else if (input.default.referenceValueId) value = resolve(input.default.referenceValueId);
    else value = input.default.staticValue;
    resolving.delete(id);
    resolved[id] = Array.isArray(value) ? [...value] : (value ?? null);
    return resolved[id];
  };
  for (const id of inputs.keys()) resolve(id);
  return resolved;
}

/** The answers to send: only inputs that are shown, without empty ones, text trimmed, integer text as numbers. */
export function answersToSubmit(document: FormDocument, answers: Answers, hiddenIds?: ReadonlySet<string>): Answers {
  const result: Answers = {};
  for (const placement of inputsOf(document)) {
    const { input } = placement;
    const value = answers[input.id];
    if (isPlacementHidden(placement, hiddenIds) || isEmptyAnswer(value)) continue;
    if (input.subtype === 'integer') result[input.id] = integerValue(value) ?? (value as AnswerValue);
    else result[input.id] = typeof value === 'string' ? value.trim() : (value as AnswerValue);
  }
  return result;
}
