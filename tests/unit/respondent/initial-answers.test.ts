import { describe, expect, it } from 'vitest';
import { answersFromPrefill, coerceAnswer } from '../../../src/domain/prefill-answers';
import { answersFromParams, buildInitialAnswers } from '../../../src/respondent/initial-answers';
import { input, intakeForm } from './fixtures';

const params = (query: string) => new URLSearchParams(query);

describe('answers from URL parameters', () => {
  it('maps parameters named by dataName to input ids: text as given, integers parsed', () => {
    expect(answersFromParams(intakeForm, params('full_name=Jane%20Doe&email=jane@example.com&age=42'))).toEqual({
      'in-name': 'Jane Doe',
      'in-email': 'jane@example.com',
      'in-age': 42,
    });
  });

  it('keeps text exactly as given (spaces, plus signs, commas)', () => {
    expect(answersFromParams(intakeForm, params('details=%20One%2C%20two%20%2B%20three%20'))).toEqual({ 'in-details': ' One, two + three ' });
  });

  it('drops an integer parameter that is not an integer', () => {
    expect(answersFromParams(intakeForm, params('age=forty&full_name=Al'))).toEqual({ 'in-name': 'Al' });
    expect(answersFromParams(intakeForm, params('age=4.5'))).toEqual({});
  });

  it('chooses radio and dropdown options by id or by text, case-insensitively', () => {
    expect(answersFromParams(intakeForm, params('practice_area=opt-injury&urgent=yes'))).toEqual({ 'in-area': 'opt-injury', 'in-urgent': 'opt-yes' });
    expect(answersFromParams(intakeForm, params('practice_area=personal%20injury'))).toEqual({ 'in-area': 'opt-injury' });
    expect(answersFromParams(intakeForm, params('practice_area=Tax'))).toEqual({});
  });

  it('ticks checkbox options from comma-separated ids or texts, in the options’ order', () => {
    expect(answersFromParams(intakeForm, params('contact_by=email,opt-phone'))).toEqual({ 'in-contact': ['opt-phone', 'opt-mail'] });
    expect(answersFromParams(intakeForm, params('contact_by=Phone&contact_by=EMAIL'))).toEqual({ 'in-contact': ['opt-phone', 'opt-mail'] });
    // An option whose text has a comma matches as a whole.
    expect(answersFromParams(intakeForm, params('contact_by=letter,%20by%20post'))).toEqual({ 'in-contact': ['opt-letter'] });
    expect(answersFromParams(intakeForm, params('contact_by=fax,pigeon'))).toEqual({});
  });

  it('ignores unknown names, empty values and the page’s own parameters', () => {
    const form = [{ ...intakeForm[0], children: [input('textInput', 'x', { dataName: 'embed' }), input('textInput', 'y', { dataName: 'prefill' })] }];
    expect(answersFromParams(form, params('embed=1&prefill=abc&other=1'))).toEqual({});
    expect(answersFromParams(intakeForm, params('full_name=&nickname=J'))).toEqual({});
  });

  it('matches parameter names case-insensitively and takes the first of repeated ones', () => {
    expect(answersFromParams(intakeForm, params('Full_Name=Ann&full_name=Bob'))).toEqual({ 'in-name': 'Ann' });
  });
});

describe('answers from a prefill', () => {
  it('keeps values of known inputs that fit them', () => {
    const data = { 'in-name': 'Jane', 'in-age': '37', 'in-area': 'opt-family', 'in-contact': ['opt-mail', 'nope'], unknown: 'x', 'in-urgent': 'maybe' };
    expect(answersFromPrefill(intakeForm, data)).toEqual({ 'in-name': 'Jane', 'in-age': 37, 'in-area': 'opt-family', 'in-contact': ['opt-mail'] });
  });

  it('accepts nothing that is not an object', () => {
    expect(answersFromPrefill(intakeForm, null)).toEqual({});
    expect(answersFromPrefill(intakeForm, ['in-name'])).toEqual({});
    expect(answersFromPrefill(intakeForm, 'in-name')).toEqual({});
  });
});

describe('initial answers', () => {
  it('overlays URL parameters on the prefill: URL parameters win', () => {
    const prefill = { 'in-name': 'From prefill', 'in-email': 'pre@example.com', 'in-area': 'opt-family' };
    expect(buildInitialAnswers(intakeForm, prefill, params('full_name=From%20URL&practice_area=Personal%20Injury'))).toEqual({
      'in-name': 'From URL',
      'in-email': 'pre@example.com',
      'in-area': 'opt-injury',
    });
  });

  it('keeps the prefill when a URL value does not fit', () => {
    expect(buildInitialAnswers(intakeForm, { 'in-age': 30 }, params('age=old'))).toEqual({ 'in-age': 30 });
  });
});

describe('coerceAnswer', () => {
  it('turns numbers into text for text inputs and rejects other shapes', () => {
    expect(coerceAnswer(input('phoneNumber', 'p'), 5551234)).toBe('5551234');
    expect(coerceAnswer(input('textInput', 't'), ['a'])).toBeUndefined();
    expect(coerceAnswer(input('textInput', 't'), '   ')).toBeUndefined();
  });
});
