/**
 * A text field's own undo history, as far as a page can tell, for an editor (the form builder) whose own history
 * takes Ctrl+Z when the field has nothing of its own to undo:
 * - whether a native text box holds typing of its own: its value differs from the value it had when it got focus
 *   (the browser's undo list cannot be read, and in Chromium it is one list for the whole page);
 * - whether the change being made right now comes from a field's own undo or redo: a native `input` event of type
 *   historyUndo/historyRedo, or a rich-text editor's history transaction (asFieldHistoryChange);
 * - whether a rich-text field let a Ctrl+Z it had nothing for go on to the page (passHistoryKeyOn).
 */

export type HistoryDirection = 'undo' | 'redo';

/** Which history key `event` is, if any: Ctrl/⌘+Z undo, Ctrl/⌘+Shift+Z and Ctrl/⌘+Y redo. */
export function historyKeyOf(event: Pick<KeyboardEvent, 'key' | 'ctrlKey' | 'metaKey' | 'shiftKey' | 'altKey'>): HistoryDirection | null {
  if (!(event.ctrlKey || event.metaKey) || event.altKey) return null;
  const key = event.key.toLowerCase();
  if (key === 'z') return event.shiftKey ? 'redo' : 'undo';
  if (key === 'y' && !event.shiftKey) return 'redo';
  return null;
}

/**
 * History keys a rich-text field had nothing of its own for. ProseMirror takes Ctrl+Z in its field whether or not it
 * can undo (the browser's own undo would break its document), so "taken" cannot be read from defaultPrevented alone.
 */
const passedOn = new WeakSet<Event>();

/** A rich-text field with nothing to undo (or redo) lets the page's undo have the key. */
export function passHistoryKeyOn(event: Event): void {
  passedOn.add(event);
}

/** The key is still free for the page's undo: nobody took it, or the field that did had nothing of its own. */
export function isHistoryKeyFree(event: Event): boolean {
  return !event.defaultPrevented || passedOn.has(event);
}

let fieldHistoryDepth = 0;
let nativeHistoryInput = false;
const valueAtFocus = new WeakMap<HTMLElement, string>();

const TEXT_INPUT_TYPES = new Set(['text', 'search', 'url', 'tel', 'email', 'password', 'number']);

/** A native control with a text undo history of its own (text inputs and textareas that can be edited). */
function textControlOf(target: EventTarget | null): HTMLInputElement | HTMLTextAreaElement | null {
  if (target instanceof HTMLTextAreaElement) return target.readOnly || target.disabled ? null : target;
  if (target instanceof HTMLInputElement && TEXT_INPUT_TYPES.has(target.type)) return target.readOnly || target.disabled ? null : target;
  return null;
}

/** True while a change comes from a field's own undo or redo (read by what records the change). */
export function isFieldHistoryChange(): boolean {
  return fieldHistoryDepth > 0 || nativeHistoryInput;
}

/** Runs `change` as a field's own undo or redo (the rich-text editor wraps its history transactions' onChange). */
export function asFieldHistoryChange<T>(change: () => T): T {
  fieldHistoryDepth += 1;
  try {
    return change();
  } finally {
    fieldHistoryDepth -= 1;
  }
}

/**
 * True when `target` is a native text box holding typing of its own since it got focus: Ctrl+Z there is the
 * browser's. Rich-text editors answer for themselves (their keymap takes the key only when they have something to undo).
 */
export function hasOwnTextHistory(target: EventTarget | null): boolean {
  const control = textControlOf(target);
  if (!control) return false;
  const start = valueAtFocus.get(control);
  return start !== undefined && start !== control.value;
}

/** After the editor changed the focused text box itself (its own undo), the box's own typing starts again from here. */
export function restartOwnTextHistory(target: Element | null): void {
  const control = textControlOf(target);
  if (control) valueAtFocus.set(control, control.value);
}

/**
 * Starts watching focus and native input events on `win`; returns the function that stops. The history flag is set
 * in the capture phase, before the page's own handlers (React's) see the event, and cleared in the bubble phase.
 */
export function watchFieldHistory(win: Window = window): () => void {
  const onFocusIn = (event: FocusEvent) => restartOwnTextHistory(event.target as Element | null);
  const onInputCapture = (event: Event) => {
    nativeHistoryInput = event instanceof InputEvent && event.inputType.startsWith('history');
  };
  const onInputBubble = () => {
    nativeHistoryInput = false;
  };
  // A handler that stops the event's propagation would keep the bubble phase from clearing the flag.
  const onOther = () => {
    nativeHistoryInput = false;
  };
  win.addEventListener('focusin', onFocusIn, true);
  win.addEventListener('input', onInputCapture, true);
  win.addEventListener('input', onInputBubble);
  win.addEventListener('keydown', onOther, true);
  win.addEventListener('pointerdown', onOther, true);
  return () => {
    win.removeEventListener('focusin', onFocusIn, true);
    win.removeEventListener('input', onInputCapture, true);
    win.removeEventListener('input', onInputBubble);
    win.removeEventListener('keydown', onOther, true);
    win.removeEventListener('pointerdown', onOther, true);
    nativeHistoryInput = false;
  };
}
