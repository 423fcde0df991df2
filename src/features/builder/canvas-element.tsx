/**
 * One element of the canvas and the list of a page's or section's children. Each CanvasElement is memoised, takes
 * only its id and subscribes to its own node, selection flag and errors, so an edit re-renders that element alone;
 * each list subscribes to its own childIds array (same identity until that list changes). No element reads
 * dnd-kit's contexts: a drag starting or moving re-renders none of them (see dnd-ids.ts).
 */
import { memo, useCallback, useEffect, useRef, useState } from 'react';
import type { KeyboardEvent, MouseEvent } from 'react';
import { useStore } from 'react-redux';
import { useAppDispatch, useAppSelector } from '../../app/hooks';
import type { RootState } from '../../app/store';
import { isContainerNode } from '../../domain/form-tree';
import type { TreeNode } from '../../domain/form-tree';
import { DRAG_INSTRUCTIONS_ID } from './dnd-ids';
import { LogicIcon } from './builder-icons';
import { ElementToolbar } from './element-toolbar';
import { InputPreview, RichTextPreview } from './element-preview';
import { estimatedHeightRem } from './canvas-size';
import { revealIfHidden } from './focus';
import { HAS_ERRORS, HAS_LOGIC, SELECTED, useElementView } from './element-view';
import { elementSelected } from './form-slice';
import { selectChildIds, selectElementErrors } from './form-selectors';
import { elementName, typeLabelOf } from './palette-kinds';
import { useRenderCount } from './render-count';

/** Marks an element shown or hidden by conditional logic; it also describes the element to assistive technology. */
function LogicBadge({ id }: { id: string }) {
  return (
    <span id={id} className="badge builder-logic-badge" title="Shown or hidden by conditional logic (see the Logic tab)">
      <LogicIcon size={12} />
      <span aria-hidden="true">Logic</span>
      <span className="visually-hidden">Has conditional logic</span>
    </span>
  );
}

function ElementErrors({ id, errorId }: { id: string; errorId: string }) {
  const errors = useAppSelector((state) => selectElementErrors(state, id));
  if (!errors) return null;
  return (
    <ul id={errorId} className="builder-element-errors">
      {errors.map((issue) => (
        <li key={`${issue.key}:${issue.message}`}>{issue.message}</li>
      ))}
    </ul>
  );
}

const EMPTY_LIST_TEXT: Record<'page' | 'section', string> = {
  page: 'This page is empty. Drag elements here, or select the page and choose one in the palette.',
  section: 'This section is empty. Drag elements here, or select the section and choose one in the palette.',
};

const ElementList = memo(function ElementList({ parentId, parentType }: { parentId: string; parentType: 'page' | 'section' }) {
  const childIds = useAppSelector((state) => selectChildIds(state, parentId));
  return (
    <div className={`builder-list builder-list-${parentType}`} data-container-id={parentId}>
      {childIds.length === 0 ? <p className="builder-list-empty">{EMPTY_LIST_TEXT[parentType]}</p> : childIds.map((childId) => <CanvasElement key={childId} id={childId} />)}
    </div>
  );
});

function ElementHeading({ node, logicBadgeId }: { node: TreeNode; logicBadgeId: string | null }) {
  const kind = (
    <>
      <span className="builder-element-kind">{typeLabelOf(node)}</span>
      {logicBadgeId && <LogicBadge id={logicBadgeId} />}
    </>
  );
  switch (node.type) {
    case 'page':
      return (
        <div className="builder-element-heading">
          {kind}
          <span className="builder-page-title">{node.title || 'Untitled page'}</span>
        </div>
      );
    case 'section':
      return (
        <div className="builder-element-heading">
          {kind}
          <span className="builder-section-title">{node.title || 'Untitled section'}</span>
          {node.collapsible && <span className="badge text-bg-light border">Collapsible</span>}
          {node.collapsed && <span className="badge text-bg-light border">Collapsed</span>}
        </div>
      );
    case 'input':
      return (
        <div className="builder-element-heading">
          {kind}
          <code className="builder-data-name" title="Data name">
            {node.dataName}
          </code>
        </div>
      );
    case 'presentation':
      return <div className="builder-element-heading">{kind}</div>;
  }
}

