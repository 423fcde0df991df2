import { describe, expect, it } from 'vitest';
import { userLoggedOut } from '../../../../src/app/root-actions';
import { makeStore } from '../../../../src/app/store';
import { NIL_UUID } from '../../../../src/domain/ids';
import {
  dataNameEdited,
  dataNameRegenerated,
  elementRemoved,
  elementSelected,
  elementUpdated,
  settingsChanged,
} from '../../../../src/features/builder/form-slice';
import { loadForm, saveForm } from '../../../../src/features/builder/form-thunks';
import {
  selectChildIds,
  selectFormSnapshot,
  selectHasUnsavedChanges,
  selectNode,
} from '../../../../src/features/builder/form-selectors';
import { ACCOUNT_ID, loadedStore, sampleDocument } from './builder-fixtures';

describe('form slice', () => {
  it('loads a new form for the nil id: a first page holding one empty section, never saved', async () => {
    const store = makeStore();
    await store.dispatch(loadForm({ accountId: ACCOUNT_ID, formId: NIL_UUID }));
    const { form } = store.getState();
    expect(form).toMatchObject({ formId: NIL_UUID, loadStatus: 'loaded', published: null, name: '' });
    expect(form.tree.pageIds).toHaveLength(1);
    const [section] = selectChildIds(store.getState(), form.tree.pageIds[0]);
    expect(selectNode(store.getState(), section)).toMatchObject({ type: 'section', title: 'Section' });
    expect(selectHasUnsavedChanges(store.getState())).toBe(true);
  });

  it('keeps every untouched node and child list when one element changes', () => {
    const store = loadedStore();
    const before = store.getState().form.tree;
    store.dispatch(elementUpdated({ id: 'i2', patch: { label: 'Area of law' } }));
    const after = store.getState().form.tree;
    expect(after.nodes.i2).not.toBe(before.nodes.i2);
    for (const id of ['p1', 'i1', 's1', 'i3', 'p2', 's2']) expect(after.nodes[id]).toBe(before.nodes[id]);
    expect(after.childIds).toBe(before.childIds);
    expect(after.pageIds).toBe(before.pageIds);
  });

  it('follows the label with the data name until it is edited by hand, and again after regenerating', () => {
    const store = loadedStore();
    store.dispatch(elementUpdated({ id: 'i1', patch: { label: 'Prénom & nom' } }));
    expect(selectNode(store.getState(), 'i1')).toMatchObject({ dataName: 'prenom_nom' });
    store.dispatch(dataNameEdited({ id: 'i1', dataName: 'client' }));
    store.dispatch(elementUpdated({ id: 'i1', patch: { label: 'Name' } }));
    expect(selectNode(store.getState(), 'i1')).toMatchObject({ label: 'Name', dataName: 'client' });
    store.dispatch(dataNameRegenerated('i1'));
    expect(selectNode(store.getState(), 'i1')).toMatchObject({ dataName: 'name' });
  });

  it('treats a loaded data name that differs from its label’s as set by hand', () => {
    const doc = sampleDocument();
    (doc[0].children[0] as { dataName: string }).dataName = 'client_name';
    const store = loadedStore(doc);
    store.dispatch(elementUpdated({ id: 'i1', patch: { label: 'Client' } }));
    expect(selectNode(store.getState(), 'i1')).toMatchObject({ label: 'Client', dataName: 'client_name' });
    // The sample's other inputs still follow their labels.
    store.dispatch(elementUpdated({ id: 'i3', patch: { label: 'Children' } }));
    expect(selectNode(store.getState(), 'i3')).toMatchObject({ dataName: 'children' });
  });

  it('tracks unsaved changes against the published copy (and their undoing)', () => {
    const store = loadedStore();
    expect(selectHasUnsavedChanges(store.getState())).toBe(false);
    store.dispatch(settingsChanged({ description: 'Changed' }));
    expect(selectHasUnsavedChanges(store.getState())).toBe(true);
    store.dispatch(settingsChanged({ description: 'First contact' }));
    expect(selectHasUnsavedChanges(store.getState())).toBe(false);
    store.dispatch(elementUpdated({ id: 'i3', patch: { required: true } }));
    expect(selectHasUnsavedChanges(store.getState())).toBe(true);
    expect(selectFormSnapshot(store.getState()).jsonForm[0].children[1]).toMatchObject({ type: 'section', children: [{}, { required: true }] });
  });

  it('clears the selection when the selected element goes with a removed container', () => {
    const store = loadedStore();
    store.dispatch(elementSelected('i3'));
    store.dispatch(elementRemoved('s1'));
    expect(store.getState().form.selectedElementId).toBeNull();
    expect(selectChildIds(store.getState(), 'p1')).toEqual(['i1']);
  });

  it('resets on sign-out', () => {
    const store = loadedStore();
    store.dispatch(userLoggedOut());
    expect(store.getState().form).toMatchObject({ formId: null, loadStatus: 'idle', tree: { pageIds: [] } });
  });
});

