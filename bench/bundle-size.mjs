// Sizes of the built JS and CSS, min+gzip (gzip -9), per file and for what index.html loads first.
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';

const dist = new URL('../dist/', import.meta.url).pathname;
const gz = (buffer) => gzipSync(buffer, { level: 9 }).length;
const kb = (bytes) => `${(bytes / 1024).toFixed(1)} KB`;

const assets = readdirSync(join(dist, 'assets')).filter((f) => /\.(js|css)$/.test(f));
const rows = assets
  .map((file) => {
    const buffer = readFileSync(join(dist, 'assets', file));
    return { file, raw: buffer.length, gzip: gz(buffer) };
  })
  .sort((a, b) => b.gzip - a.gzip);

const index = readFileSync(join(dist, 'index.html'), 'utf8');
const initial = rows.filter((r) => index.includes(r.file));
const sum = (list, ext) => list.filter((r) => r.file.endsWith(ext)).reduce((n, r) => n + r.gzip, 0);

console.table(Object.fromEntries(rows.map((r) => [r.file, { min: kb(r.raw), 'min+gzip': kb(r.gzip), initial: index.includes(r.file) ? 'yes' : '' }])));
console.log(`Initial load (index.html's scripts and styles): JS ${kb(sum(initial, '.js'))}, CSS ${kb(sum(initial, '.css'))} min+gzip`);
console.log(`All chunks: JS ${kb(sum(rows, '.js'))}, CSS ${kb(sum(rows, '.css'))} min+gzip`);
