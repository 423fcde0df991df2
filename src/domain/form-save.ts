/**
 * What a save sends, and what the client can refuse before sending it. The server runs the same schemas and the same
 * cycle check; running them first points at the problem without a round trip.
 */
import type { FormSnapshot } from './form-compare';
import { buttonStyleSchema, formDocumentSchema } from './form-document';
import { describeLogicCycle, findLogicCycle, sanitizeLogic } from './logic';

/** Spec §5: the name is sent trimmed; incomplete rules, and groups and conditions left empty, are not saved. */
export function formToSave(snapshot: FormSnapshot): FormSnapshot {
  return {
    ...snapshot,
    name: snapshot.name.trim(),
    jsonConditionalLogic: sanitizeLogic(snapshot.jsonConditionalLogic, snapshot.jsonForm),
  };
}

/** A problem of the document: `path` leads into jsonForm ([0, 'children', 2, 'dataName']). */
export interface FormDocumentIssue {
  path: (string | number)[];
  message: string;
}

export type SaveCheckProblem =
  | { kind: 'nameRequired' }
  | { kind: 'invalidDocument'; issues: FormDocumentIssue[] }
  | { kind: 'invalidButtonStyle' }
  /** `message` is the server's own wording for it; `elementId` the first element of the cycle that has logic. */
  | { kind: 'logicCycle'; message: string; elementId: string | null };

/** The first problem that stops this form (as formToSave made it) from being saved, in the order the user fixes them. */
export function checkFormBeforeSave(form: FormSnapshot): SaveCheckProblem | null {
  if (form.name === '') return { kind: 'nameRequired' };
  const checked = formDocumentSchema.safeParse(form.jsonForm);
  if (!checked.success) {
    const issues = checked.error.issues.map((issue) => ({ path: issue.path as (string | number)[], message: issue.message }));
    return { kind: 'invalidDocument', issues };
  }
  if (!buttonStyleSchema.safeParse(form.jsonFormStyle.button).success) return { kind: 'invalidButtonStyle' };
  const cycle = findLogicCycle(form.jsonConditionalLogic, form.jsonForm);
  if (cycle) {
    const { conditionMap, pageMap } = form.jsonConditionalLogic;
    const elementId = cycle.find((id) => conditionMap[id] || pageMap[id]) ?? null;
    return { kind: 'logicCycle', message: describeLogicCycle(cycle, form.jsonForm), elementId };
  }
  return null;
}
