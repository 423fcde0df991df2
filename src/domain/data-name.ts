/**
 * An input's dataName: the key integrations and exports use. Made from the label, `[a-z0-9_]`, unique in the form.
 */
import { DATA_NAME_PATTERN } from './form-document';
import { FORM_RULE_MESSAGES } from './form-rule-messages';
import type { FormTree } from './form-tree';

const DATA_NAME_MAX_LENGTH = 60;
const DATA_NAME_FALLBACK = 'field';

// Letters NFKD does not decompose into ASCII.
const SPECIAL_FOLDS: Record<string, string> = {
  ß: 'ss', æ: 'ae', œ: 'oe', ø: 'o', đ: 'd', ð: 'd', ł: 'l', þ: 'th', ı: 'i', ħ: 'h', ŋ: 'n', ſ: 's',
};

function trimUnderscores(value: string): string {
  return value.replace(/^_+|_+$/g, '');
}

/** The dataName a label gives before uniqueness: 'Prénom & Nom' → 'prenom_nom'; '' when nothing usable is left. */
function dataNameBase(label: string): string {
  const folded = label
    .toLowerCase()
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .replace(/[^ -~]/g, (char) => SPECIAL_FOLDS[char] ?? ' ');
  const joined = trimUnderscores(folded.replace(/[^a-z0-9]+/g, '_'));
  return trimUnderscores(joined.slice(0, DATA_NAME_MAX_LENGTH));
}

/** A unique dataName for `label`: the base, else base_2, base_3… (kept within DATA_NAME_MAX_LENGTH). */
export function dataNameFromLabel(label: string, taken: ReadonlySet<string>): string {
  const base = dataNameBase(label) || DATA_NAME_FALLBACK;
  if (!taken.has(base)) return base;
  for (let n = 2; ; n += 1) {
    const suffix = `_${n}`;
    const candidate = `${trimUnderscores(base.slice(0, DATA_NAME_MAX_LENGTH - suffix.length)) || DATA_NAME_FALLBACK}${suffix}`;
    if (!taken.has(candidate)) return candidate;
  }
}

/** Every input's dataName in the form, except the input `exceptId` (the one being edited). */
export function collectDataNames(form: FormTree, exceptId?: string): Set<string> {
  const names = new Set<string>();
  for (const node of Object.values(form.nodes)) {
    if (node.type === 'input' && node.id !== exceptId) names.add(node.dataName);
  }
  return names;
}

/**
 * The property editor's check of a hand-edited dataName, in the wording of the save's rules; null when valid. A name
 * in `taken` is said to be used by "another input" (the editor names that input when it knows it).
 */
export function dataNameError(name: string, taken: ReadonlySet<string>): string | null {
  if (name === '') return FORM_RULE_MESSAGES.dataNameRequired;
  if (!DATA_NAME_PATTERN.test(name)) return FORM_RULE_MESSAGES.dataNameFormat;
  if (taken.has(name)) return FORM_RULE_MESSAGES.dataNameTaken(name, 'another input');
  return null;
}
