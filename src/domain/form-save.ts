/**
 * What a save sends, what stops it, and how each problem is told. The builder runs the same schemas and cycle check
 * as the server before sending, so it points at every problem without a round trip; the server's 400 names the same
 * problems with the same sentences, and a 400 the builder receives is placed on the editor by the same function.
 */
import type { FormSnapshot } from './form-compare';
import type { ButtonStyle, FormElement } from './form-document';
import {
  BUTTON_STYLE_LABELS,
  INPUT_SUBTYPES,
  PRESENTATION_SUBTYPES,
  buttonStyleSchema,
  checkDocumentIntegrity,
  elementShapeIssues,
  forEachElement,
  formDocumentShapeSchema,
} from './form-document';
import { checkSaveRules, elementSubject, upperFirst } from './form-rules';
import { describeLogicCycle, findLogicCycle, sanitizeLogic } from './logic';
import { FORM_MESSAGES } from './messages';

/** Spec §5: the name is sent trimmed; incomplete rules, and groups and conditions left empty, are not saved. */
export function formToSave(snapshot: FormSnapshot): FormSnapshot {
  return {
    ...snapshot,
    name: snapshot.name.trim(),
    jsonConditionalLogic: sanitizeLogic(snapshot.jsonConditionalLogic, snapshot.jsonForm),
  };
}

export type FormSettingField = 'name' | 'displayName' | 'description' | 'customSubmitMessage';

/** Where a problem is shown: a form setting, an element's field (an option by its index), a button style field, logic. */
type SaveIssueTarget =
  | { kind: 'setting'; setting: FormSettingField }
  | { kind: 'element'; elementId: string | null; field: string | null; optionIndex: number | null }
  | { kind: 'buttonStyle'; field: keyof ButtonStyle | null }
  | { kind: 'logic'; elementId: string | null };

export interface SaveIssue {
  /** The field of the request it is about, as the server's 400 keys it: 'name', 'jsonForm.0.children.1.label', … */
  key: string;
  target: SaveIssueTarget;
  /** Whom it is about, as its author knows it ('“Full name”', 'Page 2', 'Button style'); null when the message says. */
  subject: string | null;
  /** The rule's sentence (form-rule-messages.ts): what is wrong and what to do. Shown as is beside the field. */
  message: string;
}

/** One line for the save summary, the toast and the server's 400 `detail`: the subject, then the rule's sentence. */
export function saveIssueSummary(issue: SaveIssue): string {
  return issue.subject ? `${issue.subject}: ${issue.message}` : issue.message;
}

type Raw = Record<string, unknown>;
const isRaw = (value: unknown): value is Raw => typeof value === 'object' && value !== null && !Array.isArray(value);
const text = (value: unknown) => (typeof value === 'string' ? value : '');

const SETTING_KEYS: Readonly<Record<string, FormSettingField>> = {
  name: 'name',
  displayName: 'displayName',
  display_name: 'displayName',
  description: 'description',
  customSubmitMessage: 'customSubmitMessage',
  custom_submit_message: 'customSubmitMessage',
};

/**
 * A raw element (a request the server refused may hold anything) as far as naming it needs; null when it is no
 * element at all.
 */
function nameable(raw: unknown): FormElement | null {
  if (!isRaw(raw)) return null;
  switch (raw.type) {
    case 'page':
      return { type: 'page', id: text(raw.id), title: text(raw.title), children: [] };
    case 'section':
      return { type: 'section', id: text(raw.id), parentId: '', title: text(raw.title), description: '', collapsible: false, collapsed: false, children: [] };
    case 'presentation': {
      const subtype = PRESENTATION_SUBTYPES.find((name) => name === raw.subtype) ?? 'heading';
      return { type: 'presentation', subtype, id: text(raw.id), parentId: '', content: text(raw.content) };
    }
    case 'input': {
      const subtype = INPUT_SUBTYPES.find((name) => name === raw.subtype) ?? 'textInput';
      return { type: 'input', subtype, id: text(raw.id), label: text(raw.label) } as FormElement;
    }
    default:
      return null;
  }
}

