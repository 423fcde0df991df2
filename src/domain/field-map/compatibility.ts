/**
 * Which form input may fill which external field (issue 12: choices by option text onto picklists, integer onto
 * numeric; email, phone, text, checkbox). The editor filters its pickers with `isCompatible`; the server refuses a
 * pair for which `incompatibility` gives a reason; a push matches picklist options with `matchPicklistOption`.
 */
import { INPUT_SUBTYPE_LABELS, type DropdownOption, type InputSubtype } from '../form-document';
import { FIELD_MAP_MESSAGES } from './messages';
import type { ExternalField, LocalField } from './rows';

/**
 * The external field types adapters write into a field list. Clio's custom-field names `text_line` and `text_area`
 * are read as `text` and `textarea`; any other type (date, time, url, contact, matter…) takes no form input.
 */
type ExternalFieldType = 'text' | 'textarea' | 'email' | 'phone' | 'numeric' | 'currency' | 'picklist' | 'checkbox';

const TYPE_ALIASES: Record<string, ExternalFieldType> = { text_line: 'text', text_area: 'textarea' };
const KNOWN_TYPES = new Set<string>(['text', 'textarea', 'email', 'phone', 'numeric', 'currency', 'picklist', 'checkbox']);

function externalTypeOf(type: string): ExternalFieldType | null {
  const lower = type.toLowerCase();
  return TYPE_ALIASES[lower] ?? (KNOWN_TYPES.has(lower) ? (lower as ExternalFieldType) : null);
}

/** Any answer can be written as text, so every input may fill a text field. */
const TEXT: ExternalFieldType[] = ['text', 'textarea'];

const ACCEPTED: Record<InputSubtype, readonly ExternalFieldType[]> = {
  textInput: TEXT,
  textarea: TEXT,
  email: ['email', ...TEXT],
  phoneNumber: ['phone', ...TEXT],
  integer: ['numeric', 'currency', ...TEXT],
  radio: ['picklist', ...TEXT],
  dropdown: ['picklist', ...TEXT],
  checkbox: ['checkbox', ...TEXT],
};

const normaliseText = (text: string) => text.trim().toLowerCase();

/** The picklist option an answer's option text goes to: same text, ignoring case and surrounding spaces. */
export function matchPicklistOption(text: string, options: readonly DropdownOption[]): DropdownOption | undefined {
  const wanted = normaliseText(text);
  return options.find((option) => normaliseText(option.text) === wanted);
}

/** Why `local` cannot fill `external`, or null when it can. */
export function incompatibility(local: LocalField, external: ExternalField): string | null {
  const type = externalTypeOf(external.type);
  if (type === null || !ACCEPTED[local.type].includes(type)) return FIELD_MAP_MESSAGES.incompatibleType(INPUT_SUBTYPE_LABELS[local.type]);
  // A checkbox field is one yes/no: only a single-option checkbox ("I agree") says yes or no without losing answers.
  if (type === 'checkbox' && local.options.length !== 1) return FIELD_MAP_MESSAGES.checkboxNeedsOneOption;
  if (type === 'picklist' && external.options) {
    const options = external.options;
    const missing = local.options.filter((option) => !matchPicklistOption(option.text, options)).map((option) => option.text);
    if (missing.length) return FIELD_MAP_MESSAGES.missingPicklistOptions(missing);
  }
  return null;
}

export const isCompatible = (local: LocalField, external: ExternalField) => incompatibility(local, external) === null;
