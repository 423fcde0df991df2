import { setImmediate as nextTurn } from 'node:timers/promises';
import type { FormDocument, LeafElement, PageChild } from '../../src/domain/form-document.js';
import { sanitizeRichText } from '../../src/domain/rich-text.js';

/** How long sanitising runs before it lets the event loop serve other requests. */
const TURN_MS = 10;

/**
 * Rich text is stored sanitised, whatever the client sent (the renderer sanitises again on display).
 *
 * A form may hold 8 MB of rich text, which takes about a second to sanitise on a small machine. Between fields, once
 * it has run for TURN_MS, it gives the event loop a turn, so a big save delays other requests by one field's work
 * (a few milliseconds for the largest field), not by the whole form's.
 */
export async function sanitizeFormDocument(document: FormDocument): Promise<FormDocument> {
  let turnStarted = performance.now();
  const clean = async (html: string): Promise<string> => {
    if (performance.now() - turnStarted > TURN_MS) {
      await nextTurn();
      turnStarted = performance.now();
    }
    return sanitizeRichText(html);
  };
  const cleanLeaf = async (leaf: LeafElement): Promise<LeafElement> => (leaf.type === 'presentation' ? { ...leaf, content: await clean(leaf.content) } : leaf);
  const cleanChild = async (child: PageChild): Promise<PageChild> => {
    if (child.type !== 'section') return cleanLeaf(child);
    const description = await clean(child.description);
    const children: LeafElement[] = [];
    for (const leaf of child.children) children.push(await cleanLeaf(leaf));
    return { ...child, description, children };
  };
  const pages: FormDocument = [];
  for (const page of document) {
    const children: PageChild[] = [];
    for (const child of page.children) children.push(await cleanChild(child));
    pages.push({ ...page, children });
  }
  return pages;
}