describe('form slice: property edits (elementUpdated, handled outside Immer)', () => {
  it('returns the same state when the patch changes nothing, or names no element', () => {
    const store = loadedStore();
    const before = store.getState().form;
    store.dispatch(elementUpdated({ id: 'i2', patch: { label: 'Practice area' } }));
    store.dispatch(elementUpdated({ id: 'nope', patch: { label: 'x' } }));
    expect(store.getState().form).toBe(before);
  });

  it('leaves a frozen state, as Immer does, patch values included', () => {
    const store = loadedStore();
    const options = [{ id: 'o1', text: 'Family' }];
    store.dispatch(elementUpdated({ id: 'i2', patch: { options } }));
    const { form } = store.getState();
    expect(Object.isFrozen(form)).toBe(true);
    expect(Object.isFrozen(form.tree)).toBe(true);
    expect(Object.isFrozen(form.tree.nodes)).toBe(true);
    expect(Object.isFrozen(form.tree.nodes.i2)).toBe(true);
    expect(Object.isFrozen(options)).toBe(true);
    expect(Object.isFrozen(options[0])).toBe(true);
  });

  it("clears the edited element's errors and no other's", () => {
    const store = loadedStore();
    store.dispatch({
      type: saveForm.rejected.type,
      payload: { status: 400, message: 'x', elementErrors: { i1: ['Bad'], i2: ['Bad'] }, settingsErrors: {}, problem: 'elements' },
      meta: { requestStatus: 'rejected', requestId: 'r2', rejectedWithValue: true },
      error: {},
    });
    store.dispatch(elementUpdated({ id: 'i2', patch: { label: 'Area of law' } }));
    expect(store.getState().form.elementErrors).toEqual({ i1: ['Bad'] });
  });

  it('keeps generated data names unique while typing, also after another input takes the next name', () => {
    const store = loadedStore();
    const type = (id: string, label: string) => {
      for (let end = 1; end <= label.length; end += 1) store.dispatch(elementUpdated({ id, patch: { label: label.slice(0, end) } }));
    };
    type('i1', 'Name');
    expect(selectNode(store.getState(), 'i1')).toMatchObject({ dataName: 'name' });
    type('i3', 'Name');
    expect(selectNode(store.getState(), 'i3')).toMatchObject({ dataName: 'name_2' });
    // i1 is renamed by hand to what i3's next label would make: i3 must not take it too.
    store.dispatch(dataNameEdited({ id: 'i1', dataName: 'names' }));
    store.dispatch(elementUpdated({ id: 'i3', patch: { label: 'Names' } }));
    expect(selectNode(store.getState(), 'i3')).toMatchObject({ dataName: 'names_2' });
    store.dispatch(elementUpdated({ id: 'i3', patch: { label: 'Name' } }));
    expect(selectNode(store.getState(), 'i3')).toMatchObject({ dataName: 'name' });
  });

  it('answers unsaved changes after each key as a fresh comparison of the whole snapshot would', () => {
    const store = loadedStore();
    const label = 'Full name';
    for (const next of [`${label}s`, `${label}`, 'Full nam', label]) {
      store.dispatch(elementUpdated({ id: 'i1', patch: { label: next } }));
      const state = store.getState();
      const fresh = JSON.stringify(selectFormSnapshot(state)) !== JSON.stringify(state.form.snapshotOfPublished);
      expect(selectHasUnsavedChanges(state)).toBe(fresh);
    }
    expect(selectHasUnsavedChanges(store.getState())).toBe(false);
  });
});
