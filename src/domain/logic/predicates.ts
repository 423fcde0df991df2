/**
 * Which predicates each input type allows and how they read (spec §5). The logic editor offers exactly these, the
 * sanitizer drops anything else, and the evaluator relies on it.
 */
import type { InputSubtype, Predicate } from '../form-document';

const TEXT_PREDICATES = ['EQ', 'NOT_EQ', 'CONTAIN', 'NOT_CONTAIN', 'EMPTY', 'NOT_EMPTY'] as const satisfies readonly Predicate[];
const CHOICE_PREDICATES = ['EQ', 'NOT_EQ', 'EMPTY', 'NOT_EMPTY'] as const satisfies readonly Predicate[];
const NUMBER_PREDICATES = ['EQ', 'NOT_EQ', 'GT', 'LT', 'GTE', 'LTE', 'EMPTY', 'NOT_EMPTY'] as const satisfies readonly Predicate[];
const CHECKBOX_PREDICATES = ['SET', 'NOT_SET'] as const satisfies readonly Predicate[];

export const PREDICATES_BY_SUBTYPE: Readonly<Record<InputSubtype, readonly Predicate[]>> = Object.freeze({
  textInput: TEXT_PREDICATES,
  textarea: TEXT_PREDICATES,
  phoneNumber: TEXT_PREDICATES,
  email: TEXT_PREDICATES,
  radio: CHOICE_PREDICATES,
  dropdown: CHOICE_PREDICATES,
  integer: NUMBER_PREDICATES,
  checkbox: CHECKBOX_PREDICATES,
});

/** Predicates that take no comparison value. */
export const VALUELESS_PREDICATES: readonly Predicate[] = Object.freeze(['EMPTY', 'NOT_EMPTY', 'SET', 'NOT_SET']);

export const PREDICATE_LABELS: Readonly<Record<Predicate, string>> = Object.freeze({
  EQ: 'equals',
  NOT_EQ: 'does not equal',
  GT: 'is greater than',
  LT: 'is less than',
  GTE: 'is greater than or equal to',
  LTE: 'is less than or equal to',
  EMPTY: 'is empty',
  NOT_EMPTY: 'is not empty',
  CONTAIN: 'contains',
  NOT_CONTAIN: 'does not contain',
  SET: 'is set',
  NOT_SET: 'is not set',
});

export function predicateNeedsValue(predicate: Predicate): boolean {
  return !VALUELESS_PREDICATES.includes(predicate);
}

export function isPredicateAllowed(subtype: InputSubtype, predicate: Predicate): boolean {
  return PREDICATES_BY_SUBTYPE[subtype]?.includes(predicate) ?? false;
}
