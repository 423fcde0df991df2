/**
 * Spec §4 unsaved changes without building the document: whether a saved form document equals the one the builder's
 * tree would make (`deepEqual(document, denormaliseForm(tree))`), compared node by node against the tree. Nodes the
 * edit did not touch are the very objects the saved document holds (the tree shares them), so a keystroke costs one
 * identity check per element instead of a new document and a walk of it.
 */
import { deepEqual } from '../../domain/form-compare';
import type { FormDocument } from '../../domain/form-document';
import type { FormTree } from '../../domain/form-tree';

const hasOwn = (value: object, key: string) => Object.prototype.hasOwnProperty.call(value, key);
const isPlainObject = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value);

/** `element` deep-equals subtreeOf(tree, id). */
function sameElement(element: unknown, tree: FormTree, id: string): boolean {
  const node = tree.nodes[id];
  if (!node) return false;
  if (node.type !== 'page' && node.type !== 'section') return deepEqual(element, node);
  // subtreeOf gives { ...node, children }: the node's own fields, then its children in order.
  if (!isPlainObject(element)) return false;
  const fields = node as unknown as Record<string, unknown>;
  let definedInElement = 0;
  for (const key in element) {
    if (!hasOwn(element, key) || element[key] === undefined) continue;
    definedInElement += 1;
    if (key === 'children') {
      if (!sameChildren(element.children, tree, tree.childIds[id] ?? [])) return false;
    } else if (!deepEqual(element[key], fields[key])) {
      return false;
    }
  }
  let definedInNode = 1; // children
  for (const key in fields) if (key !== 'children' && hasOwn(fields, key) && fields[key] !== undefined) definedInNode += 1;
  return definedInElement === definedInNode;
}

function sameChildren(elements: unknown, tree: FormTree, ids: readonly string[]): boolean {
  if (!Array.isArray(elements) || elements.length !== ids.length) return false;
  for (let i = 0; i < ids.length; i += 1) if (!sameElement(elements[i], tree, ids[i])) return false;
  return true;
}

/** deepEqual(document, denormaliseForm(tree)), without making the document. */
export function documentEqualsTree(document: FormDocument, tree: FormTree): boolean {
  return sameChildren(document, tree, tree.pageIds);
}
