/**
 * The builder's one DndContext: palette items and canvas elements are dragged with the mouse (after a few pixels,
 * so clicks still select) or the keyboard (drag handle: Space/Enter to pick up, arrows to move, Space/Enter to drop,
 * Escape to cancel). The dragged item shows as a small DragOverlay chip; the drop target shows a line or an outline
 * (red where the drag rules refuse it). The drop itself goes through dropDragged, which toasts a refused rule.
 * The parts: ids and drag data (dnd-ids.ts), which target counts (dnd-collision.ts), the zone and outcome of a drop
 * (drop-zone.ts), the indicator (drop-indicator.ts) and the screen-reader texts (dnd-announcements.ts).
 */
import { DndContext, DragOverlay, KeyboardSensor, PointerSensor, useSensor, useSensors } from '@dnd-kit/core';
import type { Active, Announcements, CollisionDetection, DragEndEvent, DragMoveEvent, DragStartEvent, KeyboardCoordinateGetter, Over } from '@dnd-kit/core';
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import type { ReactNode } from 'react';
import { useStore } from 'react-redux';
import { useAppDispatch } from '../../app/hooks';
import type { RootState } from '../../app/store';
import type { FormTree } from '../../domain/form-tree';
import { descendantsOf } from '../../domain/form-tree';
import { KindIcon } from './builder-icons';
import { domCanvasLayout, revealHandleForPickUp } from './canvas-dom';
import { SCREEN_READER_INSTRUCTIONS, cancelledText, draggedName, dropText, outcomeOf, overText, pickedUpText } from './dnd-announcements';
import { detectCollisions, keyboardCoordinates, keyboardDragOf } from './dnd-collision';
import type { DragSession } from './dnd-collision';
import { sourceOf } from './dnd-ids';
import { DropIndicator, indicatorFor } from './drop-indicator';
import { dragStateOf, zoneOf } from './drop-zone';
import { dropDragged } from './element-actions';
import type { PaletteKind } from './palette-kinds';
import { elementTypeOfKind } from './palette-kinds';
import { PlainRects } from './plain-rects';

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

export function BuilderDnd({ children }: { children: ReactNode }) {
  const dispatch = useAppDispatch();
  const store = useStore<RootState>();
  const session = useRef<DragSession | null>(null);
  const indicator = useMemo(() => new DropIndicator(), []);
  const [chip, setChip] = useState<{ label: string; kind: PaletteKind | null } | null>(null);

  const coordinateGetter = useCallback<KeyboardCoordinateGetter>((event, args) => keyboardCoordinates(session.current, store.getState().form.tree, event, args), [store]);

  const sensors = useSensors(
    useSensor(PointerSensor, { activationConstraint: { distance: 6 } }),
    useSensor(KeyboardSensor, { coordinateGetter, onActivation: ({ event }) => revealHandleForPickUp(event.target) }),
  );

  const rects = useMemo(() => new PlainRects(), []);
  useEffect(() => rects.listen(), [rects]);

  const collisionDetection = useCallback<CollisionDetection>((args) => detectCollisions(session.current, args, rects.of(args.droppableRects)), [rects]);

  const trackPointer = useCallback((event: PointerEvent) => {
    if (session.current) session.current.pointerY = event.clientY;
  }, []);

  const endSession = useCallback(() => {
    session.current = null;
    indicator.clear();
    window.removeEventListener('pointermove', trackPointer);
    setChip(null);
  }, [indicator, trackPointer]);

  const stateOf = useCallback(
    (active: Active, over: Over | null) => dragStateOf(store.getState().form.tree, active, over, session.current?.pointerY ?? null, domCanvasLayout),
    [store],
  );

  const onDragStart = useCallback(
    ({ active, activatorEvent }: DragStartEvent) => {
      const source = sourceOf(active);
      if (!source) return;
      const tree = store.getState().form.tree;
      const type = source.kind === 'palette' ? elementTypeOfKind(source.paletteKind) : tree.nodes[source.id]?.type;
      if (!type) return;
      const pointerY = 'clientY' in activatorEvent && typeof activatorEvent.clientY === 'number' ? activatorEvent.clientY : null;
      session.current = {
        source,
        type,
        inside: new Set(source.kind === 'element' ? descendantsOf(tree, source.id) : []),
        pointerY,
        keyboard: pointerY === null && source.kind === 'element' ? keyboardDragOf(tree, source.id) : null,
      };
      if (pointerY !== null) window.addEventListener('pointermove', trackPointer, { passive: true });
      setChip({ label: draggedName(source, tree), kind: source.kind === 'palette' ? source.paletteKind : paletteKindOfNode(tree, source.id) });
    },
    [store, trackPointer],
  );

  const onDragMove = useCallback(
    ({ active, over }: DragMoveEvent) => {
      const found = stateOf(active, over);
      if (!found) return;
      indicator.place(indicatorFor(found.tree, found.zone, found.result, found.sameList));
    },
    [indicator, stateOf],
  );

  const lastDropText = useRef<string | null>(null);
  const announcements = useMemo(() => {
    const nameOf = (active: Active) => {
      const source = sourceOf(active);
      return source ? draggedName(source, store.getState().form.tree) : 'Element';
    };
    const wordDrop = (active: Active, over: Over | null) => dropText(nameOf(active), outcomeOf(stateOf(active, over)));
    return {
      wordDrop,
      onDragStart: ({ active }: { active: Active }) => {
        lastDropText.current = null;
        return pickedUpText(nameOf(active));
      },
      onDragOver: ({ active, over }: { active: Active; over: Over | null }) =>
        overText(nameOf(active), over === null, over === null ? null : outcomeOf(stateOf(active, over))) ?? undefined,
      // Worded in onDragEnd, before the drop changes the form (dnd-kit announces after calling it).
      onDragEnd: ({ active, over }: { active: Active; over: Over | null }) => lastDropText.current ?? wordDrop(active, over),
      onDragCancel: ({ active }: { active: Active }) => cancelledText(nameOf(active)),
    };
  }, [store, stateOf]);

  const onDragEnd = useCallback(
    ({ active, over }: DragEndEvent) => {
      const source = sourceOf(active);
      const zone = source ? zoneOf(active, over, session.current?.pointerY ?? null, store.getState().form.tree, domCanvasLayout) : null;
      lastDropText.current = announcements.wordDrop(active, over);
      endSession();
      if (source && zone) dispatch(dropDragged(source, zone));
    },
    [announcements, dispatch, endSession, store],
  );

  const accessibility = useMemo(
    () => ({ announcements: announcements as Announcements, screenReaderInstructions: SCREEN_READER_INSTRUCTIONS }),
    [announcements],
  );

  return (
    <DndContext
      sensors={sensors}
      collisionDetection={collisionDetection}
      accessibility={accessibility}
      onDragStart={onDragStart}
      onDragMove={onDragMove}
      onDragOver={onDragMove}
      onDragEnd={onDragEnd}
      onDragCancel={endSession}
    >
      {children}
      <DragOverlay dropAnimation={null}>{chip ? <DragChip label={chip.label} kind={chip.kind} /> : null}</DragOverlay>
    </DndContext>
  );
}
