/**
 * An undo history of whole states, kept as a list of the states before each step (the present lives outside it).
 * Steps are grouped as the rich-text editor groups its history (spec §9): a change joins the step before it when it
 * has the same group key (the same field, typed into again) and comes less than NEW_GROUP_DELAY_MS after the previous
 * change; anything else starts a new step. At most HISTORY_DEPTH steps are kept, the oldest dropped first.
 *
 * States are stored by reference: the builder's states share every part a step did not touch, so a step costs a few
 * pointers, not a copy of the form. Pure and generic: the builder decides what a state and an edit are.
 */

/** Spec §9: history depth 100 (the rich-text editor's, which the builder's history follows). */
export const HISTORY_DEPTH = 100;
/** Spec §9: a new group after a 500 ms pause. */
export const NEW_GROUP_DELAY_MS = 500;

interface HistoryStep<S, E> {
  /** The state on the far side of the step: before it in `past`, after it in `future`. */
  readonly state: S;
  /** What the step did (for announcements and the selection after undoing it). */
  readonly edit: E;
  /** Its group key, null when it never joins another change. */
  readonly group: string | null;
}

export interface EditHistory<S, E> {
  /** Oldest first; the last is what Undo restores. */
  readonly past: readonly HistoryStep<S, E>[];
  /** The last is what Redo restores. */
  readonly future: readonly HistoryStep<S, E>[];
  /** The group the next change may join, and when its last change was made (ms). Null after an undo or redo. */
  readonly open: { readonly key: string; readonly at: number } | null;
}

/** One change about to be recorded. */
export interface EditRecord<E> {
  edit: E;
  /** Changes with the same key, each within the delay of the previous, make one step; null: a step of its own. */
  group: string | null;
  /** When it was made (ms since the epoch). */
  at: number;
}

export interface HistoryOptions {
  depth?: number;
  delay?: number;
}

const NONE: readonly never[] = [];

export function emptyHistory<S, E>(): EditHistory<S, E> {
  return { past: NONE, future: NONE, open: null };
}

export const canUndo = (history: EditHistory<unknown, unknown>): boolean => history.past.length > 0;
export const canRedo = (history: EditHistory<unknown, unknown>): boolean => history.future.length > 0;

/**
 * Records a change made to the present state `before`: it joins the open group (nothing new is stored, the step's
 * before-state stays the group's first) or becomes a new step. Either way the redo list is gone.
 */
export function recordEdit<S, E>(history: EditHistory<S, E>, before: S, record: EditRecord<E>, options: HistoryOptions = {}): EditHistory<S, E> {
  const { depth = HISTORY_DEPTH, delay = NEW_GROUP_DELAY_MS } = options;
  const { open } = history;
  const next = record.group === null ? null : { key: record.group, at: record.at };
  const joins = open !== null && next !== null && open.key === next.key && next.at >= open.at && next.at - open.at < delay && history.past.length > 0;
  if (joins) return { past: history.past, future: NONE, open: next };
  const step: HistoryStep<S, E> = { state: before, edit: record.edit, group: record.group };
  const past = history.past.length >= depth ? [...history.past.slice(history.past.length - depth + 1), step] : [...history.past, step];
  return { past, future: NONE, open: next };
}

/**
 * A change made by a field's own undo or redo (the browser's, or the rich-text editor's). The field walked back
 * through typing the history already holds, so the history walks back with it: when the new present equals the
 * state before one of the latest steps of that same group key, those steps go (as if never typed); otherwise the
 * present just changes, with no step of its own. The redo list goes either way, and no group stays open.
 */
export function rewindEdit<S, E>(history: EditHistory<S, E>, present: S, group: string | null, same: (a: S, b: S) => boolean): EditHistory<S, E> {
  const { past } = history;
  if (group !== null) {
    for (let index = past.length - 1; index >= 0 && past[index].group === group; index -= 1) {
      if (same(past[index].state, present)) return { past: past.slice(0, index), future: NONE, open: null };
    }
  }
  return { past, future: NONE, open: null };
}

export interface HistoryMove<S, E> {
  history: EditHistory<S, E>;
  /** The state to make present, and the step taken; null when nothing was left to take. */
  step: HistoryStep<S, E> | null;
}

/**
 * Undo: the last step's state becomes the present, and the present goes to the redo list. Steps that would change
 * nothing (`same` as the present, e.g. typing that was deleted again) are dropped on the way.
 */
export function undoEdit<S, E>(history: EditHistory<S, E>, present: S, same: (a: S, b: S) => boolean): HistoryMove<S, E> {
  return move(history.past, history.future, present, same, (past, future) => ({ past, future, open: null }));
}

/** Redo: the mirror of undoEdit. */
export function redoEdit<S, E>(history: EditHistory<S, E>, present: S, same: (a: S, b: S) => boolean): HistoryMove<S, E> {
  return move(history.future, history.past, present, same, (future, past) => ({ past, future, open: null }));
}

function move<S, E>(
  from: readonly HistoryStep<S, E>[],
  to: readonly HistoryStep<S, E>[],
  present: S,
  same: (a: S, b: S) => boolean,
  make: (from: readonly HistoryStep<S, E>[], to: readonly HistoryStep<S, E>[]) => EditHistory<S, E>,
): HistoryMove<S, E> {
  let end = from.length;
  while (end > 0 && same(from[end - 1].state, present)) end -= 1;
  if (end === 0) return { history: make(NONE, to), step: null };
  const step = from[end - 1];
  // What goes the other way: the present, reached back through the same step.
  const back: HistoryStep<S, E> = { state: present, edit: step.edit, group: step.group };
  return { history: make(from.slice(0, end - 1), [...to, back]), step };
}
