import type { FormTemplateSummary } from '../../api/form-templates';
import { compareNames } from '../../domain/intl-format';

/**
 * The account home's view (tab, search text, sort) lives in the URL query — `?archived=true&search=…&sort=updated` —
 * so a reload, a shared link or Back shows the same list. Defaults are left out of the URL.
 */
export const FORM_SORTS = ['name', 'updated'] as const;
export type FormSort = (typeof FORM_SORTS)[number];

export const FORM_SORT_LABELS: Record<FormSort, string> = {
  name: 'Name A–Z',
  updated: 'Last changed',
};

const DEFAULT_FORM_SORT: FormSort = 'name';

export interface FormListQuery {
  archived: boolean;
  search: string;
  sort: FormSort;
}

function isFormSort(value: string | null): value is FormSort {
  return value !== null && (FORM_SORTS as readonly string[]).includes(value);
}

export function readFormListQuery(params: URLSearchParams): FormListQuery {
  const sort = params.get('sort');
  return {
    archived: params.get('archived') === 'true',
    search: params.get('search') ?? '',
    sort: isFormSort(sort) ? sort : DEFAULT_FORM_SORT,
  };
}

/** Keeps any other query values already in the URL. */
export function writeFormListQuery(current: URLSearchParams, patch: Partial<FormListQuery>): URLSearchParams {
  const next = { ...readFormListQuery(current), ...patch };
  const params = new URLSearchParams(current);
  if (next.archived) params.set('archived', 'true');
  else params.delete('archived');
  if (next.search) params.set('search', next.search);
  else params.delete('search');
  if (next.sort !== DEFAULT_FORM_SORT) params.set('sort', next.sort);
  else params.delete('sort');
  return params;
}

function normalise(text: string): string {
  return text.normalize('NFD').replace(/\p{Diacritic}/gu, '').toLowerCase();
}

/** Every word of the search must appear in the name, display name or description. */
export function filterForms(forms: readonly FormTemplateSummary[], search: string): FormTemplateSummary[] {
  const words = normalise(search).split(/\s+/).filter(Boolean);
  if (words.length === 0) return [...forms];
  return forms.filter((form) => {
    const haystack = normalise(`${form.name}\n${form.displayName}\n${form.description}`);
    return words.every((word) => haystack.includes(word));
  });
}

function timeOf(iso: string): number {
  const time = Date.parse(iso);
  return Number.isNaN(time) ? 0 : time;
}

/** 'name': A–Z ignoring case; 'updated': most recently changed first. Ties keep a stable, predictable order. */
export function sortForms(forms: readonly FormTemplateSummary[], sort: FormSort): FormTemplateSummary[] {
  const byName = (a: FormTemplateSummary, b: FormTemplateSummary) => compareNames(a.name, b.name);
  const byUpdated = (a: FormTemplateSummary, b: FormTemplateSummary) => timeOf(b.updatedAt) - timeOf(a.updatedAt);
  const byId = (a: FormTemplateSummary, b: FormTemplateSummary) => (a.id < b.id ? -1 : a.id > b.id ? 1 : 0);
  const [first, second] = sort === 'name' ? [byName, byUpdated] : [byUpdated, byName];
  return [...forms].sort((a, b) => first(a, b) || second(a, b) || byId(a, b));
}
