/**
 * The canvas's DOM as drag and drop reads it: elements are found by the data attributes the canvas renders
 * (data-node-id on an element, data-container-id on a page's or section's list), measured only while dragging.
 */
import type { CanvasLayout } from './drop-zone';

const escapeAttr = (value: string) => value.replace(/["\\]/g, '\\$&');
export const nodeElement = (id: string) => document.querySelector<HTMLElement>(`[data-node-id="${escapeAttr(id)}"]`);
export const containerElement = (id: string) => document.querySelector<HTMLElement>(`[data-container-id="${escapeAttr(id)}"]`);

const centreY = (element: Element) => {
  const rect = element.getBoundingClientRect();
  return rect.top + rect.height / 2;
};

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
