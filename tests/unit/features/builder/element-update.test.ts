/**
 * The property edit that typing sends, built outside Immer (element-update.ts): it must give what the Immer reducer
 * would (structure sharing, frozen, dataName following the label) and ask for the other inputs' dataNames once per
 * element being typed into, not once per key.
 */
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { collectDataNames } from '../../../../src/domain/data-name';
import type * as DataNameModule from '../../../../src/domain/data-name';
import { normaliseForm, updateNode } from '../../../../src/domain/form-tree';
import { updateElement } from '../../../../src/features/builder/element-update';
import { initialFormState } from '../../../../src/features/builder/form-state';
import type { FormState } from '../../../../src/features/builder/form-state';
import { sampleDocument } from './builder-fixtures';

vi.mock('../../../../src/domain/data-name', async (importOriginal) => {
  const original = await importOriginal<typeof DataNameModule>();
  return { ...original, collectDataNames: vi.fn(original.collectDataNames) };
});

const collected = vi.mocked(collectDataNames);

function loaded(overrides: Partial<FormState> = {}): FormState {
  return { ...initialFormState, tree: normaliseForm(sampleDocument()), loadStatus: 'loaded', ...overrides };
}

/** One updateElement per prefix of `label`, as typing it sends. */
function type(state: FormState, id: string, label: string): FormState {
  let next = state;
  for (let end = 1; end <= label.length; end += 1) next = updateElement(next, { id, patch: { label: label.slice(0, end) } });
  return next;
}

beforeEach(() => {
  collected.mockClear();
});

describe('updateElement', () => {
  it('returns the same state when the patch changes nothing, or names no element', () => {
    const state = loaded();
    expect(updateElement(state, { id: 'i2', patch: { label: 'Practice area' } })).toBe(state);
    expect(updateElement(state, { id: 'nope', patch: { label: 'x' } })).toBe(state);
  });

  it('replaces the edited node only, and leaves the rest of the state as it was', () => {
    const state = loaded();
    const next = updateElement(state, { id: 'i2', patch: { required: true } });
    expect(next.tree.nodes.i2).toMatchObject({ required: true });
    expect(state.tree.nodes.i2).not.toMatchObject({ required: true });
    for (const id of Object.keys(state.tree.nodes)) if (id !== 'i2') expect(next.tree.nodes[id]).toBe(state.tree.nodes[id]);
    expect(next.tree.childIds).toBe(state.tree.childIds);
    expect(next.tree.pageIds).toBe(state.tree.pageIds);
    expect(next.logic).toBe(state.logic);
    expect(next.elementErrors).toBe(state.elementErrors);
  });

  it('freezes the new state as Immer would, patch values included', () => {
    const options = [{ id: 'o1', text: 'Family' }];
    const next = updateElement(loaded(), { id: 'i2', patch: { options } });
    for (const value of [next, next.tree, next.tree.nodes, next.tree.nodes.i2, options, options[0]]) expect(Object.isFrozen(value)).toBe(true);
  });

  it('makes the dataName from the label, unique among the other inputs', () => {
    let state = type(loaded(), 'i1', 'Practice area');
    expect(state.tree.nodes.i1).toMatchObject({ label: 'Practice area', dataName: 'practice_area_2' });
    state = updateElement(state, { id: 'i1', patch: { label: 'Prénom & nom' } });
    expect(state.tree.nodes.i1).toMatchObject({ dataName: 'prenom_nom' });
  });

  it('leaves a dataName set by hand alone', () => {
    const state = updateElement(loaded({ customDataNames: { i1: true } }), { id: 'i1', patch: { label: 'Client' } });
    expect(state.tree.nodes.i1).toMatchObject({ label: 'Client', dataName: 'full_name' });
    expect(collected).not.toHaveBeenCalled();
  });

  it('collects the other dataNames once while one label is typed, again for another element', () => {
    let state = type(loaded(), 'i1', 'Client');
    expect(collected).toHaveBeenCalledTimes(1);
    state = type(state, 'i3', 'Client');
    expect(collected).toHaveBeenCalledTimes(2);
    expect(state.tree.nodes.i3).toMatchObject({ dataName: 'client_2' });
  });

  it('collects them again when another input changed the nodes meanwhile', () => {
    let state = type(loaded(), 'i3', 'Name');
    expect(state.tree.nodes.i3).toMatchObject({ dataName: 'name' });
    // i1 takes the name i3's next key would make, by an edit that does not go through updateElement.
    state = { ...state, tree: updateNode(state.tree, 'i1', { dataName: 'names' }) };
    state = updateElement(state, { id: 'i3', patch: { label: 'Names' } });
    expect(state.tree.nodes.i3).toMatchObject({ dataName: 'names_2' });
    expect(collected).toHaveBeenCalledTimes(2);
  });

  it('does not reuse the names of a state it did not make (another store, an undone edit)', () => {
    const first = loaded();
    type(first, 'i1', 'Name');
    const other = loaded({ tree: { ...first.tree, nodes: { ...first.tree.nodes } } });
    const next = type(other, 'i1', 'Name');
    expect(next.tree.nodes.i1).toMatchObject({ dataName: 'name' });
    expect(collected).toHaveBeenCalledTimes(2);
  });
});
