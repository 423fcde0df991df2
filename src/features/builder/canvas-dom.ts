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
