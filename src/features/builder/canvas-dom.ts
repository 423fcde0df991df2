/**
 * The canvas's DOM as drag and drop reads it: elements are found by the data attributes the canvas renders
 * (data-node-id on an element, data-container-id on a page's or section's list), measured only while dragging, and
 * only what a drag needs: what is under the pointer (one hit test), and the few centres the drop zone compares.
 */
import type { CanvasTarget } from './dnd-ids';
import { CANVAS_ROOT_ID } from './dnd-ids';
import type { CanvasLayout } from './drop-zone';

export const escapeAttr = (value: string) => value.replace(/["\\]/g, '\\$&');
export const nodeElement = (id: string) => document.querySelector<HTMLElement>(`[data-node-id="${escapeAttr(id)}"]`);
const containerElement = (id: string) => document.querySelector<HTMLElement>(`[data-container-id="${escapeAttr(id)}"]`);

const centreY = (element: Element) => {
  const rect = element.getBoundingClientRect();
  return rect.top + rect.height / 2;
};

/** The canvas target an element of the DOM is, if any. */
function targetOf(element: Element): CanvasTarget | null {
  if (!(element instanceof HTMLElement)) return null;
  const { nodeId, containerId } = element.dataset;
  if (nodeId !== undefined) return { kind: 'element', nodeId };
  if (containerId !== undefined) return { kind: 'container', containerId };
  if (element.id === CANVAS_ROOT_ID) return { kind: 'root' };
  return null;
}

/** The DOM node of a canvas target: an element, a page's or section's list, or the canvas itself. */
export function canvasElementOf(target: CanvasTarget): HTMLElement | null {
  switch (target.kind) {
    case 'element':
      return nodeElement(target.nodeId);
    case 'container':
      return containerElement(target.containerId);
    case 'root':
      return document.getElementById(CANVAS_ROOT_ID);
  }
}

export const domCanvasLayout: CanvasLayout = {
  nodeCentreY(id) {
    const element = nodeElement(id);
    return element ? centreY(element) : null;
  },
  childCentresY(containerId) {
    const centres: number[] = [];
    const list = containerElement(containerId);
    if (list) for (const child of Array.from(list.children)) if (child.hasAttribute('data-node-id')) centres.push(centreY(child));
    return centres;
  },
  targetAt(x, y, accept) {
    // One hit test (the drag chip lets the pointer through), then up from what was hit: the first target met is the
    // innermost, so an element beats its section's list beats its page.
    for (let element = document.elementFromPoint(x, y); element; element = element.parentElement) {
      const target = targetOf(element);
      if (target && accept(target)) return target;
      if (element.id === CANVAS_ROOT_ID) return null;
    }
    return null;
  },
  boxOf(target) {
    const rect = canvasElementOf(target)?.getBoundingClientRect();
    return rect ? { top: rect.top, bottom: rect.bottom, left: rect.left } : null;
  },
};

/**
 * Called as a keyboard drag starts, before dnd-kit measures the picked-up element: dnd-kit places the drag overlay
 * where it measures the element then, and scrolls an element that is off-screen into view, which Bootstrap's
 * `scroll-behavior: smooth` on :root animates, so the measurement (and the chip) was of where it was before the
 * scroll. A handle off-screen is brought into view at once here instead. Where the element goes no longer depends on
 * this (keyboard moves follow the tree, see dnd-collision.ts); what the user sees does.
 */
export function revealHandleForPickUp(handle: EventTarget | null): void {
  if (!(handle instanceof Element)) return;
  const rect = handle.getBoundingClientRect();
  const viewport = window.innerHeight || document.documentElement.clientHeight;
  if (rect.top < 0 || rect.bottom > viewport) handle.scrollIntoView({ block: 'center', inline: 'nearest', behavior: 'instant' });
}
