/**
 * One element of the canvas and the list of a page's or section's children. Each CanvasElement is memoised, takes
 * only its id and subscribes to its own node, selection flag and errors, so an edit re-renders that element alone;
 * each list subscribes to its own childIds array (same identity until that list changes).
 */
import { useDroppable } from '@dnd-kit/core';
import { SortableContext, useSortable, verticalListSortingStrategy } from '@dnd-kit/sortable';
import { CSS } from '@dnd-kit/utilities';
import { memo, useCallback, useEffect, useMemo, useRef } from 'react';
import type { KeyboardEvent, MouseEvent, ReactNode } from 'react';
import { useAppDispatch, useAppSelector } from '../../app/hooks';
import type { FormElementType } from '../../domain/form-document';
import type { TreeNode } from '../../domain/form-tree';
import type { ContainerDropData, ElementDragData, ParentType } from './dnd-ids';
import { containerDroppableId, sortableListId } from './dnd-ids';
import { GripIcon, LogicIcon } from './builder-icons';
import { ElementToolbar } from './element-toolbar';
import { InputPreview, RichTextPreview } from './element-preview';
import { revealIfHidden } from './focus';
import { HAS_ERRORS, HAS_LOGIC, SELECTED, useElementView } from './element-view';
import { elementSelected } from './form-slice';
import { selectChildIds, selectElementErrors } from './form-selectors';
import { elementName, typeLabelOf } from './palette-kinds';
import { useRenderCount, useSortableRenderCount } from './render-count';

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
  const data = useMemo<ContainerDropData>(() => ({ kind: 'container', containerId: parentId, containerType: parentType }), [parentId, parentType]);
  const { setNodeRef } = useDroppable({ id: containerDroppableId(parentId), data });
  return (
    <SortableContext id={sortableListId(parentId)} items={childIds} strategy={verticalListSortingStrategy}>
      <div ref={setNodeRef} className={`builder-list builder-list-${parentType}`} data-container-id={parentId}>
        {childIds.length === 0 ? (
          <p className="builder-list-empty">{EMPTY_LIST_TEXT[parentType]}</p>
        ) : (
          childIds.map((childId) => <CanvasElement key={childId} id={childId} parentType={parentType} />)
        )}
      </div>
    </SortableContext>
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

const GRIP = <GripIcon />;

interface SortableShellProps {
  id: string;
  nodeType: FormElementType;
  parentType: ParentType;
  name: string;
  selected: boolean;
  hasErrors: boolean;
  describedBy: string | undefined;
  onClick: (event: MouseEvent) => void;
  onKeyDown: (event: KeyboardEvent) => void;
  /** What follows the drag handle in the header (heading, toolbar). */
  header: ReactNode;
  /** Errors and body. */
  children: ReactNode;
}

/**
 * The only part of an element that reads dnd-kit's contexts (through useSortable): the root box with its transform,
 * and the drag handle. dnd-kit changes those contexts several times when a drag starts and whenever the drop target
 * changes, which re-renders every sortable; `header` and `children` come from CanvasElement as the same elements
 * until the element itself changes, so React skips them and such a re-render stays this small.
 */
const SortableShell = memo(function SortableShell({
  id,
  nodeType,
  parentType,
  name,
  selected,
  hasErrors,
  describedBy,
  onClick,
  onKeyDown,
  header,
  children,
}: SortableShellProps) {
  useSortableRenderCount();
  const data = useMemo<ElementDragData>(() => ({ kind: 'element', nodeId: id, nodeType, parentType }), [id, nodeType, parentType]);
  const { attributes, listeners, setNodeRef, setActivatorNodeRef, transform, transition, isDragging } = useSortable({ id, data });

  const root = useRef<HTMLDivElement | null>(null);
  const setRootRef = useCallback(
    (element: HTMLDivElement | null) => {
      root.current = element;
      setNodeRef(element);
    },
    [setNodeRef],
  );

  useEffect(() => {
    if (selected) revealIfHidden(root.current);
  }, [selected]);

  const className = ['builder-element', `builder-element-${nodeType}`, selected && 'is-selected', isDragging && 'is-dragging', hasErrors && 'has-errors']
    .filter(Boolean)
    .join(' ');
  // The same objects while nothing of theirs changes, so React compares less on the several re-renders of a drag.
  const translate = CSS.Translate.toString(transform);
  const style = useMemo(() => ({ transform: translate, transition }), [translate, transition]);
  const headerContent = useMemo(
    () => (
      <div className="builder-element-header">
        <button
          type="button"
          ref={setActivatorNodeRef}
          className="builder-handle"
          {...attributes}
          {...listeners}
          aria-label={`Drag ${name}`}
          title="Drag to move (or press Space, then the arrow keys)"
        >
          {GRIP}
        </button>
        {header}
      </div>
    ),
    [attributes, header, listeners, name, setActivatorNodeRef],
  );

  return (
    <div
      ref={setRootRef}
      style={style}
      className={className}
      data-node-id={id}
      data-element-type={nodeType}
      data-testid={`canvas-element-${id}`}
      role="group"
      aria-label={name}
      aria-current={selected ? 'true' : undefined}
      aria-describedby={describedBy}
      tabIndex={0}
      onClick={onClick}
      onKeyDown={onKeyDown}
    >
      {headerContent}
      {children}
    </div>
  );
});

/**
 * One element; `parentType` is the type of the list it is in (null: a page, at the top level). It reads the store
 * (its node and its status) and renders what shows the element; SortableShell around it does the dragging.
 */
export const CanvasElement = memo(function CanvasElement({ id, parentType }: { id: string; parentType: ParentType }) {
  useRenderCount();
  const dispatch = useAppDispatch();
  const { node, status } = useElementView(id);
  const selected = (status & SELECTED) !== 0;
  const hasErrors = (status & HAS_ERRORS) !== 0;
  const hasLogic = (status & HAS_LOGIC) !== 0;

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

  return (
    <SortableShell
      id={id}
      nodeType={node.type}
      parentType={parentType}
      name={name}
      selected={selected}
      hasErrors={hasErrors}
      describedBy={describedBy}
      onClick={onClick}
      onKeyDown={onKeyDown}
      header={
        <>
          <ElementHeading node={node} logicBadgeId={hasLogic ? logicBadgeId : null} />
          {selected && <ElementToolbar id={id} name={name} type={node.type} />}
        </>
      }
    >
      {hasErrors && <ElementErrors id={id} errorId={errorId} />}
      <div className="builder-element-body">
        <ElementBody node={node} />
      </div>
    </SortableShell>
  );
});
