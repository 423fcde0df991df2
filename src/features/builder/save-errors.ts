/**
 * A refused save on the editor: its issues (src/domain/form-save.ts, the client's check or the server's 400) by
 * element and by form setting, the panel to open, the toast, and the re-check as the user fixes them. Each canvas
 * element subscribes to its own list, which keeps its identity until that element's problems change.
 */
import { freeze } from '@reduxjs/toolkit';
import type { SaveIssue } from '../../domain/form-save';
import { formToSave, recheckForm, saveIssueSummary } from '../../domain/form-save';
import { denormaliseForm } from '../../domain/form-tree';
import { snapshotOf } from './form-state';
import type { FormSettingKey, FormState, SaveProblem } from './form-state';

export type ElementIssues = readonly SaveIssue[];

type SaveIssueFields = Pick<FormState, 'saveIssues' | 'elementErrors' | 'settingsErrors'>;

/** An element without save problems. */
export const NO_ISSUES: ElementIssues = freeze([]);

/** What the save found wrong with one field of an element (an option by its index), as one text; null when nothing. */
export function fieldMessage(issues: ElementIssues, field: string, optionIndex: number | null = null): string | null {
  let text: string | null = null;
  for (const issue of issues) {
    const { target } = issue;
    if (target.kind !== 'element' || target.field !== field || target.optionIndex !== optionIndex) continue;
    text = text === null ? issue.message : `${text} ${issue.message}`;
  }
  return text;
}

/** The panel of the properties pane that shows an issue. */
function panelOf(issue: SaveIssue): SaveProblem {
  switch (issue.target.kind) {
    case 'setting':
      return 'settings';
    case 'buttonStyle':
      return 'buttonStyle';
    case 'logic':
      return 'logic';
    case 'element':
      return 'elements';
  }
}

/** What to open after a refused save: the panel of the first issue, and the element to select. */
export function firstProblemOf(issues: readonly SaveIssue[]): { problem: SaveProblem | null; elementId: string | null } {
  const first = issues[0];
  if (!first) return { problem: null, elementId: null };
  const element = issues.find((issue) => issue.target.kind === 'element' && issue.target.elementId !== null);
  const elementId =
    first.target.kind === 'logic' ? first.target.elementId : element?.target.kind === 'element' ? element.target.elementId : null;
  return { problem: panelOf(first), elementId };
}

const sameIssues = (a: readonly SaveIssue[], b: readonly SaveIssue[]) =>
  a.length === b.length && a.every((issue, index) => issue.key === b[index].key && issue.message === b[index].message && issue.subject === b[index].subject);

/**
 * The issues as the editor keeps them: the list (the save summary), by element id (the canvas and the element's
 * properties), by setting (the form settings). Lists that did not change keep the identity they had in `previous`.
 */
export function saveIssueFields(issues: readonly SaveIssue[], previous: SaveIssueFields | null): SaveIssueFields {
  const byElement: Record<string, SaveIssue[]> = {};
  const settingsErrors: Partial<Record<FormSettingKey, string>> = {};
  for (const issue of issues) {
    const { target } = issue;
    if (target.kind === 'element' && target.elementId !== null) (byElement[target.elementId] ??= []).push(issue);
    if (target.kind === 'setting') settingsErrors[target.setting] = settingsErrors[target.setting] ? `${settingsErrors[target.setting]} ${issue.message}` : issue.message;
  }
  const elementErrors: Record<string, readonly SaveIssue[]> = {};
  for (const [id, list] of Object.entries(byElement)) {
    const before = previous?.elementErrors[id];
    elementErrors[id] = before && sameIssues(before, list) ? before : freeze(list);
  }
  return freeze({
    saveIssues: previous && sameIssues(previous.saveIssues, issues) ? previous.saveIssues : freeze([...issues]),
    elementErrors: freeze(elementErrors),
    settingsErrors: freeze(settingsErrors),
  });
}

/** Which part of the form an issue is about: what the re-check follows. */
function targetKey(issue: SaveIssue): string {
  const { target } = issue;
  switch (target.kind) {
    case 'setting':
      return `setting:${target.setting}`;
    case 'buttonStyle':
      return `style:${target.field ?? ''}`;
    case 'logic':
      return 'logic';
    case 'element':
      return `element:${target.elementId ?? ''}`;
  }
}

/**
 * After a refused save, each edit checks again what the save found wrong: a fixed problem leaves the element, the
 * summary and the setting at once, one still there stays (worded for the edit: a renamed input is named anew). Only
 * what was flagged is followed; a problem made since shows at the next save. Costs nothing while nothing is flagged;
 * otherwise about a millisecond for 500 elements (recheckForm parses only the flagged elements' shapes).
 */
export function recheckSaveIssues(previous: FormState | undefined, next: FormState): FormState {
  if (next.saveIssues.length === 0 || previous === undefined) return next;
  if (
    previous.tree === next.tree &&
    previous.logic === next.logic &&
    previous.style === next.style &&
    previous.name === next.name &&
    previous.displayName === next.displayName &&
    previous.description === next.description &&
    previous.customSubmitMessage === next.customSubmitMessage
  ) {
    return next;
  }
  const flagged = new Set(next.saveIssues.map(targetKey));
  const elementIds = new Set<string>();
  for (const { target } of next.saveIssues) if (target.kind === 'element' && target.elementId !== null) elementIds.add(target.elementId);
  const logic = next.saveIssues.some(({ target }) => target.kind === 'logic');
  const fresh = recheckForm(formToSave(snapshotOf(next, denormaliseForm(next.tree), next.logic, next.style)), { elementIds, logic });
  const kept = fresh.filter((issue) => flagged.has(targetKey(issue)));
  if (sameIssues(kept, next.saveIssues)) return next;
  const fields = saveIssueFields(kept, next);
  return freeze({ ...next, ...fields, saveProblem: kept.length > 0 ? next.saveProblem : null });
}

/**
 * The toast of a refused save: spec §8's 'Unable to update form' / 'Unable to create form', then the first problem
 * and how many more the summary lists. A missing name alone is spec §8's 'Form name is required'.
 */
export function saveFailureToast(failedMessage: string, issues: readonly SaveIssue[]): string {
  const [first] = issues;
  if (!first) return failedMessage;
  if (issues.length === 1 && first.target.kind === 'setting' && first.target.setting === 'name') return first.message;
  const more = issues.length - 1;
  const line = saveIssueSummary(first);
  const rest = more === 0 ? '' : ` And ${more} more ${more === 1 ? 'problem' : 'problems'}, listed above the form.`;
  return `${failedMessage}. ${/[.!?]$/.test(line) ? line : `${line}.`}${rest}`;
}

