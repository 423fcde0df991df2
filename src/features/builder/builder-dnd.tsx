/**
 * The builder's one DndContext: palette items and canvas elements are dragged with the mouse (after a few pixels,
 * so clicks still select) or the keyboard (drag handle: Space/Enter to pick up, arrows to move, Space/Enter to drop,
 * Escape to cancel). The dragged item shows as a small DragOverlay chip; the drop target shows a line or an outline
 * (red where the drag rules refuse it). The drop itself goes through dropDragged, which toasts a refused rule.
 *
 * What dnd-kit knows of the canvas is kept small on purpose (see dnd-ids.ts): one draggable stands for whichever
 * element is picked up (CanvasDragSource; the canvas hands it the element under the pressed handle), and the canvas
 * is the one droppable. So starting a drag re-renders and measures a handful of things, not every element of a large
 * form. The parts: ids and DOM markers (dnd-ids.ts), where a drag is (dnd-collision.ts), the zone and outcome of a
 * drop (drop-zone.ts), the DOM reads (canvas-dom.ts), the indicator (drop-indicator.ts) and the screen-reader texts
 * (dnd-announcements.ts).
 */
import { DndContext, DragOverlay, KeyboardSensor, PointerSensor, useDraggable, useDroppable, useSensor, useSensors } from '@dnd-kit/core';
import type { Active, Announcements, CollisionDetection, DragEndEvent, DragStartEvent, KeyboardCoordinateGetter } from '@dnd-kit/core';
import { createContext, useCallback, useContext, useEffect, useLayoutEffect, useMemo, useRef, useState } from 'react';
import type { KeyboardEvent, MutableRefObject, PointerEvent as ReactPointerEvent, ReactNode } from 'react';
import { createPortal } from 'react-dom';
import { useStore } from 'react-redux';
import { useAppDispatch } from '../../app/hooks';
import type { RootState } from '../../app/store';
import type { FormTree } from '../../domain/form-tree';
import { descendantsOf } from '../../domain/form-tree';
import { KindIcon } from './builder-icons';
import { domCanvasLayout, nodeElement, revealHandleForPickUp } from './canvas-dom';
import { SCREEN_READER_INSTRUCTIONS, cancelledText, draggedName, dropText, outcomeOf, overText, pickedUpText } from './dnd-announcements';
import { detectCollisions, keyboardCoordinates, keyboardStartOf, sessionZone } from './dnd-collision';
import type { DragSession } from './dnd-collision';
import type { ElementDragData } from './dnd-ids';
import { CANVAS_DRAGGABLE_ID, CANVAS_ROOT_ID, DRAGGING_ATTRIBUTE, DRAG_HANDLE_SELECTOR, DRAG_INSTRUCTIONS_ID, sourceOf } from './dnd-ids';
import { DropIndicator, indicatorFor } from './drop-indicator';
import { dragStateOf } from './drop-zone';
import type { DragState } from './drop-zone';
import { dropDragged } from './element-actions';
import { focusCanvasElementSoon } from './focus';
import type { PaletteKind } from './palette-kinds';
import { elementTypeOfKind } from './palette-kinds';

function DragChip({ label, kind }: { label: string; kind: PaletteKind | null }) {
  return (
    <div className="builder-drag-chip shadow">
      {kind && <KindIcon kind={kind} />}
      <span>{label}</span>
    </div>
  );
}

function paletteKindOfNode(tree: FormTree, id: string): PaletteKind | null {
  const node = tree.nodes[id];
  if (!node) return null;
  if (node.type === 'page' || node.type === 'section') return node.type;
  return node.subtype;
}

/**
 * The handlers the canvas puts on itself, so that pressing any element's drag handle picks that element up, and the
 * ref that makes the canvas the drag and drop's droppable.
 */
interface CanvasDragStart {
  onPointerDown(event: ReactPointerEvent<Element>): void;
  onKeyDown(event: KeyboardEvent<Element>): void;
  setCanvasNode(node: HTMLElement | null): void;
}

const CanvasDragStartContext = createContext<CanvasDragStart | null>(null);

/** For the canvas (BuilderDnd's `canvas`): the handlers that pick an element up by its drag handle, and its ref. */
export function useCanvasDragStart(): CanvasDragStart | null {
  return useContext(CanvasDragStartContext);
}

interface DragSourceHandle {
  data: ElementDragData;
  setNodeRef(element: HTMLElement | null): void;
  setActivatorNodeRef(element: HTMLElement | null): void;
  listeners: ReturnType<typeof useDraggable>['listeners'];
}

/**
 * The one draggable standing for every canvas element. It renders nothing; as a handle is pressed, the canvas points
 * it at that element (its data, its node to measure, its handle to give focus back to) and hands it the event.
 */
