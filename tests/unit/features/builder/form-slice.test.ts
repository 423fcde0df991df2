import { describe, expect, it } from 'vitest';
import { userLoggedOut } from '../../../../src/app/root-actions';
import { makeStore } from '../../../../src/app/store';
import type { FormTemplate } from '../../../../src/api/form-templates';
import { normaliseForm } from '../../../../src/domain/form-tree';
import {
  NIL_UUID,
  dataNameEdited,
  dataNameRegenerated,
  elementRemoved,
  elementSelected,
  elementUpdated,
  loadForm,
  selectChildIds,
  selectFormSnapshot,
  selectHasUnsavedChanges,
  selectNode,
  settingsChanged,
} from '../../../../src/features/builder/form-slice';
import { ACCOUNT_ID, FORM_ID, sampleDocument, templateJson } from './builder-fixtures';

/** A store holding the sample form (or `jsonForm`) as if loaded from the server. */
function loadedStore(jsonForm?: FormTemplate['jsonForm']) {
  const store = makeStore();
  const template = templateJson(jsonForm ? { jsonForm } : {}) as unknown as FormTemplate;
  const meta = { arg: { accountId: ACCOUNT_ID, formId: FORM_ID }, requestId: 'r1' };
  store.dispatch({ type: loadForm.pending.type, meta: { ...meta, requestStatus: 'pending' } });
  store.dispatch({
    type: loadForm.fulfilled.type,
    payload: {
      formId: FORM_ID,
      accountId: ACCOUNT_ID,
      published: template,
      settings: { name: template.name, displayName: template.displayName, description: template.description, customSubmitMessage: template.customSubmitMessage },
      tree: normaliseForm(template.jsonForm),
      logic: template.jsonConditionalLogic,
      style: template.jsonFormStyle,
    },
    meta: { ...meta, requestStatus: 'fulfilled' },
  });
  return store;
}

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
