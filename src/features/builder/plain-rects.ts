/**
 * dnd-kit's droppable rects correct themselves for scrolling: each of their sides is a getter that reads the scroll
 * offsets of the droppable's scrollable ancestors. Collision detection runs on every render of the DndContext (several
 * per pointer move) and reads four sides of each of the ~550 droppables of a large form, so those DOM reads were most
 * of a drag move's time. This keeps plain copies of the rects, read once per measurement, and reads them again only
 * when something has scrolled since: the page's own scroll position is compared on every call, and a scroll event
 * anywhere (captured on the document) counts too. The values are the getters' values at the time of the call.
 */
import type { RectMap } from './dnd-collision';

export class PlainRects {
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
