import { describe, expect, it } from 'vitest';
import type { ResponseAnswer } from '../../../../src/api/form-responses';
import { groupAnswers } from '../../../../src/features/responses/answer-groups';
import {
  formOptions,
  neighbourFilters,
  readResponseListQuery,
  toResponseFilters,
  writeResponseListQuery,
} from '../../../../src/features/responses/response-list-query';

const FORM = '3f0c9c53-8f4e-4c1e-9d38-6f3a3a3b2c11';

describe('response list query', () => {
  it('reads defaults from an empty query and drops malformed values', () => {
    // Spam is hidden unless the URL asks for it.
    expect(readResponseListQuery(new URLSearchParams(''))).toEqual({ form: '', spam: 'not-spam', delivery: '', from: '', to: '', search: '', cursor: '' });
    expect(readResponseListQuery(new URLSearchParams('form=x&spam=yes&delivery=sent&from=2026-13-01&to=2026-02-29&search=a&cursor=c'))).toEqual({
      form: '',
      spam: 'not-spam',
      delivery: '',
      from: '',
      to: '',
      search: 'a',
      cursor: 'c',
    });
  });

  it('writes only what differs from the defaults, keeps other values, and a filter change drops the cursor', () => {
    const current = new URLSearchParams(`tab=x&form=${FORM}&cursor=abc`);
    expect(writeResponseListQuery(current, { cursor: 'def' }).toString()).toBe(`tab=x&form=${FORM}&cursor=def`);
    expect(writeResponseListQuery(current, { spam: 'spam' }).toString()).toBe(`tab=x&form=${FORM}&spam=spam`);
    expect(writeResponseListQuery(current, { spam: 'all' }).toString()).toBe(`tab=x&form=${FORM}&spam=all`);
    expect(writeResponseListQuery(current, { form: '', spam: 'not-spam' }).toString()).toBe('tab=x');
    // Links from before spam was hidden by default still read the same.
    expect(writeResponseListQuery(new URLSearchParams('spam=not-spam'), { form: FORM }).toString()).toBe(`form=${FORM}`);
    // Setting a filter to what it already is keeps the page.
    expect(writeResponseListQuery(current, { form: FORM }).toString()).toBe(`tab=x&form=${FORM}&cursor=abc`);
  });

  it('reads and writes the delivery filter (the integrations page links to ?delivery=failed)', () => {
    for (const delivery of ['unsent', 'failed', 'succeeded'] as const) {
      const query = readResponseListQuery(new URLSearchParams(`delivery=${delivery}`));
      expect(query.delivery).toBe(delivery);
      expect(toResponseFilters(query)).toEqual({ delivery, isSpam: false });
      expect(writeResponseListQuery(new URLSearchParams(''), { delivery }).toString()).toBe(`delivery=${delivery}`);
    }
    expect(writeResponseListQuery(new URLSearchParams('delivery=failed&cursor=abc'), { delivery: '' }).toString()).toBe('');
    expect(writeResponseListQuery(new URLSearchParams('cursor=abc'), { delivery: 'unsent' }).toString()).toBe('delivery=unsent');
  });

  it('turns the view into API filters', () => {
    const query = readResponseListQuery(new URLSearchParams(`form=${FORM}&search=%20ada%20&cursor=c1`));
    expect(toResponseFilters(query, 50)).toEqual({ formTemplate: FORM, isSpam: false, search: 'ada', pageSize: 50, cursor: 'c1' });
    expect(toResponseFilters(readResponseListQuery(new URLSearchParams('spam=spam')))).toEqual({ isSpam: true });
    expect(toResponseFilters(readResponseListQuery(new URLSearchParams('spam=all')))).toEqual({});
  });

  it('gives a detail the filters of the list it came from, without its page', () => {
    expect(neighbourFilters(`?form=${FORM}&spam=all&search=ada&cursor=c1`)).toEqual({ formTemplate: FORM, search: 'ada' });
    expect(neighbourFilters('')).toEqual({ isSpam: false });
  });

  it("orders the form dropdown: 'All Forms', then names ignoring case (natural numbers)", () => {
    const forms = [
      { id: 'b', name: 'form 10' },
      { id: 'a', name: 'Form 2' },
      { id: 'c', name: 'apple' },
      { id: 'd', name: 'Zebra' },
      { id: 'e', name: 'banana' },
    ];
    expect(formOptions(forms).map((option) => option.label)).toEqual(['All Forms', 'apple', 'banana', 'Form 2', 'form 10', 'Zebra']);
    expect(formOptions([])).toEqual([{ value: '', label: 'All Forms' }]);
  });
});

describe('groupAnswers', () => {
  const answer = (inputId: string, pageTitle: string, sectionTitle: string | null): ResponseAnswer => ({
    inputId,
    label: inputId,
    dataName: inputId,
    subtype: 'textInput',
    pageTitle,
    sectionTitle,
    value: null,
    displayValue: '',
  });

  it('groups runs of answers by page, then section, keeping form order', () => {
    const groups = groupAnswers([
      answer('a', 'P1', null),
      answer('b', 'P1', 'S1'),
      answer('c', 'P1', 'S1'),
      answer('d', 'P1', null),
      answer('e', 'P2', 'S1'),
    ]);
    expect(groups.map((page) => [page.title, page.sections.map((section) => [section.title, section.answers.map((item) => item.inputId)])])).toEqual([
      ['P1', [[null, ['a']], ['S1', ['b', 'c']], [null, ['d']]]],
      ['P2', [['S1', ['e']]]],
    ]);
  });
});
