import { existsSync, readFileSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { OpenAPIBackend, type Operation } from 'openapi-backend';

/**
 * Clio's public OpenAPI document (v4.0.9), read from `../shared/vendor/clio/` beside the repository (never copied into
 * it), checks every request the stand-in receives and every answer it gives. Loading and dereferencing 2.8 MB costs
 * a noticeable fraction of a second, so it happens once per process; each operation's validator compiles on first use.
 */

const repoRoot = resolve(dirname(fileURLToPath(import.meta.url)), '../../..');
const API_ROOT = '/api/v4';

export interface ContractViolation {
  direction: 'request' | 'response';
  method: string;
  path: string;
  status?: number;
  operationId?: string;
  errors: string[];
}

export interface ContractRequest {
  method: string;
  path: string;
  query: Record<string, string | string[]>;
  headers: Record<string, string | string[]>;
  body: unknown;
}

interface LoadedContract {
  backend: OpenAPIBackend;
  loadMs: number;
}

let loaded: LoadedContract | undefined;

function contractPath(): string {
  const path = process.env.CLIO_OPENAPI_PATH ?? resolve(repoRoot, '../shared/vendor/clio/openapi-4.0.9.json');
  if (!existsSync(path)) {
    throw new Error(
      `Clio's OpenAPI document is missing at ${path}: the Clio stand-in validates against it. Put openapi-4.0.9.json ` +
        'in ../shared/vendor/clio/ beside the repository, or set CLIO_OPENAPI_PATH to its path.',
    );
  }
  return path;
}

const datePattern = /^\d{4}-\d{2}-\d{2}$/;
const dateTimePattern = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d+)?(Z|[+-]\d{2}:\d{2})$/;

function load(): LoadedContract {
  if (loaded) return loaded;
  const started = performance.now();
  // Clio labels its answers `application/json; charset=utf-8`; a validator keyed on `application/json` would skip them.
  const text = readFileSync(contractPath(), 'utf8').replaceAll('application/json; charset=utf-8', 'application/json');
  const definition = JSON.parse(text) as { servers?: unknown };
  // Its servers carry the /api/v4 prefix; without them the paths match under the stand-in's own apiRoot.
  delete definition.servers;
  const backend = new OpenAPIBackend({
    definition: definition as never,
    apiRoot: API_ROOT,
    // The document fails strict meta-validation ($ref siblings carrying descriptions): validate leniently.
    quick: true,
    validate: true,
    ajvOpts: { logger: false },
    customizeAjv: (ajv) => {
      ajv.addFormat('date', datePattern);
      ajv.addFormat('date-time', dateTimePattern);
      return ajv;
    },
  });
  backend.init();
  loaded = { backend, loadMs: performance.now() - started };
  return loaded;
}

/** Milliseconds this process spent loading the document (0 until the first stand-in starts). */
export function clioContractLoadMs(): number {
  return loaded?.loadMs ?? 0;
}

export function ensureClioContractLoaded(): void {
  load();
}

export function matchClioOperation(method: string, path: string): Operation | undefined {
  return load().backend.matchOperation({ method, path, headers: {} });
}

const compiled = new Set<string>();

/**
 * Compiles the request and answer validators of these operations now instead of on their first use (a few hundred
 * ms each), so a bench's first measured call does not pay for them. Returns the milliseconds spent.
 */
export function compileClioValidators(operationIds: string[]): number {
  const { backend } = load();
  const started = performance.now();
  for (const operationId of operationIds) {
    if (compiled.has(operationId)) continue;
    const operation = backend.router.getOperation(operationId);
    if (!operation) throw new Error(`Clio's OpenAPI document has no operation ${operationId}`);
    backend.validateRequest({ method: operation.method, path: operation.path, headers: {}, query: {} }, operation);
    for (const status of Object.keys(operation.responses ?? {})) if (/^\d+$/.test(status)) backend.validateResponse({}, operation, Number(status));
    compiled.add(operationId);
  }
  return performance.now() - started;
}

/** Path parameters (`{id}`) of a matched operation. */
export function parseClioParams(operation: Operation, path: string): Record<string, string> {
  return load().backend.router.parseRequest({ method: operation.method, path, headers: {} }, operation).params as Record<string, string>;
}

function describe(errors: { instancePath?: string; message?: string; params?: unknown }[] | null | undefined): string[] {
  return (errors ?? []).map((e) => `${e.instancePath || '/'} ${e.message ?? 'is invalid'} ${JSON.stringify(e.params ?? {})}`);
}

/**
 * Where the document contradicts its own prose, Clio's prose wins: notes.json marks both `contact` and `matter` as
 * required, while each one's description says it is "Required only if the Note type is" Contact / Matter.
 */
function isErratum(operation: Operation, error: { keyword?: string; instancePath?: string; params?: unknown }, body: unknown): boolean {
  if (operation.operationId !== 'Note#create' || error.keyword !== 'required' || error.instancePath !== '/requestBody/data') return false;
  const missing = (error.params as { missingProperty?: string } | undefined)?.missingProperty;
  const type = (body as { data?: { type?: unknown } } | undefined)?.data?.type;
  return (missing === 'matter' && type === 'Contact') || (missing === 'contact' && type === 'Matter');
}

export function checkClioRequest(operation: Operation, request: ContractRequest): string[] {
  const result = load().backend.validateRequest(
    { method: request.method, path: request.path, query: request.query, headers: request.headers, body: request.body },
    operation,
  );
  if (result.valid) return [];
  return describe((result.errors ?? []).filter((e) => !isErratum(operation, e, request.body)));
}

export function checkClioResponse(operation: Operation, status: number, body: unknown): string[] {
  if (!Object.hasOwn(operation.responses ?? {}, String(status))) {
    return [`status ${status} is not documented for ${operation.operationId} (documented: ${Object.keys(operation.responses ?? {}).join(', ')})`];
  }
  const result = load().backend.validateResponse(body, operation, status);
  return result.valid ? [] : describe(result.errors);
}
