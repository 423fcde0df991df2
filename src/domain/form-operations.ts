/**
 * Element operations that touch the tree and the conditional logic together (spec §4: cloning, removal).
 */
import { collectDataNames, dataNameFromLabel } from './data-name';
import type { AnswerValue, ConditionalLogic, LogicConfig, LogicRule } from './form-document';
import { CLONE_SUFFIX, isChoiceSubtype } from './form-document';
import type { FormTree, TreeNode } from './form-tree';
import { descendantsOf, indexInParent, parentOf } from './form-tree';
import { newId } from './ids-factory';

export interface CloneResult {
  tree: FormTree;
  logic: ConditionalLogic;
  cloneId: string;
}

function remapValue(value: AnswerValue | null, optionIds: ReadonlyMap<string, string>): AnswerValue | null {
  if (typeof value === 'string') return optionIds.get(value) ?? value;
  if (Array.isArray(value)) return value.map((item) => optionIds.get(item) ?? item);
  return value;
}

function cloneConfig(
  config: LogicConfig,
  newElementId: string,
  ids: ReadonlyMap<string, string>,
  optionIds: ReadonlyMap<string, string>,
  makeId: () => string,
): LogicConfig {
  const cloneRule = (rule: LogicRule): LogicRule => ({
    ...rule,
    id: makeId(),
    triggerId: rule.triggerId === null ? null : (ids.get(rule.triggerId) ?? rule.triggerId),
    referenceValueId: rule.referenceValueId === null ? null : (ids.get(rule.referenceValueId) ?? rule.referenceValueId),
    // Option ids only changed for cloned trigger inputs.
    staticValue: rule.triggerId !== null && ids.has(rule.triggerId) ? remapValue(rule.staticValue, optionIds) : rule.staticValue,
  });
  return {
    ...config,
    id: makeId(),
    element: { ...config.element, id: newElementId },
    conditions: config.conditions.map((condition) => ({
      ...condition,
      id: makeId(),
      expression: condition.expression.map((group) => ({ ...group, id: makeId(), rules: group.rules.map(cloneRule) })),
      actions: condition.actions.map((action) => ({ ...action })),
    })),
  };
}

/**
 * Spec §4: the clone gets new ids (descendants and options too), '-COPY' after its label (inputs) or title
 * (pages, sections), dataNames regenerated from the labels (unique), sits just after the original, and carries
 * a copy of its and its descendants' conditional logic with ids remapped onto the clones.
 */
export function cloneElement(tree: FormTree, logic: ConditionalLogic, id: string, makeId: () => string = newId): CloneResult {
  const original = tree.nodes[id];
  if (!original) throw new Error(`cloneElement: unknown element "${id}"`);
  const oldIds = [id, ...descendantsOf(tree, id)];
  const ids = new Map(oldIds.map((oldId) => [oldId, makeId()] as const));
  const optionIds = new Map<string, string>();
  const taken = collectDataNames(tree);

  const nodes: Record<string, TreeNode> = { ...tree.nodes };
  const childIds: Record<string, string[]> = { ...tree.childIds };
  for (const oldId of oldIds) {
    const node = tree.nodes[oldId];
    const cloneId = ids.get(oldId) as string;
    let clone: TreeNode;
    switch (node.type) {
      case 'page':
        clone = { ...node, id: cloneId, title: oldId === id ? node.title + CLONE_SUFFIX : node.title };
        break;
      case 'section':
        clone = {
          ...node,
          id: cloneId,
          parentId: ids.get(node.parentId) ?? node.parentId,
          title: oldId === id ? node.title + CLONE_SUFFIX : node.title,
        };
        break;
      case 'presentation':
        clone = { ...node, id: cloneId, parentId: ids.get(node.parentId) ?? node.parentId };
        break;
      case 'input': {
        const label = oldId === id ? node.label + CLONE_SUFFIX : node.label;
        const dataName = dataNameFromLabel(label, taken);
        taken.add(dataName);
        const options = node.options.map((option) => {
          const optionId = makeId();
          optionIds.set(option.id, optionId);
          return { ...option, id: optionId };
        });
        clone = { ...node, id: cloneId, parentId: ids.get(node.parentId) ?? node.parentId, label, dataName, options, default: { ...node.default } };
        break;
      }
    }
    nodes[cloneId] = clone;
    if (tree.childIds[oldId]) childIds[cloneId] = tree.childIds[oldId].map((childId) => ids.get(childId) as string);
  }
  // Defaults need every option id and input id mapped first.
  for (const oldId of oldIds) {
    const clone = nodes[ids.get(oldId) as string];
    if (clone.type !== 'input') continue;
    const ref = clone.default.referenceValueId;
    clone.default = {
      staticValue: isChoiceSubtype(clone.subtype) ? remapValue(clone.default.staticValue, optionIds) : clone.default.staticValue,
      referenceValueId: ref === null ? null : (ids.get(ref) ?? ref),
    };
  }

  const cloneId = ids.get(id) as string;
  const parentId = parentOf(tree, id);
  const at = indexInParent(tree, id) + 1;
  let pageIds = tree.pageIds;
  if (parentId === null) {
    pageIds = tree.pageIds.slice();
    pageIds.splice(at, 0, cloneId);
  } else {
    const siblings = tree.childIds[parentId].slice();
    siblings.splice(at, 0, cloneId);
    childIds[parentId] = siblings;
  }

  let conditionMap = logic.conditionMap;
  let pageMap = logic.pageMap;
  for (const oldId of oldIds) {
    const newElementId = ids.get(oldId) as string;
    if (logic.conditionMap[oldId]) {
      if (conditionMap === logic.conditionMap) conditionMap = { ...conditionMap };
      conditionMap[newElementId] = cloneConfig(logic.conditionMap[oldId], newElementId, ids, optionIds, makeId);
    }
    if (logic.pageMap[oldId]) {
      if (pageMap === logic.pageMap) pageMap = { ...pageMap };
      pageMap[newElementId] = cloneConfig(logic.pageMap[oldId], newElementId, ids, optionIds, makeId);
    }
  }
  const nextLogic = conditionMap === logic.conditionMap && pageMap === logic.pageMap ? logic : { ...logic, conditionMap, pageMap };
  return { tree: { pageIds, nodes, childIds }, logic: nextLogic, cloneId };
}

