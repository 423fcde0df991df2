import { describe, expect, it } from 'vitest';
import { createNewFormDocument } from '../../../src/domain/element-factory';
import type { ConditionalLogic, InputElement } from '../../../src/domain/form-document';
import { formDocumentSchema } from '../../../src/domain/form-document';
import { denormaliseForm, normaliseForm } from '../../../src/domain/form-tree';
import { canRemoveElement, cloneElement, removeElement } from '../../../src/domain/form-operations';
import { config, counterIds, rule, sampleDocument, sampleLogic } from './form-fixtures';

// p1: h1, i1 'Full name', s1 'Your matter' [i2 dropdown (o1, o2; default o2), i3]
// p2: i4 radio (o3, o4), s2 [i5 (default refers to i1)]
// logic: i3 ← i2 EQ o1; s2 ← [i4 EQ o3] & [i1 NOT_EMPTY]; i5 HIDE ← i3 EQ answer of i1; page p2 ← i1 NOT_EMPTY
const sample = () => normaliseForm(sampleDocument());

describe('cloneElement', () => {
  it("clones an input: new id, '-COPY' label, dataName from the new label, just after the original", () => {
    const tree = sample();
    const logic = sampleLogic();
    const result = cloneElement(tree, logic, 'i1', counterIds());
    expect(result.cloneId).toBe('new-1');
    expect(result.tree.childIds.p1).toEqual(['h1', 'i1', 'new-1', 's1']);
    expect(result.tree.nodes['new-1']).toEqual({
      ...tree.nodes.i1,
      id: 'new-1',
      label: 'Full name-COPY',
      dataName: 'full_name_copy',
    });
    // the original and the rest of the tree are untouched and shared
    expect(result.tree.nodes.i1).toBe(tree.nodes.i1);
    for (const id of Object.keys(tree.nodes)) expect(result.tree.nodes[id]).toBe(tree.nodes[id]);
    expect(result.tree.childIds.s1).toBe(tree.childIds.s1);
    expect(result.tree.pageIds).toBe(tree.pageIds);
    // no config of its own: logic unchanged
    expect(result.logic).toBe(logic);
  });

  it('keeps the dataName unique when the -COPY name is taken', () => {
    const first = cloneElement(sample(), sampleLogic(), 'i1', counterIds('a'));
    const second = cloneElement(first.tree, first.logic, 'i1', counterIds('b'));
    expect((second.tree.nodes['b-1'] as InputElement).dataName).toBe('full_name_copy_2');
    expect(second.tree.childIds.p1).toEqual(['h1', 'i1', 'b-1', 'a-1', 's1']);
  });

  it('gives a choice input new option ids and moves its static default onto them', () => {
    const result = cloneElement(sample(), sampleLogic(), 'i2', counterIds());
    const clone = result.tree.nodes['new-1'] as InputElement;
    expect(clone.options).toEqual([
      { id: 'new-2', text: 'Family' },
      { id: 'new-3', text: 'Injury' },
    ]);
    expect(clone.default).toEqual({ staticValue: 'new-3', referenceValueId: null });
    expect(clone.parentId).toBe('s1');
    expect(result.tree.childIds.s1).toEqual(['i2', 'new-1', 'i3']);
    const original = result.tree.nodes.i2 as InputElement;
    expect(original.options.map((option) => option.id)).toEqual(['o1', 'o2']);
  });

  it('clones its own logic config with new ids, pointing at the same triggers outside the clone', () => {
    const logic = sampleLogic();
    const result = cloneElement(sample(), logic, 'i5', counterIds());
    expect(result.logic.conditionMap['new-1']).toEqual({
      id: 'new-2',
      element: { id: 'new-1', type: 'input' },
      conditions: [
        {
          id: 'new-3',
          expression: [{ id: 'new-4', type: 'group', operator: 'AND', rules: [rule('new-5', 'i3', 'EQ', null, 'i1')] }],
          actions: [{ key: 'TOGGLE_VISIBILITY', value: 'HIDE' }],
        },
      ],
    });
    expect(result.logic.conditionMap.i5).toBe(logic.conditionMap.i5);
    expect(result.logic.pageMap).toBe(logic.pageMap);
    // its default still refers to i1, which was not cloned
    expect((result.tree.nodes['new-1'] as InputElement).default.referenceValueId).toBe('i1');
  });

  it('clones a section with its children; rules on cloned inputs point at the clones', () => {
    const tree = sample();
    const result = cloneElement(tree, sampleLogic(), 's1', counterIds());
    // ids: s1→new-1, i2→new-2, i3→new-3, i2 options→new-4, new-5
    expect(result.cloneId).toBe('new-1');
    expect(result.tree.childIds.p1).toEqual(['h1', 'i1', 's1', 'new-1']);
    expect(result.tree.childIds['new-1']).toEqual(['new-2', 'new-3']);
    expect(result.tree.nodes['new-1']).toMatchObject({ type: 'section', title: 'Your matter-COPY', parentId: 'p1', collapsible: true });
    expect(result.tree.nodes['new-2']).toMatchObject({ parentId: 'new-1', label: 'Practice area', dataName: 'practice_area_2' });
    expect(result.tree.nodes['new-3']).toMatchObject({ parentId: 'new-1', label: 'Details', dataName: 'details_2' });
    // i3's config (i3 shown when i2 = o1) becomes: clone of i3 shown when clone of i2 = clone of o1
    expect(result.logic.conditionMap['new-3']).toEqual({
      id: 'new-6',
      element: { id: 'new-3', type: 'input' },
      conditions: [
        {
          id: 'new-7',
          expression: [{ id: 'new-8', type: 'group', operator: 'AND', rules: [rule('new-9', 'new-2', 'EQ', 'new-4')] }],
          actions: [{ key: 'TOGGLE_VISIBILITY', value: 'SHOW' }],
        },
      ],
    });
    expect(result.tree.childIds.s1).toBe(tree.childIds.s1);
  });

  it('clones a page into the pageMap and its descendants into the conditionMap', () => {
    const logic = sampleLogic();
    const result = cloneElement(sample(), logic, 'p2', counterIds());
    // ids: p2→new-1, i4→new-2, s2→new-3, i5→new-4; i4 options → new-5 (o3), new-6 (o4)
    expect(result.tree.pageIds).toEqual(['p1', 'p2', 'new-1']);
    expect(result.tree.nodes['new-1']).toEqual({ type: 'page', id: 'new-1', title: 'Contact-COPY' });
    expect(result.logic.pageMap['new-1']).toMatchObject({ element: { id: 'new-1', type: 'page' } });
    expect(result.logic.pageMap['new-1'].conditions[0].expression[0].rules[0]).toMatchObject({ triggerId: 'i1', predicate: 'NOT_EMPTY' });
    const sectionRules = result.logic.conditionMap['new-3'].conditions[0].expression.map((group) => group.rules[0]);
    expect(sectionRules).toMatchObject([
      { triggerId: 'new-2', staticValue: 'new-5' },
      { triggerId: 'i1', staticValue: null },
    ]);
    expect(result.logic.conditionMap['new-4'].element).toEqual({ id: 'new-4', type: 'input' });
    expect(result.logic.pageMap.p2).toBe(logic.pageMap.p2);
    expect(Object.keys(result.logic.conditionMap).sort()).toEqual(['i3', 'i5', 'new-3', 'new-4', 's2']);
  });

  it('remaps checkbox array values and references to cloned inputs', () => {
    const doc = sampleDocument();
    doc[1].children[0] = { ...(doc[1].children[0] as InputElement), subtype: 'checkbox' };
    const section = doc[1].children[1];
    if (section.type !== 'section') throw new Error('fixture');
    section.children[0] = { ...(section.children[0] as InputElement), default: { staticValue: null, referenceValueId: 'i4' } };
    const logic: ConditionalLogic = { conditionMap: { i5: config('c', 'i5', 'input', [[rule('r', 'i4', 'EQ', ['o3', 'o4'])]]) }, pageMap: {} };
    const result = cloneElement(normaliseForm(doc), logic, 'p2', counterIds());
    expect(result.logic.conditionMap['new-4'].conditions[0].expression[0].rules[0].staticValue).toEqual(['new-5', 'new-6']);
    expect((result.tree.nodes['new-4'] as InputElement).default.referenceValueId).toBe('new-2');
  });

  it('yields a valid document (unique ids, dataNames, parentIds)', () => {
    let tree = sample();
    let logic = sampleLogic();
    for (const id of ['p1', 's1', 'i2', 'h1', 'p2']) ({ tree, logic } = cloneElement(tree, logic, id));
    const parsed = formDocumentSchema.safeParse(denormaliseForm(tree));
    expect(parsed.error?.issues ?? []).toEqual([]);
  });

  it('leaves a presentation content unchanged', () => {
    const result = cloneElement(sample(), sampleLogic(), 'h1', counterIds());
    expect(result.tree.nodes['new-1']).toEqual({ type: 'presentation', subtype: 'heading', id: 'new-1', parentId: 'p1', content: '<h2>Welcome</h2>' });
    expect(result.tree.childIds.p1).toEqual(['h1', 'new-1', 'i1', 's1']);
  });
});

