/**
 * Which inputs of a loaded form had their dataName set by hand: the builder regenerates a dataName from the label
 * on every label edit, except for these.
 */
import { dataNameFromLabel } from './data-name';
import type { FormTree } from './form-tree';

/**
 * Inputs whose dataName is not what their label would generate were named by hand (or by an older builder):
 * label edits must not rename them. The generated name is worked out as the builder would have made it, avoiding the
 * other inputs' names. The builder never makes a name two inputs share, so such a name stays taken and counts as
 * set by hand for both.
 */
export function customDataNamesOf(tree: FormTree): Record<string, true> {
  const counts = new Map<string, number>();
  for (const node of Object.values(tree.nodes)) {
    if (node.type === 'input') counts.set(node.dataName, (counts.get(node.dataName) ?? 0) + 1);
  }
  const taken = new Set(counts.keys());
  const custom: Record<string, true> = {};
  for (const node of Object.values(tree.nodes)) {
    if (node.type !== 'input') continue;
    const shared = (counts.get(node.dataName) ?? 0) > 1;
    if (!shared) taken.delete(node.dataName);
    if (dataNameFromLabel(node.label, taken) !== node.dataName) custom[node.id] = true;
    taken.add(node.dataName);
  }
  return custom;
}
