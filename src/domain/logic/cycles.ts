/**
 * Circular logic: an element whose visibility depends, through the inputs its rules read and the pages and sections
 * holding them, on itself. "A hidden input counts as no answer" has no consistent reading then, so saving refuses it.
 */
import type { ConditionalLogic, FormDocument } from '../form-document';
import { elementSubject } from '../form-rules';
import { compileLogic } from './compile';
import { indexForm } from './form-index';

/**
 * The ids on the first cycle found (each depends on the next, the last on the first), or null. Only complete rules
 * count (sanitizeLogic), so an unfinished rule never makes a form unsaveable.
 */
export function findLogicCycle(logic: ConditionalLogic, document: FormDocument): string[] | null {
  return compileLogic(document, logic).cycle;
}

/**
 * A sentence naming the elements on a cycle by their labels and titles, for the save error, e.g.
 * `Conditional logic goes round in a circle: section “Your matter” depends on the answer to “Practice area”, which is
 * inside section “Your matter”. Change or remove one of these rules.`
 */
export function describeLogicCycle(cycle: readonly string[], document: FormDocument): string {
  if (cycle.length === 0) return '';
  const index = indexForm(document);
  const pageSlots = index.elements.filter((element) => element.parentSlot === -1).map((element) => element.slot);
  const pageNumberOf = (slot: number): number => {
    let at = slot;
    while (index.elements[at].parentSlot !== -1) at = index.elements[at].parentSlot;
    return pageSlots.indexOf(at) + 1;
  };
  const name = (id: string) => {
    const found = index.byId.get(id);
    return found ? elementSubject(found.element, pageNumberOf(found.slot)) : `an element that is not in the form ("${id}")`;
  };
  const relation = (from: string, to: string) => {
    const parentSlot = index.byId.get(from)?.parentSlot ?? -1;
    return parentSlot !== -1 && index.elements[parentSlot].id === to ? 'is inside' : 'depends on the answer to';
  };
  let sentence = `${name(cycle[0])} ${relation(cycle[0], cycle[1 % cycle.length])} ${name(cycle[1 % cycle.length])}`;
  for (let k = 1; k < cycle.length; k++) {
    const to = cycle[(k + 1) % cycle.length];
    sentence += `, which ${relation(cycle[k], to)} ${name(to)}`;
  }
  return `Conditional logic goes round in a circle: ${sentence}. Change or remove one of these rules.`;
}
