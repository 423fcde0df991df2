/**
 * The normalised form the builder edits: a flat record of nodes plus ordered child-id lists. Every operation is
 * immutable and structure-sharing — nodes and childIds arrays that an operation does not touch keep their identity,
 * so per-element selectors re-render only what changed (one keystroke → one element).
 */
import type { DragResult, DropParentType } from './drag-rules';
import { checkDrop } from './drag-rules';
import type { FormDocument, FormElement, InputElement, PageChild, PageElement, PresentationElement, SectionElement } from './form-document';

type NodeOf<T> = T extends { children: unknown } ? Omit<T, 'children'> : T;
export type PageNode = NodeOf<PageElement>;
export type SectionNode = NodeOf<SectionElement>;
export type TreeNode = PageNode | SectionNode | InputElement | PresentationElement;
type ContainerNode = PageNode | SectionNode;

export interface FormTree {
  pageIds: string[];
  nodes: Record<string, TreeNode>;
  /** page/section id → ordered child ids */
  childIds: Record<string, string[]>;
}

/** A page or a section: a node with a list of children. */
export const isContainerNode = (node: TreeNode): node is ContainerNode => node.type === 'page' || node.type === 'section';

function withoutChildren(element: FormElement, parentId: string | null): TreeNode {
  if (element.type === 'page') {
    const { children: _children, ...node } = element;
    return node;
  }
  const fixedParent = parentId ?? element.parentId;
  if (element.type === 'section') {
    const { children: _children, ...node } = element;
    return node.parentId === fixedParent ? node : { ...node, parentId: fixedParent };
  }
  return element.parentId === fixedParent ? element : { ...element, parentId: fixedParent };
}

/** Adds `element` and its descendants to `nodes`/`childIds` (mutating those two fresh records). */
function addSubtree(element: FormElement, parentId: string | null, nodes: Record<string, TreeNode>, childIds: Record<string, string[]>): void {
  nodes[element.id] = withoutChildren(element, parentId);
  if (element.type === 'page' || element.type === 'section') {
    const ids: string[] = [];
    for (const child of element.children as PageChild[]) {
      ids.push(child.id);
      addSubtree(child, element.id, nodes, childIds);
    }
    childIds[element.id] = ids;
  }
}

export function normaliseForm(doc: FormDocument): FormTree {
  const nodes: Record<string, TreeNode> = {};
  const childIds: Record<string, string[]> = {};
  const pageIds = doc.map((page) => {
    addSubtree(page, null, nodes, childIds);
    return page.id;
  });
  return { pageIds, nodes, childIds };
}

/** One element with its descendants, in document shape. */
export function subtreeOf(tree: FormTree, id: string): FormElement {
  const node = tree.nodes[id];
  if (!node) throw new Error(`Unknown element "${id}"`);
  if (node.type === 'page' || node.type === 'section') {
    const children = (tree.childIds[id] ?? []).map((childId) => subtreeOf(tree, childId));
    return { ...node, children } as FormElement;
  }
  return node;
}

export function denormaliseForm(tree: FormTree): FormDocument {
  return tree.pageIds.map((id) => subtreeOf(tree, id) as PageElement);
}

export function parentOf(tree: FormTree, id: string): string | null {
  const node = tree.nodes[id];
  if (!node || node.type === 'page') return null;
  return node.parentId;
}

function siblingsOf(tree: FormTree, parentId: string | null): string[] {
  return parentId === null ? tree.pageIds : tree.childIds[parentId];
}

/** Position among its siblings (pages: among pages); -1 when unknown. */
export function indexInParent(tree: FormTree, id: string): number {
  if (!tree.nodes[id]) return -1;
  return siblingsOf(tree, parentOf(tree, id)).indexOf(id);
}

/** Every descendant of `id` in document order (depth first), without `id` itself. */
export function descendantsOf(tree: FormTree, id: string): string[] {
  const result: string[] = [];
  const walk = (parent: string) => {
    for (const childId of tree.childIds[parent] ?? []) {
      result.push(childId);
      walk(childId);
    }
  };
  walk(id);
  return result;
}

export function elementCount(tree: FormTree): number {
  return Object.keys(tree.nodes).length;
}

/** The page an element is on (itself for a page); null when unknown. */
export function pageOf(tree: FormTree, id: string): string | null {
  let node = tree.nodes[id];
  while (node && node.type !== 'page') node = tree.nodes[node.parentId];
  return node ? node.id : null;
}

function parentTypeOf(tree: FormTree, parentId: string | null, what: string): DropParentType {
  if (parentId === null) return null;
  const parent = tree.nodes[parentId];
  if (!parent) throw new Error(`${what}: unknown parent "${parentId}"`);
  if (!isContainerNode(parent)) throw new Error(`${what}: ${parent.type} "${parentId}" cannot hold elements`);
  return parent.type;
}

