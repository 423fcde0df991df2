/**
 * How a stored response reads: its answers labelled as the form was when it was submitted, in form order,
 * with choice answers as their option text. Shared by the response detail (server and SPA) and the CSV export.
 */
import type { AnswerValue, ConditionalLogic, FormDocument, InputElement } from './form-document';
import { inputsOf, isEmptyAnswer, isValidEmail, isValidPhone, type Answers } from './answers';
import { compileLogic } from './logic';

export interface AnswerRow {
  inputId: string;
  label: string;
  dataName: string;
  subtype: InputElement['subtype'];
  pageTitle: string;
  sectionTitle: string | null;
  value: AnswerValue | null;
  /** Text for people: option texts for choices (several joined by '; '), numbers as written, '' for no answer. */
  displayValue: string;
}

const MULTI_VALUE_SEPARATOR = '; ';

/** A choice's text by its option id; an id the input has no option for is shown as it is. */
function optionText(input: Pick<InputElement, 'options'>, id: unknown): string {
  for (const option of input.options) if (option.id === id) return option.text;
  return String(id);
}

/** The text of an answer: option ids become their option text (an id no longer among the options stays as it is). */
export function displayAnswer(input: Pick<InputElement, 'subtype' | 'options'>, value: unknown): string {
  if (isEmptyAnswer(value)) return '';
  switch (input.subtype) {
    case 'checkbox':
      return (Array.isArray(value) ? value : [value]).map((id) => optionText(input, id)).join(MULTI_VALUE_SEPARATOR);
    case 'radio':
    case 'dropdown':
      return optionText(input, value);
    case 'integer':
    case 'textInput':
    case 'textarea':
    case 'phoneNumber':
    case 'email':
      return Array.isArray(value) ? value.join(MULTI_VALUE_SEPARATOR) : String(value);
    default: {
      const unknownSubtype: never = input.subtype;
      return String(unknownSubtype);
    }
  }
}

/**
 * The rows of a response in form order. Inputs that were hidden by the form's logic when it was submitted are left
 * out (they were never shown, so they are not blank answers); visible unanswered inputs are kept with ''.
 */
export function describeResponse(document: FormDocument, logic: ConditionalLogic | null, data: Answers): AnswerRow[] {
  const hidden = logic ? compileLogic(document, logic).hiddenIds(data) : new Set<string>();
  const pageTitles = new Map(document.map((page) => [page.id, page.title]));
  const sectionTitles = new Map<string, string>();
  for (const page of document) for (const child of page.children) if (child.type === 'section') sectionTitles.set(child.id, child.title);
  const rows: AnswerRow[] = [];
  for (const { input, pageId, sectionId } of inputsOf(document)) {
    if (hidden.has(input.id) || hidden.has(pageId) || (sectionId && hidden.has(sectionId))) continue;
    const value = data[input.id] ?? null;
    rows.push({
      inputId: input.id,
      label: input.label || input.dataName,
      dataName: input.dataName,
      subtype: input.subtype,
      pageTitle: pageTitles.get(pageId) ?? '',
      sectionTitle: sectionId ? (sectionTitles.get(sectionId) ?? null) : null,
      value,
      displayValue: displayAnswer(input, value),
    });
  }
  return rows;
}

/**
 * A link for a contact answer, or null: `mailto:` for an email address, `tel:` for a phone number (its digits and a
 * leading +, the form RFC 3966 dials). Only answers that pass the form's own checks become links.
 */
export function contactHref(subtype: string, value: string): string | null {
  const text = value.trim();
  // % ? and # may stand in an address's local part, and would end or garble the mailto: address unescaped.
  if (subtype === 'email') return isValidEmail(text) ? `mailto:${text.replace(/[%?#]/g, encodeURIComponent)}` : null;
  if (subtype === 'phoneNumber') return isValidPhone(text) ? `tel:${text.startsWith('+') ? '+' : ''}${text.replace(/\D/g, '')}` : null;
  return null;
}
