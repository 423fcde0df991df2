/**
 * What the logic editor reads from the 'form' slice: an element's logic by address, the inputs its rules may read,
 * whether a rule is complete (what a save keeps) and whether the logic goes round in a circle.
 */
import { createSelector } from '@reduxjs/toolkit';
import type { RootState } from '../../app/store';
import type { InputSubtype, LogicCondition, LogicConfig, LogicGroup, LogicRule } from '../../domain/form-document';
import type { FormTree } from '../../domain/form-tree';
import { descendantsOf } from '../../domain/form-tree';
import { describeLogicCycle, findLogicCycle, logicConfigOf, ruleCompletenessCheck } from '../../domain/logic';
import { selectFormDocument, selectLogic, selectTree } from './form-selectors';

export function selectLogicConfig(state: RootState, elementId: string): LogicConfig | undefined {
  const node = state.form.tree.nodes[elementId];
  return node ? logicConfigOf(state.form.logic, node) : undefined;
}

export const selectLogicCondition = (state: RootState, elementId: string, conditionId: string): LogicCondition | undefined =>
  selectLogicConfig(state, elementId)?.conditions.find((condition) => condition.id === conditionId);

export const selectLogicGroup = (state: RootState, elementId: string, conditionId: string, groupId: string): LogicGroup | undefined =>
  selectLogicCondition(state, elementId, conditionId)?.expression.find((group) => group.id === groupId);

export const selectLogicRule = (state: RootState, elementId: string, conditionId: string, groupId: string, ruleId: string): LogicRule | undefined =>
  selectLogicGroup(state, elementId, conditionId, groupId)?.rules.find((rule) => rule.id === ruleId);

/** Whether a rule is complete: kept on save (spec §5). One check per version of the tree. */
export const selectRuleCheck = createSelector([selectFormDocument], ruleCompletenessCheck);

export interface LogicCycle {
  ids: string[];
  message: string;
}

/** The first circle in the logic (the server refuses to save it), with the sentence that describes it; or null. */
export const selectLogicCycle = createSelector([selectLogic, selectFormDocument], (logic, document): LogicCycle | null => {
  const cycle = findLogicCycle(logic, document);
  return cycle ? { ids: cycle, message: describeLogicCycle(cycle, document) } : null;
});

// ---- The inputs a rule may read ----

interface InputChoice {
  id: string;
  /** Its label, else its data name; with the data name too when two inputs share a label. */
  name: string;
  subtype: InputSubtype;
}

interface PageOfChoices {
  id: string;
  /** 'Page 2: Details' (the optgroup label). */
  title: string;
  inputs: InputChoice[];
}

export interface InputChoices {
  /** Every input of the form except the element itself and what is inside it, grouped by page, in form order. */
  pages: PageOfChoices[];
  count: number;
  /** Every input of the form (including the excluded ones, for a rule that already points at one). */
  names: ReadonlyMap<string, InputChoice>;
}

function inputChoices(tree: FormTree, elementId: string): InputChoices {
  // An element's rules cannot read its own answer or the answers inside it: that would go round in a circle.
  const excluded = new Set([elementId, ...descendantsOf(tree, elementId)]);
  const all: { pageIndex: number; choice: InputChoice; label: string; dataName: string }[] = [];
  tree.pageIds.forEach((pageId, pageIndex) => {
    for (const id of descendantsOf(tree, pageId)) {
      const node = tree.nodes[id];
      if (node?.type !== 'input') continue;
      const label = node.label.trim();
      all.push({ pageIndex, label, dataName: node.dataName, choice: { id, name: label || node.dataName, subtype: node.subtype } });
    }
  });
  const labelCounts = new Map<string, number>();
  for (const { label } of all) if (label) labelCounts.set(label, (labelCounts.get(label) ?? 0) + 1);
  for (const entry of all) {
    if ((labelCounts.get(entry.label) ?? 0) > 1) entry.choice.name = `${entry.label} (${entry.dataName})`;
  }

  const pages: PageOfChoices[] = tree.pageIds.map((pageId, index) => {
    const page = tree.nodes[pageId];
    const title = page?.type === 'page' ? page.title.trim() : '';
    return { id: pageId, title: title ? `Page ${index + 1}: ${title}` : `Page ${index + 1}`, inputs: [] };
  });
  let count = 0;
  for (const { pageIndex, choice } of all) {
    if (excluded.has(choice.id)) continue;
    pages[pageIndex].inputs.push(choice);
    count += 1;
  }
  return { pages: pages.filter((page) => page.inputs.length > 0), count, names: new Map(all.map(({ choice }) => [choice.id, choice])) };
}

/** The inputs the rules of `elementId` may read (memoised per tree and element). */
export const selectInputChoices = createSelector([selectTree, (_state: RootState, elementId: string) => elementId], inputChoices);
