/**
 * Focus after a command that re-mounts or removes what had focus (an element moved to another page, removed,
 * copied): once React has committed, focus the element (or one of its toolbar buttons) by its data attributes.
 */
import { escapeAttr, nodeElement } from './canvas-dom';

export function focusCanvasElementSoon(id: string | null, action?: string): void {
  if (id === null) return;
  requestAnimationFrame(() => {
    const element = nodeElement(id);
    if (!element) return;
    const target = action ? element.querySelector<HTMLElement>(`[data-action="${escapeAttr(action)}"]`) : element;
    const focusable = target ?? element;
    if (document.activeElement !== focusable) focusable.focus();
  });
}

/** Brings an element into view when it is wholly outside the viewport (a palette addition far down the form). */
export function revealIfHidden(element: HTMLElement | null): void {
  if (!element || typeof element.scrollIntoView !== 'function') return;
  const rect = element.getBoundingClientRect();
  const viewport = window.innerHeight || document.documentElement.clientHeight;
  if (rect.bottom < 0 || rect.top > viewport) element.scrollIntoView({ block: 'center', behavior: 'smooth' });
}