/** The only page of a form cannot be removed (a form needs a page). */
export function canRemoveElement(tree: FormTree, id: string): boolean {
  const node = tree.nodes[id];
  return Boolean(node) && !(node.type === 'page' && tree.pageIds.length <= 1);
}

/**
 * Drops from one logic map the configs of removed elements and the rules that trigger on (or compare with) a removed
 * element; groups, conditions and configs emptied by that go too. Untouched configs keep their identity.
 */
function pruneLogicMap(map: Record<string, LogicConfig>, removed: ReadonlySet<string>): Record<string, LogicConfig> {
  let result: Record<string, LogicConfig> | null = null;
  const drop = (key: string) => {
    result ??= { ...map };
    delete result[key];
  };
  const replace = (key: string, config: LogicConfig) => {
    result ??= { ...map };
    result[key] = config;
  };
  const hitsRemoved = (rule: LogicRule) =>
    (rule.triggerId !== null && removed.has(rule.triggerId)) || (rule.referenceValueId !== null && removed.has(rule.referenceValueId));

  for (const [key, config] of Object.entries(map)) {
    if (removed.has(key) || removed.has(config.element.id)) {
      drop(key);
      continue;
    }
    let conditionsChanged = false;
    const conditions = config.conditions.flatMap((condition) => {
      let groupsChanged = false;
      const expression = condition.expression.flatMap((group) => {
        if (!group.rules.some(hitsRemoved)) return [group];
        groupsChanged = true;
        const rules = group.rules.filter((rule) => !hitsRemoved(rule));
        return rules.length > 0 ? [{ ...group, rules }] : [];
      });
      if (!groupsChanged) return [condition];
      conditionsChanged = true;
      return expression.length > 0 ? [{ ...condition, expression }] : [];
    });
    if (!conditionsChanged) continue;
    if (conditions.length > 0) replace(key, { ...config, conditions });
    else drop(key);
  }
  return result ?? map;
}

/**
 * Spec §4: removes the element with its children, its own logic config and its descendants', every rule elsewhere
 * that triggers on or refers to a removed element (conditions left without rules go, then configs left without
 * conditions), and clears input defaults that referred to a removed input. The only page is kept (see canRemoveElement).
 */
export function removeElement(tree: FormTree, logic: ConditionalLogic, id: string): { tree: FormTree; logic: ConditionalLogic } {
  if (!canRemoveElement(tree, id)) return { tree, logic };
  const removedIds = [id, ...descendantsOf(tree, id)];
  const removed = new Set(removedIds);

  const nodes: Record<string, TreeNode> = {};
  for (const [key, node] of Object.entries(tree.nodes)) {
    if (removed.has(key)) continue;
    if (node.type === 'input' && node.default.referenceValueId !== null && removed.has(node.default.referenceValueId)) {
      nodes[key] = { ...node, default: { ...node.default, referenceValueId: null } };
    } else {
      nodes[key] = node;
    }
  }
  const childIds: Record<string, string[]> = { ...tree.childIds };
  for (const removedId of removedIds) delete childIds[removedId];
  const parentId = parentOf(tree, id);
  let pageIds = tree.pageIds;
  if (parentId === null) pageIds = tree.pageIds.filter((pageId) => pageId !== id);
  else childIds[parentId] = tree.childIds[parentId].filter((childId) => childId !== id);

  const conditionMap = pruneLogicMap(logic.conditionMap, removed);
  const pageMap = pruneLogicMap(logic.pageMap, removed);
  const nextLogic = conditionMap === logic.conditionMap && pageMap === logic.pageMap ? logic : { ...logic, conditionMap, pageMap };
  return { tree: { pageIds, nodes, childIds }, logic: nextLogic };
}
