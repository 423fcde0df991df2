import 'prosemirror-view/style/prosemirror.css';
import { toggleMark } from 'prosemirror-commands';
import type { EditorState } from 'prosemirror-state';
import type { Command } from 'prosemirror-state';
import { EditorView } from 'prosemirror-view';
import { useEffect, useId, useLayoutEffect, useRef, useState } from 'react';
import type { Dispatch, FormEvent, KeyboardEvent as ReactKeyboardEvent, MouseEvent as ReactMouseEvent, ReactNode, SetStateAction } from 'react';
import { DEFAULT_HEADING_LEVEL } from '../../domain/rich-text';
import { asFieldHistoryChange, historyKeyOf, passHistoryKeyOn } from '../field-history';
import { BulletListIcon, LinkIcon, NumberedListIcon, UnlinkIcon } from '../icons';
import {
  canStepHistory,
  createRichTextState,
  isUndoOrRedo,
  listTypeAt,
  markActive,
  modeOf,
  normaliseLinkInput,
  removeLink,
  schemaFor,
  serializeRichText,
  setHeadingLevel,
  setLink,
  stateWithContent,
  toggleList,
} from './rich-text-model';
import type { RichTextMode } from './rich-text-model';
import type { RichTextFieldProps } from './rich-text-field';

interface ToolbarState {
  strong: boolean;
  em: boolean;
  underline: boolean;
  link: boolean;
  bulletList: boolean;
  orderedList: boolean;
  hasSelection: boolean;
}

function toolbarStateOf(state: EditorState): ToolbarState {
  const { marks, nodes } = state.schema;
  const list = listTypeAt(state);
  return {
    strong: markActive(state, marks.strong),
    em: markActive(state, marks.em),
    underline: markActive(state, marks.underline),
    link: markActive(state, marks.link),
    bulletList: !!nodes.bullet_list && list === nodes.bullet_list,
    orderedList: !!nodes.ordered_list && list === nodes.ordered_list,
    hasSelection: !state.selection.empty,
  };
}

function sameToolbar(a: ToolbarState, b: ToolbarState): boolean {
  return (Object.keys(a) as (keyof ToolbarState)[]).every((key) => a[key] === b[key]);
}

/** The toolbar follows the editor's state (multi-line mode only), re-rendering only when a button changes. */
function refreshToolbar(mode: RichTextMode, state: EditorState, setToolbar: Dispatch<SetStateAction<ToolbarState | null>>): void {
  if (mode !== 'multi') return;
  setToolbar((previous) => {
    const computed = toolbarStateOf(state);
    return previous && sameToolbar(previous, computed) ? previous : computed;
  });
}

function editorAttributes(props: RichTextFieldProps, mode: RichTextMode): Record<string, string> {
  const attributes: Record<string, string> = {
    role: 'textbox',
    'aria-label': props.ariaLabel,
    'aria-multiline': String(mode === 'multi'),
    class: 'rich-text-editable',
    spellcheck: 'true',
  };
  if (props.id) attributes.id = props.id;
  if (props.ariaDescribedBy) attributes['aria-describedby'] = props.ariaDescribedBy;
  if (props.invalid) attributes['aria-invalid'] = 'true';
  if (props.placeholder) attributes['aria-placeholder'] = props.placeholder;
  return attributes;
}

interface ToolButtonProps {
  /** Position in the toolbar; the toolbar is one tab stop and arrow keys move between its buttons. */
  index: number;
  tabStop: number;
  onFocusIndex: (index: number) => void;
  label: string;
  shortcut?: string;
  active?: boolean;
  disabled?: boolean;
  onRun: () => void;
  children: ReactNode;
}

function ToolButton({ index, tabStop, onFocusIndex, label, shortcut, active, disabled, onRun, children }: ToolButtonProps) {
  return (
    <button
      type="button"
      tabIndex={index === tabStop ? 0 : -1}
      onFocus={() => onFocusIndex(index)}
      className={`rich-text-tool${active ? ' is-active' : ''}`}
      aria-label={label}
      aria-pressed={active === undefined ? undefined : active}
      title={shortcut ? `${label} (${shortcut})` : label}
      disabled={disabled}
      // Keep the editor's selection and focus when clicked with a mouse.
      onMouseDown={(event: ReactMouseEvent) => event.preventDefault()}
      onClick={onRun}
    >
      {children}
    </button>
  );
}

const LINK_TOOL = 5;

const MOD = typeof navigator !== 'undefined' && /Mac|iPhone|iPad/.test(navigator.platform) ? '⌘' : 'Ctrl+';

