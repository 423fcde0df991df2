/**
 * documentEqualsTree must answer exactly what deepEqual(document, denormaliseForm(tree)) answers (spec §4 unsaved
 * changes), for documents made from the tree and for documents that differ from it in every way a form can.
 */
import { describe, expect, it } from 'vitest';
import { deepEqual } from '../../../../src/domain/form-compare';
import type { FormDocument } from '../../../../src/domain/form-document';
import type { FormTree, TreeNode } from '../../../../src/domain/form-tree';
import { denormaliseForm, moveNode, normaliseForm, updateNode } from '../../../../src/domain/form-tree';
import { documentEqualsTree } from '../../../../src/features/builder/form-equality';
import { sampleDocument } from './builder-fixtures';

const reference = (document: unknown, tree: FormTree) => deepEqual(document, denormaliseForm(tree));
const copy = <T>(value: T): T => structuredClone(value);

function expectSameAnswer(document: unknown, tree: FormTree, expected: boolean) {
  expect(reference(document, tree)).toBe(expected);
  expect(documentEqualsTree(document as FormDocument, tree)).toBe(expected);
}

describe('documentEqualsTree', () => {
  const tree = normaliseForm(sampleDocument());

  it('is true for the document the tree makes, shared or copied', () => {
    expectSameAnswer(denormaliseForm(tree), tree, true);
    expectSameAnswer(copy(denormaliseForm(tree)), tree, true);
    expectSameAnswer(sampleDocument(), tree, true);
  });

  it('ignores key order and keys holding undefined, as deepEqual does', () => {
    const document = copy(denormaliseForm(tree)) as unknown as Record<string, unknown>[];
    const [first] = document;
    const reordered = Object.fromEntries(Object.entries(first).reverse());
    (reordered as Record<string, unknown>).extra = undefined;
    document[0] = reordered;
    expectSameAnswer(document, tree, true);
  });

  it('is false after an edit of a leaf, a section or a page', () => {
    const edits: [string, Partial<TreeNode>][] = [
      ['i2', { label: 'Area of law' }],
      ['i3', { required: true }],
      ['i2', { options: [{ id: 'o9', text: 'Other' }] }],
      ['s1', { title: 'Case' }],
      ['s1', { collapsible: true }],
      ['p1', { title: 'You' }],
    ];
    for (const [id, patch] of edits) {
      expectSameAnswer(denormaliseForm(tree), updateNode(tree, id, patch), false);
    }
  });

  it('is false after a move, and true again when the document follows', () => {
    const moved = moveNode(tree, 'i3', 's1', 0);
    if (!moved.ok) throw new Error('move refused');
    expectSameAnswer(denormaliseForm(tree), moved.value, false);
    expectSameAnswer(denormaliseForm(moved.value), moved.value, true);
    const pages = moveNode(tree, tree.pageIds[1], null, 0);
    if (!pages.ok) throw new Error('move refused');
    expectSameAnswer(denormaliseForm(tree), pages.value, false);
  });

  it('is false for documents with an extra, missing or changed field or child', () => {
    const variants: ((document: Record<string, unknown>[]) => void)[] = [
      (document) => document.pop(),
      (document) => document.push(copy(document[0])),
      (document) => ((document[0].children as unknown[]).length = 1),
      (document) => (document[0].children as unknown[]).push({ type: 'input', id: 'x' }),
      (document) => (document[0].extra = 1),
      (document) => delete document[0].title,
      (document) => (document[0].children = undefined),
      (document) => (document[0].children = {}),
      (document) => ((document[0].children as Record<string, unknown>[])[1].extra = null),
      (document) => ((document[0].children as Record<string, unknown>[])[1].children = []),
      (document) => ((document[0].children as Record<string, unknown>[])[0].label = 'Name'),
      (document) => (document[0] = [] as unknown as Record<string, unknown>),
    ];
    for (const change of variants) {
      const document = copy(denormaliseForm(tree)) as unknown as Record<string, unknown>[];
      change(document);
      expectSameAnswer(document, tree, false);
    }
  });
});