describe('removeElement', () => {
  it('removes an input, and the config left without rules by it', () => {
    const tree = sample();
    const logic = sampleLogic();
    const result = removeElement(tree, logic, 'i2');
    expect(result.tree.nodes.i2).toBeUndefined();
    expect(result.tree.childIds.s1).toEqual(['i3']);
    // i3's only condition triggered on i2: condition, then config dropped
    expect(result.logic.conditionMap.i3).toBeUndefined();
    expect(result.logic.conditionMap.s2).toBe(logic.conditionMap.s2);
    expect(result.logic.conditionMap.i5).toBe(logic.conditionMap.i5);
    expect(result.logic.pageMap).toBe(logic.pageMap);
    // untouched parts shared
    expect(result.tree.nodes.i3).toBe(tree.nodes.i3);
    expect(result.tree.childIds.p1).toBe(tree.childIds.p1);
    expect(result.tree.pageIds).toBe(tree.pageIds);
  });

  it('removes rules triggering on or referring to it everywhere, dropping emptied groups and conditions', () => {
    const tree = sample();
    const logic = sampleLogic();
    const result = removeElement(tree, logic, 'i1');
    // s2 had [i4 EQ o3] and [i1 NOT_EMPTY]: the second group goes, the condition stays
    expect(result.logic.conditionMap.s2).toEqual({
      ...logic.conditionMap.s2,
      conditions: [{ ...logic.conditionMap.s2.conditions[0], expression: [logic.conditionMap.s2.conditions[0].expression[0]] }],
    });
    // i5's rule compared with i1's answer (referenceValueId): gone with its config
    expect(result.logic.conditionMap.i5).toBeUndefined();
    // page p2's only rule triggered on i1
    expect(result.logic.pageMap).toEqual({});
    expect(result.logic.conditionMap.i3).toBe(logic.conditionMap.i3);
  });

  it("clears defaults that referred to a removed input", () => {
    const tree = sample();
    const result = removeElement(tree, sampleLogic(), 'i1');
    expect(result.tree.nodes.i5).toEqual({ ...tree.nodes.i5, default: { staticValue: null, referenceValueId: null } });
    expect(result.tree.nodes.i4).toBe(tree.nodes.i4);
  });

  it('keeps the other rules of a group', () => {
    const logic: ConditionalLogic = {
      conditionMap: { i5: config('c', 'i5', 'input', [[rule('a', 'i1', 'NOT_EMPTY'), rule('b', 'i4', 'EQ', 'o4')]]) },
      pageMap: {},
    };
    const result = removeElement(sample(), logic, 'i1');
    expect(result.logic.conditionMap.i5.conditions[0].expression[0].rules).toEqual([rule('b', 'i4', 'EQ', 'o4')]);
    expect(result.logic.conditionMap.i5.conditions[0].expression[0].id).toBe('c-g0');
  });

  it('removes a section with its children and their configs', () => {
    const tree = sample();
    const logic = sampleLogic();
    const result = removeElement(tree, logic, 's1');
    for (const id of ['s1', 'i2', 'i3']) expect(result.tree.nodes[id]).toBeUndefined();
    expect(result.tree.childIds.s1).toBeUndefined();
    expect(result.tree.childIds.p1).toEqual(['h1', 'i1']);
    expect(result.logic.conditionMap.i3).toBeUndefined();
    // i5's rule triggered on i3
    expect(result.logic.conditionMap.i5).toBeUndefined();
    expect(result.logic.conditionMap.s2).toBe(logic.conditionMap.s2);
    expect(denormaliseForm(result.tree)[0].children.map((child) => child.id)).toEqual(['h1', 'i1']);
  });

  it('removes a page with everything on it and its page config', () => {
    const logic = sampleLogic();
    const result = removeElement(sample(), logic, 'p2');
    expect(result.tree.pageIds).toEqual(['p1']);
    expect(Object.keys(result.tree.nodes).sort()).toEqual(['h1', 'i1', 'i2', 'i3', 'p1', 's1']);
    expect(Object.keys(result.tree.childIds).sort()).toEqual(['p1', 's1']);
    expect(result.logic.pageMap).toEqual({});
    expect(Object.keys(result.logic.conditionMap)).toEqual(['i3']);
    expect(result.logic.conditionMap.i3).toBe(logic.conditionMap.i3);
  });

  it('returns the same logic when nothing referred to the element', () => {
    const logic = sampleLogic();
    expect(removeElement(sample(), logic, 'h1').logic).toBe(logic);
  });

  it('leaves groups that were already empty (being edited) alone', () => {
    const editing = config('e', 'h1', 'presentation', [[]]);
    const logic: ConditionalLogic = { ...sampleLogic(), conditionMap: { ...sampleLogic().conditionMap, h1: editing } };
    expect(removeElement(sample(), logic, 'i1').logic.conditionMap.h1).toBe(editing);
  });

  it('keeps the only page', () => {
    const tree = normaliseForm(createNewFormDocument());
    const logic = sampleLogic();
    const pageId = tree.pageIds[0];
    expect(canRemoveElement(tree, pageId)).toBe(false);
    const result = removeElement(tree, logic, pageId);
    expect(result.tree).toBe(tree);
    expect(result.logic).toBe(logic);
    expect(canRemoveElement(tree, tree.childIds[pageId][0])).toBe(true);
    expect(canRemoveElement(sample(), 'p1')).toBe(true);
    expect(canRemoveElement(sample(), 'unknown')).toBe(false);
  });
});