const clamp = (index: number, length: number) => Math.max(0, Math.min(Number.isFinite(index) ? Math.trunc(index) : length, length));

function inserted(list: readonly string[], index: number, id: string): string[] {
  const next = list.slice();
  next.splice(clamp(index, list.length), 0, id);
  return next;
}

/**
 * Inserts a new node at `index` of `parentId`'s children (null: a page at the top level). A page or section given
 * with `children` (as the element factory makes them) brings its subtree along; its parentIds are set from the
 * structure. Refused per the drag rules; an unknown/leaf parent or an id already in the form is a programming error.
 */
export function insertNode(tree: FormTree, node: TreeNode | FormElement, parentId: string | null, index: number): DragResult<FormTree> {
  const parentType = parentTypeOf(tree, parentId, 'insertNode');
  const check = checkDrop(node.type, parentType);
  if (!check.ok) return check;

  const element = ('children' in node || !isContainerNode(node) ? node : { ...node, children: [] }) as FormElement;
  const addedNodes: Record<string, TreeNode> = {};
  const addedChildIds: Record<string, string[]> = {};
  if (element.type === 'page' || element.type === 'section') {
    for (const child of element.children as PageChild[]) {
      const childCheck = checkDrop(child.type, element.type);
      if (!childCheck.ok) return childCheck;
      if (child.type === 'section') {
        for (const leaf of child.children) {
          const leafCheck = checkDrop(leaf.type, 'section');
          if (!leafCheck.ok) return leafCheck;
        }
      }
    }
  }
  addSubtree(element, parentId, addedNodes, addedChildIds);
  for (const id of Object.keys(addedNodes)) {
    if (tree.nodes[id]) throw new Error(`insertNode: id "${id}" is already used in the form`);
  }

  const nodes = { ...tree.nodes, ...addedNodes };
  let childIds = { ...tree.childIds, ...addedChildIds };
  let pageIds = tree.pageIds;
  if (parentId === null) pageIds = inserted(tree.pageIds, index, element.id);
  else childIds = { ...childIds, [parentId]: inserted(tree.childIds[parentId], index, element.id) };
  return { ok: true, value: { pageIds, nodes, childIds } };
}

/**
 * Moves `id` to `toIndex` of `toParentId`'s children, `toIndex` being its index once it has left its old place
 * (dnd-kit's arrayMove convention; projectDrop computes it). Returns the same tree when nothing moves.
 */
export function moveNode(tree: FormTree, id: string, toParentId: string | null, toIndex: number): DragResult<FormTree> {
  const node = tree.nodes[id];
  if (!node) throw new Error(`moveNode: unknown element "${id}"`);
  const parentType = parentTypeOf(tree, toParentId, 'moveNode');
  const check = checkDrop(node.type, parentType);
  if (!check.ok) return check;

  const fromParentId = node.type === 'page' ? null : node.parentId;
  const fromList = siblingsOf(tree, fromParentId);
  const fromIndex = fromList.indexOf(id);
  const without = fromList.slice();
  without.splice(fromIndex, 1);

  if (fromParentId === toParentId) {
    const target = clamp(toIndex, without.length);
    if (target === fromIndex) return { ok: true, value: tree };
    const list = inserted(without, target, id);
    if (toParentId === null) return { ok: true, value: { ...tree, pageIds: list } };
    return { ok: true, value: { ...tree, childIds: { ...tree.childIds, [toParentId]: list } } };
  }

  // Only leaves and sections change parent (pages always stay top level).
  const moved = { ...node, parentId: toParentId as string } as TreeNode;
  const toList = inserted(tree.childIds[toParentId as string], toIndex, id);
  return {
    ok: true,
    value: {
      pageIds: tree.pageIds,
      nodes: { ...tree.nodes, [id]: moved },
      childIds: { ...tree.childIds, [fromParentId as string]: without, [toParentId as string]: toList },
    },
  };
}

const FIXED_KEYS = new Set(['id', 'type', 'parentId', 'children']);

/**
 * Shallow-merges `patch` into one node. `id`, `type`, `parentId` (structure: use moveNode) and `children` are
 * ignored. Returns the same tree when nothing changes; otherwise only `nodes` and that node are new objects.
 */
export function updateNode(tree: FormTree, id: string, patch: Partial<TreeNode>): FormTree {
  const node = tree.nodes[id];
  if (!node) throw new Error(`updateNode: unknown element "${id}"`);
  let next: Record<string, unknown> | null = null;
  for (const [key, value] of Object.entries(patch)) {
    if (FIXED_KEYS.has(key) || value === undefined) continue;
    if (Object.is((node as unknown as Record<string, unknown>)[key], value)) continue;
    next ??= { ...node };
    next[key] = value;
  }
  if (!next) return tree;
  return { pageIds: tree.pageIds, childIds: tree.childIds, nodes: { ...tree.nodes, [id]: next as unknown as TreeNode } };
}
