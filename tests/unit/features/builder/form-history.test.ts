import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { FormTemplate } from '../../../../src/api/form-templates';
import { asFieldHistoryChange } from '../../../../src/components/field-history';
import { DEFAULT_BUTTON_STYLE } from '../../../../src/domain/form-document';
import { cloneElementById, moveElementBy, removeElementById } from '../../../../src/features/builder/element-actions';
import { editRedone, editUndone } from '../../../../src/features/builder/form-history';
import {
  selectCanRedo,
  selectCanUndo,
  selectFormSnapshot,
  selectHasUnsavedChanges,
  selectNode,
} from '../../../../src/features/builder/form-selectors';
import {
  buttonStyleChanged,
  dataNameEdited,
  elementAdded,
  elementSelected,
  elementUpdated,
  logicConditionAdded,
  settingsChanged,
} from '../../../../src/features/builder/form-slice';
import { saveForm } from '../../../../src/features/builder/form-thunks';
import { createElementOfKind } from '../../../../src/features/builder/palette-kinds';
import { formToSave } from '../../../../src/domain/form-save';
import { loadedStore, templateJson } from './builder-fixtures';

type Store = ReturnType<typeof loadedStore>;

let now = 1_700_000_000_000;
/** Moves the clock the edits are stamped with. */
const wait = (ms: number) => {
  now += ms;
  vi.setSystemTime(now);
};

beforeEach(() => {
  vi.useFakeTimers({ toFake: ['Date'] });
  vi.setSystemTime(now);
});
afterEach(() => {
  vi.useRealTimers();
});

/** The saved parts of the form (what undo must bring back exactly). */
const formOf = (store: Store) => selectFormSnapshot(store.getState());
const undo = (store: Store) => store.dispatch(editUndone());
const redo = (store: Store) => store.dispatch(editRedone());

/** Types `text` into input i1's label, one key per `gap` ms, as typing sends it. */
function typeLabel(store: Store, text: string, gap = 100) {
  for (const char of text) {
    const label = (selectNode(store.getState(), 'i1') as { label: string }).label;
    store.dispatch(elementUpdated({ id: 'i1', patch: { label: label + char } }));
    wait(gap);
  }
}

