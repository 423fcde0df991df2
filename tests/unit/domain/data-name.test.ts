import { describe, expect, it } from 'vitest';
import { collectDataNames, dataNameError, dataNameFromLabel } from '../../../src/domain/data-name';
import { FORM_RULE_MESSAGES } from '../../../src/domain/form-rule-messages';
import { normaliseForm } from '../../../src/domain/form-tree';
import { sampleDocument } from './form-fixtures';

const none = new Set<string>();

describe('dataNameFromLabel', () => {
  it.each([
    ['Full name', 'full_name'],
    ['  Full   Name  ', 'full_name'],
    ['What is your e-mail address?', 'what_is_your_e_mail_address'],
    ['Date of birth (DD/MM/YYYY)', 'date_of_birth_dd_mm_yyyy'],
    ['__already_snake__', 'already_snake'],
    ['Phone #2', 'phone_2'],
    ['ALL CAPS', 'all_caps'],
  ])('%j → %j', (label, expected) => {
    expect(dataNameFromLabel(label, none)).toBe(expected);
  });

  it.each([
    ['Prénom', 'prenom'],
    ['Ça coûte combien ?', 'ca_coute_combien'],
    ['Straße', 'strasse'],
    ['Næstved Øresund', 'naestved_oresund'],
    ['Łódź', 'lodz'],
    ['naïve café', 'naive_cafe'],
  ])('folds non-ASCII letters: %j → %j', (label, expected) => {
    expect(dataNameFromLabel(label, none)).toBe(expected);
  });

  it.each(['', '   ', '???', '日本語', '—'])('falls back to "field" for %j', (label) => {
    expect(dataNameFromLabel(label, none)).toBe('field');
  });

  it('keeps at most 60 characters and never ends with _', () => {
    const name = dataNameFromLabel(`${'a'.repeat(59)} bcd`, none);
    expect(name).toBe('a'.repeat(59));
    expect(dataNameFromLabel('word '.repeat(30), none)).toHaveLength(59);
    expect(dataNameFromLabel('word '.repeat(30), none).endsWith('_')).toBe(false);
  });

  it('makes the name unique with _2, _3 …', () => {
    expect(dataNameFromLabel('Full name', new Set(['full_name']))).toBe('full_name_2');
    expect(dataNameFromLabel('Full name', new Set(['full_name', 'full_name_2']))).toBe('full_name_3');
    expect(dataNameFromLabel('', new Set(['field', 'field_2', 'field_3']))).toBe('field_4');
  });

  it('stays within 60 characters when suffixed', () => {
    const long = 'x'.repeat(70);
    const taken = new Set(['x'.repeat(60)]);
    const name = dataNameFromLabel(long, taken);
    expect(name).toBe(`${'x'.repeat(58)}_2`);
    expect(name.length).toBeLessThanOrEqual(60);
  });

  it('produces only [a-z0-9_]', () => {
    for (const label of ['Ünïcödé – test', 'a\tb\nc', 'emoji 🙂 here', '1st choice']) {
      expect(dataNameFromLabel(label, none)).toMatch(/^[a-z0-9_]+$/);
    }
  });
});

describe('collectDataNames', () => {
  const tree = normaliseForm(sampleDocument());

  it('collects every input dataName', () => {
    expect(collectDataNames(tree)).toEqual(new Set(['full_name', 'practice_area', 'details', 'contact_by', 'email']));
  });

  it('leaves out the input being edited', () => {
    expect(collectDataNames(tree, 'i2')).toEqual(new Set(['full_name', 'details', 'contact_by', 'email']));
  });
});

describe('dataNameError', () => {
  it('accepts a valid unique name', () => {
    expect(dataNameError('client_name_2', new Set(['client_name']))).toBeNull();
  });

  it('names what is wrong, in the wording of the save’s rules', () => {
    expect(dataNameError('', none)).toBe(FORM_RULE_MESSAGES.dataNameRequired);
    expect(dataNameError('Client Name', none)).toBe(FORM_RULE_MESSAGES.dataNameFormat);
    expect(dataNameError('client-name', none)).toBe(FORM_RULE_MESSAGES.dataNameFormat);
    expect(dataNameError('email', new Set(['email']))).toBe('The data name “email” is already used by another input. Change one of them.');
  });
});
