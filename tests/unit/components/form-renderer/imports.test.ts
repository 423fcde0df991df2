import { readFileSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { DEFAULT_DROPDOWN_PLACEHOLDER, DEFAULT_TEXTAREA_ROWS } from '../../../../src/domain/form-document';
import { RENDERER_DEFAULTS } from '../../../../src/components/form-renderer/form-field';

/**
 * The renderer becomes the public respondent page (BENCHMARKS.md: none of Redux, react-bootstrap, dnd-kit or
 * ProseMirror in it). Walks its import graph through our own modules and checks which packages it reaches.
 */
const ROOT = resolve(__dirname, '../../../../src');
// zod too: the schemas are built when their module loads (~27 KB gzip), and the page does not need them.
const FORBIDDEN = [/^zod/, /^react-redux$/, /^@reduxjs\//, /^redux/, /^react-bootstrap/, /^bootstrap/, /^@dnd-kit\//, /^prosemirror-/, /^axios$/, /^react-router/];

function packagesReachedFrom(entry: string): Set<string> {
  const seen = new Set<string>();
  const packages = new Set<string>();
  const visit = (file: string) => {
    if (seen.has(file)) return;
    seen.add(file);
    const source = readFileSync(file, 'utf8');
    // Type-only imports vanish from the bundle.
    for (const match of source.matchAll(/^import\s+(type\s+)?[^'"]*?['"]([^'"]+)['"]/gm)) {
      if (match[1]) continue;
      const specifier = match[2];
      if (specifier.startsWith('.')) {
        if (specifier.endsWith('.css')) continue;
        const base = resolve(dirname(file), specifier);
        const candidates = [`${base}.ts`, `${base}.tsx`, `${base}/index.ts`];
        const found = candidates.find((candidate) => {
          try {
            readFileSync(candidate);
            return true;
          } catch {
            return false;
          }
        });
        if (found) visit(found);
      } else packages.add(specifier);
    }
  };
  visit(entry);
  return packages;
}

describe('form renderer imports', () => {
  it('reaches none of Redux, react-bootstrap, dnd-kit, ProseMirror, axios, the router or zod', () => {
    const packages = [...packagesReachedFrom(resolve(ROOT, 'components/form-renderer/form-renderer.tsx'))];
    expect(packages.filter((name) => FORBIDDEN.some((pattern) => pattern.test(name)))).toEqual([]);
    expect(packages).toContain('react');
  });
});

describe('renderer defaults', () => {
  it('equal the form document defaults (spec §9)', () => {
    expect(RENDERER_DEFAULTS).toEqual({ textareaRows: DEFAULT_TEXTAREA_ROWS, dropdownPlaceholder: DEFAULT_DROPDOWN_PLACEHOLDER });
  });
});
