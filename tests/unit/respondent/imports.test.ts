import { readFileSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';

/**
 * The respondent page's bundle budget (BENCHMARKS.md: ≤ 85 KB JS, none of Redux, react-bootstrap, dnd-kit,
 * ProseMirror). Walks its import graph through our own modules — static imports and, separately, dynamic ones — and
 * checks which packages it reaches.
 */
const ROOT = resolve(__dirname, '../../../src');
const FORBIDDEN = [/^zod/, /^react-redux$/, /^@reduxjs\//, /^redux/, /^react-bootstrap/, /^bootstrap/, /^@dnd-kit\//, /^prosemirror-/, /^axios$/, /^react-router/];

function resolveLocal(from: string, specifier: string): string | null {
  const base = resolve(dirname(from), specifier);
  for (const candidate of [`${base}.ts`, `${base}.tsx`, `${base}/index.ts`]) {
    try {
      readFileSync(candidate);
      return candidate;
    } catch {
      // next
    }
  }
  return null;
}

/** Packages and our files reached from `entry`; with `followDynamic` false, only what loads before it runs. */
function reachedFrom(entry: string, followDynamic: boolean) {
  const files = new Set<string>();
  const packages = new Set<string>();
  const visit = (file: string) => {
    if (files.has(file)) return;
    files.add(file);
    const source = readFileSync(file, 'utf8');
    const specifiers: string[] = [];
    // Type-only imports and exports vanish from the bundle.
    for (const match of source.matchAll(/^(?:import|export)\s+(type\s+)?(?:[^'";]*?\s+from\s+)?['"]([^'"]+)['"]/gm)) if (!match[1]) specifiers.push(match[2]);
    if (followDynamic) for (const match of source.matchAll(/\bimport\(\s*['"]([^'"]+)['"]\s*\)/g)) specifiers.push(match[1]);
    for (const specifier of specifiers) {
      if (!specifier.startsWith('.')) packages.add(specifier);
      else if (!specifier.endsWith('.css')) {
        const found = resolveLocal(file, specifier);
        if (found) visit(found);
      }
    }
  };
  visit(entry);
  return { files, packages };
}

const entry = resolve(ROOT, 'respondent/main.ts');

describe('respondent page imports', () => {
  it('reach none of Redux, react-bootstrap, dnd-kit, ProseMirror, axios, the router or zod', () => {
    const { packages, files } = reachedFrom(entry, true);
    expect([...packages].filter((name) => FORBIDDEN.some((pattern) => pattern.test(name)))).toEqual([]);
    expect(packages).toContain('react-dom/client');
    expect(files).toContain(resolve(ROOT, 'components/form-renderer/form-renderer.tsx'));
    // The logic barrel re-exports cycle helpers that load the zod schemas.
    expect(files).not.toContain(resolve(ROOT, 'domain/logic/index.ts'));
    expect(files).not.toContain(resolve(ROOT, 'domain/form-document.ts'));
  });

  it('keep the first script free of React, so it can start loading the form at once', () => {
    const { packages, files } = reachedFrom(entry, false);
    expect([...packages]).toEqual([]);
    expect([...files].map((file) => file.slice(ROOT.length + 1)).sort()).toEqual([
      // The retry policy the SPA's http client uses too: constants and three small functions, no imports.
      'domain/retry-policy.ts',
      'respondent/embed-bridge.ts',
      'respondent/main.ts',
      'respondent/public-api.ts',
      'respondent/submission-key.ts',
    ]);
  });
});

describe('embed loader imports', () => {
  it('has no dependencies', () => {
    const { packages } = reachedFrom(resolve(ROOT, 'embed/embed.ts'), true);
    expect([...packages]).toEqual([]);
  });
});
