import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyReply } from 'fastify';

/**
 * Serves the built SPA. Hashed assets are cached for a year; index.html and version.json never,
 * so a new deployment is picked up at once (and by the SPA's newer-build check).
 * Unknown GET paths outside /api and /auth get index.html: the SPA's router shows its own 404.
 */
export const RESPONDENT_CSP = [
  "default-src 'self'",
  "script-src 'self'",
  "style-src 'self' 'unsafe-inline'",
  "img-src 'self' data:",
  "connect-src 'self'",
  "font-src 'self' data:",
  "object-src 'none'",
  "base-uri 'self'",
  "form-action 'self'",
  'frame-ancestors *',
].join(';');

export async function staticRoutes(app: FastifyInstance, { root }: { root: string }): Promise<void> {
  const indexPath = join(root, 'index.html');
  const hasBuild = existsSync(indexPath);
  let indexHtml: string | undefined;
  const readIndex = () => (indexHtml ??= readFileSync(indexPath, 'utf8'));

  if (hasBuild) {
    await app.register(fastifyStatic, {
      root,
      index: false,
      wildcard: true,
      // The build writes .br/.gz beside each asset; browsers that accept them get those.
      preCompressed: true,
      setHeaders(res, compressedPath) {
        // For a precompressed file this is the .br/.gz path: judge by the file it stands for.
        const path = compressedPath.replace(/\.(br|gz)$/, '');
        if (path.includes(`${join(root, 'assets')}`)) res.header('cache-control', 'public, max-age=31536000, immutable');
        else if (path.endsWith('version.json')) res.header('cache-control', 'no-store');
        else if (path.endsWith('embed.js')) {
          // Loaded by <script> tags on firms' own websites.
          res.header('cache-control', 'public, max-age=300');
          res.header('cross-origin-resource-policy', 'cross-origin');
          res.header('access-control-allow-origin', '*');
        }
        else res.header('cache-control', 'public, max-age=300');
      },
    });
  }

  const sendIndex = (reply: FastifyReply) =>
    reply.type('text/html; charset=utf-8').header('cache-control', 'no-cache').send(readIndex());

  // The root is a client route too (the static plugin would refuse it as a directory).
  if (hasBuild) app.get('/', (_request, reply) => sendIndex(reply));

  // The respondent page: its own small entry, and the one page any site may frame (the embed).
  const respondentPath = join(root, 'respondent.html');
  let respondentHtml: string | undefined;
  app.get('/f/:formId', (_request, reply) => {
    if (!existsSync(respondentPath)) return reply.status(503).type('text/plain; charset=utf-8').send('The respondent page has not been built yet.');
    respondentHtml ??= readFileSync(respondentPath, 'utf8');
    reply.removeHeader('x-frame-options');
    return reply
      .header('content-security-policy', RESPONDENT_CSP)
      .header('cache-control', 'no-cache')
      .type('text/html; charset=utf-8')
      .send(respondentHtml);
  });

  app.setNotFoundHandler((request, reply) => {
    const path = request.url.split('?')[0];
    const wantsPage = (request.method === 'GET' || request.method === 'HEAD') && !path.startsWith('/api/') && !path.startsWith('/auth/') && !path.startsWith('/assets/');
    if (!wantsPage) return reply.status(404).send({ detail: 'Not found.' });
    if (!hasBuild) {
      return reply
        .status(503)
        .type('text/plain; charset=utf-8')
        .send('The web app has not been built yet. Run `npm run build` (npm start does this for you).');
    }
    return sendIndex(reply);
  });
}
