/**
 * The respondent page (/f/{formId}) beside a react-hook-form page rendering the same 8 inputs and one rule
 * (BENCHMARKS.md "respondent page" rows), measured in the same run:
 *   (a) JS and CSS min+gzip (gzip -9) of what each page loads;
 *   (b) time to a usable form in headless Chromium with the phone profile set through the DevTools protocol
 *       (CPU 4× slower; 562 ms latency, 1.47 Mbps down, 675 kbps up): from navigation start until the first form
 *       field exists and no long task follows for 500 ms. Median of RUNS (5) runs each, alternating pages.
 *
 * How our page is served: the real build (dist/respondent.html and its assets, `vite build` first) and, at
 * /api/public/forms/{id}/, the JSON our API returns for this form, from one small static server that also serves the
 * baseline page — so both pages cross the same throttled connection with the same compression and headers, and the
 * comparison is about the pages. Our page's extra round trip for the form's JSON is real and counted. What is left out
 * is our server's own time for that request (a cached, compiled form: about a millisecond on loopback, next to 562 ms
 * of emulated latency). Both pages are served gzip -9 like the peers' figures in BENCHMARKS.md; ENCODING=identity
 * serves them uncompressed instead.
 *
 * Env: RUNS (5), ENCODING (gzip | identity), TIMELINE=1 (print each load's resource timings), PRELOAD_HEADER=1 (answer /f/{id} with a `Link: rel=preload` header for
 * the form's JSON, to show what that server change would buy), CHROMIUM_PATH (/usr/bin/chromium).
 */
import { createServer } from 'node:http';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { extname, join, resolve } from 'node:path';
import { gzipSync } from 'node:zlib';
import { build } from 'esbuild';
import { chromium } from '@playwright/test';
import type { Browser } from '@playwright/test';
import { formDocumentSchema } from '../src/domain/form-document';
import { RESPONDENT_CSP } from '../server/static';
import { BENCH_FORM_DOCUMENT, BENCH_FORM_ID, BENCH_FORM_LOGIC, BENCH_FORM_NAME, BENCH_FORM_STYLE } from './fixtures/respondent-form';

const ROOT = resolve(import.meta.dirname, '..');
const DIST = join(ROOT, 'dist');
const RUNS = Number(process.env.RUNS ?? 5);
const ENCODING = process.env.ENCODING === 'identity' ? 'identity' : 'gzip';
const PRELOAD_HEADER = process.env.PRELOAD_HEADER === '1';
const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
const PHONE = { latency: 562, downloadThroughput: 183_750, uploadThroughput: (675 * 1000) / 8, cpuRate: 4 };
const QUIET_MS = 500;
const TIMELINE = process.env.TIMELINE === '1';

const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`;
const gzip = (buffer: Buffer) => gzipSync(buffer, { level: 9 });

interface Asset {
  body: Buffer;
  gzipped: Buffer;
  type: string;
  headers?: Record<string, string>;
}

const TYPES: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.json': 'application/json; charset=utf-8',
};

function asset(body: Buffer | string, type: string, headers?: Record<string, string>): Asset {
  const buffer = Buffer.isBuffer(body) ? body : Buffer.from(body);
  return { body: buffer, gzipped: gzip(buffer), type, headers };
}

/** The files an HTML page loads up front: scripts, module preloads and stylesheets. */
function loadedBy(html: string): string[] {
  const found = new Set<string>();
  for (const match of html.matchAll(/<script[^>]*\ssrc="([^"]+)"/g)) found.add(match[1]);
  for (const match of html.matchAll(/<link[^>]*\srel="(?:modulepreload|stylesheet)"[^>]*\shref="([^"]+)"/g)) found.add(match[1]);
  return [...found];
}

async function buildBaseline(outDir: string): Promise<void> {
  await build({
    entryPoints: [join(ROOT, 'bench/fixtures/rhf-page/main.tsx')],
    bundle: true,
    format: 'esm',
    minify: true,
    target: 'es2020',
    jsx: 'automatic',
    define: { 'process.env.NODE_ENV': '"production"' },
    outfile: join(outDir, 'main.js'),
    logLevel: 'warning',
  });
}

function sizes(files: Map<string, Asset>, paths: string[]) {
  let js = 0;
  let css = 0;
  for (const path of paths) {
    const file = files.get(path);
    if (!file) throw new Error(`missing ${path}`);
    if (path.endsWith('.css')) css += file.gzipped.length;
    else js += file.gzipped.length;
  }
  return { js, css };
}

interface Measurement {
  usableMs: number;
  inputMs: number;
  requests: number;
  transferred: number;
}

/** The page's own view of the run: when the first field appeared and where long tasks ended. */
const OBSERVER_SCRIPT = `
  window.__bench = { input: null, lastLongTaskEnd: 0 };
  new PerformanceObserver((list) => {
    for (const entry of list.getEntries()) window.__bench.lastLongTaskEnd = Math.max(window.__bench.lastLongTaskEnd, entry.startTime + entry.duration);
  }).observe({ type: 'longtask', buffered: true });
  const check = () => {
    if (window.__bench.input === null && document.querySelector('form input:not([type=hidden]), form select, form textarea')) window.__bench.input = performance.now();
  };
  new MutationObserver(check).observe(document, { childList: true, subtree: true });
