import { nextSerialId } from '../../../fixtures/form-factories';
import type { WireForm } from '../../../fixtures/form-factories';
import { HttpResponse, http, server } from '../../app/msw-server';

export const ACCOUNT = 12;

export interface WireListItem {
  id: string;
  formTemplate: string;
  formName: string;
  submittedAt: string;
  isSpam: boolean;
  prefill: string | null;
  summary: { label: string; value: string }[];
  deliveryStatus?: 'pending' | 'sending' | 'succeeded' | 'failed' | 'blocked' | 'cancelled' | null;
}

export function wireResponse(form: Pick<WireForm, 'id' | 'name'>, overrides: Partial<WireListItem> = {}): WireListItem {
  return {
    id: nextSerialId(),
    formTemplate: form.id,
    formName: form.name,
    submittedAt: '2026-03-01T10:00:00.000Z',
    isSpam: false,
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
  // A detail opened from the list asks for its neighbours.
  neighboursApi();
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

/** Previous and Next of a response's detail: none either way unless a test says otherwise. */
export function neighboursApi(answer: (id: string) => { newer: string | null; older: string | null } = () => ({ newer: null, older: null })) {
  server.use(http.get(`/api/${ACCOUNT}/form-responses/:id/neighbours/`, ({ params }) => HttpResponse.json(answer(String(params.id)))));
}
