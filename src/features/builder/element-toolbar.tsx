/**
 * The selected element's commands: Move up / Move down (the one-step keyboard alternative to dragging), Clone, Edit
 * logic (the Logic tab) and Remove (asks first; removes children and the logic that depended on it). Focus follows
 * the element.
 */
import { memo } from 'react';
import Button from 'react-bootstrap/Button';
import { useStore } from 'react-redux';
import { useAppDispatch, useAppSelector } from '../../app/hooks';
import type { RootState } from '../../app/store';
import { ConfirmButton } from '../../components/confirm-button';
import type { FormElementType } from '../../domain/form-document';
import { canRemoveElement } from '../../domain/form-operations';
import type { FormTree } from '../../domain/form-tree';
import { indexInParent, parentOf } from '../../domain/form-tree';
import { ArrowDownIcon, ArrowUpIcon, CloneIcon, LogicIcon } from './builder-icons';
import { moveTarget } from './builder-targets';
import { cloneElementById, moveElementBy, removeElementById } from './element-actions';
import { focusCanvasElementSoon } from './focus';
import { logicEditorOpened } from './form-slice';
import { announce } from './live-announcer';
import { elementName } from './palette-kinds';

export function positionText(tree: FormTree, id: string): string {
  const parentId = parentOf(tree, id);
  const siblings = parentId === null ? tree.pageIds : tree.childIds[parentId];
  const where = parentId === null ? 'among the pages' : `in ${elementName(tree.nodes[parentId])}`;
  return `position ${indexInParent(tree, id) + 1} of ${siblings.length} ${where}`;
}

/** Where focus goes when an element is removed: the next element, else the previous one, else its container. */
function neighbourOf(tree: FormTree, id: string): string | null {
  const parentId = parentOf(tree, id);
  const siblings = parentId === null ? tree.pageIds : tree.childIds[parentId];
  const index = siblings.indexOf(id);
  return siblings[index + 1] ?? siblings[index - 1] ?? parentId;
}

export const ElementToolbar = memo(function ElementToolbar({ id, name, type }: { id: string; name: string; type: FormElementType }) {
  const dispatch = useAppDispatch();
  const store = useStore<RootState>();
  const canMoveUp = useAppSelector((state) => moveTarget(state.form.tree, id, 'up') !== null);
  const canMoveDown = useAppSelector((state) => moveTarget(state.form.tree, id, 'down') !== null);
  const canRemove = useAppSelector((state) => canRemoveElement(state.form.tree, id));

  const move = (direction: 'up' | 'down') => {
    if (direction === 'up' ? !canMoveUp : !canMoveDown) return;
    if (!dispatch(moveElementBy(id, direction))) return;
    announce(`Moved ${name} to ${positionText(store.getState().form.tree, id)}.`);
    focusCanvasElementSoon(id, direction === 'up' ? 'move-up' : 'move-down');
  };

  const clone = () => {
    const cloneId = dispatch(cloneElementById(id));
    if (!cloneId) return;
    announce(`Copied ${name}. The copy is selected.`);
    focusCanvasElementSoon(cloneId);
  };

  const remove = () => {
    const neighbour = neighbourOf(store.getState().form.tree, id);
    if (!dispatch(removeElementById(id))) return;
    announce(`Removed ${name}.`);
    focusCanvasElementSoon(neighbour);
  };

  const container = type === 'page' || type === 'section';
  return (
    // Clicks here are commands, not a selection of the element around them (a copy must stay selected).
    <div className="builder-toolbar" role="group" aria-label="Element actions" onClick={(event) => event.stopPropagation()}>
      <Button
        size="sm"
        variant="light"
        data-action="move-up"
        aria-disabled={!canMoveUp || undefined}
        className={canMoveUp ? undefined : 'is-unavailable'}
        onClick={() => move('up')}
      >
        <ArrowUpIcon />
        <span>Move up</span>
      </Button>
      <Button
        size="sm"
        variant="light"
        data-action="move-down"
        aria-disabled={!canMoveDown || undefined}
        className={canMoveDown ? undefined : 'is-unavailable'}
        onClick={() => move('down')}
      >
        <ArrowDownIcon />
        <span>Move down</span>
      </Button>
      <Button size="sm" variant="light" data-action="clone" onClick={clone}>
        <CloneIcon />
        <span>Clone</span>
      </Button>
      {/* Opens the Logic tab of the properties pane, and takes focus there. */}
      <Button size="sm" variant="light" data-action="edit-logic" onClick={() => dispatch(logicEditorOpened(id))}>
        <LogicIcon />
        <span>Edit logic</span>
      </Button>
      <ConfirmButton
        text="Remove"
        confirmText="Yes"
        size="sm"
        variant="outline-danger"
        disabled={!canRemove}
        prompt={container ? `Remove ${name} and everything in it?` : `Remove ${name}?`}
        onConfirm={remove}
      />
    </div>
  );
});
