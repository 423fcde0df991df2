/**
 * Undo and Redo in the builder's top bar, and their keys: Ctrl+Z (⌘Z) undoes, Ctrl+Shift+Z (⇧⌘Z) and Ctrl+Y redo.
 * A text field keeps the keys while it has typing of its own to undo (the browser's undo in a text box, the
 * rich-text editor's history in a rich-text field); then they undo the form. Each step is announced, and focus that
 * the step took away (the element it removed) goes to the selected element.
 */
import { useCallback, useEffect } from 'react';
import Button from 'react-bootstrap/Button';
import { useStore } from 'react-redux';
import { useAppDispatch, useAppSelector } from '../../app/hooks';
import type { RootState } from '../../app/store';
import { hasOwnTextHistory, historyKeyOf, isHistoryKeyFree, restartOwnTextHistory, watchFieldHistory } from '../../components/field-history';
import type { HistoryDirection } from '../../components/field-history';
import type { FormTree } from '../../domain/form-tree';
import { RedoIcon, UndoIcon } from './builder-icons';
import { focusCanvasElementSoon } from './focus';
import { editRedone, editUndone } from './form-history';
import { selectCanRedo, selectCanUndo } from './form-selectors';
import type { BuilderEdit } from './form-state';
import { announce } from './live-announcer';
import { elementName } from './palette-kinds';

type Direction = HistoryDirection;

const IS_MAC = typeof navigator !== 'undefined' && /Mac|iPhone|iPad/.test(navigator.platform);
const KEYS: Record<Direction, { shown: string; aria: string }> = {
  undo: { shown: IS_MAC ? '⌘Z' : 'Ctrl+Z', aria: 'Control+Z Meta+Z' },
  redo: { shown: IS_MAC ? '⇧⌘Z' : 'Ctrl+Shift+Z or Ctrl+Y', aria: 'Control+Shift+Z Meta+Shift+Z Control+Y' },
};

/** What a step did, for the announcement: 'removed Short Answer: Full name'. */
function describeEdit(edit: BuilderEdit, ...trees: FormTree[]): string {
  const node = edit.elementId === null ? undefined : trees.map((tree) => tree.nodes[edit.elementId!]).find(Boolean);
  const name = node ? elementName(node) : 'an element';
  switch (edit.kind) {
    case 'add':
      return `added ${name}`;
    case 'clone':
      return `added the copy ${name}`;
    case 'move':
      return `moved ${name}`;
    case 'remove':
      return `removed ${name}`;
    case 'update':
      return `changed ${name}`;
    case 'logic':
      return `changed the logic of ${name}`;
    case 'settings':
      return 'changed the form settings';
    case 'buttonStyle':
      return 'changed the button style';
    case 'reload':
      return 'loaded their version';
  }
}

/** 'Undone: removed Short Answer: Full name.' (the trees before and after the step, to name what it touched). */
function historyAnnouncement(direction: Direction, edit: BuilderEdit, before: FormTree, after: FormTree): string {
  return `${direction === 'undo' ? 'Undone' : 'Redone'}: ${describeEdit(edit, after, before)}.`;
}

/** A key inside a dialog (the leave guard, a confirmation) belongs to the dialog. */
function inDialog(target: EventTarget | null): boolean {
  return target instanceof Element && target.closest('[role="dialog"], [role="alertdialog"]') !== null;
}

/** An element is being dragged (its chip is shown): the form must not change under the drag. */
const dragging = () => document.querySelector('.builder-drag-chip') !== null;

export function HistoryControls() {
  const dispatch = useAppDispatch();
  const store = useStore<RootState>();
  const undoable = useAppSelector(selectCanUndo);
  const redoable = useAppSelector(selectCanRedo);

  const step = useCallback(
    (direction: Direction) => {
      const before = store.getState().form;
      dispatch(direction === 'undo' ? editUndone() : editRedone());
      const after = store.getState().form;
      const taken = after.historyStep;
      if (taken === null || taken === before.historyStep) return;
      announce(historyAnnouncement(direction, taken.edit, before.tree, after.tree));
      // Once React has shown the step: focus it took away goes to the selection; a focused text box starts its own
      // typing again from what the step put in it.
      requestAnimationFrame(() => {
        const active = document.activeElement;
        if (active === null || active === document.body) focusCanvasElementSoon(store.getState().form.selectedElementId);
        else restartOwnTextHistory(active);
      });
    },
    [dispatch, store],
  );

  useEffect(() => watchFieldHistory(), []);

  useEffect(() => {
    const onKeyDown = (event: KeyboardEvent) => {
      const direction = historyKeyOf(event);
      // Taken already (a rich-text field undoing its own typing), being composed, or the field's own.
      if (direction === null || !isHistoryKeyFree(event) || event.isComposing) return;
      if (hasOwnTextHistory(event.target) || inDialog(event.target)) return;
      // Never the browser's: its page-wide undo list would change a field that is not even focused.
      event.preventDefault();
      if (!dragging()) step(direction);
    };
    window.addEventListener('keydown', onKeyDown);
    return () => window.removeEventListener('keydown', onKeyDown);
  }, [step]);

  const button = (direction: Direction, enabled: boolean) => {
    const label = direction === 'undo' ? 'Undo' : 'Redo';
    return (
      <Button
        variant="outline-secondary"
        className={`builder-history-button${enabled ? '' : ' is-unavailable'}`}
        aria-label={label}
        title={`${label} (${KEYS[direction].shown})`}
        aria-keyshortcuts={KEYS[direction].aria}
        // aria-disabled, not disabled: a button that disables itself as it is used must keep the keyboard focus.
        aria-disabled={!enabled || undefined}
        onClick={() => {
          if (enabled) step(direction);
        }}
      >
        {direction === 'undo' ? <UndoIcon /> : <RedoIcon />}
      </Button>
    );
  };

  return (
    <div className="builder-history btn-group" role="group" aria-label="Undo and redo">
      {button('undo', undoable)}
      {button('redo', redoable)}
    </div>
  );
}
