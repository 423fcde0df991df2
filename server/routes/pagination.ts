import type { FastifyRequest } from 'fastify';

/** The request's own path and query with some parameters replaced: for `next`/`previous` links. */
export function pageUrl(request: FastifyRequest, changes: Record<string, string | number>): string {
  const url = new URL(request.url, 'http://placeholder.invalid');
  for (const [key, value] of Object.entries(changes)) url.searchParams.set(key, String(value));
  return `${url.pathname}${url.search}`;
}
