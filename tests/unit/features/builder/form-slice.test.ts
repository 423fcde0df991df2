import { describe, expect, it } from 'vitest';
import { userLoggedOut } from '../../../../src/app/root-actions';
import { makeStore } from '../../../../src/app/store';
import type { FormDocument, InputElement, SectionElement } from '../../../../src/domain/form-document';
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
import { ACCOUNT_ID, loadedStore, sampleDocument, savableDocument } from './builder-fixtures';

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

const fullName = (doc: FormDocument) => doc[0].children[0] as InputElement;
const practiceArea = (doc: FormDocument) => (doc[0].children[1] as SectionElement).children[0] as InputElement;

describe('form slice: a refused save, and the re-check as problems are fixed', () => {
  /** A store whose form has an unlabelled input (i1), a blank option (i2) and no name; its save refused by the check. */
  async function refusedStore() {
    const store = loadedStore(
      savableDocument((doc) => {
        fullName(doc).label = '';
        practiceArea(doc).options = [
          { id: 'o1', text: 'Family' },
          { id: 'o2', text: ' ' },
        ];
      }),
    );
    store.dispatch(settingsChanged({ name: '' }));
    const result = await store.dispatch(saveForm());
    expect(result.meta.requestStatus).toBe('rejected');
    return store;
  }

  it('files each problem under its element and its setting, in the order of the summary, without a request', async () => {
    const store = await refusedStore();
    const { form, app } = store.getState();
    expect(form.saveIssues.map((issue) => issue.key)).toEqual(['name', 'jsonForm.0.children.0.label', 'jsonForm.0.children.1.children.0.options.1.text']);
    expect(Object.keys(form.elementErrors)).toEqual(['i1', 'i2']);
    expect(form.elementErrors.i1.map((issue) => issue.message)).toEqual(['Type a label. Without one, respondents see a box with no question.']);
    expect(form.settingsErrors).toEqual({ name: 'Form name is required' });
    // The panel of the first problem opens; the first element with a problem is selected.
    expect(form.saveProblem).toBe('settings');
    expect(form.selectedElementId).toBe('i1');
    expect(app.toast).toMatchObject({
      variant: 'danger',
      message: 'Unable to update form. Form name is required. And 2 more problems, listed above the form.',
    });
  });

  it('drops a problem as soon as an edit fixes it and keeps the others as they were (same lists)', async () => {
    const store = await refusedStore();
    const before = store.getState().form;
    store.dispatch(elementUpdated({ id: 'i1', patch: { label: 'F' } }));
    const after = store.getState().form;
    expect(after.elementErrors.i1).toBeUndefined();
    expect(after.elementErrors.i2).toBe(before.elementErrors.i2);
    expect(after.saveIssues.map((issue) => issue.key)).toEqual(['name', 'jsonForm.0.children.1.children.0.options.1.text']);
    // A keystroke that fixes nothing leaves the state's lists alone.
    store.dispatch(elementUpdated({ id: 'i1', patch: { label: 'Fu' } }));
    expect(store.getState().form.saveIssues).toBe(after.saveIssues);
    expect(store.getState().form.elementErrors).toBe(after.elementErrors);

    store.dispatch(elementUpdated({ id: 'i2', patch: { options: [{ id: 'o1', text: 'Family' }, { id: 'o2', text: 'Divorce' }] } }));
    store.dispatch(settingsChanged({ name: 'Intake' }));
    expect(store.getState().form).toMatchObject({ saveIssues: [], elementErrors: {}, settingsErrors: {}, saveProblem: null });
  });

  it('keeps a problem an edit does not fix, worded for the element as it is now', async () => {
    const store = await refusedStore();
    store.dispatch(elementUpdated({ id: 'i2', patch: { label: 'Area of law' } }));
    const [issue] = store.getState().form.elementErrors.i2;
    expect(issue.subject).toBe('“Area of law”');
    expect(issue.message).toBe('Option 2 is blank. Type its text or delete it.');
  });

  it('shows a problem made after the save only at the next save', async () => {
    const store = await refusedStore();
    store.dispatch(elementUpdated({ id: 'i3', patch: { label: '' } }));
    expect(store.getState().form.elementErrors.i3).toBeUndefined();
    await store.dispatch(saveForm());
    expect(store.getState().form.elementErrors.i3?.map((issue) => issue.target)).toEqual([{ kind: 'element', elementId: 'i3', field: 'label', optionIndex: null }]);
  });

  it('lets the problems of a removed element go with it', async () => {
    const store = await refusedStore();
    store.dispatch(elementRemoved('i1'));
    expect(store.getState().form.elementErrors.i1).toBeUndefined();
    expect(store.getState().form.saveIssues.some((issue) => issue.target.kind === 'element' && issue.target.elementId === 'i1')).toBe(false);
  });
});
