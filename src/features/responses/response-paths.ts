/** Where the response screens live (spec §2 `responses`, plus our `response-detail`). */
const responsesPath = (accountId: number) => `/${accountId}/responses`;
export const responseDetailPath = (accountId: number, responseId: string) =>
  `${responsesPath(accountId)}/${encodeURIComponent(responseId)}`;

/** Router state a list row hands to the detail: the list's query, so "back" returns to the same view and page. */
export interface ResponseLinkState {
  listSearch: string;
}

export function listSearchOf(state: unknown): string | null {
  if (state === null || typeof state !== 'object') return null;
  const value = (state as Partial<ResponseLinkState>).listSearch;
  return typeof value === 'string' && (value === '' || value.startsWith('?')) ? value : null;
}
