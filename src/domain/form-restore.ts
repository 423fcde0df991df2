/**
 * Saved documents of an older shape are migrated before the builder or the renderer sees them (STYLE.md: restore
 * step, as excalidraw does), then validated. Never mutates its input.
 */
import type { z } from 'zod';
import { dataNameFromLabel } from './data-name';
import type { ButtonStyle, ConditionalLogic, FormDocument, FormStyle, InputSubtype, PresentationSubtype } from './form-document';
import {
  DATA_NAME_PATTERN,
  DEFAULT_BUTTON_STYLE,
  DEFAULT_DROPDOWN_PLACEHOLDER,
  DEFAULT_INPUT_SUBTYPE,
  DEFAULT_PRESENTATION_SUBTYPE,
  INPUT_SUBTYPES,
  PREDICATES,
  PRESENTATION_SUBTYPES,
  buttonStyleSchema,
  conditionalLogicSchema,
  formDocumentSchema,
  isChoiceSubtype,
} from './form-document';
import { createNewFormDocument } from './element-factory';
import { defaultPageTitle } from './form-constants';
import type { FormSnapshot } from './form-compare';
import { newId } from './ids-factory';

export class FormRestoreError extends Error {
  readonly issues: string[];
  constructor(what: string, issues: string[]) {
    super(`${what} cannot be opened: ${issues.join('; ')}`);
    this.name = 'FormRestoreError';
    this.issues = issues;
  }
}

type Raw = Record<string, unknown>;
const isRaw = (value: unknown): value is Raw => typeof value === 'object' && value !== null && !Array.isArray(value);
const isEmptyRaw = (value: Raw) => Object.keys(value).length === 0;

const LEGACY_INPUT_SUBTYPES: Readonly<Record<string, InputSubtype>> = {
  text: 'textInput',
  paragraphText: 'textarea',
  longText: 'textarea',
  select: 'dropdown',
  number: 'integer',
  phone: 'phoneNumber',
};
const LEGACY_PRESENTATION_SUBTYPES: Readonly<Record<string, PresentationSubtype>> = { header: 'heading' };

function toInputSubtype(value: unknown): unknown {
  if (value === undefined || value === null || value === '') return DEFAULT_INPUT_SUBTYPE;
  if (typeof value === 'string' && Object.hasOwn(LEGACY_INPUT_SUBTYPES, value)) return LEGACY_INPUT_SUBTYPES[value];
  return value;
}

function toPresentationSubtype(value: unknown): unknown {
  if (value === undefined || value === null || value === '') return DEFAULT_PRESENTATION_SUBTYPE;
  if (typeof value === 'string' && Object.hasOwn(LEGACY_PRESENTATION_SUBTYPES, value)) return LEGACY_PRESENTATION_SUBTYPES[value];
  return value;
}

const isInputSubtypeName = (value: unknown) =>
  typeof value === 'string' && ((INPUT_SUBTYPES as readonly string[]).includes(value) || Object.hasOwn(LEGACY_INPUT_SUBTYPES, value));
const isPresentationSubtypeName = (value: unknown) =>
  typeof value === 'string' && ((PRESENTATION_SUBTYPES as readonly string[]).includes(value) || Object.hasOwn(LEGACY_PRESENTATION_SUBTYPES, value));

function parseJsonText(value: unknown, what: string): unknown {
  if (typeof value !== 'string') return value;
  if (value.trim() === '') return null;
  try {
    return JSON.parse(value) as unknown;
  } catch {
    throw new FormRestoreError(what, ['is not valid JSON']);
  }
}

const childrenOf = (raw: Raw): unknown => raw.children ?? raw.elements;
const idOf = (raw: Raw): string => (typeof raw.id === 'number' ? String(raw.id) : typeof raw.id === 'string' && raw.id.trim() !== '' ? raw.id : newId());
const orDefault = <T>(value: unknown, fallback: T): unknown => (value === undefined || value === null ? fallback : value);

function toBoolean(value: unknown, fallback: boolean): unknown {
  if (value === undefined || value === null) return fallback;
  if (value === 'true') return true;
  if (value === 'false') return false;
  return value;
}

function toNumberOrNull(value: unknown): unknown {
  if (value === undefined || value === null || value === '') return null;
  if (typeof value === 'string' && value.trim() !== '' && Number.isFinite(Number(value))) return Number(value);
  return value;
}

type ElementKind = 'page' | 'section' | 'input' | 'presentation';
type Level = 'top' | 'page' | 'section';