`;

async function measure(browser: Browser, url: string): Promise<Measurement> {
  const context = await browser.newContext({ viewport: { width: 390, height: 844 }, deviceScaleFactor: 1 });
  try {
    const page = await context.newPage();
    await page.addInitScript(OBSERVER_SCRIPT);
    const cdp = await context.newCDPSession(page);
    await cdp.send('Network.enable');
    await cdp.send('Network.setCacheDisabled', { cacheDisabled: true });
    await cdp.send('Network.emulateNetworkConditions', {
      offline: false,
      latency: PHONE.latency,
      downloadThroughput: PHONE.downloadThroughput,
      uploadThroughput: PHONE.uploadThroughput,
    });
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: PHONE.cpuRate });
    let requests = 0;
    let transferred = 0;
    cdp.on('Network.loadingFinished', (event: { encodedDataLength: number }) => {
      requests += 1;
      transferred += event.encodedDataLength;
    });
    await page.goto(url, { waitUntil: 'commit' });
    const result = await page.waitForFunction(
      (quietMs) => {
        const bench = (window as unknown as { __bench: { input: number | null; lastLongTaskEnd: number } }).__bench;
        if (bench.input === null) return null;
        const usable = Math.max(bench.input, bench.lastLongTaskEnd);
        return performance.now() - usable >= quietMs ? { usable, input: bench.input } : null;
      },
      QUIET_MS,
      { polling: 50, timeout: 120_000 },
    );
    const { usable, input } = (await result.jsonValue()) as { usable: number; input: number };
    if (TIMELINE) {
      const entries = await page.evaluate(() =>
        [...performance.getEntriesByType('navigation'), ...performance.getEntriesByType('resource')].map((entry) => {
          const timing = entry as PerformanceResourceTiming;
          return { name: timing.name.replace(/^https?:\/\/[^/]+/, ''), start: Math.round(timing.startTime), response: Math.round(timing.responseStart), end: Math.round(timing.responseEnd) };
        }),
      );
      console.log(`  ${url}: first field ${Math.round(input)} ms, usable ${Math.round(usable)} ms`);
      console.table(entries);
    }
    return { usableMs: usable, inputMs: input, requests, transferred };
  } finally {
    await context.close();
  }
}

const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[middle] : (sorted[middle - 1] + sorted[middle]) / 2;
};

async function main() {
  const respondentHtmlPath = join(DIST, 'respondent.html');
  if (!existsSync(respondentHtmlPath)) throw new Error('dist/respondent.html is missing: run `vite build` first (npm run bench:respondent does).');
  if (!existsSync(CHROMIUM)) throw new Error(`Chromium not found at ${CHROMIUM} (set CHROMIUM_PATH).`);

  // The fixture is a valid saved form: exactly what the API serves for it.
  formDocumentSchema.parse(BENCH_FORM_DOCUMENT);
  const apiBody = JSON.stringify({ id: BENCH_FORM_ID, name: BENCH_FORM_NAME, jsonForm: BENCH_FORM_DOCUMENT, jsonConditionalLogic: BENCH_FORM_LOGIC, jsonFormStyle: BENCH_FORM_STYLE });

  const files = new Map<string, Asset>();
  const respondentHtml = readFileSync(respondentHtmlPath, 'utf8');
  const ourPath = `/f/${BENCH_FORM_ID}`;
  const apiPath = `/api/public/forms/${BENCH_FORM_ID}/`;
  files.set(ourPath, asset(respondentHtml, TYPES['.html'], {
    'content-security-policy': RESPONDENT_CSP,
    ...(PRELOAD_HEADER ? { link: `<${apiPath}>; rel=preload; as=fetch; crossorigin` } : {}),
  }));
  const ourFiles = loadedBy(respondentHtml);
  for (const path of ourFiles) files.set(path, asset(readFileSync(join(DIST, path)), TYPES[extname(path)]));
  files.set(apiPath, asset(apiBody, TYPES['.json']));

  const baselineDir = mkdtempSync(join(tmpdir(), 'rhf-page-'));
  await buildBaseline(baselineDir);
  const baselineHtml = readFileSync(join(ROOT, 'bench/fixtures/rhf-page/index.html'), 'utf8');
  files.set('/rhf/', asset(baselineHtml, TYPES['.html']));
  files.set('/rhf/main.js', asset(readFileSync(join(baselineDir, 'main.js')), TYPES['.js']));
  files.set('/rhf/style.css', asset(readFileSync(join(ROOT, 'bench/fixtures/rhf-page/style.css')), TYPES['.css']));
  rmSync(baselineDir, { recursive: true, force: true });
  const baselineFiles = loadedBy(baselineHtml);

  const server = createServer((request: IncomingMessage, response: ServerResponse) => {
    const file = files.get((request.url ?? '/').split('?')[0]);
    if (!file) {
      response.writeHead(404, { 'content-type': 'application/json' }).end('{"detail":"Not found."}');
      return;
    }
    const useGzip = ENCODING === 'gzip' && /\bgzip\b/.test(String(request.headers['accept-encoding'] ?? ''));
    const body = useGzip ? file.gzipped : file.body;
    response.writeHead(200, {
      'content-type': file.type,
      'content-length': body.length,
      'cache-control': 'no-store',
      ...(useGzip ? { 'content-encoding': 'gzip', vary: 'accept-encoding' } : {}),
      ...file.headers,
    });
    response.end(body);
  });
  await new Promise<void>((done) => server.listen(0, '127.0.0.1', done));
  const address = server.address();
  if (!address || typeof address === 'string') throw new Error('no server address');
  const origin = `http://127.0.0.1:${address.port}`;

  const ours = sizes(files, ourFiles);
  const baseline = sizes(files, baselineFiles);
  console.log('Respondent page vs react-hook-form, same 8 inputs and one rule (BENCHMARKS.md)\n');
  console.log('(a) What each page loads, min+gzip (gzip -9):');
  console.table({
    'our respondent page': { files: ourFiles.length, JS: kb(ours.js), CSS: kb(ours.css), 'JS target': '≤ 85 KB', 'CSS target': '≤ 15 KB' },
    'react-hook-form page': { files: baselineFiles.length, JS: kb(baseline.js), CSS: kb(baseline.css), 'JS target': '', 'CSS target': '' },
  });
  console.log('Published (BENCHMARKS.md): React 19 alone 67.5 KB; react-hook-form 81; @rjsf 200; SurveyJS 416; Form.io 454–592.\n');

  const browser = await chromium.launch({
    executablePath: CHROMIUM,
    args: ['--no-sandbox', '--disable-gpu', '--disable-dev-shm-usage', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--no-first-run', '--disable-quic'],
  });
  const results: Record<'ours' | 'baseline', Measurement[]> = { ours: [], baseline: [] };
  try {
    // One unmeasured load each warms Chromium's own caches (code, fonts) the same for both.
    await measure(browser, `${origin}${ourPath}`);
    await measure(browser, `${origin}/rhf/`);
    for (let run = 0; run < RUNS; run++) {
      const order = run % 2 === 0 ? (['ours', 'baseline'] as const) : (['baseline', 'ours'] as const);
      for (const which of order) {
        const measurement = await measure(browser, which === 'ours' ? `${origin}${ourPath}` : `${origin}/rhf/`);
        results[which].push(measurement);
        process.stdout.write(`  run ${run + 1} ${which === 'ours' ? 'ours    ' : 'baseline'}: usable ${Math.round(measurement.usableMs)} ms\n`);
      }
    }
  } finally {
    await browser.close();
    server.close();
  }

  const summary = (list: Measurement[]) => ({
    'usable (median)': `${(median(list.map((m) => m.usableMs)) / 1000).toFixed(2)} s`,
    'first field (median)': `${(median(list.map((m) => m.inputMs)) / 1000).toFixed(2)} s`,
    'min–max usable': `${(Math.min(...list.map((m) => m.usableMs)) / 1000).toFixed(2)}–${(Math.max(...list.map((m) => m.usableMs)) / 1000).toFixed(2)} s`,
    requests: list[0].requests,
    transferred: kb(list[0].transferred),
  });
  console.log(`\n(b) Time to a usable form, phone profile (CPU ×${PHONE.cpuRate}, ${PHONE.latency} ms latency, 1.47 Mbps down), median of ${RUNS}, ${ENCODING}${PRELOAD_HEADER ? ', with a Link preload header for the form JSON' : ''}:`);
  console.table({ 'our respondent page': summary(results.ours), 'react-hook-form page': summary(results.baseline) });
  const ratio = median(results.ours.map((m) => m.usableMs)) / median(results.baseline.map((m) => m.usableMs));
  console.log(`Ours / react-hook-form: ${ratio.toFixed(2)}× (target ≤ 1.00×). Published: react-hook-form 1.9 s; SurveyJS 5.2 s; Form.io 5.2 s.`);
  console.log(
    '\nServed by one static server for both pages: the real dist/ build and the JSON GET /api/public/forms/{id}/ answers for this form;\n' +
      'our page pays its real extra round trip for that JSON; our server\'s own ~1 ms per request is not included.',
  );
}

main().catch((error: unknown) => {
  console.error(error);
  process.exitCode = 1;
});
