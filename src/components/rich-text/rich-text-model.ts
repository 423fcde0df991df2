/**
 * The ProseMirror side of the rich-text field: schemas, HTML in and out, plugins, keymaps and commands. Kept apart
 * from the React component so each rule can be tested on an EditorState without a view. Only the lazily loaded editor
 * imports this module, which keeps ProseMirror out of the initial bundle.
 */
import { baseKeymap, lift, toggleMark, wrapIn } from 'prosemirror-commands';
import { dropCursor } from 'prosemirror-dropcursor';
import { history, isHistoryTransaction, redo, undo } from 'prosemirror-history';
import { keymap } from 'prosemirror-keymap';
import { DOMParser, DOMSerializer, Fragment, Schema, Slice } from 'prosemirror-model';
import type { MarkSpec, MarkType, Node as ProseMirrorNode, NodeSpec, NodeType } from 'prosemirror-model';
import { marks as basicMarks, nodes as basicNodes } from 'prosemirror-schema-basic';
import { EditorState, Plugin, PluginKey, Selection } from 'prosemirror-state';
import type { Command, Transaction } from 'prosemirror-state';
import { Decoration, DecorationSet } from 'prosemirror-view';
import { HISTORY_DEPTH, NEW_GROUP_DELAY_MS } from '../../domain/edit-history';
import {
  DEFAULT_HEADING_LEVEL,
  LINK_REL,
  LINK_TARGET,
  isRichTextEmpty,
  safeHref,
  sanitizeRichText,
  withHeadingLevel,
} from '../../domain/rich-text';
import type { HeadingLevel } from '../../domain/rich-text';

/** Spec §9: history depth 100, a new undo group after a 500 ms pause (the builder's own history uses the same). */
export const HISTORY_OPTIONS = { depth: HISTORY_DEPTH, newGroupDelay: NEW_GROUP_DELAY_MS } as const;

/**
 * 'multi': paragraphs, lists, quotes and inline formatting. 'line': one paragraph. 'heading': one heading of a level.
 * The single-line modes refuse Enter, drops and multi-block pastes (spec §5).
 */
export type RichTextMode = 'multi' | 'line' | 'heading';

export function modeOf(options: { singleLine?: boolean; headingLevel?: HeadingLevel }): RichTextMode {
  if (options.headingLevel !== undefined) return 'heading';
  return options.singleLine ? 'line' : 'multi';
}

// ---- Schemas ----

const marks: Record<string, MarkSpec> = {
  link: {
    attrs: { href: {} },
    inclusive: false,
    parseDOM: [
      {
        tag: 'a[href]',
        getAttrs: (dom) => {
          const href = safeHref((dom as HTMLElement).getAttribute('href') ?? '');
          return href === null ? false : { href };
        },
      },
    ],
    toDOM: (mark) => ['a', { href: mark.attrs.href as string, rel: LINK_REL, target: LINK_TARGET }, 0],
  },
  strong: basicMarks.strong,
  em: basicMarks.em,
  underline: {
    parseDOM: [{ tag: 'u' }, { style: 'text-decoration=underline' }],
    toDOM: () => ['u', 0],
  },
  strike: {
    parseDOM: [{ tag: 's' }, { tag: 'strike' }, { tag: 'del' }, { style: 'text-decoration=line-through' }],
    toDOM: () => ['s', 0],
  },
};

const listNodes: Record<string, NodeSpec> = {
  bullet_list: { content: 'list_item+', group: 'block', parseDOM: [{ tag: 'ul' }], toDOM: () => ['ul', 0] },
  ordered_list: { content: 'list_item+', group: 'block', parseDOM: [{ tag: 'ol' }], toDOM: () => ['ol', 0] },
  list_item: { content: 'paragraph block*', defining: true, parseDOM: [{ tag: 'li' }], toDOM: () => ['li', 0] },
};

const schemas = new Map<RichTextMode, Schema>();

export function schemaFor(mode: RichTextMode): Schema {
  const cached = schemas.get(mode);
  if (cached) return cached;
  let nodes: Record<string, NodeSpec>;
  switch (mode) {
    case 'multi':
      nodes = {
        doc: { content: 'block+' },
        paragraph: basicNodes.paragraph,
        heading: basicNodes.heading,
        blockquote: basicNodes.blockquote,
        ...listNodes,
        text: basicNodes.text,
        hard_break: basicNodes.hard_break,
      };
      break;
    case 'line':
      nodes = { doc: { content: 'paragraph' }, paragraph: basicNodes.paragraph, text: basicNodes.text };
      break;
    case 'heading':
      nodes = { doc: { content: 'heading' }, heading: basicNodes.heading, text: basicNodes.text };
      break;
  }
  const schema = new Schema({ nodes, marks });
  schemas.set(mode, schema);
  return schema;
}

