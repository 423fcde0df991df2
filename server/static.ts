import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyReply } from 'fastify';
import { SUPPORT_EMAIL_META } from '../src/contract/runtime-settings.js';

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


const escapeAttribute = (value: string) => value.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

/**
 * index.html with the server's runtime settings the SPA needs (a setting, not a build-time constant: one build serves
 * every deployment, and `npm start` does not rebuild when `.env` changes).
 */
function withRuntimeSettings(html: string, { supportEmail }: { supportEmail: string | null }): string {
  if (!supportEmail) return html;
  const meta = `<meta name="${SUPPORT_EMAIL_META}" content="${escapeAttribute(supportEmail)}">`;
  if (html.includes('</head>')) return html.replace('</head>', `${meta}</head>`);
  const doctype = /^\s*<!doctype[^>]*>/i.exec(html);
  return doctype ? `${doctype[0]}${meta}${html.slice(doctype[0].length)}` : `${meta}${html}`;
}

export async function staticRoutes(app: FastifyInstance, { root, supportEmail = null }: { root: string; supportEmail?: string | null }): Promise<void> {
  const indexPath = join(root, 'index.html');
  const hasBuild = existsSync(indexPath);
  let indexHtml: string | undefined;
  const readIndex = () => (indexHtml ??= withRuntimeSettings(readFileSync(indexPath, 'utf8'), { supportEmail }));

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
