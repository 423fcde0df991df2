import { describe, expect, it } from 'vitest';
import {
  HISTORY_DEPTH,
  NEW_GROUP_DELAY_MS,
  canRedo,
  canUndo,
  emptyHistory,
  recordEdit,
  redoEdit,
  rewindEdit,
  undoEdit,
} from '../../../src/domain/edit-history';
import type { EditHistory } from '../../../src/domain/edit-history';

type H = EditHistory<string, string>;
const same = (a: string, b: string) => a === b;

/** Applies changes to a text, one at a time: [new text, group key, time]. Returns the history and the text. */
function typeInto(start: string, changes: [string, string | null, number][], history: H = emptyHistory()) {
  let text = start;
  for (const [next, group, at] of changes) {
    history = recordEdit(history, text, { edit: `→${next}`, group, at });
    text = next;
  }
  return { history, text };
}

function undoAll(history: H, text: string): string[] {
  const seen: string[] = [];
  for (;;) {
    const { history: after, step } = undoEdit(history, text, same);
    if (!step) return seen;
    history = after;
    text = step.state;
    seen.push(text);
  }
}

describe('edit history', () => {
  it('follows spec §9: 100 steps, a new group after 500 ms', () => {
    expect(HISTORY_DEPTH).toBe(100);
    expect(NEW_GROUP_DELAY_MS).toBe(500);
  });

  it('starts empty: nothing to undo or redo', () => {
    const history: H = emptyHistory();
    expect(canUndo(history)).toBe(false);
    expect(canRedo(history)).toBe(false);
    expect(undoEdit(history, 'x', same).step).toBeNull();
    expect(redoEdit(history, 'x', same).step).toBeNull();
  });

  it('makes one step of changes to the same field less than 500 ms apart, measured from the previous change', () => {
    const { history, text } = typeInto('', [
      ['a', 'label', 0],
      ['ab', 'label', 400],
      ['abc', 'label', 800], // 400 ms after the previous one: still the same step
      ['abcd', 'label', 1300], // a 500 ms pause: a new step
    ]);
    expect(text).toBe('abcd');
    expect(history.past.map((step) => step.state)).toEqual(['', 'abc']);
    expect(undoAll(history, text)).toEqual(['abc', '']);
  });

  it('starts a new step for another field, or for a change without a group, however quick', () => {
    const { history } = typeInto('', [
      ['a', 'label', 0],
      ['ab', 'placeholder', 10],
      ['abc', null, 20],
      ['abcd', null, 30],
      ['abcde', 'placeholder', 40],
    ]);
    expect(history.past.map((step) => step.state)).toEqual(['', 'a', 'ab', 'abc', 'abcd']);
  });

  it('keeps 100 steps, dropping the oldest', () => {
    const changes: [string, null, number][] = Array.from({ length: 130 }, (_, i) => [String(i + 1), null, i]);
    const { history, text } = typeInto('0', changes);
    expect(history.past).toHaveLength(100);
    const undone = undoAll(history, text);
    expect(undone).toHaveLength(100);
    expect(undone.at(-1)).toBe('30');
  });

  it('redoes what was undone, and a new change drops what could be redone', () => {
    let { history, text } = typeInto('', [
      ['a', null, 0],
      ['ab', null, 1],
    ]);
    let move = undoEdit(history, text, same);
    ({ history } = move);
    text = move.step!.state;
    expect(text).toBe('a');
    expect(canRedo(history)).toBe(true);
    expect(move.step!.edit).toBe('→ab');

    move = redoEdit(history, text, same);
    ({ history } = move);
    text = move.step!.state;
    expect(text).toBe('ab');
    expect(move.step!.edit).toBe('→ab');
    expect(canRedo(history)).toBe(false);

    move = undoEdit(history, text, same);
    ({ history } = move);
    text = move.step!.state;
    history = recordEdit(history, text, { edit: '→aX', group: null, at: 5 });
    expect(canRedo(history)).toBe(false);
    expect(undoAll(history, 'aX')).toEqual(['a', '']);
  });

  it('never joins a change to the step before an undo', () => {
    let { history, text } = typeInto('', [['a', 'label', 0]]);
    const move = undoEdit(history, text, same);
    history = move.history;
    text = move.step!.state;
    ({ history, text } = typeInto(text, [['b', 'label', 100]], history));
    expect(history.past.map((step) => step.state)).toEqual(['']);
    expect(undoAll(history, text)).toEqual(['']);
  });

  it('skips steps that would change nothing (typing deleted again)', () => {
    const { history } = typeInto('x', [
      ['xa', 'label', 0],
      ['x', 'label', 1000],
    ]);
    // The second step's before-state 'xa'… is not the present; the first ('x') is, once back there.
    const first = undoEdit(history, 'x', same);
    expect(first.step!.state).toBe('xa');
    const second = undoEdit(first.history, 'xa', same);
    expect(second.step!.state).toBe('x');
    // With the present already equal to the last step's state, that step is skipped.
    const skipped = undoEdit(recordEdit(emptyHistory<string, string>(), 'y', { edit: 'e', group: null, at: 0 }), 'y', same);
    expect(skipped.step).toBeNull();
    expect(canUndo(skipped.history)).toBe(false);
  });

  it("walks back with a field's own undo: the steps of that field it undid go", () => {
    // Typed 'Hello', paused, typed ' world' in one field: two steps.
    const { history } = typeInto('', [
      ['Hello', 'content', 0],
      ['Hello world', 'content', 2000],
    ]);
    // The field's own undo takes the text back to 'Hello': the second step goes.
    const once = rewindEdit(history, 'Hello', 'content', same);
    expect(once.past.map((step) => step.state)).toEqual(['']);
    // And back to '': nothing of that field is left to undo.
    const twice = rewindEdit(once, '', 'content', same);
    expect(twice.past).toEqual([]);
  });

  it("does not walk past another field's steps, and otherwise leaves the steps as they are", () => {
    const { history } = typeInto('', [
      ['a', 'label', 0],
      ['ab', 'placeholder', 10],
    ]);
    // '' was before the label step, but a placeholder step lies between: nothing goes.
    expect(rewindEdit(history, '', 'placeholder', same).past).toHaveLength(2);
    // A field redo reaching a state never recorded: the steps stay, the redo list and the open group go.
    const redone = rewindEdit({ ...history, future: [{ state: 'z', edit: 'e', group: null }] }, 'abc', 'placeholder', same);
    expect(redone.past).toBe(history.past);
    expect(redone.future).toEqual([]);
    expect(redone.open).toBeNull();
  });
});
