/** What the palette offers: every element the builder can add, with its spec label (spec §3). */
import { collectDataNames } from '../../domain/data-name';
import { createInput, createPage, createPresentation, createSection, nextPageTitle } from '../../domain/element-factory';
import type { FormElement, FormElementType, InputSubtype, PresentationSubtype } from '../../domain/form-document';
import { INPUT_SUBTYPES, INPUT_SUBTYPE_LABELS } from '../../domain/form-document';
import type { FormTree, TreeNode } from '../../domain/form-tree';
import { richTextToPlainText } from '../../domain/rich-text';

export type PaletteKind = 'page' | 'section' | PresentationSubtype | InputSubtype;

const PRESENTATION_LABELS: Readonly<Record<PresentationSubtype, string>> = { heading: 'Heading', paragraph: 'Paragraph' };

export const PALETTE_LABELS: Readonly<Record<PaletteKind, string>> = {
  page: 'Page',
  section: 'Section',
  ...PRESENTATION_LABELS,
  ...INPUT_SUBTYPE_LABELS,
};

/** Spec §3 categories: layout, presentation, text, choice, number, contact. */
export const PALETTE_GROUPS: readonly { title: string; kinds: readonly PaletteKind[] }[] = [
  { title: 'Layout', kinds: ['page', 'section'] },
  { title: 'Content', kinds: ['heading', 'paragraph'] },
  { title: 'Text', kinds: ['textInput', 'textarea'] },
  { title: 'Choice', kinds: ['radio', 'checkbox', 'dropdown'] },
  { title: 'Number', kinds: ['integer'] },
  { title: 'Contact', kinds: ['phoneNumber', 'email'] },
];

const isInputSubtype = (kind: PaletteKind): kind is InputSubtype => (INPUT_SUBTYPES as readonly string[]).includes(kind);

export function elementTypeOfKind(kind: PaletteKind): FormElementType {
  if (kind === 'page' || kind === 'section') return kind;
  if (kind === 'heading' || kind === 'paragraph') return 'presentation';
  return 'input';
}

/** A new element of `kind` for `parentId` (ignored for pages), with the factory defaults. */
export function createElementOfKind(kind: PaletteKind, id: string, parentId: string | null, tree: FormTree): FormElement {
  if (kind === 'page') return createPage(id, nextPageTitle(tree));
  const parent = parentId ?? '';
  if (kind === 'section') return createSection(id, parent);
  if (isInputSubtype(kind)) return createInput(kind, id, parent, collectDataNames(tree));
  return createPresentation(kind, id, parent);
}

/** The type part of an element's accessible name: 'Page', 'Section', 'Heading', 'Short Answer'… */
export function typeLabelOf(node: TreeNode): string {
  switch (node.type) {
    case 'page':
      return 'Page';
    case 'section':
      return 'Section';
    case 'presentation':
      return PRESENTATION_LABELS[node.subtype];
    case 'input':
      return INPUT_SUBTYPE_LABELS[node.subtype];
  }
}

const MAX_NAME_TEXT = 80;

/** The text part: an input's label, a page's or section's title, a presentation's plain text. */
function textOf(node: TreeNode): string {
  let text: string;
  switch (node.type) {
    case 'page':
    case 'section':
      text = node.title;
      break;
    case 'input':
      text = node.label;
      break;
    case 'presentation':
      text = richTextToPlainText(node.content).replace(/\s+/g, ' ');
      break;
  }
  text = text.trim();
  return text.length > MAX_NAME_TEXT ? `${text.slice(0, MAX_NAME_TEXT - 1)}…` : text;
}

/** '{type}: {label or title}', e.g. 'Short Answer: Full name'; the canvas element's accessible name. */
export function elementName(node: TreeNode): string {
  const text = textOf(node);
  return text ? `${typeLabelOf(node)}: ${text}` : typeLabelOf(node);
}