/** The deepest element a path into the document reaches ([1, 'children', 0, 'label']), its page, and the rest. */
function elementAtPath(document: unknown, path: readonly (string | number)[]): { element: FormElement | null; page: number | null; rest: (string | number)[] } {
  const first = path[0];
  if (!Array.isArray(document) || typeof first !== 'number' || !isRaw(document[first])) return { element: null, page: null, rest: [...path] };
  let raw: Raw = document[first];
  let at = 1;
  while (path[at] === 'children' && Array.isArray(raw.children)) {
    const index = path[at + 1];
    const child: unknown = typeof index === 'number' ? raw.children[index] : undefined;
    if (!isRaw(child)) break;
    raw = child;
    at += 2;
  }
  return { element: nameable(raw), page: first + 1, rest: path.slice(at) };
}

const segmentsOf = (key: string) => key.split('.').map((part) => (/^\d+$/.test(part) ? Number(part) : part));

/**
 * A problem the server or the schemas reported at `key` (a request field path, dot-joined), placed and named against
 * the document it was found in. Never throws, whatever the document holds.
 */
export function locateSaveIssue(jsonForm: unknown, key: string, message: string): SaveIssue {
  const [head, ...rest] = segmentsOf(key);
  const setting = typeof head === 'string' && rest.length === 0 ? SETTING_KEYS[head] : undefined;
  if (setting) return { key, target: { kind: 'setting', setting }, subject: null, message };
  if (head === 'jsonFormStyle') {
    const field = rest[0] === 'button' && typeof rest[1] === 'string' && Object.hasOwn(BUTTON_STYLE_LABELS, rest[1]) ? (rest[1] as keyof ButtonStyle) : null;
    return { key, target: { kind: 'buttonStyle', field }, subject: 'Button style', message };
  }
  if (head === 'jsonConditionalLogic') {
    const elementId = (rest[0] === 'conditionMap' || rest[0] === 'pageMap') && rest[1] !== undefined ? String(rest[1]) : null;
    return { key, target: { kind: 'logic', elementId }, subject: rest.length > 0 ? 'Conditional logic' : null, message };
  }
  if (head === 'jsonForm') {
    const { element, page, rest: fieldPath } = elementAtPath(jsonForm, rest);
    if (element) {
      const field = typeof fieldPath[0] === 'string' ? fieldPath[0] : null;
      const optionIndex = field === 'options' && typeof fieldPath[1] === 'number' ? fieldPath[1] : null;
      return {
        key,
        target: { kind: 'element', elementId: element.id || null, field, optionIndex },
        subject: upperFirst(elementSubject(element, page)),
        message,
      };
    }
  }
  return { key, target: { kind: 'element', elementId: null, field: null, optionIndex: null }, subject: null, message };
}

/** A 400's `errors` (messages by request field path), as issues of the document that was sent. */
export function saveIssuesFromErrors(jsonForm: unknown, errors: Readonly<Record<string, readonly string[]>>): SaveIssue[] {
  return Object.entries(errors).flatMap(([key, messages]) => messages.map((message) => locateSaveIssue(jsonForm, key, message)));
}

/** The server's `detail` for a form body its contract refused: the first problem, named as the builder names it. */
export function invalidFormDetail(body: unknown, path: readonly PropertyKey[], message: string): string {
  return saveIssueSummary(locateSaveIssue(isRaw(body) ? body.jsonForm : undefined, path.map(String).join('.'), message));
}

const keyOf = (head: string, path: readonly PropertyKey[]) => [head, ...path.map(String)].join('.');

/** Which part of a form a re-check looks at again: the elements by id, and whether the logic. */
export interface RecheckScope {
  elementIds: ReadonlySet<string>;
  logic: boolean;
}