function ElementBody({ node }: { node: TreeNode }) {
  switch (node.type) {
    case 'page':
      return <ElementList parentId={node.id} parentType="page" />;
    case 'section':
      return (
        <>
          {node.description && (
            <div className="builder-section-description" aria-hidden="true">
              <RichTextPreview html={node.description} emptyText="" />
            </div>
          )}
          <ElementList parentId={node.id} parentType="section" />
        </>
      );
    case 'presentation':
      return (
        <div className="builder-presentation-preview" aria-hidden="true" inert>
          <RichTextPreview html={node.content} emptyText={node.subtype === 'heading' ? 'Empty heading' : 'Empty paragraph'} />
        </div>
      );
    case 'input':
      return <InputPreview node={node} />;
  }
}

/**
 * One element; it reads the store (its node and its status) and renders what shows the element. Its drag handle is
 * marked for the canvas, which picks the element up when the handle is pressed (builder-dnd.tsx).
 */
export const CanvasElement = memo(function CanvasElement({ id }: { id: string }) {
  useRenderCount('elementRenders');
  const dispatch = useAppDispatch();
  const { node, status } = useElementView(id);
  const selected = (status & SELECTED) !== 0;
  const hasErrors = (status & HAS_ERRORS) !== 0;
  const hasLogic = (status & HAS_LOGIC) !== 0;
  const root = useRef<HTMLDivElement | null>(null);
  // Read once, as the element mounts: it only sizes a page or section the browser has not drawn yet (canvas-size.ts).
  const store = useStore<RootState>();
  const [sizeGuess] = useState(() => (node && isContainerNode(node) ? `auto ${estimatedHeightRem(store.getState().form.tree, id)}rem` : undefined));

  useEffect(() => {
    if (selected) revealIfHidden(root.current);
  }, [selected]);

  const onClick = useCallback(
    (event: MouseEvent) => {
      event.stopPropagation();
      dispatch(elementSelected(id));
    },
    [dispatch, id],
  );
  const onKeyDown = useCallback(
    (event: KeyboardEvent) => {
      if (event.target !== event.currentTarget) return;
      if (event.key === 'Enter' || event.key === ' ') {
        event.preventDefault();
        dispatch(elementSelected(id));
      }
    },
    [dispatch, id],
  );

  if (!node) return null;
  const name = elementName(node);
  const errorId = `builder-errors-${id}`;
  const logicBadgeId = `builder-logic-${id}`;
  const describedBy = [hasErrors && errorId, hasLogic && logicBadgeId].filter(Boolean).join(' ') || undefined;
  const className = ['builder-element', `builder-element-${node.type}`, selected && 'is-selected', hasErrors && 'has-errors'].filter(Boolean).join(' ');

  return (
    <div
      ref={root}
      className={className}
      data-node-id={id}
      data-element-type={node.type}
      data-testid={`canvas-element-${id}`}
      style={sizeGuess ? { containIntrinsicSize: sizeGuess } : undefined}
      role="group"
      aria-label={name}
      aria-current={selected ? 'true' : undefined}
      aria-describedby={describedBy}
      tabIndex={0}
      onClick={onClick}
      onKeyDown={onKeyDown}
    >
      <div className="builder-element-header">
        <button
          type="button"
          className="builder-handle"
          data-drag-handle
          data-action="drag"
          aria-roledescription="draggable"
          aria-describedby={DRAG_INSTRUCTIONS_ID}
          aria-label={`Drag ${name}`}
          title="Drag to move (or press Space, then the arrow keys)"
        />
        <ElementHeading node={node} logicBadgeId={hasLogic ? logicBadgeId : null} />
        {selected && <ElementToolbar id={id} name={name} type={node.type} />}
      </div>
      {hasErrors && <ElementErrors id={id} errorId={errorId} />}
      <div className="builder-element-body">
        <ElementBody node={node} />
      </div>
    </div>
  );
});
