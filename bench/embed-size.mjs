// The embed loader's size (dist/embed.js, built by `vite build`) beside the published sizes of peers' loaders
// (BENCHMARKS.md; we cannot download them here): iframe-resizer 6.2 KB, Typeform embed 13.6 KB min+gzip.
// Target: ≤ 2 KB min+gzip, with auto-resize.
import { existsSync, readFileSync } from 'node:fs';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';

const file = new URL('../dist/embed.js', import.meta.url).pathname;
if (!existsSync(file)) {
  console.error('dist/embed.js is missing: run `vite build` first (npm run bench:embed does).');
  process.exit(1);
}
const source = readFileSync(file);
const gzip = gzipSync(source, { level: 9 }).length;
const brotli = brotliCompressSync(source, { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } }).length;
const kb = (bytes) => `${(bytes / 1024).toFixed(2)} KB`;
const TARGET = 2 * 1024;

console.log('Embed loader, min+gzip (gzip -9)\n');
console.table({
  'our embed.js': { 'min (raw)': kb(source.length), 'min+gzip': kb(gzip), 'min+brotli': kb(brotli), 'auto-resize': 'yes', source: 'measured now' },
  'iframe-resizer (parent script)': { 'min (raw)': '', 'min+gzip': '6.20 KB', 'min+brotli': '', 'auto-resize': 'yes', source: 'published (BENCHMARKS.md)' },
  'Typeform embed': { 'min (raw)': '', 'min+gzip': '13.60 KB', 'min+brotli': '', 'auto-resize': 'yes', source: 'published (BENCHMARKS.md)' },
});
console.log(`Ours is ${((gzip / (6.2 * 1024)) * 100).toFixed(0)}% of iframe-resizer and ${((gzip / (13.6 * 1024)) * 100).toFixed(0)}% of Typeform's; target ≤ 2 KB: ${gzip <= TARGET ? 'met' : 'MISSED'}.`);
if (gzip > TARGET) process.exitCode = 1;
