import { describe, expect, it } from 'vitest';
import { INPUT_SUBTYPES, PREDICATES } from '../../../../src/domain/form-document';
import {
  isPredicateAllowed,
  PREDICATE_LABELS,
  predicateNeedsValue,
  PREDICATES_BY_SUBTYPE,
  VALUELESS_PREDICATES,
} from '../../../../src/domain/logic/predicates';

describe('predicates per input type (spec §5)', () => {
  it('offers exactly the spec list for each input type', () => {
    const text = ['EQ', 'NOT_EQ', 'CONTAIN', 'NOT_CONTAIN', 'EMPTY', 'NOT_EMPTY'];
    expect(PREDICATES_BY_SUBTYPE).toEqual({
      textInput: text,
      textarea: text,
      phoneNumber: text,
      email: text,
      radio: ['EQ', 'NOT_EQ', 'EMPTY', 'NOT_EMPTY'],
      dropdown: ['EQ', 'NOT_EQ', 'EMPTY', 'NOT_EMPTY'],
      integer: ['EQ', 'NOT_EQ', 'GT', 'LT', 'GTE', 'LTE', 'EMPTY', 'NOT_EMPTY'],
      checkbox: ['SET', 'NOT_SET'],
    });
  });

  it('answers isPredicateAllowed from that list for every type and predicate', () => {
    for (const subtype of INPUT_SUBTYPES) {
      for (const predicate of PREDICATES) {
        expect(isPredicateAllowed(subtype, predicate), `${subtype} ${predicate}`).toBe(PREDICATES_BY_SUBTYPE[subtype].includes(predicate));
      }
    }
    expect(isPredicateAllowed('checkbox', 'EQ')).toBe(false);
    expect(isPredicateAllowed('integer', 'CONTAIN')).toBe(false);
    expect(isPredicateAllowed('radio', 'GT')).toBe(false);
  });

  it('knows which predicates take no value', () => {
    expect([...VALUELESS_PREDICATES].sort()).toEqual(['EMPTY', 'NOT_EMPTY', 'NOT_SET', 'SET']);
    expect(PREDICATES.filter(predicateNeedsValue)).toEqual(['EQ', 'NOT_EQ', 'GT', 'LT', 'GTE', 'LTE', 'CONTAIN', 'NOT_CONTAIN']);
  });

  it('labels every predicate for people', () => {
    expect(PREDICATE_LABELS).toEqual({
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
  });
});
