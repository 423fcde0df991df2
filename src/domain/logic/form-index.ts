/**
 * The document as the logic module sees it: every element in document order with a slot number, its container's
 * slot, and (for inputs) its subtype. Internal to src/domain/logic.
 */
import type { FormDocument, FormElement, FormElementType, InputSubtype } from '../form-document';

export interface IndexedElement {
  id: string;
  type: FormElementType;
  /** Position in document order (depth first). */
  slot: number;
  /** Slot of the page or section holding it; -1 for a page. */
  parentSlot: number;
  /** Inputs only. */
  subtype: InputSubtype | null;
  element: FormElement;
}

export interface FormIndex {
  elements: IndexedElement[];
  byId: Map<string, IndexedElement>;
}

export function indexForm(document: FormDocument): FormIndex {
  const elements: IndexedElement[] = [];
  const byId = new Map<string, IndexedElement>();
  const add = (element: FormElement, parentSlot: number) => {
    // A repeated id (refused by the document schema) keeps its first occurrence, like every other lookup by id.
    if (byId.has(element.id)) return;
    const indexed: IndexedElement = {
      id: element.id,
      type: element.type,
      slot: elements.length,
      parentSlot,
      subtype: element.type === 'input' ? element.subtype : null,
      element,
    };
    elements.push(indexed);
    byId.set(element.id, indexed);
    if (element.type === 'page' || element.type === 'section') {
      const children = element.children;
      for (let i = 0; i < children.length; i++) add(children[i], indexed.slot);
    }
  };
  const pages = document ?? [];
  for (let i = 0; i < pages.length; i++) add(pages[i], -1);
  return { elements, byId };
}

export function inputOf(index: FormIndex, id: string | null | undefined): IndexedElement | undefined {
  if (typeof id !== 'string') return undefined;
  const found = index.byId.get(id);
  return found && found.type === 'input' ? found : undefined;
}
