/**
 * Pieces every area of the HTTP contract shares. The contract is the wire as it is: requests in snake_case (spec §7),
 * responses in camelCase. The server declares these schemas on its routes (fastify-type-provider-zod) and the SPA
 * parses answers with them, so a shape is written once. Response schemas carry no transforms: the server encodes
 * through them, and zod cannot run a one-way transform backwards.
 */
import { z } from 'zod';
import { answerValueSchema } from '../domain/form-document';
import { BUILT_IN_FORM_ID, UUID_PATTERN, isFormId } from '../domain/ids';

/** The body of every error answer (API.md): `errors` names each bad field by its wire path (`data.<inputId>`, …). */
const errorBodySchema = z.object({
  detail: z.string(),
  errors: z.record(z.string(), z.array(z.string())).optional(),
});

/** Declared on every route: 4xx and 5xx answers are `{detail, errors?}`. */
export const errorResponses = { '4xx': errorBodySchema, '5xx': errorBodySchema } as const;

/** Any version and variant, like `isUuid` in src/domain/ids (see UUID_PATTERN for why not `z.uuid()`). */
export const uuidSchema = z.string().regex(UUID_PATTERN, 'must be a UUID');

/** A form id in a path: a UUID or the built-in form's alias. */
export const formIdSchema = z.string().refine(isFormId, `must be a UUID or "${BUILT_IN_FORM_ID}"`);

/** `/api/{accountId}/…`: the account guard has checked the id before validation runs. */
export const accountParamsSchema = z.object({ accountId: z.string() });

/** Answers by input id, as the respondent page submits them and a prefill stores them; null clears one. */
export const answersByInputIdSchema = z.record(z.string().max(100), answerValueSchema.nullable());

/** A query flag: the wire has text. */
export const booleanTextSchema = z.enum(['true', 'false'], { error: 'must be true or false' });

export function paginatedSchema<Item extends z.ZodType>(item: Item) {
  return z.object({
    count: z.number().int(),
    next: z.string().nullable(),
    previous: z.string().nullable(),
    results: z.array(item),
  });
}
export interface Paginated<T> {
  count: number;
  next: string | null;
  previous: string | null;
  results: T[];
}

/**
 * Text PostgreSQL cannot store: a NUL (refused by `text` and by `jsonb`) or a lone UTF-16 surrogate (JSON.stringify
 * escapes it as `\udXXX`, which `jsonb` refuses). Either used to reach the database and answer 500.
 */
// eslint-disable-next-line no-control-regex -- the NUL is the point
const UNSTORABLE_TEXT = /\u0000|[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;
// eslint-disable-next-line no-control-regex -- the NUL is the point
const UNSTORABLE_TEXT_ALL = /\u0000|[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/g;

/** Why `text` cannot be stored, or null. */
function unstorableTextProblem(text: string): string | null {
  const match = UNSTORABLE_TEXT.exec(text);
  if (!match) return null;
  return match[0] === '\u0000' ? 'must not contain a NUL character' : 'must not contain a lone UTF-16 surrogate (invalid Unicode text)';
}

/** Each NUL and lone surrogate replaced by U+FFFD, what a UTF-8 encoder does with them: the rest of the text is kept. */
export function toStorableText(text: string): string {
  return text.replace(UNSTORABLE_TEXT_ALL, '\uFFFD');
}

/** Deeper than any document we store (a form nests page → section → input): an exhaustive walk stops here. */
const MAX_WALK_DEPTH = 64;

interface WalkNode {
  value: unknown;
  key: PropertyKey | null;
  parent: WalkNode | null;
  depth: number;
}

const pathOf = (node: WalkNode | null): PropertyKey[] => {
  const path: PropertyKey[] = [];
  for (let at = node; at && at.key !== null; at = at.parent) path.unshift(at.key);
  return path;
};

/**
 * The first string (a value or an object key) in `value` that PostgreSQL cannot store, with its path. Iterative, so a
 * deeply nested body cannot exhaust the stack; paths are only built for the one it reports (bodies reach 8 MB).
 */
function findUnstorableText(value: unknown): { path: PropertyKey[]; message: string } | null {
  const stack: WalkNode[] = [{ value, key: null, parent: null, depth: 0 }];
  while (stack.length) {
    const node = stack.pop()!;
    const current = node.value;
    if (typeof current === 'string') {
      const problem = unstorableTextProblem(current);
      if (problem) return { path: pathOf(node), message: problem };
    } else if (current && typeof current === 'object' && node.depth < MAX_WALK_DEPTH) {
      const entries: [PropertyKey, unknown][] = Array.isArray(current) ? current.map((item, i) => [i, item]) : Object.entries(current);
      for (let i = entries.length - 1; i >= 0; i--) {
        const [key, item] = entries[i];
        const child = { value: item, key, parent: node, depth: node.depth + 1 };
        if (typeof key === 'string') {
          const problem = unstorableTextProblem(key);
          if (problem) return { path: pathOf(child), message: `key ${problem}` };
        }
        stack.push(child);
      }
    }
  }
  return null;
}

/**
 * The refinement every request part passes after its own schema (the server's validator compiler applies it to params,
 * query and body of every route): a 400 naming the field instead of a database error.
 */
export const storableTextSchema = z.unknown().superRefine((value, ctx) => {
  const problem = findUnstorableText(value);
  if (problem) ctx.addIssue({ code: 'custom', path: problem.path, message: problem.message, input: value });
});

/** `{detail}` answers that are not errors (logout). */
export const detailSchema = z.object({ detail: z.string() });
