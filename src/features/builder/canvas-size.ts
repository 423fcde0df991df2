/**
 * A first guess at how tall a page or section of the canvas is, in rem, for `contain-intrinsic-size`: the canvas lets
 * the browser skip pages and sections scrolled out of view (builder.css, content-visibility), and a box it has never
 * drawn is as tall as this guess. Once drawn, the browser keeps the box's real height, so the guess only has to keep
 * the scrollbar of a freshly opened long form close to right. The figures are the builder's own heights, measured.
 */
import { isChoiceSubtype } from '../../domain/form-document';
import type { LeafElement } from '../../domain/form-document';
import { isContainerNode } from '../../domain/form-tree';
import type { FormTree } from '../../domain/form-tree';

const ELEMENT_GAP = 0.625;
const PAGE_CHROME = 4;
const SECTION_CHROME = 6;
const PRESENTATION = 6.25;
const TEXT_INPUT = 7.5;
const TEXTAREA = 12;
const CHOICES_BASE = 5.25;
const PER_CHOICE = 1.85;
const HELP_TEXT = 1.6;

function leafHeight(node: LeafElement): number {
  if (node.type === 'presentation') return PRESENTATION;
  const help = node.helpText ? HELP_TEXT : 0;
  if (isChoiceSubtype(node.subtype)) return CHOICES_BASE + PER_CHOICE * Math.max(node.options.length, 1) + help;
  return (node.subtype === 'textarea' ? TEXTAREA : TEXT_INPUT) + help;
}

/** The guessed height of element `id` and everything in it. */
export function estimatedHeightRem(tree: Pick<FormTree, 'nodes' | 'childIds'>, id: string): number {
  const node = tree.nodes[id];
  if (!node) return 0;
  if (!isContainerNode(node)) return leafHeight(node);
  let height = node.type === 'page' ? PAGE_CHROME : SECTION_CHROME;
  for (const childId of tree.childIds[id] ?? []) height += estimatedHeightRem(tree, childId) + ELEMENT_GAP;
  return Math.round(height * 10) / 10;
}
