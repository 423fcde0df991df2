/**
 * Prefill values: answers the form opens with. They follow the form's answer rules (types, options, formats,
 * lengths) except that no input is required, as the server checks them.
 */
import { answersToSubmit, inputsOf, validateAnswer } from '../../domain/answers';
import type { AnswerErrors, Answers } from '../../domain/answers';
import type { FormDocument, InputElement } from '../../domain/form-document';
import type { PrefillData } from '../../api/form-prefills';

function optionalInput(input: InputElement): InputElement {
  return input.required ? { ...input, required: false } : input;
}

/** The document with no input required: the prefill editor shows no required markers and checks none. */
export function withoutRequired(document: FormDocument): FormDocument {
  return document.map((page) => ({
    ...page,
    children: page.children.map((child) => {
      if (child.type === 'input') return optionalInput(child);
      if (child.type === 'section') {
        return { ...child, children: child.children.map((leaf) => (leaf.type === 'input' ? optionalInput(leaf) : leaf)) };
      }
      return child;
    }),
  }));
}

export function validatePrefillValues(document: FormDocument, answers: Answers): AnswerErrors {
  const errors: AnswerErrors = {};
  for (const { input } of inputsOf(document)) {
    const messages = validateAnswer(optionalInput(input), answers[input.id]);
    if (messages.length) errors[input.id] = messages;
  }
  return errors;
}

/** What is saved: the answers of the form's inputs, empty ones left out, text trimmed, integers as numbers. */
export function prefillDataOf(document: FormDocument, answers: Answers): PrefillData {
  const data: PrefillData = {};
  for (const [key, value] of Object.entries(answersToSubmit(document, answers))) if (value !== null) data[key] = value;
  return data;
}

/** Saved values whose input is no longer on the form; the server refuses them, so saving drops them. */
export function orphanValueCount(document: FormDocument, data: PrefillData): number {
  const ids = new Set(inputsOf(document).map(({ input }) => input.id));
  return Object.keys(data).filter((key) => !ids.has(key)).length;
}

/** Same values, whatever order the keys were written in. */
export function sameData(a: PrefillData, b: PrefillData): boolean {
  const keys = Object.keys(a);
  if (keys.length !== Object.keys(b).length) return false;
  return keys.every((key) => key in b && JSON.stringify(a[key]) === JSON.stringify(b[key]));
}

/** The server prefixes each value message with the input's label ("Email: Enter a valid email address"). */
export function withoutLabelPrefix(input: InputElement, messages: readonly string[]): string[] {
  const prefix = `${input.label || input.dataName}: `;
  return messages.map((message) => (message.startsWith(prefix) ? message.slice(prefix.length) : message));
}