function CanvasDragSource({ sourceRef }: { sourceRef: MutableRefObject<DragSourceHandle | null> }) {
  const data = useMemo<ElementDragData>(() => ({ kind: 'element', nodeId: '' }), []);
  const { listeners, setNodeRef, setActivatorNodeRef } = useDraggable({ id: CANVAS_DRAGGABLE_ID, data });
  useLayoutEffect(() => {
    sourceRef.current = { data, listeners, setNodeRef, setActivatorNodeRef };
  });
  return null;
}

/** Where the canvas, rendered outside the DndContext, and its droppable inside it meet. */
interface CanvasDropLink {
  node: HTMLElement | null;
  setNodeRef: ((node: HTMLElement | null) => void) | null;
}

/** The canvas as the one droppable, inside the DndContext on the canvas's behalf: it is handed the canvas's node. */
function CanvasDroppable({ linkRef }: { linkRef: MutableRefObject<CanvasDropLink> }) {
  const { setNodeRef } = useDroppable({ id: CANVAS_ROOT_ID });
  useLayoutEffect(() => {
    const link = linkRef.current;
    link.setNodeRef = setNodeRef;
    setNodeRef(link.node);
    return () => {
      link.setNodeRef = null;
    };
  }, [linkRef, setNodeRef]);
  return null;
}

/**
 * The drag and drop around the palette and the canvas. The canvas is rendered outside the DndContext, not inside it:
 * dnd-kit changes its context values as a drag starts, and React then walks every component under the provider
 * looking for their readers; on a 500-element form that walk of the canvas was the largest part of the drag start's
 * long task. Nothing in the canvas reads dnd-kit's context: it reaches the drag and drop through CanvasDragStart.
 */