describe('builder undo and redo', () => {
  it('undoes and redoes every kind of edit, each back to exactly the form it came from', () => {
    const store = loadedStore();
    const states = [formOf(store)];
    const edits: (() => unknown)[] = [
      () => store.dispatch(elementAdded({ element: createElementOfKind('email', 'new-email', 'p1', store.getState().form.tree), parentId: 'p1', index: 0 })),
      () => store.dispatch(moveElementBy('i1', 'down')),
      () => store.dispatch(elementUpdated({ id: 'i2', patch: { required: true } })),
      () => store.dispatch(cloneElementById('i3')),
      () => store.dispatch(removeElementById('s2')),
      () => store.dispatch(logicConditionAdded('i3')),
      () => store.dispatch(buttonStyleChanged({ textColor: '#000000' })),
      () => store.dispatch(settingsChanged({ displayName: 'Start here' })),
      () => store.dispatch(dataNameEdited({ id: 'i1', dataName: 'client' })),
    ];
    for (const edit of edits) {
      edit();
      wait(1000);
      states.push(formOf(store));
      expect(states.at(-1)).not.toEqual(states.at(-2));
    }
    for (let i = states.length - 2; i >= 0; i -= 1) {
      undo(store);
      expect(formOf(store)).toEqual(states[i]);
    }
    expect(selectCanUndo(store.getState())).toBe(false);
    for (let i = 1; i < states.length; i += 1) {
      redo(store);
      expect(formOf(store)).toEqual(states[i]);
    }
    expect(selectCanRedo(store.getState())).toBe(false);
  });

  it('has no unsaved changes once undone back to the published copy, and has them again on redo', () => {
    const store = loadedStore();
    store.dispatch(elementUpdated({ id: 'i1', patch: { label: 'Client name' } }));
    store.dispatch(removeElementById('i3'));
    expect(selectHasUnsavedChanges(store.getState())).toBe(true);
    undo(store);
    undo(store);
    expect(selectHasUnsavedChanges(store.getState())).toBe(false);
    redo(store);
    expect(selectHasUnsavedChanges(store.getState())).toBe(true);
  });

  it('makes one step of typing in one field until a 500 ms pause, like the rich-text history', () => {
    const store = loadedStore();
    typeLabel(store, ' Jr', 100); // three keys, 100 ms apart: one step
    wait(600);
    typeLabel(store, '.', 100); // after the pause: a new step
    expect((selectNode(store.getState(), 'i1') as { label: string }).label).toBe('Full name Jr.');
    undo(store);
    expect(selectNode(store.getState(), 'i1')).toMatchObject({ label: 'Full name Jr' });
    undo(store);
    expect(selectNode(store.getState(), 'i1')).toMatchObject({ label: 'Full name', dataName: 'full_name' });
    expect(selectCanUndo(store.getState())).toBe(false);
  });

  it('starts a new step when another field is typed into, however quickly', () => {
    const store = loadedStore();
    store.dispatch(elementUpdated({ id: 'i1', patch: { label: 'Name' } }));
    store.dispatch(elementUpdated({ id: 'i1', patch: { placeholder: 'Jane' } }));
    store.dispatch(elementUpdated({ id: 'i1', patch: { label: 'Names' } }));
    undo(store);
    expect(selectNode(store.getState(), 'i1')).toMatchObject({ label: 'Name', placeholder: 'Jane' });
    undo(store);
    expect(selectNode(store.getState(), 'i1')).toMatchObject({ label: 'Name', placeholder: '' });
  });

  it('keeps the last 100 steps', () => {
    const store = loadedStore();
    for (let i = 1; i <= 120; i += 1) {
      store.dispatch(elementUpdated({ id: 'i2', patch: { required: i % 2 === 1 } }));
      wait(1000);
    }
    let undone = 0;
    while (selectCanUndo(store.getState())) {
      undo(store);
      undone += 1;
    }
    expect(undone).toBe(100);
    // Back 100 of 120 steps: the 20th state, not the loaded one.
    expect(selectNode(store.getState(), 'i2')).toMatchObject({ required: false });
    expect(selectHasUnsavedChanges(store.getState())).toBe(false);
  });

  it('records nothing for a selection, and nothing for an edit that changes nothing', () => {
    const store = loadedStore();
    store.dispatch(elementSelected('i2'));
    store.dispatch(elementUpdated({ id: 'i1', patch: { label: 'Full name' } }));
    store.dispatch(moveElementBy('p1', 'up'));
    expect(selectCanUndo(store.getState())).toBe(false);
  });

  it('selects what a step changed: the edited or removed element, or the selection before an addition', () => {
    const store = loadedStore();
    store.dispatch(elementSelected('i2'));
    store.dispatch(elementUpdated({ id: 'i2', patch: { label: 'Area' } }));
    store.dispatch(elementSelected('i1'));
    store.dispatch(removeElementById('i1'));
    store.dispatch(elementSelected('s2'));
    const id = store.dispatch(cloneElementById('s2'));

    undo(store); // the copy goes: the section copied is selected again
    expect(store.getState().form.selectedElementId).toBe('s2');
    undo(store); // the removed input comes back, selected
    expect(store.getState().form).toMatchObject({ selectedElementId: 'i1', currentPageId: 'p1' });
    undo(store); // the label edit: that input is selected
    expect(store.getState().form.selectedElementId).toBe('i2');
    expect(store.getState().form.historyStep).toMatchObject({ direction: 'undo', edit: { kind: 'update', elementId: 'i2' } });

    redo(store);
    redo(store);
    redo(store);
    expect(store.getState().form.selectedElementId).toBe(id);
    expect(store.getState().form.historyStep).toMatchObject({ direction: 'redo', edit: { kind: 'clone', elementId: id } });
  });

  it('brings back whether a data name was typed by hand', () => {
    const store = loadedStore();
    store.dispatch(dataNameEdited({ id: 'i1', dataName: 'client' }));
    wait(1000);
    undo(store);
    store.dispatch(elementUpdated({ id: 'i1', patch: { label: 'Client' } }));
    // The data name follows the label again, as before it was typed.
    expect(selectNode(store.getState(), 'i1')).toMatchObject({ dataName: 'client', label: 'Client' });
    expect(store.getState().form.customDataNames.i1).toBeUndefined();
  });

  it("walks back with a field's own undo, so the next undo does not bring back what the field undid", () => {
    const store = loadedStore();
    store.dispatch(elementUpdated({ id: 'i2', patch: { required: true } }));
    wait(1000);
    typeLabel(store, 'abc');
    wait(1000);
    typeLabel(store, 'def');
    // The field's own undo (the browser's, or ProseMirror's) takes the label back step by step.
    asFieldHistoryChange(() => store.dispatch(elementUpdated({ id: 'i1', patch: { label: 'Full nameabc' } })));
    asFieldHistoryChange(() => store.dispatch(elementUpdated({ id: 'i1', patch: { label: 'Full name' } })));
    expect(selectNode(store.getState(), 'i1')).toMatchObject({ label: 'Full name' });
    // The form's undo goes on from there: to the edit before the typing.
    undo(store);
    expect(selectNode(store.getState(), 'i2')).toMatchObject({ required: false });
    expect(selectNode(store.getState(), 'i1')).toMatchObject({ label: 'Full name' });
    expect(selectCanUndo(store.getState())).toBe(false);
  });

  it('starts afresh when a form is loaded, and keeps the steps across a save', async () => {
    const store = loadedStore();
    store.dispatch(elementUpdated({ id: 'i1', patch: { label: 'Client name' } }));
    expect(selectCanUndo(store.getState())).toBe(true);

    const sent = formToSave(formOf(store));
    const template = templateJson({ updatedAt: '2024-06-01T08:00:00.000Z', jsonForm: sent.jsonForm }) as unknown as FormTemplate;
    store.dispatch({
      type: saveForm.fulfilled.type,
      payload: { template, created: false, sent, editedLogic: sent.jsonConditionalLogic, restored: null },
      meta: { arg: undefined, requestId: 's1', requestStatus: 'fulfilled' },
    });
    expect(selectHasUnsavedChanges(store.getState())).toBe(false);
    expect(selectCanUndo(store.getState())).toBe(true);
    // Undoing past the save is a change from what is saved.
    undo(store);
    expect(selectNode(store.getState(), 'i1')).toMatchObject({ label: 'Full name' });
    expect(selectHasUnsavedChanges(store.getState())).toBe(true);

    const reloaded = loadedStore();
    expect(selectCanUndo(reloaded.getState())).toBe(false);
    expect(selectCanRedo(reloaded.getState())).toBe(false);
  });

  it('undoes the button style reset and a settings edit as their own steps', () => {
    const store = loadedStore();
    store.dispatch(buttonStyleChanged({ submitTextContent: 'Send' }));
    wait(1000);
    store.dispatch(settingsChanged({ name: 'Intake' }));
    undo(store);
    expect(store.getState().form.name).toBe('Client intake');
    expect(store.getState().form.historyStep?.edit).toEqual({ kind: 'settings', elementId: null });
    undo(store);
    expect(store.getState().form.style.button).toEqual(DEFAULT_BUTTON_STYLE);
  });
});
