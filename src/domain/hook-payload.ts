/**
 * What an automation hook receives for one response (INTEGRATIONS.md "Hook payload"), and the fields it announces.
 * One home for both: the Zapier-facing API's samples and the delivery engine's pushes must never differ.
 */
import type { AnswerValue, ConditionalLogic, FormDocument, InputElement } from './form-document';
import { inputsOf, isEmptyAnswer, type Answers } from './answers';
import { describeResponse } from './response-view';

export const HOOK_EVENT = 'response.created';

/** Text and choices as text, numbers as numbers, checkboxes as arrays of option texts; null (or []) when unanswered. */
type HookAnswer = string | number | string[] | null;

export interface HookPayload {
  /** The delivery's id: stable across retries, so a receiver can drop a repeat (the `webhook-id` header). */
  id: string;
  type: typeof HOOK_EVENT;
  timestamp: string;
  formId: string;
  formName: string;
  responseId: string;
  submittedAt: string;
  answers: Record<string, HookAnswer>;
}

export interface HookPayloadSource {
  /** The delivery id (a sample, which has none, uses the response id). */
  id: string;
  timestamp: string;
  form: { id: string; name: string };
  response: { id: string; submittedAt: string; data: Answers };
  /** The form as it was when the response was submitted (its version), and its logic. */
  document: FormDocument;
  logic: ConditionalLogic | null;
}

function hookAnswer(input: Pick<InputElement, 'subtype' | 'options'>, value: AnswerValue | null): HookAnswer {
  const optionText = (id: unknown) => input.options.find((option) => option.id === id)?.text ?? String(id);
  if (isEmptyAnswer(value)) return input.subtype === 'checkbox' ? [] : null;
  switch (input.subtype) {
    case 'checkbox':
      return (Array.isArray(value) ? value : [value]).map(optionText);
    case 'radio':
    case 'dropdown':
      return optionText(value);
    case 'integer': {
      const number = typeof value === 'number' ? value : Number(value);
      return Number.isFinite(number) ? number : String(value);
    }
    case 'textInput':
    case 'textarea':
    case 'phoneNumber':
    case 'email':
      return Array.isArray(value) ? value.join(', ') : String(value);
    default: {
      const unknownSubtype: never = input.subtype;
      return String(unknownSubtype);
    }
  }
}

/**
 * Answers keyed by data name, in form order; inputs the form's logic hid are left out, as in the response detail.
 */
export function buildHookPayload(source: HookPayloadSource): HookPayload {
  const inputs = new Map(inputsOf(source.document).map(({ input }) => [input.id, input]));
  const answers: Record<string, HookAnswer> = {};
  for (const row of describeResponse(source.document, source.logic, source.response.data)) {
    const input = inputs.get(row.inputId);
    if (input) answers[row.dataName] = hookAnswer(input, row.value);
  }
  return {
    id: source.id,
    type: HOOK_EVENT,
    timestamp: source.timestamp,
    formId: source.form.id,
    formName: source.form.name,
    responseId: source.response.id,
    submittedAt: source.response.submittedAt,
    answers,
  };
}

export interface HookField {
  key: string;
  label: string;
  type: 'string' | 'text' | 'integer';
  list?: boolean;
}

/** The fields a hook's answers carry, for Zapier's field mapping: the current form's inputs, keyed by data name. */
export function hookFieldsOf(document: FormDocument): HookField[] {
  return inputsOf(document).map(({ input }): HookField => {
    const base = { key: input.dataName, label: input.label || input.dataName };
    switch (input.subtype) {
      case 'checkbox':
        return { ...base, type: 'string', list: true };
      case 'integer':
        return { ...base, type: 'integer' };
      case 'textarea':
        return { ...base, type: 'text' };
      case 'textInput':
      case 'radio':
      case 'dropdown':
      case 'phoneNumber':
      case 'email':
        return { ...base, type: 'string' };
      default: {
        const unknownSubtype: never = input.subtype;
        return { ...base, type: unknownSubtype };
      }
    }
  });
}
