import { describe, expect, it } from 'vitest';
import { createInput, createPage, createPresentation, createSection } from '../../../src/domain/element-factory';
import type { InputElement } from '../../../src/domain/form-document';
import type { FormTree } from '../../../src/domain/form-tree';
import {
  denormaliseForm,
  descendantsOf,
  elementCount,
  indexInParent,
  insertNode,
  moveNode,
  normaliseForm,
  pageOf,
  parentOf,
  subtreeOf,
  updateNode,
} from '../../../src/domain/form-tree';
import { input, sampleDocument } from './form-fixtures';

// p1: h1, i1, s1[i2, i3]   p2: i4, s2[i5]
const sample = () => normaliseForm(sampleDocument());

function valueOf<T>(result: { ok: true; value: T } | { ok: false; message: string }): T {
  if (!result.ok) throw new Error(`expected ok, got ${result.message}`);
  return result.value;
}

/** Every node and childIds list of `before` except the named ones is the same object in `after`. */
function expectSharedExcept(before: FormTree, after: FormTree, changedNodes: string[], changedLists: string[]) {
  for (const id of Object.keys(before.nodes)) {
    if (changedNodes.includes(id)) expect(after.nodes[id], `node ${id}`).not.toBe(before.nodes[id]);
    else if (id in after.nodes) expect(after.nodes[id], `node ${id}`).toBe(before.nodes[id]);
  }
  for (const id of Object.keys(before.childIds)) {
    if (changedLists.includes(id)) expect(after.childIds[id], `childIds ${id}`).not.toBe(before.childIds[id]);
    else if (id in after.childIds) expect(after.childIds[id], `childIds ${id}`).toBe(before.childIds[id]);
  }
}

describe('normaliseForm / denormaliseForm', () => {
  it('flattens pages, sections and leaves into nodes and ordered child ids', () => {
    const tree = sample();
    expect(tree.pageIds).toEqual(['p1', 'p2']);
    expect(tree.childIds).toEqual({ p1: ['h1', 'i1', 's1'], s1: ['i2', 'i3'], p2: ['i4', 's2'], s2: ['i5'] });
    expect(Object.keys(tree.nodes).sort()).toEqual(['h1', 'i1', 'i2', 'i3', 'i4', 'i5', 'p1', 'p2', 's1', 's2']);
    expect(tree.nodes.p1).toEqual({ type: 'page', id: 'p1', title: 'About you' });
    expect(tree.nodes.s1).not.toHaveProperty('children');
  });

  it('round-trips a document', () => {
    const doc = sampleDocument();
    expect(denormaliseForm(normaliseForm(doc))).toEqual(doc);
  });

  it('takes parentIds from the structure', () => {
    const doc = sampleDocument();
    (doc[1].children[0] as InputElement).parentId = 'wrong';
    expect(normaliseForm(doc).nodes.i4).toMatchObject({ parentId: 'p2' });
  });

  it('returns one element with its descendants', () => {
    expect(subtreeOf(sample(), 's2')).toEqual(sampleDocument()[1].children[1]);
  });
});

describe('queries', () => {
  const tree = sample();

  it('parentOf', () => {
    expect(parentOf(tree, 'i2')).toBe('s1');
    expect(parentOf(tree, 's1')).toBe('p1');
    expect(parentOf(tree, 'p2')).toBeNull();
    expect(parentOf(tree, 'unknown')).toBeNull();
  });

  it('indexInParent', () => {
    expect(indexInParent(tree, 'h1')).toBe(0);
    expect(indexInParent(tree, 's1')).toBe(2);
    expect(indexInParent(tree, 'i3')).toBe(1);
    expect(indexInParent(tree, 'p2')).toBe(1);
    expect(indexInParent(tree, 'unknown')).toBe(-1);
  });

  it('descendantsOf in document order', () => {
    expect(descendantsOf(tree, 'p1')).toEqual(['h1', 'i1', 's1', 'i2', 'i3']);
    expect(descendantsOf(tree, 's2')).toEqual(['i5']);
    expect(descendantsOf(tree, 'i5')).toEqual([]);
  });

  it('elementCount and pageOf', () => {
    expect(elementCount(tree)).toBe(10);
    expect(pageOf(tree, 'i5')).toBe('p2');
    expect(pageOf(tree, 'p1')).toBe('p1');
  });
});

