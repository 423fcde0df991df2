import { Slice } from 'prosemirror-model';
import { EditorState, TextSelection } from 'prosemirror-state';
import type { Command, Plugin, Transaction } from 'prosemirror-state';
import type { EditorView } from 'prosemirror-view';
import { describe, expect, it } from 'vitest';
import {
  HISTORY_OPTIONS,
  blockEnter,
  buildPlugins,
  createRichTextState,
  flattenSlice,
  isPlaceholderShown,
  modeOf,
  normaliseLinkInput,
  parseRichText,
  placeholderKey,
  schemaFor,
  serializeRichText,
  setHeadingLevel,
  singleLinePlugin,
  splitListItem,
  toggleList,
} from '../../../src/components/rich-text/rich-text-model';

function run(state: EditorState, command: Command): EditorState {
  let next = state;
  const ok = command(state, (tr: Transaction) => {
    next = state.apply(tr);
  });
  expect(ok).toBe(true);
  return next;
}

const atEnd = (state: EditorState) => state.apply(state.tr.setSelection(TextSelection.atEnd(state.doc)));

describe('rich-text model', () => {
  it('chooses the mode from the props', () => {
    expect(modeOf({})).toBe('multi');
    expect(modeOf({ singleLine: true })).toBe('line');
    expect(modeOf({ headingLevel: 3 })).toBe('heading');
    expect(modeOf({ singleLine: true, headingLevel: 1 })).toBe('heading');
  });

  it('round-trips allowed HTML and empties markup-only documents', () => {
    const html = '<p>a <strong>b</strong> <em>c</em> <u>d</u> <s>e</s></p><ul><li><p>f</p></li></ul><blockquote><p>g</p></blockquote>';
    expect(serializeRichText(parseRichText(html, 'multi'))).toBe(html);
    expect(serializeRichText(parseRichText('<p> </p><p>&nbsp;</p>', 'multi'))).toBe('');
    expect(serializeRichText(parseRichText('', 'line'))).toBe('');
    expect(serializeRichText(parseRichText('<p>one</p><p>two</p>', 'line'))).not.toContain('</p><p>');
  });

  it('forces the heading level in heading mode', () => {
    expect(serializeRichText(parseRichText('<h1>x</h1>', 'heading', 4))).toBe('<h4>x</h4>');
    expect(serializeRichText(parseRichText('<p>x</p>', 'heading', 6))).toBe('<h6>x</h6>');
    const state = createRichTextState('<h2>x</h2>', { mode: 'heading', headingLevel: 2 });
    const tr = setHeadingLevel(state, 3)!;
    expect(serializeRichText(state.apply(tr).doc)).toBe('<h3>x</h3>');
    expect(setHeadingLevel(state, 2)).toBeNull();
  });

  it('uses a history of depth 100 with a 500 ms group delay (spec §9)', () => {
    expect(HISTORY_OPTIONS).toEqual({ depth: 100, newGroupDelay: 500 });
    const plugins = buildPlugins({ mode: 'multi' });
    const historyPlugin = plugins.find((plugin) => (plugin.spec as { config?: unknown }).config);
    expect((historyPlugin?.spec as { config: unknown }).config).toEqual({ depth: 100, newGroupDelay: 500 });
  });

  it('single-line mode refuses Enter, drops, and flattens pasted blocks', () => {
    expect(blockEnter(EditorState.create({ schema: schemaFor('line') }))).toBe(true);
    const plugin = singleLinePlugin();
    const handleDrop = plugin.props.handleDrop as unknown as () => boolean;
    expect(handleDrop()).toBe(true);
    const transformText = plugin.props.transformPastedText as unknown as (text: string) => string;
    expect(transformText('one\ntwo\r\n three')).toBe('one two three');

    const multi = parseRichText('<p>one</p><p>two <strong>bold</strong></p>', 'multi');
    const flat = flattenSlice(new Slice(multi.content, 1, 1), schemaFor('line'));
    expect(flat.content.childCount).toBe(1);
    expect(flat.content.firstChild!.textContent).toBe('one two bold');
    expect(flat.content.firstChild!.type).toBe(schemaFor('line').nodes.paragraph);
  });

  it('multi-line mode has a drop cursor; single-line modes do not', () => {
    // prosemirror-dropcursor is the only plugin here with a plugin view.
    const hasDropCursor = (plugins: Plugin[]) => plugins.some((plugin) => typeof plugin.spec.view === 'function');
    expect(hasDropCursor(buildPlugins({ mode: 'multi' }))).toBe(true);
    expect(hasDropCursor(buildPlugins({ mode: 'line' }))).toBe(false);
  });

  it('shows the placeholder only when empty and not focused', () => {
    let state = createRichTextState('', { mode: 'multi', placeholder: 'Type…' });
    expect(isPlaceholderShown(state)).toBe(true);
    state = state.apply(state.tr.setMeta(placeholderKey, true));
    expect(isPlaceholderShown(state)).toBe(false);
    state = state.apply(state.tr.setMeta(placeholderKey, false));
    expect(isPlaceholderShown(state)).toBe(true);
    state = state.apply(state.tr.insertText('x', 1));
    expect(isPlaceholderShown(state)).toBe(false);
    expect(isPlaceholderShown(createRichTextState('', { mode: 'multi' }))).toBe(false);
    const decorations = placeholderKey.get(createRichTextState('', { mode: 'line', placeholder: 'P' }))!;
    expect(decorations).toBeDefined();
    // The focus and blur handlers only record focus; they never change the content.
    let dispatched: Transaction | null = null;
    const base = createRichTextState('', { mode: 'line', placeholder: 'P' });
    const view = { state: base, dispatch: (tr: Transaction) => (dispatched = tr) } as unknown as EditorView;
    const focus = decorations.props.handleDOMEvents!.focus as unknown as (view: EditorView) => boolean;
    focus(view);
    expect(dispatched!.docChanged).toBe(false);
    expect(dispatched!.getMeta(placeholderKey)).toBe(true);
  });

  it('makes, splits, switches and leaves lists', () => {
    const schema = schemaFor('multi');
    let state = atEnd(createRichTextState('<p>one</p>', { mode: 'multi' }));
    state = run(state, toggleList(schema.nodes.bullet_list));
    expect(serializeRichText(state.doc)).toBe('<ul><li><p>one</p></li></ul>');
    state = run(state, splitListItem(schema.nodes.list_item));
    state = state.apply(state.tr.insertText('two'));
    expect(serializeRichText(state.doc)).toBe('<ul><li><p>one</p></li><li><p>two</p></li></ul>');
    state = run(state, toggleList(schema.nodes.ordered_list));
    expect(serializeRichText(state.doc)).toBe('<ol><li><p>one</p></li><li><p>two</p></li></ol>');
    state = run(state, toggleList(schema.nodes.ordered_list));
    expect(serializeRichText(state.doc)).toBe('<ol><li><p>one</p></li></ol><p>two</p>');
    expect(splitListItem(schema.nodes.list_item)(state)).toBe(false); // not in a list any more
  });

  it('turns typed link addresses into safe hrefs', () => {
    expect(normaliseLinkInput('example.com/page')).toBe('https://example.com/page');
    expect(normaliseLinkInput('http://e.test')).toBe('http://e.test');
    expect(normaliseLinkInput('someone@firm.test')).toBe('mailto:someone@firm.test');
    expect(normaliseLinkInput('javascript:alert(1)')).toBeNull();
    expect(normaliseLinkInput('  ')).toBeNull();
  });
});
