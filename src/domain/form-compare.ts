/** Spec §4: a form has unsaved changes when elements, template fields, logic or button style differ from the published copy. */
import type { ConditionalLogic, FormDocument, FormStyle } from './form-document';

/** The saved fields of a form: what a save sends (the API client's FormTemplateInput) and what is compared here. */
export interface FormSnapshot {
  name: string;
  displayName: string;
  description: string;
  customSubmitMessage: string;
  jsonForm: FormDocument;
  jsonConditionalLogic: ConditionalLogic;
  jsonFormStyle: FormStyle;
}

const isPlainObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/**
 * Structural equality of JSON-like values: key order ignored, a key holding undefined counts as missing, arrays
 * compared in order. Shared subtrees short-circuit on identity.
 */
export function deepEqual(a: unknown, b: unknown): boolean {
  if (Object.is(a, b)) return true;
  if (Array.isArray(a)) {
    if (!Array.isArray(b) || a.length !== b.length) return false;
    for (let i = 0; i < a.length; i += 1) if (!deepEqual(a[i], b[i])) return false;
    return true;
  }
  if (isPlainObject(a) && isPlainObject(b)) {
    let definedInA = 0;
    for (const key in a) {
      if (!Object.prototype.hasOwnProperty.call(a, key) || a[key] === undefined) continue;
      definedInA += 1;
      if (!deepEqual(a[key], b[key])) return false;
    }
    let definedInB = 0;
    for (const key in b) if (Object.prototype.hasOwnProperty.call(b, key) && b[key] !== undefined) definedInB += 1;
    return definedInA === definedInB;
  }
  return false;
}

/** A never-saved form (published null) always counts as changed. */
export function hasUnsavedChanges(published: FormSnapshot | null, current: FormSnapshot): boolean {
  if (published === null) return true;
  return !deepEqual(published, current);
}