describe('insertNode', () => {
  it('inserts a leaf at an index and shares everything else', () => {
    const tree = sample();
    const next = valueOf(insertNode(tree, createInput('email', 'n1', 'ignored', new Set()), 's1', 1));
    expect(next.childIds.s1).toEqual(['i2', 'n1', 'i3']);
    expect(next.nodes.n1).toMatchObject({ id: 'n1', parentId: 's1', label: 'Email' });
    expect(next.nodes.n1).not.toHaveProperty('children');
    expect(next.pageIds).toBe(tree.pageIds);
    expectSharedExcept(tree, next, [], ['s1']);
    // the original is untouched
    expect(tree.childIds.s1).toEqual(['i2', 'i3']);
    expect(tree.nodes.n1).toBeUndefined();
  });

  it('clamps the index to the list', () => {
    const next = valueOf(insertNode(sample(), createPresentation('paragraph', 'n1', 'p2'), 'p2', 99));
    expect(next.childIds.p2).toEqual(['i4', 's2', 'n1']);
  });

  it('inserts a page with its subtree at the top level', () => {
    const tree = sample();
    const page = createPage('p3', 'Page 3');
    page.children.push(createSection('s3', 'p3'));
    const next = valueOf(insertNode(tree, page, null, 1));
    expect(next.pageIds).toEqual(['p1', 'p3', 'p2']);
    expect(next.childIds.p3).toEqual(['s3']);
    expect(next.childIds.s3).toEqual([]);
    expect(next.nodes.s3).toMatchObject({ parentId: 'p3' });
    expect(next.nodes.p3).toEqual({ type: 'page', id: 'p3', title: 'Page 3' });
    expectSharedExcept(tree, next, [], []);
  });

  it('gives a section inserted without children an empty child list', () => {
    const { children: _children, ...node } = createSection('s3', 'p1');
    const next = valueOf(insertNode(sample(), node, 'p1', 0));
    expect(next.childIds.s3).toEqual([]);
    expect(next.childIds.p1[0]).toBe('s3');
  });

  it('refuses by the drag rules', () => {
    const tree = sample();
    expect(insertNode(tree, createPage('p3'), 'p1', 0)).toEqual({ ok: false, message: 'Pages cannot be nested' });
    expect(insertNode(tree, createSection('s3', 'x'), 's1', 0)).toEqual({ ok: false, message: 'Sections can only be placed on pages' });
    expect(insertNode(tree, createSection('s3', 'x'), null, 0)).toEqual({ ok: false, message: 'Sections cannot be placed outside the form' });
    expect(insertNode(tree, input('n1', 'x'), null, 0)).toEqual({ ok: false, message: 'Elements cannot be placed outside the form' });
  });

  it('refuses a page whose subtree breaks the rules', () => {
    const page = createPage('p3');
    const section = createSection('s3', 'p3');
    (section.children as unknown[]).push(createSection('s4', 's3'));
    page.children.push(section);
    expect(insertNode(sample(), page, null, 0)).toEqual({ ok: false, message: 'Sections can only be placed on pages' });
  });

  it('throws on duplicate ids and bad parents', () => {
    const tree = sample();
    expect(() => insertNode(tree, input('i1', 'p1'), 'p1', 0)).toThrow('id "i1" is already used');
    expect(() => insertNode(tree, input('n1', 'x'), 'nope', 0)).toThrow('unknown parent "nope"');
    expect(() => insertNode(tree, input('n1', 'x'), 'i1', 0)).toThrow('cannot hold elements');
  });
});