/** The ProseMirror editor behind RichTextField. Default export for React.lazy. */
export default function RichTextEditor(props: RichTextFieldProps) {
  const { value, headingLevel, placeholder } = props;
  const mode = modeOf(props);
  const mountRef = useRef<HTMLDivElement>(null);
  const viewRef = useRef<EditorView | null>(null);
  const propsRef = useRef(props);
  /** The HTML the editor last emitted or was given; a different `value` prop is an outside change. */
  const lastHtmlRef = useRef(value);
  const [toolbar, setToolbar] = useState<ToolbarState | null>(null);
  const [linkOpen, setLinkOpen] = useState(false);
  const [linkUrl, setLinkUrl] = useState('');
  const [linkError, setLinkError] = useState('');
  const linkInputId = useId();
  const toolbarRef = useRef<HTMLDivElement>(null);
  const [focusedTool, setFocusedTool] = useState(0);

  useLayoutEffect(() => {
    propsRef.current = props;
  });

  // The view lives as long as the mode and placeholder (they decide the schema and plugins).
  useLayoutEffect(() => {
    const mount = mountRef.current;
    if (!mount) return;
    const current = propsRef.current;
    const level = current.headingLevel ?? DEFAULT_HEADING_LEVEL;
    const view: EditorView = new EditorView(mount, {
      state: createRichTextState(current.value, { mode, placeholder, headingLevel: level }),
      attributes: editorAttributes(current, mode),
      // Ctrl+Z with nothing of the field's own to undo goes on to the page (the builder's undo). The keymap still
      // takes the key, so the browser's own undo never touches the editor's document.
      handleKeyDown(editorView, event) {
        const direction = historyKeyOf(event);
        if (direction !== null && !canStepHistory(editorView.state, direction)) passHistoryKeyOn(event);
        return false;
      },
      dispatchTransaction(tr) {
        const next = view.state.apply(tr);
        view.updateState(next);
        refreshToolbar(mode, next, setToolbar);
        if (!tr.docChanged) return;
        const html = serializeRichText(next.doc);
        if (html === lastHtmlRef.current) return;
        lastHtmlRef.current = html;
        // The field's own undo is told apart from typing (the builder's history walks back with it).
        if (isUndoOrRedo(tr)) asFieldHistoryChange(() => propsRef.current.onChange(html));
        else propsRef.current.onChange(html);
      },
    });
    viewRef.current = view;
    lastHtmlRef.current = current.value;
    if (mode === 'multi') setToolbar(toolbarStateOf(view.state));
    return () => {
      view.destroy();
      viewRef.current = null;
    };
  }, [mode, placeholder]);

  // Label, description and validity follow the props.
  useEffect(() => {
    viewRef.current?.setProps({ attributes: editorAttributes(props, mode) });
  }, [props, mode]);

  // An outside change of the value (the builder's undo, a reset, another element selected) replaces the content,
  // and the field's own history starts again from it.
  useLayoutEffect(() => {
    const view = viewRef.current;
    if (!view || value === lastHtmlRef.current) return;
    lastHtmlRef.current = value;
    const next = stateWithContent(view.state, value, mode, headingLevel);
    view.updateState(next);
    refreshToolbar(mode, next, setToolbar);
  }, [value, mode, headingLevel]);

  // A new heading level re-levels the content; the edit is emitted like any other.
  useLayoutEffect(() => {
    const view = viewRef.current;
    if (!view || mode !== 'heading' || headingLevel === undefined) return;
    const tr = setHeadingLevel(view.state, headingLevel);
    if (tr) view.dispatch(tr);
  }, [headingLevel, mode]);

  const run = (command: Command) => {
    const view = viewRef.current;
    if (!view) return;
    command(view.state, view.dispatch, view);
    view.focus();
  };

  const schema = schemaFor(mode);

  const openLink = () => {
    const view = viewRef.current;
    if (!view) return;
    if (toolbar?.link) {
      run(removeLink);
      return;
    }
    setLinkUrl('');
    setLinkError('');
    setLinkOpen(true);
  };

  const closeLink = () => {
    setLinkOpen(false);
    setLinkError('');
    viewRef.current?.focus();
  };

  const applyLink = (event?: FormEvent) => {
    event?.preventDefault();
    const href = normaliseLinkInput(linkUrl);
    if (!href) {
      setLinkError('Enter a web address (https://…) or an email address');
      return;
    }
    const view = viewRef.current;
    if (view) setLink(href)(view.state, view.dispatch);
    closeLink();
  };

  const onLinkKeyDown = (event: ReactKeyboardEvent<HTMLInputElement>) => {
    if (event.key === 'Enter') applyLink(event);
    if (event.key === 'Escape') {
      event.preventDefault();
      closeLink();
    }
  };

  // ARIA toolbar pattern: one tab stop; arrows, Home and End move between the enabled buttons.
  const tabStop = focusedTool === LINK_TOOL && !toolbar?.link && !toolbar?.hasSelection ? 0 : focusedTool;
  const onToolbarKeyDown = (event: ReactKeyboardEvent<HTMLDivElement>) => {
    const buttons = [...(toolbarRef.current?.querySelectorAll<HTMLButtonElement>('button:not(:disabled)') ?? [])];
    const current = buttons.indexOf(document.activeElement as HTMLButtonElement);
    const moves: Record<string, number> = { ArrowRight: current + 1, ArrowLeft: current - 1, Home: 0, End: buttons.length - 1 };
    const target = moves[event.key];
    if (current === -1 || target === undefined) return;
    event.preventDefault();
    buttons[(target + buttons.length) % buttons.length].focus();
  };
  const tool = { tabStop, onFocusIndex: setFocusedTool };

  const classes = ['rich-text', mode === 'multi' ? '' : 'is-single-line', mode === 'heading' ? `is-heading is-h${headingLevel}` : '', props.invalid ? 'is-invalid' : '']
    .filter(Boolean)
    .join(' ');

  return (
    <div className={classes}>
      {mode === 'multi' && toolbar && (
        <div
          ref={toolbarRef}
          className="rich-text-toolbar"
          role="toolbar"
          aria-label={`${props.ariaLabel} formatting`}
          onKeyDown={onToolbarKeyDown}
        >
          <ToolButton {...tool} index={0} label="Bold" shortcut={`${MOD}B`} active={toolbar.strong} onRun={() => run(toggleMark(schema.marks.strong))}>
            <strong aria-hidden="true">B</strong>
          </ToolButton>
          <ToolButton {...tool} index={1} label="Italic" shortcut={`${MOD}I`} active={toolbar.em} onRun={() => run(toggleMark(schema.marks.em))}>
            <em aria-hidden="true">I</em>
          </ToolButton>
          <ToolButton {...tool} index={2} label="Underline" shortcut={`${MOD}U`} active={toolbar.underline} onRun={() => run(toggleMark(schema.marks.underline))}>
            <u aria-hidden="true">U</u>
          </ToolButton>
          <span className="rich-text-tool-separator" aria-hidden="true" />
          <ToolButton {...tool} index={3} label="Bulleted list" active={toolbar.bulletList} onRun={() => run(toggleList(schema.nodes.bullet_list))}>
            <BulletListIcon />
          </ToolButton>
          <ToolButton {...tool} index={4} label="Numbered list" active={toolbar.orderedList} onRun={() => run(toggleList(schema.nodes.ordered_list))}>
            <NumberedListIcon />
          </ToolButton>
          <span className="rich-text-tool-separator" aria-hidden="true" />
          <ToolButton
            {...tool}
            index={LINK_TOOL}
            label={toolbar.link ? 'Remove link' : 'Add link'}
            active={toolbar.link}
            disabled={!toolbar.link && !toolbar.hasSelection}
            onRun={openLink}
          >
            {toolbar.link ? <UnlinkIcon /> : <LinkIcon />}
          </ToolButton>
        </div>
      )}
      {linkOpen && (
        <div className="rich-text-link-form">
          <label htmlFor={linkInputId} className="visually-hidden">
            Link address
          </label>
          <input
            id={linkInputId}
            type="text"
            inputMode="url"
            className={`form-control form-control-sm${linkError ? ' is-invalid' : ''}`}
            placeholder="https://example.com"
            value={linkUrl}
            autoFocus
            aria-invalid={linkError ? true : undefined}
            aria-describedby={linkError ? `${linkInputId}-error` : undefined}
            onChange={(event) => setLinkUrl(event.target.value)}
            onKeyDown={onLinkKeyDown}
          />
          <button type="button" className="btn btn-sm btn-primary" onClick={() => applyLink()}>
            Apply
          </button>
          <button type="button" className="btn btn-sm btn-outline-secondary" onClick={closeLink}>
            Cancel
          </button>
          {linkError && (
            <div id={`${linkInputId}-error`} className="invalid-feedback d-block w-100">
              {linkError}
            </div>
          )}
        </div>
      )}
      <div ref={mountRef} className="rich-text-surface form-control" />
    </div>
  );
}
