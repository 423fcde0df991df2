/**
 * The address of an embedded form: `{server}/f/{formId}?embed=1&parentOrigin={host origin}&prefill=…&{params}`.
 * Pure, so it is tested without a page.
 */

export type EmbedParams = Record<string, string | number | boolean> | string | null | undefined;

export interface EmbedUrlOptions {
  /** Origin of the form server (where embed.js came from). */
  serverOrigin: string;
  formId: string;
  /** The host page's origin: the respondent page posts its messages only there. */
  parentOrigin: string;
  prefill?: string | null;
  /** Answers by dataName: an object, or a query string such as `name=Jane&matter=family`. */
  params?: EmbedParams;
  /** The host page's own query string, passed on when asked (passQuery / data-pass-query). */
  hostQuery?: string | null;
}

/** Parameters the respondent page reads itself: never taken from params or the host page's query. */
const isReserved = (key: string) => key.toLowerCase() === 'embed' || key.toLowerCase() === 'parentorigin';

function paramEntries(params: EmbedParams): [string, string][] {
  if (!params) return [];
  if (typeof params === 'string') return [...new URLSearchParams(params)];
  return Object.keys(params).map((key) => [key, String(params[key])]);
}

export function buildEmbedUrl({ serverOrigin, formId, parentOrigin, prefill, params, hostQuery }: EmbedUrlOptions): string {
  const query = new URLSearchParams({ embed: '1', parentOrigin });
  const given = paramEntries(params).filter(([key]) => !isReserved(key));
  // The host page's query fills in only what the embed did not set itself.
  const fromHost = paramEntries(hostQuery).filter(([key]) => !isReserved(key) && !given.some(([name]) => name === key));
  const all = given.concat(fromHost);
  const prefillId = prefill || all.find(([key]) => key === 'prefill')?.[1];
  if (prefillId) query.set('prefill', prefillId);
  for (const [key, value] of all) if (key !== 'prefill') query.append(key, value);
  return `${serverOrigin}/f/${encodeURIComponent(formId)}?${query}`;
}
