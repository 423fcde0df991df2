import type { FormDocument } from '../../src/domain/form-document.js';
import { sanitizeRichText } from '../../src/domain/rich-text.js';

/** Rich text is stored sanitised, whatever the client sent (the renderer sanitises again on display). */
export function sanitizeFormDocument(document: FormDocument): FormDocument {
  return document.map((page) => ({
    ...page,
    children: page.children.map((child) => {
      if (child.type === 'presentation') return { ...child, content: sanitizeRichText(child.content) };
      if (child.type === 'section') {
        return {
          ...child,
          description: sanitizeRichText(child.description),
          children: child.children.map((leaf) => (leaf.type === 'presentation' ? { ...leaf, content: sanitizeRichText(leaf.content) } : leaf)),
        };
      }
      return child;
    }),
  }));
}