/** The element's type, from `type` or (missing) from where it sits and which fields it has. */
function kindOf(raw: Raw, level: Level): { kind: ElementKind | null; subtype?: unknown } {
  const type = raw.type;
  if (type === 'page' || type === 'section' || type === 'input' || type === 'presentation') return { kind: type };
  // Very old documents named leaves by their subtype: { type: 'textInput' } / { type: 'heading' }.
  if (isInputSubtypeName(type)) return { kind: 'input', subtype: type };
  if (isPresentationSubtypeName(type)) return { kind: 'presentation', subtype: type };
  if (type !== undefined && type !== null) return { kind: null };
  if ('content' in raw) return { kind: 'presentation' };
  if ('label' in raw || 'dataName' in raw || 'options' in raw || isInputSubtypeName(raw.subtype)) return { kind: 'input' };
  if (level === 'top') return { kind: 'page' };
  if (level === 'page' && childrenOf(raw) !== undefined) return { kind: 'section' };
  return { kind: isPresentationSubtypeName(raw.subtype) ? 'presentation' : 'input' };
}

function migrateOptions(value: unknown, subtype: unknown): unknown {
  if (value === undefined || value === null) value = [];
  if (!Array.isArray(value)) return value;
  const options = value.map((option) => {
    if (typeof option === 'string' || typeof option === 'number') return { id: newId(), text: String(option) };
    if (!isRaw(option)) return option;
    return { id: idOf(option), text: orDefault(option.text ?? option.label, '') };
  });
  // A choice input without options could never be answered (and would not validate): give it one to edit.
  if (options.length === 0 && typeof subtype === 'string' && isChoiceSubtype(subtype as InputSubtype)) options.push({ id: newId(), text: 'Option 1' });
  return options;
}

function migrateDefault(value: unknown): unknown {
  if (value === undefined || value === null) return { staticValue: null, referenceValueId: null };
  if (isRaw(value)) return { staticValue: orDefault(value.staticValue, null), referenceValueId: orDefault(value.referenceValueId, null) };
  // An older shape stored the default answer itself.
  return { staticValue: value === '' ? null : value, referenceValueId: null };
}

function migrateLeaf(raw: Raw, kind: 'input' | 'presentation', parentId: string, subtypeFromType: unknown): Raw {
  const id = idOf(raw);
  if (kind === 'presentation') {
    return { type: 'presentation', subtype: toPresentationSubtype(raw.subtype ?? subtypeFromType), id, parentId, content: orDefault(raw.content, '') };
  }
  const subtype = toInputSubtype(raw.subtype ?? subtypeFromType);
  return {
    type: 'input',
    subtype,
    id,
    parentId,
    label: orDefault(raw.label, ''),
    dataName: raw.dataName,
    placeholder: orDefault(raw.placeholder, subtype === 'dropdown' ? DEFAULT_DROPDOWN_PLACEHOLDER : ''),
    helpText: orDefault(raw.helpText, ''),
    default: migrateDefault(raw.default),
    options: migrateOptions(raw.options, subtype),
    minValue: toNumberOrNull(raw.minValue),
    maxValue: toNumberOrNull(raw.maxValue),
    stepValue: toNumberOrNull(raw.stepValue),
    minLength: toNumberOrNull(raw.minLength),
    maxLength: toNumberOrNull(raw.maxLength),
    required: toBoolean(raw.required, false),
  };
}

function migrateChild(raw: unknown, level: 'page' | 'section', parentId: string): unknown {
  if (!isRaw(raw)) return raw;
  const { kind, subtype } = kindOf(raw, level);
  if (kind === 'input' || kind === 'presentation') return migrateLeaf(raw, kind, parentId, subtype);
  if (kind === 'section') {
    const id = idOf(raw);
    const children = childrenOf(raw) ?? [];
    return {
      type: 'section',
      id,
      parentId,
      title: orDefault(raw.title, ''),
      description: orDefault(raw.description, ''),
      collapsible: toBoolean(raw.collapsible, false),
      collapsed: toBoolean(raw.collapsed, false),
      children: Array.isArray(children) ? children.map((child) => migrateChild(child, 'section', id)) : children,
    };
  }
  // A page (or an unknown type) inside a container: keep as is so validation names the problem.
  return raw;
}

function migratePage(raw: Raw, number: number): Raw {
  const id = idOf(raw);
  const children = childrenOf(raw) ?? [];
  return {
    type: 'page',
    id,
    title: orDefault(raw.title, defaultPageTitle(number)),
    children: Array.isArray(children) ? children.map((child) => migrateChild(child, 'page', id)) : children,
  };
}