export function BuilderDnd({ palette, canvas }: { palette: ReactNode; canvas: ReactNode }) {
  const dispatch = useAppDispatch();
  const store = useStore<RootState>();
  const session = useRef<DragSession | null>(null);
  const dragSource = useRef<DragSourceHandle | null>(null);
  const canvasDrop = useRef<CanvasDropLink>({ node: null, setNodeRef: null });
  const indicator = useMemo(() => new DropIndicator(), []);
  const [chip, setChip] = useState<{ label: string; kind: PaletteKind | null } | null>(null);

  const coordinateGetter = useCallback<KeyboardCoordinateGetter>(
    (event, args) => keyboardCoordinates(session.current, store.getState().form.tree, domCanvasLayout, event, args),
    [store],
  );
  // Stable options, so a re-render here does not hand dnd-kit new sensors (and every draggable new listeners).
  const pointerOptions = useMemo(() => ({ activationConstraint: { distance: 6 } }), []);
  const keyboardOptions = useMemo(() => ({ coordinateGetter, onActivation: ({ event }: { event: globalThis.KeyboardEvent }) => revealHandleForPickUp(event.target) }), [coordinateGetter]);
  const sensors = useSensors(useSensor(PointerSensor, pointerOptions), useSensor(KeyboardSensor, keyboardOptions));

  const collisionDetection = useCallback<CollisionDetection>((args) => detectCollisions(session.current, args), []);

  const dragStart = useMemo<CanvasDragStart>(() => {
    const pickUp = (event: ReactPointerEvent<Element> | KeyboardEvent<Element>, listener: 'onPointerDown' | 'onKeyDown') => {
      const handle = event.target instanceof Element ? event.target.closest<HTMLElement>(DRAG_HANDLE_SELECTOR) : null;
      const element = handle?.closest<HTMLElement>('[data-node-id]');
      const source = dragSource.current;
      const nodeId = element?.dataset.nodeId;
      if (!handle || !element || nodeId === undefined || !source) return;
      source.data.nodeId = nodeId;
      source.setNodeRef(element);
      source.setActivatorNodeRef(handle);
      source.listeners?.[listener]?.(event);
    };
    return {
      onPointerDown: (event) => pickUp(event, 'onPointerDown'),
      onKeyDown: (event) => pickUp(event, 'onKeyDown'),
      setCanvasNode: (node) => {
        canvasDrop.current.node = node;
        canvasDrop.current.setNodeRef?.(node);
      },
    };
  }, []);

  const trackPointer = useCallback((event: PointerEvent) => {
    if (session.current) session.current.pointer = { x: event.clientX, y: event.clientY };
  }, []);

  const endSession = useCallback(() => {
    const current = session.current;
    if (current?.source.kind === 'element') nodeElement(current.source.id)?.removeAttribute(DRAGGING_ATTRIBUTE);
    session.current = null;
    indicator.clear();
    window.removeEventListener('pointermove', trackPointer, { capture: true });
    setChip(null);
  }, [indicator, trackPointer]);
  useEffect(() => endSession, [endSession]);

  /** What the drag would do if dropped now (null: no drag, or of an element no longer in the form). */
  const stateNow = useCallback((): DragState | null => {
    const current = session.current;
    if (!current) return null;
    const { tree } = store.getState().form;
    return dragStateOf(tree, current.source, sessionZone(current, tree, domCanvasLayout));
  }, [store]);

  const onDragStart = useCallback(
    ({ active, activatorEvent }: DragStartEvent) => {
      const source = sourceOf(active);
      if (!source) return;
      const { tree } = store.getState().form;
      const type = source.kind === 'palette' ? elementTypeOfKind(source.paletteKind) : tree.nodes[source.id]?.type;
      if (!type) return;
      const pointer = 'clientY' in activatorEvent && typeof activatorEvent.clientY === 'number' ? { x: (activatorEvent as PointerEvent).clientX, y: activatorEvent.clientY } : null;
      session.current = {
        source,
        type,
        inside: new Set(source.kind === 'element' ? descendantsOf(tree, source.id) : []),
        pointer,
        keyboard: pointer === null && source.kind === 'element' ? keyboardStartOf(tree, source.id) : null,
      };
      if (source.kind === 'element') nodeElement(source.id)?.setAttribute(DRAGGING_ATTRIBUTE, '');
      if (pointer !== null) window.addEventListener('pointermove', trackPointer, { capture: true, passive: true });
      setChip({ label: draggedName(source, tree), kind: source.kind === 'palette' ? source.paletteKind : paletteKindOfNode(tree, source.id) });
    },
    [store, trackPointer],
  );

  const onDragMove = useCallback(() => {
    const state = stateNow();
    if (state) indicator.place(indicatorFor(state.tree, state.zone, state.result, state.source.kind === 'element' ? state.source.id : null));
  }, [indicator, stateNow]);

  const lastOverText = useRef<string | null>(null);
  const lastDropText = useRef<string | null>(null);
  const announcements = useMemo<Announcements>(() => {
    const nameOf = (active: Active) => {
      const source = sourceOf(active);
      return source ? draggedName(source, store.getState().form.tree) : 'Element';
    };
    /** Where the drag would go, said only when that changed since it was last said. */
    const overChange = ({ active }: { active: Active }) => {
      // dnd-kit may report one more move as a drop resets the drag: the drop has been worded, say nothing over it.
      if (!session.current) return undefined;
      const state = stateNow();
      const outside = state === null || state.zone.kind === 'none';
      const text = overText(nameOf(active), outside, outside ? null : outcomeOf(state));
      if (text === lastOverText.current) return undefined;
      lastOverText.current = text;
      return text ?? undefined;
    };
    return {
      onDragStart: ({ active }) => {
        lastOverText.current = null;
        lastDropText.current = null;
        return pickedUpText(nameOf(active));
      },
      onDragOver: overChange,
      onDragMove: overChange,
      // Worded in onDragEnd, before the drop changes the form (dnd-kit announces after calling it).
      onDragEnd: ({ active }) => lastDropText.current ?? dropText(nameOf(active), null),
      onDragCancel: ({ active }) => cancelledText(nameOf(active)),
    };
  }, [store, stateNow]);

  const onDragEnd = useCallback(
    ({ active }: DragEndEvent) => {
      const source = sourceOf(active);
      const state = stateNow();
      const keyboard = session.current?.keyboard != null;
      lastDropText.current = dropText(source ? draggedName(source, store.getState().form.tree) : 'Element', outcomeOf(state));
      endSession();
      if (!source || !state) return;
      const dropped = dispatch(dropDragged(source, state.zone));
      // A move to another list re-mounts the element: the keyboard stays on its handle.
      if (keyboard && dropped) focusCanvasElementSoon(dropped, 'drag');
    },
    [dispatch, endSession, stateNow, store],
  );

  const accessibility = useMemo(() => ({ announcements, screenReaderInstructions: SCREEN_READER_INSTRUCTIONS }), [announcements]);

  return (
    <CanvasDragStartContext.Provider value={dragStart}>
      <DndContext
        id={DRAG_INSTRUCTIONS_ID}
        sensors={sensors}
        collisionDetection={collisionDetection}
        accessibility={accessibility}
        onDragStart={onDragStart}
        onDragMove={onDragMove}
        onDragOver={onDragMove}
        onDragEnd={onDragEnd}
        onDragCancel={endSession}
      >
        <CanvasDragSource sourceRef={dragSource} />
        <CanvasDroppable linkRef={canvasDrop} />
        {palette}
        {/* In the body, not in the panes' grid (a new grid child made the browser restyle and lay out the panes), and
            letting the pointer through to what is under it. */}
        {createPortal(
          <DragOverlay dropAnimation={null} className="builder-drag-overlay">
            {chip ? <DragChip label={chip.label} kind={chip.kind} /> : null}
          </DragOverlay>,
          document.body,
        )}
      </DndContext>
      {/* Outside the DndContext: see above. */}
      {canvas}
    </CanvasDragStartContext.Provider>
  );
}
