/**
 * Clio's `fields=` selection: an answer carries only `id` and `etag` unless the caller names fields, and nested
 * records take their own selection in braces (`client{id,name}`). A nested record named without braces comes back
 * with its `id` and `etag`, as Clio does.
 */

type Selection = Map<string, Selection | null>;

export class InvalidFields extends Error {}

export function parseFields(text: string | undefined): Selection {
  if (text === undefined || text.trim() === '') return new Map([['id', null], ['etag', null]]);
  let position = 0;
  const parseList = (nested: boolean): Selection => {
    const selection: Selection = new Map();
    while (position < text.length) {
      const match = /^[a-z_0-9]+/.exec(text.slice(position));
      if (!match) throw new InvalidFields(`fields: unexpected "${text.slice(position, position + 10)}" at ${position}`);
      position += match[0].length;
      let child: Selection | null = null;
      if (text[position] === '{') {
        position += 1;
        child = parseList(true);
        if (text[position] !== '}') throw new InvalidFields('fields: unclosed "{"');
        position += 1;
      }
      selection.set(match[0], child);
      if (text[position] === ',') {
        position += 1;
        continue;
      }
      if (text[position] === '}' && nested) return selection;
      if (position < text.length) throw new InvalidFields(`fields: unexpected "${text[position]}" at ${position}`);
    }
    if (nested) throw new InvalidFields('fields: unclosed "{"');
    return selection;
  };
  return parseList(false);
}

const nestedDefault: Selection = new Map([['id', null], ['etag', null]]);

type View = Record<string, unknown>;

function projectValue(value: unknown, selection: Selection | null, path: string): unknown {
  if (Array.isArray(value)) return value.map((item) => projectValue(item, selection, path));
  if (value !== null && typeof value === 'object') return project(value as View, selection ?? nestedDefault, path);
  if (selection) throw new InvalidFields(`fields: ${path} has no nested fields`);
  return value;
}

export function project(view: View, selection: Selection, path = ''): View {
  const out: View = {};
  for (const [name, child] of selection) {
    const fieldPath = path ? `${path}.${name}` : name;
    if (!Object.hasOwn(view, name)) throw new InvalidFields(`fields: unknown field ${fieldPath}`);
    const value = view[name];
    // Clio leaves out absent values rather than sending null for fields its schema types as objects or strings.
    if (value === undefined) continue;
    out[name] = projectValue(value, child, fieldPath);
  }
  return out;
}
