import { HttpResponse, http, server } from '../../app/msw-server';

export const ACCOUNT = 12;

let serial = 0;
const nextId = () => {
  serial += 1;
  return `00000000-0000-4000-8000-${String(serial).padStart(12, '0')}`;
};

export interface WireForm {
  id: string;
  name: string;
  display_name: string;
  description: string;
  internal_form_slug: string | null;
  created_at: string;
  updated_at: string;
  deleted_at: string | null;
}

export function wireForm(name: string, overrides: Partial<WireForm> = {}): WireForm {
  return {
    id: nextId(),
    name,
    display_name: '',
    description: '',
    internal_form_slug: null,
    created_at: '2024-01-01T09:00:00.000Z',
    updated_at: '2024-01-01T09:00:00.000Z',
    deleted_at: null,
    ...overrides,
  };
}

export interface WireListItem {
  id: string;
  form_template: string;
  form_name: string;
  submitted_at: string;
  is_spam: boolean;
  prefill: string | null;
  summary: { label: string; value: string }[];
}

export function wireResponse(form: Pick<WireForm, 'id' | 'name'>, overrides: Partial<WireListItem> = {}): WireListItem {
  return {
    id: nextId(),
    form_template: form.id,
    form_name: form.name,
    submitted_at: '2026-03-01T10:00:00.000Z',
    is_spam: false,
    prefill: null,
    summary: [],
    ...overrides,
  };
}

export interface WirePage {
  count: number | null;
  next: string | null;
  previous: string | null;
  results: WireListItem[];
}

export const page = (results: WireListItem[], extra: Partial<WirePage> = {}): WirePage => ({
  count: results.length,
  next: null,
  previous: null,
  results,
  ...extra,
});

/** The account's forms for the form filter. */
export function formsApi(forms: WireForm[]) {
  const calls: Record<string, string>[] = [];
  server.use(
    http.get(`/api/${ACCOUNT}/form-templates/`, ({ request }) => {
      calls.push(Object.fromEntries(new URL(request.url).searchParams));
      return HttpResponse.json({ count: forms.length, next: null, previous: null, results: forms });
    }),
  );
  return calls;
}

/** The response list: `answer` gets each request's query; every query is recorded in order. */
export function responsesApi(answer: (query: Record<string, string>) => WirePage | Response) {
  const queries: Record<string, string>[] = [];
  server.use(
    http.get(`/api/${ACCOUNT}/form-responses/`, ({ request }) => {
      const query = Object.fromEntries(new URL(request.url).searchParams);
      queries.push(query);
      const result = answer(query);
      return result instanceof Response ? result : HttpResponse.json(result);
    }),
  );
  return queries;
}

export const errorToast = (message: string) => ({ show: true, title: 'Error', message, variant: 'danger' });
export const successToast = (message: string) => ({ show: true, title: 'Success', message, variant: 'success' });

/** Phones: the narrow-screen media query matches. */
export function narrowScreen() {
  return (query: string) => ({
    matches: query.includes('max-width'),
    media: query,
    addEventListener: () => {},
    removeEventListener: () => {},
  });
}
