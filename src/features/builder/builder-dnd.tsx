/**
 * The builder's one DndContext: palette items and canvas elements are dragged with the mouse (after a few pixels,
 * so clicks still select) or the keyboard (drag handle: Space/Enter to pick up, arrows to move, Space/Enter to drop,
 * Escape to cancel). The dragged item shows as a small DragOverlay chip; the drop target shows a line or an outline
 * (red where the drag rules refuse it). The drop itself goes through dropDragged, which toasts a refused rule.
 */
import {
  DndContext,
  DragOverlay,
  KeyboardSensor,
  PointerSensor,
  closestCorners,
  pointerWithin,
  useSensor,
  useSensors,
} from '@dnd-kit/core';
import type {
  Active,
  Announcements,
  CollisionDetection,
  DragEndEvent,
  DragMoveEvent,
  DragStartEvent,
  DroppableContainer,
  KeyboardCoordinateGetter,
  Over,
  ScreenReaderInstructions,
} from '@dnd-kit/core';
import { sortableKeyboardCoordinates } from '@dnd-kit/sortable';
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import type { ReactNode } from 'react';
import { useStore } from 'react-redux';
import { useAppDispatch } from '../../app/hooks';
import type { RootState } from '../../app/store';
import type { DragResult, DropTarget } from '../../domain/drag-rules';
import type { FormElementType } from '../../domain/form-document';
import type { FormTree } from '../../domain/form-tree';
import { descendantsOf } from '../../domain/form-tree';
import { KindIcon } from './builder-icons';
import type { DropZone } from './builder-targets';
import { resolveDrop } from './builder-targets';
import type { DragSource } from './element-actions';
import { dropDragged } from './element-actions';
import type { PaletteKind } from './palette-kinds';
import { PALETTE_LABELS, elementName, elementTypeOfKind } from './palette-kinds';

export const CANVAS_ROOT_ID = 'canvas-root';
export const containerDroppableId = (id: string) => `container:${id}`;
export const paletteDraggableId = (kind: PaletteKind) => `palette:${kind}`;
export const sortableListId = (parentId: string | null) => `list:${parentId ?? 'root'}`;

export type ParentType = 'page' | 'section' | null;

export interface ElementDragData {
  kind: 'element';
  nodeId: string;
  nodeType: FormElementType;
  parentType: ParentType;
}
export interface PaletteDragData {
  kind: 'palette';
  paletteKind: PaletteKind;
}
export interface ContainerDropData {
  kind: 'container';
  containerId: string;
  containerType: 'page' | 'section';
}
export interface RootDropData {
  kind: 'root';
}

type DraggableData = ElementDragData | PaletteDragData;
type DroppableData = ElementDragData | ContainerDropData | RootDropData;
interface SortableInfo {
  containerId: string;
  index: number;
}

const sortableOf = (data: unknown): SortableInfo | null =>
  data && typeof data === 'object' && 'sortable' in data ? ((data as { sortable: SortableInfo }).sortable ?? null) : null;

interface DragSession {
  source: DragSource;
  type: FormElementType;
  /** The dragged element's descendants: it cannot be dropped inside itself. */
  inside: ReadonlySet<string>;
  pointerY: number | null;
}

function sourceOf(active: Active): DragSource | null {
  const data = active.data.current as DraggableData | undefined;
  if (data?.kind === 'palette') return { kind: 'palette', paletteKind: data.paletteKind };
  if (data?.kind === 'element') return { kind: 'element', id: data.nodeId };
  return null;
}

/**
 * Which drop targets count. Never the dragged element's own inside. The keyboard also skips stops that can never
 * take the dragged type (a page steps from page to page), so arrow keys go somewhere useful.
 */
function isCandidate(session: DragSession, entry: DroppableContainer, keyboard: boolean): boolean {
  const data = entry.data.current as DroppableData | undefined;
  if (!data) return false;
  const activeId = session.source.kind === 'element' ? session.source.id : null;
  if (data.kind === 'element' && session.inside.has(data.nodeId)) return false;
  if (data.kind === 'container' && (data.containerId === activeId || session.inside.has(data.containerId))) return false;
  if (!keyboard) return true;
  switch (session.type) {
    case 'page':
      return data.kind === 'element' && data.nodeType === 'page';
    case 'section':
      if (data.kind === 'container') return data.containerType === 'page';
      return data.kind === 'element' && data.parentType !== 'section';
    default:
      return data.kind !== 'root';
  }
}