describe('moveNode', () => {
  it('reorders within a container (final index) and shares the rest', () => {
    const tree = sample();
    const next = valueOf(moveNode(tree, 'h1', 'p1', 2));
    expect(next.childIds.p1).toEqual(['i1', 's1', 'h1']);
    expect(next.nodes).toBe(tree.nodes);
    expectSharedExcept(tree, next, [], ['p1']);
  });

  it('moves a leaf to another container and updates its parentId only', () => {
    const tree = sample();
    const next = valueOf(moveNode(tree, 'i1', 's2', 0));
    expect(next.childIds.p1).toEqual(['h1', 's1']);
    expect(next.childIds.s2).toEqual(['i1', 'i5']);
    expect(next.nodes.i1).toEqual({ ...tree.nodes.i1, parentId: 's2' });
    expectSharedExcept(tree, next, ['i1'], ['p1', 's2']);
    expect(next.pageIds).toBe(tree.pageIds);
  });

  it('moves a section with its children to another page', () => {
    const tree = sample();
    const next = valueOf(moveNode(tree, 's1', 'p2', 1));
    expect(next.childIds.p2).toEqual(['i4', 's1', 's2']);
    expect(next.childIds.s1).toBe(tree.childIds.s1);
    expect(denormaliseForm(next)[1].children[1]).toMatchObject({ id: 's1', parentId: 'p2', children: [{ id: 'i2' }, { id: 'i3' }] });
  });

  it('reorders pages', () => {
    const tree = sample();
    const next = valueOf(moveNode(tree, 'p2', null, 0));
    expect(next.pageIds).toEqual(['p2', 'p1']);
    expect(next.nodes).toBe(tree.nodes);
    expect(next.childIds).toBe(tree.childIds);
  });

  it('returns the same tree when nothing moves', () => {
    const tree = sample();
    expect(valueOf(moveNode(tree, 'i3', 's1', 1))).toBe(tree);
  });

  it('refuses by the drag rules with the spec messages', () => {
    const tree = sample();
    expect(moveNode(tree, 'p2', 'p1', 0)).toEqual({ ok: false, message: 'Pages cannot be nested' });
    expect(moveNode(tree, 'p2', 's1', 0)).toEqual({ ok: false, message: 'Pages cannot be nested' });
    expect(moveNode(tree, 's1', 's2', 0)).toEqual({ ok: false, message: 'Sections can only be placed on pages' });
    expect(moveNode(tree, 's1', null, 0)).toEqual({ ok: false, message: 'Sections cannot be placed outside the form' });
    expect(moveNode(tree, 'i2', null, 0)).toEqual({ ok: false, message: 'Elements cannot be placed outside the form' });
    expect(moveNode(tree, 'h1', null, 1)).toEqual({ ok: false, message: 'Elements cannot be placed outside the form' });
  });
});

describe('updateNode', () => {
  it('changes one node and keeps every other node, childIds list and pageIds', () => {
    const tree = sample();
    const next = updateNode(tree, 'i2', { label: 'Area of law' });
    expect(next.nodes.i2).toEqual({ ...tree.nodes.i2, label: 'Area of law' });
    expect(next.nodes).not.toBe(tree.nodes);
    expect(next.childIds).toBe(tree.childIds);
    expect(next.pageIds).toBe(tree.pageIds);
    expectSharedExcept(tree, next, ['i2'], []);
    expect((tree.nodes.i2 as InputElement).label).toBe('Practice area');
  });

  it('returns the same tree when the patch changes nothing', () => {
    const tree = sample();
    expect(updateNode(tree, 'i1', { label: 'Full name', required: true })).toBe(tree);
    expect(updateNode(tree, 'i1', {})).toBe(tree);
  });

  it('ignores id, type and parentId (structure changes go through moveNode)', () => {
    const tree = sample();
    const next = updateNode(tree, 'i1', { id: 'x', type: 'presentation', parentId: 's2', label: 'Name' } as never);
    expect(next.nodes.i1).toMatchObject({ id: 'i1', type: 'input', parentId: 'p1', label: 'Name' });
    expect(next.childIds).toBe(tree.childIds);
  });

  it('updates pages and sections', () => {
    const tree = sample();
    expect(updateNode(tree, 'p1', { title: 'Start' }).nodes.p1).toEqual({ type: 'page', id: 'p1', title: 'Start' });
    expect(updateNode(tree, 's1', { collapsed: true }).nodes.s1).toMatchObject({ collapsed: true, collapsible: true });
  });

  it('throws on an unknown id', () => {
    expect(() => updateNode(sample(), 'nope', { label: 'x' })).toThrow('unknown element "nope"');
  });

  it('touches only one node per keystroke on a 500-element form', () => {
    const page = createPage('big');
    for (let i = 0; i < 499; i += 1) page.children.push(input(`e${i}`, 'big', { dataName: `e${i}` }));
    let tree = normaliseForm([page]);
    const first = tree;
    for (const label of ['H', 'He', 'Hel', 'Hell', 'Hello']) tree = updateNode(tree, 'e250', { label });
    expect(tree.nodes.e250).toMatchObject({ label: 'Hello' });
    expect(tree.childIds.big).toBe(first.childIds.big);
    let changed = 0;
    for (const id of Object.keys(first.nodes)) if (tree.nodes[id] !== first.nodes[id]) changed += 1;
    expect(changed).toBe(1);
  });
});
