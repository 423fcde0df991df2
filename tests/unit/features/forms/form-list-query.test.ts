import { describe, expect, it } from 'vitest';
import type { FormTemplateSummary } from '../../../../src/api/form-templates';
import { filterForms, readFormListQuery, sortForms, writeFormListQuery } from '../../../../src/features/forms/form-list-query';
import { formatRelativeTime } from '../../../../src/domain/intl-format';

function form(id: string, name: string, updatedAt = '2024-01-01T00:00:00.000Z', extra: Partial<FormTemplateSummary> = {}): FormTemplateSummary {
  return { id, name, displayName: '', description: '', internalFormSlug: null, createdAt: updatedAt, updatedAt, deletedAt: null, ...extra };
}

describe('form list query (URL)', () => {
  it('reads the defaults from an empty query and ignores unknown sorts', () => {
    expect(readFormListQuery(new URLSearchParams(''))).toEqual({ archived: false, search: '', sort: 'name' });
    expect(readFormListQuery(new URLSearchParams('archived=yes&sort=size'))).toEqual({ archived: false, search: '', sort: 'name' });
    expect(readFormListQuery(new URLSearchParams('archived=true&search=a%20b&sort=updated'))).toEqual({
      archived: true,
      search: 'a b',
      sort: 'updated',
    });
  });

  it('writes only what differs from the defaults and keeps other values', () => {
    const current = new URLSearchParams('archived=true&search=x&other=1');
    expect(writeFormListQuery(current, { archived: false, search: '' }).toString()).toBe('other=1');
    expect(writeFormListQuery(current, { sort: 'updated' }).toString()).toBe('archived=true&search=x&other=1&sort=updated');
    expect(writeFormListQuery(new URLSearchParams('sort=updated'), { sort: 'name' }).toString()).toBe('');
  });
});

describe('filterForms', () => {
  const forms = [
    form('1', 'Personal Injury Intake', undefined, { description: 'Car accidents' }),
    form('2', 'Réclamation', undefined, { displayName: 'Claim form' }),
    form('3', 'Divorce'),
  ];
  it('matches every word in name, display name or description, ignoring case and accents', () => {
    expect(filterForms(forms, 'injury CAR').map((f) => f.id)).toEqual(['1']);
    expect(filterForms(forms, 'reclamation').map((f) => f.id)).toEqual(['2']);
    expect(filterForms(forms, 'claim').map((f) => f.id)).toEqual(['2']);
    expect(filterForms(forms, '   ').map((f) => f.id)).toEqual(['1', '2', '3']);
    expect(filterForms(forms, 'injury divorce')).toEqual([]);
  });
});

describe('sortForms', () => {
  it('sorts by name case-insensitively with numbers in natural order', () => {
    const forms = [form('a', 'form 10'), form('b', 'Form 2'), form('c', 'alpha'), form('d', 'Beta')];
    expect(sortForms(forms, 'name').map((f) => f.name)).toEqual(['alpha', 'Beta', 'Form 2', 'form 10']);
  });

  it('sorts by last change, newest first, then by name', () => {
    const forms = [
      form('a', 'Old', '2024-01-01T00:00:00.000Z'),
      form('b', 'New', '2024-03-01T00:00:00.000Z'),
      form('c', 'Beta', '2024-02-01T00:00:00.000Z'),
      form('d', 'alpha', '2024-02-01T00:00:00.000Z'),
    ];
    expect(sortForms(forms, 'updated').map((f) => f.name)).toEqual(['New', 'alpha', 'Beta', 'Old']);
  });

  it('does not change the given array', () => {
    const forms = [form('a', 'b'), form('b', 'a')];
    sortForms(forms, 'name');
    expect(forms.map((f) => f.id)).toEqual(['a', 'b']);
  });
});

describe('formatRelativeTime', () => {
  const now = Date.parse('2024-06-10T12:00:00.000Z');
  it.each([
    ['2024-06-10T11:59:30.000Z', 'just now'],
    ['2024-06-10T11:55:00.000Z', '5 minutes ago'],
    ['2024-06-10T09:00:00.000Z', '3 hours ago'],
    ['2024-06-09T12:00:00.000Z', 'yesterday'],
    ['2024-06-01T12:00:00.000Z', '9 days ago'],
    ['2024-05-20T12:00:00.000Z', '3 weeks ago'],
    ['2024-03-10T12:00:00.000Z', '3 months ago'],
    ['2022-06-10T12:00:00.000Z', '2 years ago'],
    ['not a date', '—'],
  ])('%s → %s', (iso, expected) => {
    expect(formatRelativeTime(iso, now)).toBe(expected);
  });
});