const escapeAttr = (value: string) => value.replace(/["\\]/g, '\\$&');
const nodeElement = (id: string) => document.querySelector<HTMLElement>(`[data-node-id="${escapeAttr(id)}"]`);
const containerElement = (id: string) => document.querySelector<HTMLElement>(`[data-container-id="${escapeAttr(id)}"]`);
const centreY = (element: Element) => {
  const rect = element.getBoundingClientRect();
  return rect.top + rect.height / 2;
};
const countAbove = (elements: Iterable<Element>, y: number) => {
  let count = 0;
  for (const element of elements) if (centreY(element) < y) count += 1;
  return count;
};

/** Moved below where it started (keyboard drags have no pointer: the direction of travel decides the side). */
function movedDown(active: Active): boolean {
  const { initial, translated } = active.rect.current;
  return initial && translated ? translated.top >= initial.top : true;
}

/** The drop zone under the pointer (or the keyboard's collision box). */
export function zoneOf(active: Active, over: Over | null, pointerY: number | null, tree: FormTree): DropZone {
  if (!over) return { kind: 'none' };
  const data = over.data.current as DroppableData | undefined;
  if (!data) return { kind: 'none' };
  switch (data.kind) {
    case 'root': {
      if (pointerY === null) return { kind: 'root', index: movedDown(active) ? tree.pageIds.length : 0 };
      const pages = tree.pageIds.map(nodeElement).filter((element): element is HTMLElement => element !== null);
      return { kind: 'root', index: countAbove(pages, pointerY) };
    }
    case 'container': {
      const count = tree.childIds[data.containerId]?.length ?? 0;
      if (pointerY === null) return { kind: 'container', id: data.containerId, index: movedDown(active) ? 0 : count };
      const list = containerElement(data.containerId);
      const children = list ? Array.from(list.children).filter((child) => child.hasAttribute('data-node-id')) : [];
      return { kind: 'container', id: data.containerId, index: countAbove(children, pointerY) };
    }
    case 'element': {
      const from = sortableOf(active.data.current);
      const to = sortableOf(over.data.current);
      // Within one list, dnd-kit's sortable preview shows the element taking the other's place.
      if (from && to && from.containerId === to.containerId) {
        return { kind: 'element', id: data.nodeId, position: to.index > from.index ? 'after' : 'before' };
      }
      if (pointerY === null) return { kind: 'element', id: data.nodeId, position: movedDown(active) ? 'after' : 'before' };
      const element = nodeElement(data.nodeId);
      const middle = element ? centreY(element) : over.rect.top + over.rect.height / 2;
      return { kind: 'element', id: data.nodeId, position: pointerY < middle ? 'before' : 'after' };
    }
  }
}

// ---- Drop indicator: a data attribute on one DOM node, so nothing re-renders while the pointer moves ----

type Indicator = 'before' | 'after' | 'inside' | 'invalid';

class DropIndicator {
  private element: HTMLElement | null = null;

  show(element: HTMLElement | null, kind: Indicator) {
    if (this.element === element && element?.dataset.drop === kind) return;
    this.clear();
    if (!element) return;
    element.dataset.drop = kind;
    this.element = element;
  }

  clear() {
    if (this.element) delete this.element.dataset.drop;
    this.element = null;
  }
}

function indicate(indicator: DropIndicator, tree: FormTree, zone: DropZone, result: DragResult<DropTarget> | null, sameList: boolean) {
  if (zone.kind === 'none' || result === null || sameList) {
    indicator.clear();
    return;
  }
  const overElement =
    zone.kind === 'element' ? nodeElement(zone.id) : zone.kind === 'container' ? containerElement(zone.id) : document.getElementById(CANVAS_ROOT_ID);
  if (!result.ok) {
    indicator.show(overElement, 'invalid');
    return;
  }
  const { parentId, index } = result.value;
  const siblings = (parentId === null ? tree.pageIds : tree.childIds[parentId]) ?? [];
  const at = siblings[index];
  if (at !== undefined) indicator.show(nodeElement(at), 'before');
  else if (siblings.length > 0) indicator.show(nodeElement(siblings[siblings.length - 1]), 'after');
  else indicator.show(parentId === null ? null : containerElement(parentId), 'inside');
}

// ---- Screen-reader texts ----

export const SCREEN_READER_INSTRUCTIONS: ScreenReaderInstructions = {
  draggable:
    'To move this element, press Space or Enter. Use the up and down arrow keys to choose where it goes, then press Space or Enter to drop it there, or Escape to cancel. The Move up and Move down buttons of a selected element do the same one step at a time.',
};

function describeTarget(tree: FormTree, target: DropTarget, moving: string | null): string {
  const siblings = (target.parentId === null ? tree.pageIds : tree.childIds[target.parentId]) ?? [];
  const staysInList = moving !== null && siblings.includes(moving);
  const count = staysInList ? siblings.length : siblings.length + 1;
  const where = target.parentId === null ? 'among the pages' : `in ${elementName(tree.nodes[target.parentId])}`;
  return `position ${target.index + 1} of ${count} ${where}`;
}

function chipLabel(source: DragSource, tree: FormTree): string {
  if (source.kind === 'palette') return `New ${PALETTE_LABELS[source.paletteKind]}`;
  const node = tree.nodes[source.id];
  return node ? elementName(node) : 'Element';
}

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

type RectMap = Parameters<CollisionDetection>[0]['droppableRects'];

/**
 * dnd-kit's droppable rects correct themselves for scrolling: each of their sides is a getter that reads the scroll
 * offsets of the droppable's scrollable ancestors. Collision detection runs on every render of the DndContext (several
 * per pointer move) and reads four sides of each of the ~550 droppables of a large form, so those DOM reads were most
 * of a drag move's time. This keeps plain copies of the rects, read once per measurement, and reads them again only
 * when something has scrolled since: the page's own scroll position is compared on every call, and a scroll event
 * anywhere (captured on the document) counts too. The values are the getters' values at the time of the call.
 */
class PlainRects {
  private source: RectMap | null = null;
  private copy: RectMap = new Map();
  private scrollX = 0;
  private scrollY = 0;
  private scrolls = 0;
  private scrollsAtCopy = -1;

  /** Counts scroll events until the returned function is called. */
  listen(): () => void {
    const onScroll = () => {
      this.scrolls += 1;
    };
    document.addEventListener('scroll', onScroll, { capture: true, passive: true });
    return () => document.removeEventListener('scroll', onScroll, { capture: true });
  }

  of(rects: RectMap): RectMap {
    const page = document.scrollingElement;
    const scrollX = page ? page.scrollLeft : 0;
    const scrollY = page ? page.scrollTop : 0;
    if (rects === this.source && this.scrolls === this.scrollsAtCopy && scrollX === this.scrollX && scrollY === this.scrollY) return this.copy;
    const copy: RectMap = new Map();
    for (const [id, rect] of rects) {
      const { top, left, bottom, right, width, height } = rect;
      copy.set(id, { top, left, bottom, right, width, height });
    }
    this.source = rects;
    this.copy = copy;
    this.scrollX = scrollX;
    this.scrollY = scrollY;
    this.scrollsAtCopy = this.scrolls;
    return copy;
  }
}

export function BuilderDnd({ children }: { children: ReactNode }) {
  const dispatch = useAppDispatch();
  const store = useStore<RootState>();
  const session = useRef<DragSession | null>(null);
  const indicator = useMemo(() => new DropIndicator(), []);
  const [chip, setChip] = useState<{ label: string; kind: PaletteKind | null } | null>(null);

  const coordinateGetter = useCallback<KeyboardCoordinateGetter>((event, args) => {
    const current = session.current;
    const all = args.context.droppableContainers;
    if (!current) return sortableKeyboardCoordinates(event, args);
    const enabled = all.getEnabled().filter((entry) => isCandidate(current, entry, true));
    const filtered = { getEnabled: () => enabled, get: (id: Parameters<typeof all.get>[0]) => all.get(id) } as unknown as typeof all;
    return sortableKeyboardCoordinates(event, { ...args, context: { ...args.context, droppableContainers: filtered } });
  }, []);

  const sensors = useSensors(
    useSensor(PointerSensor, { activationConstraint: { distance: 6 } }),
    useSensor(KeyboardSensor, { coordinateGetter }),
  );

  const rects = useMemo(() => new PlainRects(), []);
  useEffect(() => rects.listen(), [rects]);

  const collisionDetection = useCallback<CollisionDetection>(
    (args) => {
      const current = session.current;
      const keyboard = args.pointerCoordinates === null;
      const candidates = current ? args.droppableContainers.filter((entry) => isCandidate(current, entry, keyboard)) : args.droppableContainers;
      const droppableRects = rects.of(args.droppableRects);
      if (keyboard) return closestCorners({ ...args, droppableRects, droppableContainers: candidates });
      // The innermost target under the pointer: an element inside a section beats the section beats its page.
      const within = pointerWithin({ ...args, droppableRects, droppableContainers: candidates });
      let best = within[0];
      let bestArea = Number.POSITIVE_INFINITY;
      for (const collision of within) {
        const rect = droppableRects.get(collision.id);
        const area = rect ? rect.width * rect.height : Number.POSITIVE_INFINITY;
        if (area < bestArea) {
          best = collision;
          bestArea = area;
        }
      }
      return best ? [best] : [];
    },
    [rects],
  );

  const trackPointer = useCallback((event: PointerEvent) => {
    if (session.current) session.current.pointerY = event.clientY;
  }, []);

  const endSession = useCallback(() => {
    session.current = null;
    indicator.clear();
    window.removeEventListener('pointermove', trackPointer);
    setChip(null);
  }, [indicator, trackPointer]);

  const subjectOf = useCallback(
    (active: Active, over: Over | null) => {
      const tree = store.getState().form.tree;
      const source = sourceOf(active);
      if (!source) return null;
      const zone = zoneOf(active, over, session.current?.pointerY ?? null, tree);
      const subject = source.kind === 'element' ? source.id : { type: elementTypeOfKind(source.paletteKind) };
      if (source.kind === 'element' && !tree.nodes[source.id]) return null;
      const result = resolveDrop(tree, subject, zone);
      const from = sortableOf(active.data.current);
      const to = over ? sortableOf(over.data.current) : null;
      const sameList = Boolean(from && to && from.containerId === to.containerId);
      return { tree, source, zone, result, sameList };
    },
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
      };
      if (pointerY !== null) window.addEventListener('pointermove', trackPointer, { passive: true });
      setChip({ label: chipLabel(source, tree), kind: source.kind === 'palette' ? source.paletteKind : paletteKindOfNode(tree, source.id) });
    },
    [store, trackPointer],
  );

  const onDragMove = useCallback(
    ({ active, over }: DragMoveEvent) => {
      const found = subjectOf(active, over);
      if (!found) return;
      indicate(indicator, found.tree, found.zone, found.result, found.sameList);
    },
    [indicator, subjectOf],
  );

  const lastDropText = useRef<string | null>(null);
  const announcements = useMemo(() => {
    const nameOf = (active: Active) => {
      const source = sourceOf(active);
      return source ? chipLabel(source, store.getState().form.tree) : 'Element';
    };
    const outcome = (active: Active, over: Over | null) => {
      const found = subjectOf(active, over);
      if (!found || found.result === null) return null;
      if (!found.result.ok) return { ok: false as const, text: found.result.message };
      const moving = found.source.kind === 'element' ? found.source.id : null;
      return { ok: true as const, text: describeTarget(found.tree, found.result.value, moving) };
    };
    const dropText = (active: Active, over: Over | null) => {
      const result = outcome(active, over);
      if (!result) return `${nameOf(active)} was dropped where it was.`;
      return result.ok ? `${nameOf(active)} was dropped at ${result.text}.` : `${nameOf(active)} was not moved: ${result.text}.`;
    };
    return {
      dropText,
      onDragStart: ({ active }: { active: Active }) => {
        lastDropText.current = null;
        return `Picked up ${nameOf(active)}.`;
      },
      onDragOver: ({ active, over }: { active: Active; over: Over | null }) => {
        if (!over) return `${nameOf(active)} is outside the form.`;
        const result = outcome(active, over);
        if (!result) return undefined;
        return result.ok ? `${nameOf(active)} would go to ${result.text}.` : `${nameOf(active)} cannot be dropped here: ${result.text}.`;
      },
      // Worded in onDragEnd, before the drop changes the form (dnd-kit announces after calling it).
      onDragEnd: ({ active, over }: { active: Active; over: Over | null }) => lastDropText.current ?? dropText(active, over),
      onDragCancel: ({ active }: { active: Active }) => `Moving ${nameOf(active)} was cancelled.`,
    };
  }, [store, subjectOf]);

  const onDragEnd = useCallback(
    ({ active, over }: DragEndEvent) => {
      const source = sourceOf(active);
      const zone = source ? zoneOf(active, over, session.current?.pointerY ?? null, store.getState().form.tree) : null;
      lastDropText.current = announcements.dropText(active, over);
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