/** Unwraps `{ pages }` / `{ jsonForm }` / `{ children }` / `{ elements }`, or takes a lone page; null when the document is empty. */
function pageList(value: unknown): unknown[] | null {
  if (value === undefined || value === null) return null;
  if (isRaw(value)) {
    if ('pages' in value) return pageList(value.pages);
    if (value.type === 'page' || 'id' in value || 'title' in value) return [value];
    for (const key of ['jsonForm', 'children', 'elements'] as const) {
      if (key in value) return pageList(value[key]);
    }
    if (isEmptyRaw(value)) return null;
    throw new FormRestoreError('The form', ['must be a list of pages']);
  }
  if (!Array.isArray(value)) throw new FormRestoreError('The form', ['must be a list of pages']);
  return value.length === 0 ? null : value;
}

function issueMessages(error: z.ZodError): string[] {
  return error.issues.map((issue) => (issue.path.length > 0 ? `${issue.path.join('.')}: ${issue.message}` : issue.message));
}

/** Gives every input a valid, unique dataName (valid ones first come, first kept) and drops dangling default references. */
function repairInputs(pages: unknown[]): void {
  const inputs: Raw[] = [];
  const walk = (element: unknown) => {
    if (!isRaw(element)) return;
    if (element.type === 'input') inputs.push(element);
    const children = element.children;
    if (Array.isArray(children)) children.forEach(walk);
  };
  pages.forEach(walk);
  const taken = new Set<string>();
  const needName: Raw[] = [];
  for (const input of inputs) {
    const name = input.dataName;
    if (typeof name === 'string' && DATA_NAME_PATTERN.test(name) && !taken.has(name)) taken.add(name);
    else needName.push(input);
  }
  for (const input of needName) {
    const source = typeof input.dataName === 'string' && input.dataName.trim() !== '' ? input.dataName : typeof input.label === 'string' ? input.label : '';
    input.dataName = dataNameFromLabel(source, taken);
    taken.add(input.dataName as string);
  }
  const inputIds = new Set(inputs.map((input) => input.id));
  for (const input of inputs) {
    const def = input.default;
    if (isRaw(def) && typeof def.referenceValueId === 'string' && !inputIds.has(def.referenceValueId)) input.default = { ...def, referenceValueId: null };
  }
}

/**
 * Accepts the current shape and older ones: a `{ pages }` wrapper, `elements` for `children`, missing parentIds,
 * subtypes or optional fields, options as strings, legacy subtype names, an empty document (→ a new form).
 * Throws FormRestoreError (with every issue's message) when the result is still invalid.
 */
export function restoreFormDocument(raw: unknown): FormDocument {
  const list = pageList(parseJsonText(raw, 'The form'));
  if (list === null) return createNewFormDocument();

  const pages: unknown[] = [];
  let loose: unknown[] = [];
  const flushLoose = () => {
    if (loose.length === 0) return;
    pages.push(migratePage({ children: loose }, pages.length + 1));
    loose = [];
  };
  for (const item of list) {
    if (isRaw(item) && kindOf(item, 'top').kind === 'page') {
      flushLoose();
      pages.push(migratePage(item, pages.length + 1));
    } else if (isRaw(item) && kindOf(item, 'top').kind !== null) {
      // Elements outside any page (a flat older shape) are gathered onto a page.
      loose.push(item);
    } else {
      flushLoose();
      pages.push(item);
    }
  }
  flushLoose();
  repairInputs(pages);

  const result = formDocumentSchema.safeParse(pages);
  if (!result.success) throw new FormRestoreError('The form', issueMessages(result.error));
  return result.data as FormDocument;
}

const upper = (value: unknown) => (typeof value === 'string' ? value.toUpperCase() : value);

function migrateRule(raw: unknown): unknown {
  if (!isRaw(raw)) return raw;
  const predicate = upper(raw.predicate);
  return {
    id: idOf(raw),
    type: 'rule',
    predicate: (PREDICATES as readonly unknown[]).includes(predicate) ? predicate : null,
    triggerId: orDefault(raw.triggerId, null),
    staticValue: orDefault(raw.staticValue, null),
    referenceValueId: orDefault(raw.referenceValueId, null),
  };
}

