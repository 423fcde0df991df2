import { RESPONSE_DELIVERY_FILTERS } from '../../api/form-responses';
import type { FormResponseFilters, ResponseDeliveryFilter } from '../../api/form-responses';
import type { FormTemplateSummary } from '../../api/form-templates';
import { compareNames } from '../../domain/intl-format';

/**
 * The response list's view lives in the URL query —
 * `?form=…&spam=spam&delivery=failed&from=2026-01-01&to=2026-01-31&search=…&cursor=…`
 * — so a link shows the same responses and a reload keeps the view. Defaults are left out; values the server would
 * refuse (a malformed form id or date) read as "no filter", so an edited link never ends on an error.
 * Spam is hidden by default (`spam=spam` shows only spam, `spam=all` everything): what a firm reads every day is
 * its clients' responses, and the list says how many spam ones it hides.
 */
export const SPAM_FILTERS = ['not-spam', 'spam', 'all'] as const;
export type SpamFilter = (typeof SPAM_FILTERS)[number];
const DEFAULT_SPAM_FILTER: SpamFilter = 'not-spam';

export const SPAM_FILTER_LABELS: Record<SpamFilter, string> = {
  'not-spam': 'Not spam',
  spam: 'Spam',
  all: 'All',
};

/** '' for any; the integrations page links to `…/responses?delivery=failed`. */
export type DeliveryFilter = ResponseDeliveryFilter | '';
export const DELIVERY_FILTERS: readonly DeliveryFilter[] = ['', ...RESPONSE_DELIVERY_FILTERS];

export const DELIVERY_FILTER_LABELS: Record<DeliveryFilter, string> = {
  '': 'Any',
  unsent: 'Unsent',
  failed: 'Failed',
  succeeded: 'Delivered',
};

export interface ResponseListQuery {
  /** Form template id, '' for All Forms. */
  form: string;
  spam: SpamFilter;
  delivery: DeliveryFilter;
  /** YYYY-MM-DD or ''. */
  from: string;
  /** YYYY-MM-DD or '' (inclusive). */
  to: string;
  search: string;
  /** Opaque page cursor, '' for the newest page. */
  cursor: string;
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const DATE = /^(\d{4})-(\d{2})-(\d{2})$/;

function isIsoDate(value: string): boolean {
  const match = DATE.exec(value);
  if (!match) return false;
  const [year, month, day] = [Number(match[1]), Number(match[2]), Number(match[3])];
  const date = new Date(Date.UTC(year, month - 1, day));
  return date.getUTCFullYear() === year && date.getUTCMonth() === month - 1 && date.getUTCDate() === day;
}

function isSpamFilter(value: string | null): value is SpamFilter {
  return value !== null && (SPAM_FILTERS as readonly string[]).includes(value);
}

function isDeliveryFilter(value: string | null): value is ResponseDeliveryFilter {
  return value !== null && (RESPONSE_DELIVERY_FILTERS as readonly string[]).includes(value);
}

export function readResponseListQuery(params: URLSearchParams): ResponseListQuery {
  const form = params.get('form') ?? '';
  const spam = params.get('spam');
  const delivery = params.get('delivery');
  const from = params.get('from') ?? '';
  const to = params.get('to') ?? '';
  return {
    form: UUID.test(form) ? form.toLowerCase() : '',
    spam: isSpamFilter(spam) ? spam : DEFAULT_SPAM_FILTER,
    delivery: isDeliveryFilter(delivery) ? delivery : '',
    from: isIsoDate(from) ? from : '',
    to: isIsoDate(to) ? to : '',
    search: params.get('search') ?? '',
    cursor: params.get('cursor') ?? '',
  };
}

const FILTER_KEYS = ['form', 'spam', 'delivery', 'from', 'to', 'search'] as const;

/** Every filter at its default: what 'Clear filters' sets. */
export const NO_FILTERS: Pick<ResponseListQuery, (typeof FILTER_KEYS)[number]> = { form: '', spam: DEFAULT_SPAM_FILTER, delivery: '', from: '', to: '', search: '' };

/**
 * Applies `patch` and keeps any other query values already in the URL. Changing a filter starts again from the
 * newest page (a cursor belongs to the filters it was made with), unless the patch sets the cursor itself.
 */
export function writeResponseListQuery(current: URLSearchParams, patch: Partial<ResponseListQuery>): URLSearchParams {
  const before = readResponseListQuery(current);
  const next = { ...before, ...patch };
  const filtersChanged = FILTER_KEYS.some((key) => next[key] !== before[key]);
  if (filtersChanged && patch.cursor === undefined) next.cursor = '';
  const params = new URLSearchParams(current);
  const set = (key: string, value: string, fallback = '') => {
    if (value && value !== fallback) params.set(key, value);
    else params.delete(key);
  };
  set('form', next.form);
  set('spam', next.spam, DEFAULT_SPAM_FILTER);
  set('delivery', next.delivery);
  set('from', next.from);
  set('to', next.to);
  set('search', next.search);
  set('cursor', next.cursor);
  return params;
}

export function hasActiveFilters(query: ResponseListQuery): boolean {
  return Boolean(query.form || query.spam !== DEFAULT_SPAM_FILTER || query.delivery || query.from || query.to || query.search.trim());
}

/** Local midnight of a YYYY-MM-DD day as an ISO instant, `offsetDays` later. */
function localDayStart(day: string, offsetDays = 0): string {
  const [year, month, date] = day.split('-').map(Number);
  return new Date(year, month - 1, date + offsetDays).toISOString();
}

/**
 * The API filters for a view. Dates are the user's days: "from" starts at their local midnight and "to" runs to the
 * next local midnight (the server treats an instant as exclusive), so "today" means today where the user is.
 */
export function toResponseFilters(query: ResponseListQuery, pageSize?: number): FormResponseFilters {
  const filters: FormResponseFilters = {};
  if (query.form) filters.formTemplate = query.form;
  if (query.spam !== 'all') filters.isSpam = query.spam === 'spam';
  if (query.delivery) filters.delivery = query.delivery;
  const search = query.search.trim();
  if (search) filters.search = search;
  if (query.from) filters.submittedAfter = localDayStart(query.from);
  if (query.to) filters.submittedBefore = localDayStart(query.to, 1);
  if (pageSize !== undefined) filters.pageSize = pageSize;
  if (query.cursor) filters.cursor = query.cursor;
  return filters;
}

/** The filters of the list a detail was opened from (its query, '' or '?…'), without its page: for Previous and Next. */
export function neighbourFilters(listSearch: string): Omit<FormResponseFilters, 'pageSize' | 'cursor'> {
  const { cursor: _cursor, pageSize: _pageSize, ...filters } = toResponseFilters(readResponseListQuery(new URLSearchParams(listSearch)));
  return filters;
}

const ALL_FORMS_LABEL = 'All Forms';

export interface FormOption {
  /** '' for All Forms. */
  value: string;
  label: string;
}

/** Spec §2: 'All Forms' first, then the forms by name, case-insensitive (ties by id, so the order is stable). */
export function formOptions(forms: readonly Pick<FormTemplateSummary, 'id' | 'name'>[]): FormOption[] {
  const sorted = [...forms].sort((a, b) => compareNames(a.name, b.name) || (a.id < b.id ? -1 : a.id > b.id ? 1 : 0));
  return [{ value: '', label: ALL_FORMS_LABEL }, ...sorted.map((form) => ({ value: form.id, label: form.name }))];
}
