import { mkdirSync, readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { brotliCompressSync, constants as zlibConstants, gzipSync } from 'node:zlib';
import { resolve } from 'node:path';
import react from '@vitejs/plugin-react';
import { build as esbuild, type BuildOptions as EsbuildOptions } from 'esbuild';
import { build as viteBuild, defineConfig, type HtmlTagDescriptor, type Plugin } from 'vite';

// One id per build: baked into the bundle and written to dist/version.json, so a running
// SPA can notice that a newer build has been deployed (spec §4/§9 "newer-build check").
const buildId = process.env.BUILD_ID ?? `${Date.now().toString(36)}-${Math.random().toString(36).slice(2, 8)}`;

function versionFile(): Plugin {
  return {
    name: 'form-builder-version-file',
    apply: 'build',
    writeBundle(options) {
      const outDir = options.dir ?? resolve(import.meta.dirname, 'dist');
      mkdirSync(outDir, { recursive: true });
      writeFileSync(resolve(outDir, 'version.json'), JSON.stringify({ buildId, builtAt: new Date().toISOString() }));
    },
  };
}

// /embed.js, the loader firms put on their own sites: one dependency-free IIFE, not a Vite chunk (no hash, no module).
const embedBuild: EsbuildOptions = {
  entryPoints: [resolve(import.meta.dirname, 'src/embed/embed.ts')],
  bundle: true,
  format: 'iife',
  minify: true,
  target: 'es2020',
  legalComments: 'none',
  logLevel: 'silent',
};

function embedScript(): Plugin {
  return {
    name: 'form-builder-embed-script',
    configureServer(server) {
      server.middlewares.use(async (req, res, next) => {
        if (req.url?.split('?')[0] !== '/embed.js') return next();
        try {
          const result = await esbuild({ ...embedBuild, write: false, minify: false });
          res.setHeader('content-type', 'text/javascript; charset=utf-8');
          res.end(result.outputFiles[0].text);
        } catch (error) {
          next(error);
        }
      });
    },
    async writeBundle(options) {
      const outDir = options.dir ?? resolve(import.meta.dirname, 'dist');
      await esbuild({ ...embedBuild, outfile: resolve(outDir, 'embed.js') });
    },
  };
}

/** Preloads the chunks of the respondent page's app, so they download alongside its first script, not after it. */
function respondentPreloads(): Plugin {
  let base = '/';
  return {
    name: 'form-builder-respondent-preloads',
    configResolved(config) {
      base = config.base;
    },
    transformIndexHtml: {
      order: 'post',
      handler(_html, { filename, chunk, bundle }) {
        if (!chunk || !bundle || !filename.endsWith('respondent.html')) return;
        const files = new Set<string>();
        const add = (file: string) => {
          const dependency = bundle[file];
          if (files.has(file) || !dependency || dependency.type !== 'chunk') return;
          files.add(file);
          dependency.imports.forEach(add);
        };
        chunk.dynamicImports.forEach(add);
        // Already loaded by the page (the entry and what it imports statically).
        files.delete(chunk.fileName);
        chunk.imports.forEach((file) => files.delete(file));
        return [...files].map<HtmlTagDescriptor>((file) => ({
          tag: 'link',
          attrs: { rel: 'modulepreload', crossorigin: true, href: `${base}${file}` },
          injectTo: 'head',
        }));
      },
    },
  };
}

/**
 * The respondent page (/f/{formId}) is built in a pass of its own after the SPA's. As a second input of the SPA's
 * build it shared chunks with the SPA and loaded in ~12 files; over HTTP/1.1 (6 connections) on a phone's 562 ms
 * round trips every extra wave of requests costs more than half a second. Alone it is 3 files: a tiny first script that
 * starts loading the form, the app (React included), and one stylesheet. See docs/decisions.md.
 * In dev, /f/{formId} serves the page, as the server does.
 */
function respondentPage(): Plugin {
  let outDir = resolve(import.meta.dirname, 'dist');
  let base = '/';
  let wrote = false;
  return {
    name: 'form-builder-respondent-page',
    configResolved(config) {
      outDir = resolve(config.root, config.build.outDir);
      base = config.base;
    },
    configureServer(server) {
      server.middlewares.use((req, _res, next) => {
        const [path, query] = (req.url ?? '').split('?');
        if (/^\/f\/[^/]+\/?$/.test(path)) req.url = `/respondent.html${query ? `?${query}` : ''}`;
        next();
      });
    },
    writeBundle() {
      wrote = true;
    },
    async closeBundle() {
      if (!wrote) return;
      await viteBuild({
        configFile: false,
        root: import.meta.dirname,
        base,
        logLevel: 'warn',
        plugins: [react(), respondentPreloads()],
        build: {
          outDir,
          emptyOutDir: false,
          sourcemap: false,
          rollupOptions: { input: { respondent: resolve(import.meta.dirname, 'respondent.html') } },
        },
      });
    },
  };
}

/**
 * Writes .br and .gz beside every text asset once everything (respondent pass included) is built, so the server can
 * send compressed files without compressing per request (@fastify/static `preCompressed`).
 */
function precompress(): Plugin {
  let outDir = resolve(import.meta.dirname, 'dist');
  return {
    name: 'form-builder-precompress',
    apply: 'build',
    configResolved(config) {
      outDir = resolve(config.root, config.build.outDir);
    },
    closeBundle: {
      order: 'post',
      sequential: true,
      handler() {
        const walk = (dir: string): string[] =>
          readdirSync(dir).flatMap((name) => {
            const path = resolve(dir, name);
            return statSync(path).isDirectory() ? walk(path) : [path];
          });
        for (const file of walk(outDir)) {
          if (!/\.(js|css|svg|json|txt)$/.test(file) || statSync(file).size < 1024) continue;
          const content = readFileSync(file);
          writeFileSync(`${file}.br`, brotliCompressSync(content, { params: { [zlibConstants.BROTLI_PARAM_QUALITY]: 11 } }));
          writeFileSync(`${file}.gz`, gzipSync(content, { level: 9 }));
        }
      },
    },
  };
}

const apiTarget = `http://127.0.0.1:${process.env.API_PORT ?? '3000'}`;

export default defineConfig({
  plugins: [react(), versionFile(), embedScript(), respondentPage(), precompress()],
  define: {
    __BUILD_ID__: JSON.stringify(buildId),
  },
  server: {
    port: 5173,
    proxy: {
      '/api': apiTarget,
      '/auth': apiTarget,
    },
  },
  build: {
    outDir: 'dist',
    sourcemap: false,
    rollupOptions: {
      input: {
        main: resolve(import.meta.dirname, 'index.html'),
      },
    },
  },
});