// ---- HTML in and out ----

/** A document that never runs scripts or loads images, for parsing and serialising. */
function inertDocument(): Document {
  return document.implementation.createHTMLDocument('');
}

export function parseRichText(html: string, mode: RichTextMode, level: HeadingLevel = DEFAULT_HEADING_LEVEL): ProseMirrorNode {
  const schema = schemaFor(mode);
  const source = mode === 'heading' ? withHeadingLevel(sanitizeRichText(html), level) : sanitizeRichText(html);
  const container = inertDocument().createElement('div');
  container.innerHTML = source;
  const doc = DOMParser.fromSchema(schema).parse(container);
  if (mode === 'heading' && doc.firstChild && doc.firstChild.attrs.level !== level) {
    return schema.node('doc', null, [schema.nodes.heading.create({ level }, doc.firstChild.content)]);
  }
  return doc;
}

/** The field's value for a document: sanitised HTML, or '' when only markup and whitespace remain (spec §5). */
export function serializeRichText(doc: ProseMirrorNode): string {
  const owner = inertDocument();
  const container = owner.createElement('div');
  container.appendChild(DOMSerializer.fromSchema(doc.type.schema).serializeFragment(doc.content, { document: owner }));
  const html = container.innerHTML;
  return isRichTextEmpty(html) ? '' : sanitizeRichText(html);
}

// ---- Placeholder ----

export const placeholderKey = new PluginKey<{ focused: boolean }>('rich-text-placeholder');

/** Empty means a single empty (or whitespace-only) text block. */
function isDocEmpty(doc: ProseMirrorNode): boolean {
  const only = doc.firstChild;
  return doc.childCount === 1 && !!only && only.isTextblock && only.textContent.replace(/[\s\u00a0]/g, '') === '';
}

/**
 * Spec §4: the placeholder shows while the field is empty and blurred and clears on focus. Rendered as a node
 * decoration (class + data-placeholder, painted by CSS), so it is never part of the content.
 */
function placeholderPlugin(text: string): Plugin<{ focused: boolean }> {
  return new Plugin<{ focused: boolean }>({
    key: placeholderKey,
    state: {
      init: () => ({ focused: false }),
      apply: (tr, value) => {
        const focused = tr.getMeta(placeholderKey) as boolean | undefined;
        return focused === undefined ? value : { focused };
      },
    },
    props: {
      decorations(state) {
        const first = state.doc.firstChild;
        if (!text || !first || placeholderKey.getState(state)?.focused || !isDocEmpty(state.doc)) return null;
        return DecorationSet.create(state.doc, [
          Decoration.node(0, first.nodeSize, { class: 'rich-text-placeholder', 'data-placeholder': text }),
        ]);
      },
      handleDOMEvents: {
        focus(view) {
          view.dispatch(view.state.tr.setMeta(placeholderKey, true).setMeta('addToHistory', false));
          return false;
        },
        blur(view) {
          view.dispatch(view.state.tr.setMeta(placeholderKey, false).setMeta('addToHistory', false));
          return false;
        },
      },
    },
  });
}

/** Whether the placeholder is painted: a placeholder plugin, an empty field and no focus. */
export function isPlaceholderShown(state: EditorState): boolean {
  const pluginState = placeholderKey.getState(state);
  return !!pluginState && !pluginState.focused && isDocEmpty(state.doc);
}

// ---- Single-line rules ----

/** Swallows the key so nothing splits the line. */
export const blockEnter: Command = () => true;

/** Pastes into a single line: every text block of the slice joined by spaces into one. */
export function flattenSlice(slice: Slice, schema: Schema): Slice {
  const blocks: Fragment[] = [];
  slice.content.descendants((node) => {
    if (node.isTextblock) {
      blocks.push(node.content);
      return false;
    }
    return true;
  });
  if (blocks.length === 0) return slice;
  let inline = Fragment.empty;
  blocks.forEach((content, index) => {
    if (index > 0 && content.size > 0 && inline.size > 0) inline = inline.append(Fragment.from(schema.text(' ')));
    inline = inline.append(content);
  });
  const block = schema.topNodeType.contentMatch.defaultType;
  if (!block) return slice;
  // Rebuild each inline node in the target schema; what the block cannot hold (a hard break) becomes a space.
  const allowed: ProseMirrorNode[] = [];
  inline.forEach((node) => {
    let copy: ProseMirrorNode | null;
    try {
      copy = schema.nodeFromJSON(node.toJSON());
    } catch {
      copy = null;
    }
    if (copy && block.contentMatch.matchType(copy.type)) allowed.push(copy);
    else if (node.isInline) allowed.push(schema.text(' '));
  });
  return new Slice(Fragment.from(block.create(null, allowed)), 1, 1);
}

