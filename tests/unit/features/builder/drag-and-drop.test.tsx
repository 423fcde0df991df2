/**
 * Real drags through dnd-kit's sensors. jsdom has no layout, so the canvas gets a simple one: pages stacked in a
 * column, each element a header then its list of children, lists padded — and a hit test on it; enough for pointer
 * and keyboard maths.
 */
import { useDndMonitor } from '@dnd-kit/core';
import { act, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { Provider } from 'react-redux';
import { MemoryRouter } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { DRAG_ERRORS } from '../../../../src/domain/drag-rules';
import { HttpResponse, http, server, startMswServer } from '../../app/msw-server';
import { BuilderDnd } from '../../../../src/features/builder/builder-dnd';
import { Canvas } from '../../../../src/features/builder/canvas';
import { CANVAS_ROOT_ID } from '../../../../src/features/builder/dnd-ids';
import { Palette } from '../../../../src/features/builder/palette';
import { canvasRenderStats } from '../../../../src/features/builder/render-count';
import { TEMPLATE_URL, loadedStore, renderBuilder, sampleDocument, templateJson } from './builder-fixtures';

startMswServer();

const CANVAS_LEFT = 300;
const CANVAS_WIDTH = 600;
const HEADER = 40;
const LEAF = 80;
const PAD = 10;
const GAP = 10;

function rect(left: number, top: number, width: number, height: number): DOMRect {
  return { left, top, width, height, right: left + width, bottom: top + height, x: left, y: top, toJSON: () => ({}) } as DOMRect;
}

/** The element being dragged (its handle's element, or a palette item): where the drag overlay starts. */
let dragged: Element | null = null;

/** Lays the canvas out from the DOM; returns every element's box. */
function layout(): Map<Element, DOMRect> {
  const boxes = new Map<Element, DOMRect>();
  const canvas = document.getElementById('canvas-root');
  if (!canvas) return boxes;

  const placeElement = (element: Element, left: number, top: number, width: number): number => {
    const header = element.querySelector(':scope > .builder-element-header');
    if (header) boxes.set(header, rect(left, top, width, HEADER));
    const handle = header?.querySelector('.builder-handle');
    if (handle) boxes.set(handle, rect(left + 4, top + 4, 28, 28));
    const list = element.querySelector(':scope > .builder-element-body > .builder-list');
    let height = LEAF;
    if (list) height = HEADER + placeList(list, left + PAD, top + HEADER, width - 2 * PAD) + PAD;
    boxes.set(element, rect(left, top, width, height));
    return height;
  };

  const placeList = (list: Element, left: number, top: number, width: number): number => {
    let y = top + PAD;
    const children = Array.from(list.children).filter((child) => child.hasAttribute('data-node-id'));
    for (const child of children) y += placeElement(child, left + PAD, y, width - 2 * PAD) + GAP;
    const height = Math.max(y - top, 50);
    boxes.set(list, rect(left, top, width, height));
    return height;
  };

  let y = 20;
  for (const page of Array.from(canvas.children).filter((child) => child.hasAttribute('data-node-id'))) {
    y += placeElement(page, CANVAS_LEFT, y, CANVAS_WIDTH) + 20;
  }
  boxes.set(canvas, rect(CANVAS_LEFT - 20, 0, CANVAS_WIDTH + 40, y + 400));
  document.querySelectorAll('.builder-palette-item').forEach((item, index) => boxes.set(item, rect(20, 20 + index * 40, 200, 32)));
  // The drag overlay starts over the dragged item, as it does in a browser.
  // dnd-kit measures the overlay's only child: the chip, at the dragged item's top-left corner.
  const chip = document.querySelector('.builder-drag-chip');
  const origin = dragged ? boxes.get(dragged) : undefined;
  if (chip && origin) {
    boxes.set(chip, rect(origin.left, origin.top, 220, 34));
    if (chip.parentElement) boxes.set(chip.parentElement, origin);
  }
  return boxes;
}

/** The browser's hit test on that layout: the smallest box under the point (the drag chip lets the pointer through). */
function elementFromPoint(x: number, y: number): Element | null {
  let hit: Element | null = null;
  let hitArea = Number.POSITIVE_INFINITY;
  for (const [element, box] of layout()) {
    if (element.closest('.builder-drag-overlay')) continue;
    const area = box.width * box.height;
    if (x >= box.left && x <= box.right && y >= box.top && y <= box.bottom && area < hitArea) {
      hit = element;
      hitArea = area;
    }
  }
  return hit;
}

beforeEach(() => {
  vi.spyOn(Element.prototype, 'getBoundingClientRect').mockImplementation(function (this: Element) {
    return layout().get(this) ?? rect(0, 0, 0, 0);
  });
  document.elementFromPoint = elementFromPoint;
});
afterEach(() => {
  vi.restoreAllMocks();
  delete (document as Partial<Document>).elementFromPoint;
});

async function loaded() {
  server.use(http.get(TEMPLATE_URL, () => HttpResponse.json(templateJson())));
  const rendered = renderBuilder();
  await screen.findByRole('group', { name: 'Page: About you' });
  return rendered;
}

const centreOf = (element: Element) => {
  const box = element.getBoundingClientRect();
  return { clientX: box.left + box.width / 2, clientY: box.top + box.height / 2 };
};

/** Presses on `from`, moves in a few steps to `to`, lets go there. */
async function pointerDrag(from: Element, to: { clientX: number; clientY: number }) {
  dragged = from.closest('[data-node-id]') ?? from;
  const start = centreOf(from);
  const pointer = { isPrimary: true, button: 0, pointerId: 1, pointerType: 'mouse' };
  fireEvent.pointerDown(from, { ...pointer, ...start });
  for (let step = 1; step <= 4; step += 1) {
    await act(async () => {
      fireEvent.pointerMove(document, {
        ...pointer,
        clientX: start.clientX + ((to.clientX - start.clientX) * step) / 4,
        clientY: start.clientY + ((to.clientY - start.clientY) * step) / 4,
      });
    });
  }
  await act(async () => {
    fireEvent.pointerUp(document, { ...pointer, ...to });
  });
}

const listBox = (containerId: string) => document.querySelector(`[data-container-id="${containerId}"]`)!.getBoundingClientRect();

describe('drag and drop with the mouse', () => {
  it('moves an input into an empty section', async () => {
    const { store } = await loaded();
    const target = listBox('s2');
    await pointerDrag(screen.getByRole('button', { name: 'Drag Short Answer: Full name' }), {
      clientX: target.left + 40,
      clientY: target.top + target.height / 2,
    });
    await waitFor(() => expect(store.getState().form.tree.childIds.s2).toEqual(['i1']));
    expect(store.getState().form.tree.nodes.i1).toMatchObject({ parentId: 's2' });
  });

  it('refuses a section dropped into another section with "Sections can only be placed on pages"', async () => {
    const { store } = await loaded();
    const before = store.getState().form.tree;
    const target = listBox('s1');
    await pointerDrag(screen.getByRole('button', { name: 'Drag Section: Contact' }), {
      clientX: target.left + 20,
      clientY: target.top + target.height - 4,
    });
    expect(await screen.findByText(DRAG_ERRORS.sectionOutsidePage)).toBeInTheDocument();
    expect(store.getState().form.tree).toBe(before);
  });

  it('refuses a page dropped inside a page with "Pages cannot be nested"', async () => {
    const { store } = await loaded();
    const before = store.getState().form.tree;
    const target = listBox('p1');
    await pointerDrag(screen.getByRole('button', { name: 'Drag Page: Details' }), {
      clientX: target.left + 4,
      clientY: target.top + target.height - 4,
    });
    expect(await screen.findByText(DRAG_ERRORS.pageNested)).toBeInTheDocument();
    expect(store.getState().form.tree).toBe(before);
  });

  it('adds a palette element where it is dropped, and refuses one dropped outside every page', async () => {
    const { store } = await loaded();
    const palette = screen.getByRole('region', { name: 'Add elements' });
    const email = palette.querySelectorAll('.builder-palette-item')[11];
    expect(email).toHaveTextContent('Email');
    const target = listBox('s2');
    await pointerDrag(email, { clientX: target.left + 40, clientY: target.top + 20 });
    await waitFor(() => expect(store.getState().form.tree.childIds.s2).toHaveLength(1));
    const added = store.getState().form.tree.nodes[store.getState().form.tree.childIds.s2[0]];
    expect(added).toMatchObject({ type: 'input', subtype: 'email', parentId: 's2' });

    const canvas = document.getElementById('canvas-root')!.getBoundingClientRect();
    await pointerDrag(palette.querySelectorAll('.builder-palette-item')[4], { clientX: canvas.left + 5, clientY: canvas.bottom - 50 });
    expect(await screen.findByText(DRAG_ERRORS.elementOutsideForm)).toBeInTheDocument();
  });
});

describe('starting a drag on a large form', () => {
  it('measures a few things, not every element of the form, and renders none of the canvas (dnd-kit knows one draggable and one droppable of the canvas, and the canvas is outside its context)', async () => {
    // A page of 60 inputs, picked up by the first one's handle.
    const inputs = Array.from({ length: 60 }, (_, i) => ({ ...sampleDocument()[0].children[0], id: `n${i}`, parentId: 'p1', label: `Field ${i}`, dataName: `field_${i}` }));
    server.use(http.get(TEMPLATE_URL, () => HttpResponse.json(templateJson({ jsonForm: [{ ...sampleDocument()[0], children: inputs }] }))));
    renderBuilder();
    const handle = await screen.findByRole('button', { name: 'Drag Short Answer: Field 0' });
    dragged = handle.closest('[data-node-id]');
    const measured = new Set<Element>();
    const measure = vi.mocked(Element.prototype.getBoundingClientRect);
    const counting = measure.getMockImplementation()!;
    measure.mockImplementation(function (this: Element) {
      measured.add(this);
      return counting.call(this);
    });
    const renders = { ...canvasRenderStats };
    const start = centreOf(handle);
    const pointer = { isPrimary: true, button: 0, pointerId: 1, pointerType: 'mouse' };
    fireEvent.pointerDown(handle, { ...pointer, ...start });
    await act(async () => {
      fireEvent.pointerMove(document, { ...pointer, clientX: start.clientX, clientY: start.clientY + 8 });
    });
    expect(document.querySelector('.builder-drag-chip')).toHaveTextContent('Short Answer: Field 0');
    expect(measured.size).toBeLessThan(10);
    // dnd-kit's context changes as the drag starts; the canvas is outside it, so it does not render.
    expect(canvasRenderStats).toEqual(renders);
    await act(async () => {
      fireEvent.pointerUp(document, { ...pointer, clientX: start.clientX, clientY: start.clientY + 8 });
    });
  });
});

describe('the canvas as the droppable', () => {
  it('is what dnd-kit reports the pointer over, though it is rendered outside the DndContext', async () => {
    const overs: (string | number | null)[] = [];
    function OverProbe() {
      useDndMonitor({ onDragOver: ({ over }) => overs.push(over?.id ?? null) });
      return null;
    }
    render(
      <Provider store={loadedStore()}>
        <MemoryRouter>
          <BuilderDnd
            palette={
              <>
                <Palette />
                <OverProbe />
              </>
            }
            canvas={<Canvas />}
          />
        </MemoryRouter>
      </Provider>,
    );
    const handle = await screen.findByRole('button', { name: 'Drag Short Answer: Full name' });
    await pointerDrag(handle, centreOf(screen.getByRole('group', { name: 'Page: About you' })));
    expect(overs).toContain(CANVAS_ROOT_ID);
  });
});

// dnd-kit listens for the next keys one tick after picking up.
async function press(target: Element | Document, key: string, code: string) {
  await act(async () => {
    fireEvent.keyDown(target, { key, code });
    await new Promise((resolve) => setTimeout(resolve, 0));
  });
}

describe('drag and drop with the keyboard', () => {
  it('moves a page past the next one in one step (pages only stop at pages)', async () => {
    const { store } = await loaded();
    const handle = screen.getByRole('button', { name: 'Drag Page: About you' });
    handle.focus();
    dragged = handle.closest('[data-node-id]');
    await press(handle, 'Enter', 'Enter');
    await press(document, 'ArrowDown', 'ArrowDown');
    expect(screen.getByText(/would go to position 2 of 2 among the pages/)).toBeInTheDocument();
    await press(document, 'Enter', 'Enter');
    await waitFor(() => expect(store.getState().form.tree.pageIds).toEqual(['p2', 'p1']));
    expect(screen.getByText(/Page: About you was dropped at position 2 of 2 among the pages/)).toBeInTheDocument();
  });

  it('picks an element up with Space, moves it with the arrows and drops it with Space', async () => {
    const { store } = await loaded();
    const handle = screen.getByRole('button', { name: 'Drag Integer: Number of children' });
    handle.focus();
    dragged = handle.closest('[data-node-id]');
    await press(handle, ' ', 'Space');
    await press(document, 'ArrowUp', 'ArrowUp');
    expect(screen.getByText(/would go to position 1 of 2 in Section: Matter/)).toBeInTheDocument();
    await press(document, ' ', 'Space');
    await waitFor(() => expect(store.getState().form.tree.childIds.s1).toEqual(['i3', 'i2']));
  });
});