/**
 * The problems of a form, in the order the user meets them: the name, the document (shapes, then the rules of every
 * stored form and of a saved one), the button style, then circular logic (looked for in a document without
 * problems). `scope` null checks everything; otherwise the shapes of those elements alone and the logic only when
 * asked, which is cheap enough to run on each edit (the whole document's shape is one zod parse, too slow for that).
 */
function collectIssues(form: FormSnapshot, scope: RecheckScope | null): SaveIssue[] {
  const issues: SaveIssue[] = [];
  if (form.name === '') issues.push(locateSaveIssue(form.jsonForm, 'name', FORM_MESSAGES.nameRequired));

  const found: { path: (string | number)[]; message: string }[] = [];
  const onDocument = (path: (string | number)[], message: string) => found.push({ path, message });
  if (scope === null) {
    const shape = formDocumentShapeSchema.safeParse(form.jsonForm);
    if (!shape.success) for (const issue of shape.error.issues) onDocument(issue.path as (string | number)[], issue.message);
  } else {
    forEachElement(form.jsonForm, (element, path) => {
      if (!scope.elementIds.has(element.id)) return;
      for (const issue of elementShapeIssues(element)) onDocument([...path, ...issue.path], issue.message);
    });
  }
  // The builder's document is typed whatever its values, so its rules are checked even where a shape is wrong: every
  // problem at once. (A request's body is checked by savedFormDocumentSchema: its rules only once its shape holds.)
  const pages = Array.isArray(form.jsonForm) ? form.jsonForm : [];
  checkDocumentIntegrity(pages, onDocument);
  checkSaveRules(pages, onDocument);
  found.sort((a, b) => compareDocumentPaths(a.path, b.path));
  for (const { path, message } of found) issues.push(locateSaveIssue(form.jsonForm, keyOf('jsonForm', path), message));

  const style = buttonStyleSchema.safeParse(form.jsonFormStyle.button);
  if (!style.success) {
    for (const issue of style.error.issues) issues.push(locateSaveIssue(form.jsonForm, keyOf('jsonFormStyle.button', issue.path), issue.message));
  }
  if (found.length === 0 && (scope === null || scope.logic)) {
    const cycle = findLogicCycle(form.jsonConditionalLogic, form.jsonForm);
    if (cycle) {
      const { conditionMap, pageMap } = form.jsonConditionalLogic;
      const elementId = cycle.find((id) => conditionMap[id] || pageMap[id]) ?? null;
      issues.push({ key: 'jsonConditionalLogic', target: { kind: 'logic', elementId }, subject: null, message: describeLogicCycle(cycle, form.jsonForm) });
    }
  }
  return issues;
}

/** The indexes leading to the element a path into the document is about: [0, 'children', 2, 'label'] → [0, 2]. */
function elementIndexes(path: readonly (string | number)[]): number[] {
  const indexes: number[] = [];
  if (typeof path[0] !== 'number') return indexes;
  indexes.push(path[0]);
  for (let at = 1; path[at] === 'children' && typeof path[at + 1] === 'number'; at += 2) indexes.push(path[at + 1] as number);
  return indexes;
}

/** Document order of the elements two paths are about (a container before its children); ties keep their order. */
function compareDocumentPaths(a: readonly (string | number)[], b: readonly (string | number)[]): number {
  const x = elementIndexes(a);
  const y = elementIndexes(b);
  for (let i = 0; i < Math.min(x.length, y.length); i += 1) if (x[i] !== y[i]) return x[i] - y[i];
  return x.length - y.length;
}

/** Every problem that stops this form (as formToSave made it) from being saved; none: it may be sent. */
export function checkFormBeforeSave(form: FormSnapshot): SaveIssue[] {
  return collectIssues(form, null);
}

/**
 * The same check, of the elements in `scope` (and the logic when asked): after a refused save, what the builder runs
 * on each edit to see which of the problems it showed are fixed. The rules that compare elements still see them all.
 */
export function recheckForm(form: FormSnapshot, scope: RecheckScope): SaveIssue[] {
  return collectIssues(form, scope);
}