function migrateGroup(raw: unknown): unknown {
  if (!isRaw(raw)) return raw;
  const operator = upper(raw.operator);
  const rules = raw.rules ?? [];
  return {
    id: idOf(raw),
    type: 'group',
    operator: operator === 'OR' ? 'OR' : 'AND',
    rules: Array.isArray(rules) ? rules.map(migrateRule) : rules,
  };
}

function migrateCondition(raw: unknown): unknown {
  if (!isRaw(raw)) return raw;
  const expression = raw.expression ?? raw.groups ?? [];
  const actions = raw.actions ?? [];
  return {
    id: idOf(raw),
    expression: Array.isArray(expression) ? expression.map(migrateGroup) : expression,
    actions: Array.isArray(actions)
      ? actions.map((action) => (isRaw(action) ? { key: orDefault(action.key, 'TOGGLE_VISIBILITY'), value: upper(action.value) } : action))
      : actions,
  };
}

function migrateLogicMap(raw: unknown, defaultType: 'page' | 'input'): unknown {
  if (raw === undefined || raw === null) return {};
  let entries: [string, unknown][];
  if (Array.isArray(raw)) {
    entries = raw.map((config, index) => [isRaw(config) && isRaw(config.element) && typeof config.element.id === 'string' ? config.element.id : String(index), config]);
  } else if (isRaw(raw)) {
    entries = Object.entries(raw);
  } else {
    return raw;
  }
  const map: Raw = {};
  for (const [key, config] of entries) {
    if (!isRaw(config)) {
      map[key] = config;
      continue;
    }
    const element = isRaw(config.element) ? config.element : {};
    const conditions = config.conditions ?? [];
    map[key] = {
      id: idOf(config),
      element: { id: orDefault(element.id, key), type: orDefault(element.type, defaultType) },
      conditions: Array.isArray(conditions) ? conditions.map(migrateCondition) : conditions,
    };
  }
  return map;
}

/** Fills ids, types, the AND operator and empty maps; upper-cases predicates, operators and actions. */
export function restoreConditionalLogic(raw: unknown): ConditionalLogic {
  const value = parseJsonText(raw, 'The conditional logic');
  if (!isRaw(value)) {
    if (value === undefined || value === null || (Array.isArray(value) && value.length === 0)) return { conditionMap: {}, pageMap: {} };
    throw new FormRestoreError('The conditional logic', ['must be an object with conditionMap and pageMap']);
  }
  const migrated = { conditionMap: migrateLogicMap(value.conditionMap, 'input'), pageMap: migrateLogicMap(value.pageMap, 'page') };
  const result = conditionalLogicSchema.safeParse(migrated);
  if (!result.success) throw new FormRestoreError('The conditional logic', issueMessages(result.error));
  return result.data as ConditionalLogic;
}

const BUTTON_KEYS = Object.keys(DEFAULT_BUTTON_STYLE) as (keyof ButtonStyle)[];

/** Accepts `{ button }` or a bare button style; every missing or unusable value gets its spec §3 default. */
export function restoreFormStyle(raw: unknown): FormStyle {
  let value: unknown;
  try {
    value = parseJsonText(raw, 'The form style');
  } catch {
    value = null;
  }
  let source: Raw = {};
  if (isRaw(value)) {
    if (isRaw(value.button)) source = value.button;
    else if (BUTTON_KEYS.some((key) => key in value)) source = value;
  }
  const button = { ...DEFAULT_BUTTON_STYLE } as ButtonStyle;
  for (const key of BUTTON_KEYS) {
    const parsed = buttonStyleSchema.shape[key].safeParse(source[key] ?? undefined);
    if (parsed.success) button[key] = parsed.data;
  }
  return { button };
}

/** A saved template's fields, the three JSON columns in whatever shape they were stored. */
export interface StoredTemplate {
  name: string;
  displayName: string;
  description: string;
  customSubmitMessage: string;
  jsonForm: unknown;
  jsonConditionalLogic: unknown;
  jsonFormStyle: unknown;
}

/**
 * Template → restored document: the one way a saved form becomes what the builder and its previews work on (the
 * settings as stored, the document, logic and style migrated and validated). Throws FormRestoreError.
 */
export function restoreFormSnapshot(template: StoredTemplate): FormSnapshot {
  return {
    name: template.name,
    displayName: template.displayName,
    description: template.description,
    customSubmitMessage: template.customSubmitMessage,
    jsonForm: restoreFormDocument(template.jsonForm),
    jsonConditionalLogic: restoreConditionalLogic(template.jsonConditionalLogic),
    jsonFormStyle: restoreFormStyle(template.jsonFormStyle),
  };
}
