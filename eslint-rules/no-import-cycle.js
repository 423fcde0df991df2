// Import cycles, type-only imports included. import-x/no-cycle skips `import type` by design (a type-only edge
// vanishes at build time), but a type-only cycle still ties two layers together and is how a value cycle starts, so
// we want to see them. Building the whole graph once per lint run with TypeScript's parser and resolver and finding its
// strongly connected components is also much cheaper on a 2-core machine than import-x's per-import depth-first walk.
// Dynamic `import()` is not an edge: lazy routes point back at the shell on purpose and load after it.
import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import ts from 'typescript';

const root = dirname(dirname(new URL(import.meta.url).pathname));
const scanned = ['src', 'server', 'tests', 'e2e', 'bench'];
const sourceFile = /\.(ts|tsx|mts|cts)$/;

function listFiles(dir) {
  let entries;
  try {
    entries = readdirSync(dir, { withFileTypes: true });
  } catch {
    return [];
  }
  return entries.flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return entry.name === 'node_modules' ? [] : listFiles(path);
    return sourceFile.test(entry.name) && !entry.name.endsWith('.d.ts') ? [path] : [];
  });
}

const compilerOptions = (() => {
  const config = ts.readConfigFile(join(root, 'tsconfig.json'), ts.sys.readFile);
  return ts.parseJsonConfigFileContent(config.config ?? {}, ts.sys, root).options;
})();
const resolutionHost = { fileExists: ts.sys.fileExists, readFile: ts.sys.readFile };

/** Static `import … from` / `export … from` edges of one file: [specifier, resolved path, statement start]. */
function staticImports(path) {
  const text = readFileSync(path, 'utf8');
  const file = ts.createSourceFile(path, text, ts.ScriptTarget.Latest, false);
  const edges = [];
  for (const statement of file.statements) {
    if (!(ts.isImportDeclaration(statement) || ts.isExportDeclaration(statement))) continue;
    const specifier = statement.moduleSpecifier;
    if (!specifier || !ts.isStringLiteral(specifier)) continue;
    const resolved = ts.resolveModuleName(specifier.text, path, compilerOptions, resolutionHost).resolvedModule;
    if (!resolved || resolved.isExternalLibraryImport) continue;
    edges.push({ specifier: specifier.text, target: resolve(resolved.resolvedFileName) });
  }
  return edges;
}

let graph;

/** Tarjan's strongly connected components; every component with more than one file is a cycle. */
function buildGraph() {
  const files = scanned.flatMap((dir) => listFiles(join(root, dir))).map((path) => resolve(path));
  const edges = new Map(files.map((path) => [path, staticImports(path)]));
  const component = new Map();
  const index = new Map();
  const low = new Map();
  const stack = [];
  const onStack = new Set();
  let counter = 0;
  let componentId = 0;
  const visit = (start) => {
    // Iterative, so a long import chain cannot overflow the stack.
    const work = [{ node: start, next: 0 }];
    index.set(start, counter);
    low.set(start, counter++);
    stack.push(start);
    onStack.add(start);
    while (work.length > 0) {
      const frame = work[work.length - 1];
      const targets = edges.get(frame.node) ?? [];
      if (frame.next < targets.length) {
        const target = targets[frame.next++].target;
        if (!edges.has(target)) continue;
        if (!index.has(target)) {
          index.set(target, counter);
          low.set(target, counter++);
          stack.push(target);
          onStack.add(target);
          work.push({ node: target, next: 0 });
        } else if (onStack.has(target)) {
          low.set(frame.node, Math.min(low.get(frame.node), index.get(target)));
        }
        continue;
      }
      work.pop();
      if (work.length > 0) {
        const parent = work[work.length - 1].node;
        low.set(parent, Math.min(low.get(parent), low.get(frame.node)));
      }
      if (low.get(frame.node) === index.get(frame.node)) {
        const members = [];
        let member;
        do {
          member = stack.pop();
          onStack.delete(member);
          members.push(member);
        } while (member !== frame.node);
        componentId++;
        if (members.length > 1) for (const path of members) component.set(path, componentId);
      }
    }
  };
  for (const path of files) if (!index.has(path)) visit(path);
  return { edges, component };
}

/** The shortest way back from `from` to `to` inside their cycle, for the message. */
function pathBack(from, to) {
  const { edges, component } = graph;
  const previous = new Map([[from, null]]);
  const queue = [from];
  while (queue.length > 0) {
    const node = queue.shift();
    if (node === to) break;
    for (const { target } of edges.get(node) ?? []) {
      if (previous.has(target) || component.get(target) !== component.get(from)) continue;
      previous.set(target, node);
      queue.push(target);
    }
  }
  const route = [];
  for (let node = to; node; node = previous.get(node)) route.unshift(node.slice(root.length + 1));
  return route.join(' → ');
}

export default {
  meta: {
    type: 'problem',
    docs: { description: 'Forbid import cycles, type-only imports included' },
    schema: [],
    messages: { cycle: 'Import cycle: {{route}}' },
  },
  create(context) {
    graph ??= buildGraph();
    const file = resolve(context.physicalFilename);
    const cycle = graph.component.get(file);
    if (cycle === undefined) return {};
    const check = (node) => {
      if (!node.source) return;
      const edge = (graph.edges.get(file) ?? []).find((candidate) => candidate.specifier === node.source.value);
      if (!edge || graph.component.get(edge.target) !== cycle) return;
      context.report({ node, messageId: 'cycle', data: { route: `${file.slice(root.length + 1)} → ${pathBack(edge.target, file)}` } });
    };
    return { ImportDeclaration: check, ExportNamedDeclaration: check, ExportAllDeclaration: check };
  },
};
