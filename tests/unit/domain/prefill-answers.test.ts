import { describe, expect, it } from 'vitest';
import { isAsPrefilled } from '../../../src/domain/prefill-answers';
import type { FormDocument } from '../../../src/domain/form-document';
import { input, intakeForm } from '../respondent/fixtures';

const prefill = { 'in-name': '  Jane Doe ', 'in-age': '42', 'in-area': 'Personal Injury', 'in-contact': ['opt-mail', 'opt-phone'] };
/** What the respondent page sends after opening the prefill link and pressing Send (trimmed, ids, in option order). */
const asOpened = { 'in-name': 'Jane Doe', 'in-age': 42, 'in-area': 'opt-injury', 'in-contact': ['opt-phone', 'opt-mail'] };

describe('isAsPrefilled: a submission that only confirms its prefill', () => {
  it('is true when every answer is the prefill’s, in the shapes the form sends them', () => {
    expect(isAsPrefilled(intakeForm, prefill, asOpened)).toBe(true);
    // A checkbox's choices in another order are the same choices.
    expect(isAsPrefilled(intakeForm, prefill, { ...asOpened, 'in-contact': ['opt-mail', 'opt-phone'] })).toBe(true);
    // A prefilled answer cleared (left out) leaves every sent answer the prefill's.
    const { 'in-age': _age, ...withoutAge } = asOpened;
    expect(isAsPrefilled(intakeForm, prefill, withoutAge)).toBe(true);
  });

  it('is false when anything was typed, chosen or added, or nothing came from the prefill', () => {
    expect(isAsPrefilled(intakeForm, prefill, { ...asOpened, 'in-age': 43 })).toBe(false);
    expect(isAsPrefilled(intakeForm, prefill, { ...asOpened, 'in-contact': ['opt-phone'] })).toBe(false);
    expect(isAsPrefilled(intakeForm, prefill, { ...asOpened, 'in-email': 'jane@example.com' })).toBe(false);
    expect(isAsPrefilled(intakeForm, prefill, {})).toBe(false);
    expect(isAsPrefilled(intakeForm, {}, {})).toBe(false);
    expect(isAsPrefilled(intakeForm, null, asOpened)).toBe(false);
    expect(isAsPrefilled(intakeForm, { 'in-unknown': 'x' }, { 'in-unknown': 'x' })).toBe(false);
  });

  it('counts an input’s own default as the form opened it, but a default alone is not a prefill', () => {
    const withDefault: FormDocument = [
      { type: 'page', id: 'p1', title: 'P', children: [input('textInput', 'a'), input('textInput', 'b', { default: { staticValue: 'Standard', referenceValueId: null } })] },
    ];
    expect(isAsPrefilled(withDefault, { a: 'From the firm' }, { a: 'From the firm', b: 'Standard' })).toBe(true);
    expect(isAsPrefilled(withDefault, { a: 'From the firm' }, { a: 'From the firm', b: 'Changed' })).toBe(false);
    expect(isAsPrefilled(withDefault, {}, { b: 'Standard' })).toBe(false);
  });
});