export function singleLinePlugin(): Plugin {
  return new Plugin({
    props: {
      // Spec §5: single-line mode blocks drops (including dragging text inside the field).
      handleDrop: () => true,
      transformPasted: (slice, view) => flattenSlice(slice, view.state.schema),
      transformPastedText: (text) => text.replace(/\s*[\r\n]+\s*/g, ' '),
    },
  });
}

// ---- Commands ----

export function markActive(state: EditorState, type: MarkType): boolean {
  const { from, $from, to, empty } = state.selection;
  if (empty) return !!type.isInSet(state.storedMarks ?? $from.marks());
  return state.doc.rangeHasMark(from, to, type);
}

/** The list node type around the selection, if any. */
export function listTypeAt(state: EditorState): NodeType | null {
  const { $from } = state.selection;
  const { bullet_list: bullet, ordered_list: ordered } = state.schema.nodes;
  for (let depth = $from.depth; depth > 0; depth -= 1) {
    const type = $from.node(depth).type;
    if (type === bullet || type === ordered) return type;
  }
  return null;
}

/** Enter inside a list item starts the next item; on an empty last item it leaves the list. */
export function splitListItem(itemType: NodeType): Command {
  return (state, dispatch) => {
    const { $from, $to } = state.selection;
    if ($from.depth < 2 || !$from.sameParent($to) || !$from.parent.isTextblock) return false;
    const item = $from.node(-1);
    if (item.type !== itemType) return false;
    if ($from.parent.content.size === 0 && item.childCount === $from.indexAfter(-1)) return lift(state, dispatch);
    const atEnd = $to.pos === $from.end();
    const types = atEnd ? [{ type: itemType }, { type: state.schema.nodes.paragraph }] : undefined;
    try {
      // Transform steps throw when the result would break the schema; that means "cannot split here".
      const tr = state.tr.delete($from.pos, $to.pos).split($from.pos, 2, types).scrollIntoView();
      dispatch?.(tr);
      return true;
    } catch {
      return false;
    }
  };
}

/** Toolbar list button: wraps the selection in the list, switches list kinds, or lifts out of the same kind. */
export function toggleList(listType: NodeType): Command {
  return (state, dispatch) => {
    const { $from } = state.selection;
    const { bullet_list: bullet, ordered_list: ordered } = state.schema.nodes;
    for (let depth = $from.depth; depth > 0; depth -= 1) {
      const node = $from.node(depth);
      if (node.type !== bullet && node.type !== ordered) continue;
      if (node.type === listType) return lift(state, dispatch);
      dispatch?.(state.tr.setNodeMarkup($from.before(depth), listType));
      return true;
    }
    return wrapIn(listType)(state, dispatch);
  };
}

/** The extent of the `type` mark around the cursor (for removing a link with a collapsed selection). */
function markExtent(state: EditorState, type: MarkType): { from: number; to: number } | null {
  const { $from } = state.selection;
  const parent = $from.parent;
  const start = $from.start();
  let from = -1;
  let to = -1;
  let offset = 0;
  for (let index = 0; index < parent.childCount; index += 1) {
    const child = parent.child(index);
    const childFrom = start + offset;
    const childTo = childFrom + child.nodeSize;
    const has = !!type.isInSet(child.marks);
    if (has && from === -1) from = childFrom;
    if (has) to = childTo;
    if (!has && from !== -1) {
      if ($from.pos >= from && $from.pos <= to) break;
      from = -1;
      to = -1;
    }
    offset += child.nodeSize;
  }
  return from !== -1 && $from.pos >= from && $from.pos <= to ? { from, to } : null;
}

/** Adds a link to the selection (the URL must pass safeHref). */
export function setLink(href: string): Command {
  return (state, dispatch) => {
    const safe = safeHref(href);
    const type = state.schema.marks.link;
    if (!safe || !type || state.selection.empty) return false;
    const { from, to } = state.selection;
    dispatch?.(state.tr.removeMark(from, to, type).addMark(from, to, type.create({ href: safe })).scrollIntoView());
    return true;
  };
}

export const removeLink: Command = (state, dispatch) => {
  const type = state.schema.marks.link;
  if (!type) return false;
  const range = state.selection.empty ? markExtent(state, type) : state.selection;
  if (!range || !state.doc.rangeHasMark(range.from, range.to, type)) return false;
  dispatch?.(state.tr.removeMark(range.from, range.to, type));
  return true;
};

/** Accepts what people type: 'example.com' becomes https://example.com, an address becomes mailto:. */
export function normaliseLinkInput(input: string): string | null {
  const value = input.trim();
  if (!value) return null;
  if (/^[a-z][a-z0-9+.-]*:/i.test(value)) return safeHref(value);
  if (/^[^\s@/]+@[^\s@/]+\.[^\s@/]+$/.test(value)) return safeHref(`mailto:${value}`);
  return safeHref(`https://${value.replace(/^\/+/, '')}`);
}

function insertHardBreak(state: EditorState, dispatch?: (tr: Transaction) => void): boolean {
  const br = state.schema.nodes.hard_break;
  if (!br) return false;
  dispatch?.(state.tr.replaceSelectionWith(br.create()).scrollIntoView());
  return true;
}

// ---- State ----

export interface EditorSetup {
  mode: RichTextMode;
  placeholder?: string;
}

export function buildPlugins({ mode, placeholder = '' }: EditorSetup): Plugin[] {
  const schema = schemaFor(mode);
  const { marks: m, nodes: n } = schema;
  const formatting: Record<string, Command> = {
    'Mod-b': toggleMark(m.strong),
    'Mod-i': toggleMark(m.em),
    'Mod-u': toggleMark(m.underline),
  };
  const plugins: Plugin[] = [
    history(HISTORY_OPTIONS),
    keymap({ 'Mod-z': undo, 'Shift-Mod-z': redo, 'Mod-y': redo }),
  ];
  if (mode === 'multi') {
    plugins.push(
      keymap({
        ...formatting,
        Enter: splitListItem(n.list_item),
        'Shift-Enter': insertHardBreak,
        'Mod-Enter': insertHardBreak,
        'Shift-Mod-8': toggleList(n.bullet_list),
        'Shift-Mod-7': toggleList(n.ordered_list),
      }),
      // Spec §9: the drop cursor hides 5 s after the last dragover (prosemirror-dropcursor's own timeout).
      dropCursor({ class: 'rich-text-dropcursor', width: 2 }),
    );
  } else {
    plugins.push(
      keymap({ ...formatting, Enter: blockEnter, 'Shift-Enter': blockEnter, 'Mod-Enter': blockEnter }),
      singleLinePlugin(),
    );
  }
  plugins.push(keymap(baseKeymap));
  if (placeholder) plugins.push(placeholderPlugin(placeholder));
  return plugins;
}

export function createRichTextState(html: string, setup: EditorSetup & { headingLevel?: HeadingLevel }): EditorState {
  return EditorState.create({
    doc: parseRichText(html, setup.mode, setup.headingLevel),
    plugins: buildPlugins(setup),
  });
}

/**
 * The state holding `html` instead, for a change from outside (the builder's undo, another element's content): the
 * same plugins, the caret kept where it was as far as the new content allows, and a history of its own starting
 * afresh, since what the old one would undo is no longer there.
 */
export function stateWithContent(state: EditorState, html: string, mode: RichTextMode, level?: HeadingLevel): EditorState {
  const doc = parseRichText(html, mode, level);
  const selection = Selection.near(doc.resolve(Math.min(state.selection.head, doc.content.size)));
  return EditorState.create({ doc, selection, plugins: state.plugins });
}

/** The editor has something of its own to undo (or redo). */
export const canStepHistory = (state: EditorState, direction: 'undo' | 'redo'): boolean => (direction === 'undo' ? undo : redo)(state);

/** The transaction is the editor's own undo or redo (not typing). */
export const isUndoOrRedo = (tr: Transaction): boolean => isHistoryTransaction(tr);

/** A transaction setting the heading level (heading mode), or null when it already matches. */
export function setHeadingLevel(state: EditorState, level: HeadingLevel): Transaction | null {
  const heading = state.doc.firstChild;
  if (!heading || heading.type.name !== 'heading' || heading.attrs.level === level) return null;
  return state.tr.setNodeMarkup(0, undefined, { ...heading.attrs, level });
}
