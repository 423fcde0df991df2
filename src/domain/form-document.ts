/**
 * The form document (FORM-DOCUMENT.md): types, defaults and the zod schemas that every boundary
 * (server routes, SPA loading a saved form) validates with. Pure: no React, no DOM, no Node.
 */
import { z } from 'zod';
import { FORM_RULE_MESSAGES } from './form-rule-messages';
import type { TextFieldName } from './form-rule-messages';

export const INPUT_SUBTYPES = ['textInput', 'textarea', 'radio', 'checkbox', 'dropdown', 'integer', 'phoneNumber', 'email'] as const;
export type InputSubtype = (typeof INPUT_SUBTYPES)[number];

export const INPUT_SUBTYPE_LABELS: Record<InputSubtype, string> = {
  textInput: 'Short Answer',
  textarea: 'Long Answer',
  radio: 'Multiple Choice',
  checkbox: 'Checkbox',
  dropdown: 'Dropdown',
  integer: 'Integer',
  phoneNumber: 'Phone Number',
  email: 'Email',
};

const CHOICE_SUBTYPES: readonly InputSubtype[] = ['radio', 'checkbox', 'dropdown'];
export const isChoiceSubtype = (subtype: InputSubtype) => CHOICE_SUBTYPES.includes(subtype);

export const PRESENTATION_SUBTYPES = ['heading', 'paragraph'] as const;
export type PresentationSubtype = (typeof PRESENTATION_SUBTYPES)[number];

/** Spec §9 defaults. */
export const DEFAULT_INPUT_SUBTYPE: InputSubtype = 'textInput';
export const DEFAULT_PRESENTATION_SUBTYPE: PresentationSubtype = 'heading';
export const CLONE_SUFFIX = '-COPY';
export const DEFAULT_TEXTAREA_ROWS = 4;
export const DEFAULT_DROPDOWN_PLACEHOLDER = 'Select an Option';

/** An answer: text for text/contact inputs, a number for integer, an option id (radio/dropdown), option ids (checkbox). */
export type AnswerValue = string | number | string[];

export interface DropdownOption {
  id: string;
  text: string;
}

export interface InputDefault {
  staticValue: AnswerValue | null;
  referenceValueId: string | null;
}

export interface InputElement {
  type: 'input';
  subtype: InputSubtype;
  id: string;
  parentId: string;
  label: string;
  dataName: string;
  placeholder: string;
  helpText: string;
  default: InputDefault;
  options: DropdownOption[];
  minValue: number | null;
  maxValue: number | null;
  stepValue: number | null;
  minLength: number | null;
  maxLength: number | null;
  required: boolean;
}

export interface PresentationElement {
  type: 'presentation';
  subtype: PresentationSubtype;
  id: string;
  parentId: string;
  /** Sanitised HTML; headings are <h1>…<h6>. */
  content: string;
}

export type LeafElement = InputElement | PresentationElement;

export interface SectionElement {
  type: 'section';
  id: string;
  parentId: string;
  title: string;
  /** Sanitised HTML. */
  description: string;
  collapsible: boolean;
  collapsed: boolean;
  children: LeafElement[];
}

export type PageChild = SectionElement | LeafElement;

export interface PageElement {
  type: 'page';
  id: string;
  title: string;
  children: PageChild[];
}

export type FormElement = PageElement | PageChild;
export type FormElementType = FormElement['type'];
export type FormDocument = PageElement[];

// ---- Conditional logic (shapes only; semantics live in the logic module) ----

export const PREDICATES = ['EQ', 'NOT_EQ', 'GT', 'LT', 'GTE', 'LTE', 'EMPTY', 'NOT_EMPTY', 'CONTAIN', 'NOT_CONTAIN', 'SET', 'NOT_SET'] as const;
export type Predicate = (typeof PREDICATES)[number];

export interface LogicRule {
  id: string;
  type: 'rule';
  predicate: Predicate | null;
  triggerId: string | null;
  staticValue: AnswerValue | null;
  referenceValueId: string | null;
}

export interface LogicGroup {
  id: string;
  type: 'group';
  operator: 'AND' | 'OR';
  rules: LogicRule[];
}

export interface LogicAction {
  key: 'TOGGLE_VISIBILITY';
  value: 'SHOW' | 'HIDE';
}

export interface LogicCondition {
  id: string;
  expression: LogicGroup[];
  actions: LogicAction[];
}

export interface LogicConfig {
  id: string;
  element: { id: string; type: FormElementType };
  conditions: LogicCondition[];
}

export interface ConditionalLogic {
  conditionMap: Record<string, LogicConfig>;
  pageMap: Record<string, LogicConfig>;
}

export const emptyConditionalLogic = (): ConditionalLogic => ({ conditionMap: {}, pageMap: {} });

// ---- Button style ----

export interface ButtonStyle {
  submitTextContent: string;
  textSize: string;
  textColor: string;
  bodyColor: string;
  textHoverColor: string;
  bodyHoverColor: string;
  cornerRadius: string;
}

export interface FormStyle {
  button: ButtonStyle;
}

/** Spec §3 defaults. */
export const DEFAULT_BUTTON_STYLE: Readonly<ButtonStyle> = Object.freeze({
  submitTextContent: 'Submit',
  textSize: '1rem',
  textColor: '#FFFFFF',
  bodyColor: '#111928',
  textHoverColor: '#111928',
  bodyHoverColor: '#FFFFFF',
  cornerRadius: '0.375rem',
});

export const defaultFormStyle = (): FormStyle => ({ button: { ...DEFAULT_BUTTON_STYLE } });

// ---- Limits ----

export const FORM_LIMITS = {
  pages: 100,
  elements: 5000,
  options: 500,
  shortText: 500,
  richText: 100_000,
  nameLength: 200,
} as const;

// ---- Schemas ----
// Messages are the sentences of form-rule-messages.ts: the builder shows them beside the field, the server answers them.

const id = z
  .string()
  .trim()
  .min(1, FORM_RULE_MESSAGES.idRequired)
  .max(100, FORM_RULE_MESSAGES.idTooLong);
const shortText = (field: TextFieldName) => z.string().max(FORM_LIMITS.shortText, FORM_RULE_MESSAGES.textTooLong(field, FORM_LIMITS.shortText));
const richText = (field: TextFieldName) => z.string().max(FORM_LIMITS.richText, FORM_RULE_MESSAGES.textTooLong(field, FORM_LIMITS.richText));
const finite = z.number().finite();
/**
 * One answer (FORM-DOCUMENT.md "Answers"): the one definition used by rule values here, by the server's submit and
 * prefill routes and by the contract. `.nullable()` where null means "no answer".
 */
export const answerValueSchema = z.union([z.string().max(FORM_LIMITS.richText), finite, z.array(z.string().max(200)).max(FORM_LIMITS.options)], {
  error: 'must be text, a number, or a list of option ids',
});
const answerValue = answerValueSchema;

const dropdownOptionSchema = z.object({ id, text: shortText('option') });

/** Pattern of a data name (FORM-DOCUMENT.md); the first failing check of an empty one says it is required. */
export const DATA_NAME_PATTERN = /^[a-z0-9_]{1,100}$/;
const dataNameSchema = z
  .string()
  .refine((value) => value !== '', { message: FORM_RULE_MESSAGES.dataNameRequired, abort: true })
  .regex(DATA_NAME_PATTERN, FORM_RULE_MESSAGES.dataNameFormat);

export const inputElementSchema = z.object({
  type: z.literal('input'),
  subtype: z.enum(INPUT_SUBTYPES, { error: FORM_RULE_MESSAGES.inputSubtype(INPUT_SUBTYPES) }),
  id,
  parentId: id,
  label: shortText('label'),
  dataName: dataNameSchema,
  placeholder: shortText('placeholder').default(''),
  helpText: shortText('helpText').default(''),
  default: z
    .object({
      staticValue: z.union([answerValue, z.null()], { error: FORM_RULE_MESSAGES.defaultInvalid }).default(null),
      referenceValueId: id.nullable().default(null),
    })
    .default({ staticValue: null, referenceValueId: null }),
  options: z.array(dropdownOptionSchema).max(FORM_LIMITS.options, FORM_RULE_MESSAGES.tooManyOptions(FORM_LIMITS.options)).default([]),
  minValue: finite.nullable().default(null),
  maxValue: finite.nullable().default(null),
  stepValue: finite.positive(FORM_RULE_MESSAGES.stepNotPositive).nullable().default(null),
  minLength: z.number(FORM_RULE_MESSAGES.minLengthInvalid).int(FORM_RULE_MESSAGES.minLengthInvalid).min(0, FORM_RULE_MESSAGES.minLengthInvalid).nullable().default(null),
  maxLength: z.number(FORM_RULE_MESSAGES.maxLengthTooSmall).int(FORM_RULE_MESSAGES.maxLengthTooSmall).min(1, FORM_RULE_MESSAGES.maxLengthTooSmall).nullable().default(null),
  required: z.boolean().default(false),
}) satisfies z.ZodType<InputElement, unknown>;

const presentationElementSchema = z.object({
  type: z.literal('presentation'),
  subtype: z.enum(PRESENTATION_SUBTYPES, { error: FORM_RULE_MESSAGES.presentationSubtype }),
  id,
  parentId: id,
  content: richText('content'),
}) satisfies z.ZodType<PresentationElement, unknown>;

const leafSchema = z.discriminatedUnion('type', [inputElementSchema, presentationElementSchema], {
  error: FORM_RULE_MESSAGES.leafInContainer,
});

const sectionElementSchema = z.object({
  type: z.literal('section'),
  id,
  parentId: id,
  title: shortText('title'),
  description: richText('description').default(''),
  collapsible: z.boolean().default(false),
  collapsed: z.boolean().default(false),
  children: z.array(leafSchema),
}) satisfies z.ZodType<SectionElement, unknown>;

const pageChildSchema = z.discriminatedUnion('type', [sectionElementSchema, inputElementSchema, presentationElementSchema], {
  error: FORM_RULE_MESSAGES.childOfPage,
});

const pageElementSchema = z.object({
  type: z.literal('page'),
  id,
  title: shortText('title'),
  children: z.array(pageChildSchema),
}) satisfies z.ZodType<PageElement, unknown>;

/** An input as another element's message names it: `“Client name”`, or `an unlabelled Short Answer`. */
export function inputReference(input: Pick<InputElement, 'label' | 'subtype'>): string {
  const label = input.label.trim();
  return label ? `“${clipName(label)}”` : `an unlabelled ${INPUT_SUBTYPE_LABELS[input.subtype] ?? 'input'}`;
}

/** A name quoted in a sentence: long labels are cut at a word, with an ellipsis. */
export function clipName(text: string, max = 60): string {
  const oneLine = text.replace(/\s+/g, ' ').trim();
  if (oneLine.length <= max) return oneLine;
  const cut = oneLine.slice(0, max);
  const space = cut.lastIndexOf(' ');
  return `${(space > max / 2 ? cut.slice(0, space) : cut).trimEnd()}…`;
}

/**
 * Whole-document rules that shapes alone cannot say: unique ids, consistent parentIds, unique dataNames,
 * well-formed options, sane ranges. Each issue's path points at the field and its message says what to do
 * (form-rule-messages.ts); where an element is refers to it by name (form-save.ts).
 */
export function checkDocumentIntegrity(pages: FormDocument, addIssue: (path: (string | number)[], message: string) => void): void {
  const seenIds = new Set<string>();
  const seenDataNames = new Map<string, InputElement>();
  let elementCount = 0;
  const visit = (element: FormElement, path: (string | number)[], parentId: string | null) => {
    elementCount += 1;
    if (seenIds.has(element.id)) addIssue([...path, 'id'], FORM_RULE_MESSAGES.idRepeated);
    else seenIds.add(element.id);
    if (element.type !== 'page' && element.parentId !== parentId) addIssue([...path, 'parentId'], FORM_RULE_MESSAGES.parentMismatch);
    if (element.type === 'input') {
      const owner = seenDataNames.get(element.dataName);
      if (owner) addIssue([...path, 'dataName'], FORM_RULE_MESSAGES.dataNameTaken(element.dataName, inputReference(owner)));
      else seenDataNames.set(element.dataName, element);
      if (isChoiceSubtype(element.subtype)) {
        if (element.options.length === 0) addIssue([...path, 'options'], FORM_RULE_MESSAGES.optionsRequired);
        const optionIds = new Set<string>();
        element.options.forEach((option, index) => {
          if (optionIds.has(option.id)) addIssue([...path, 'options', index, 'id'], FORM_RULE_MESSAGES.optionIdRepeated(index + 1));
          optionIds.add(option.id);
        });
      }
      if (element.minValue !== null && element.maxValue !== null && element.minValue > element.maxValue) {
        addIssue([...path, 'maxValue'], FORM_RULE_MESSAGES.valueRange);
      }
      if (element.minLength !== null && element.maxLength !== null && element.minLength > element.maxLength) {
        addIssue([...path, 'maxLength'], FORM_RULE_MESSAGES.lengthRange);
      }
    }
    if (element.type === 'page' || element.type === 'section') {
      element.children.forEach((child, index) => visit(child, [...path, 'children', index], element.id));
    }
  };
  pages.forEach((page, index) => visit(page, [index], null));
  if (elementCount > FORM_LIMITS.elements) addIssue([], FORM_RULE_MESSAGES.tooManyElements(FORM_LIMITS.elements));
  // Default references must point at inputs of this form.
  const inputIds = new Set<string>();
  forEachElement(pages, (element) => {
    if (element.type === 'input') inputIds.add(element.id);
  });
  forEachElement(pages, (element, path) => {
    if (element.type === 'input' && element.default.referenceValueId && !inputIds.has(element.default.referenceValueId)) {
      addIssue([...path, 'default', 'referenceValueId'], FORM_RULE_MESSAGES.defaultReferenceMissing);
    }
  });
}

/** The document's shape alone: each element's fields, the nesting, the number of pages. */
export const formDocumentShapeSchema = z
  .array(pageElementSchema)
  .min(1, FORM_RULE_MESSAGES.pagesRequired)
  .max(FORM_LIMITS.pages, FORM_RULE_MESSAGES.tooManyPages(FORM_LIMITS.pages));

/**
 * A document every saved form meets, whenever it was saved: shapes and integrity. What the builder opens (after the
 * restore step); saving asks for more (savedFormDocumentSchema, form-rules.ts).
 */
export const formDocumentSchema = formDocumentShapeSchema.superRefine((pages, ctx) => {
  checkDocumentIntegrity(pages as FormDocument, (path, message) => ctx.addIssue({ code: 'custom', path, message }));
});

const SHALLOW_SCHEMAS = {
  page: pageElementSchema.omit({ children: true }),
  section: sectionElementSchema.omit({ children: true }),
  input: inputElementSchema,
  presentation: presentationElementSchema,
} as const;

/**
 * The shape problems of one element's own fields (not its children's), paths relative to the element: what the
 * builder re-checks of an element as it is edited, without parsing the whole document again.
 */
export function elementShapeIssues(element: FormElement): { path: (string | number)[]; message: string }[] {
  const result = SHALLOW_SCHEMAS[element.type].safeParse(element);
  return result.success ? [] : result.error.issues.map((issue) => ({ path: issue.path as (string | number)[], message: issue.message }));
}

/** Depth-first, document order; `path` is the element's path in the document (for error messages). */
export function forEachElement(pages: FormDocument, visit: (element: FormElement, path: (string | number)[]) => void): void {
  const walk = (element: FormElement, path: (string | number)[]) => {
    visit(element, path);
    if (element.type === 'page' || element.type === 'section') element.children.forEach((child, i) => walk(child, [...path, 'children', i]));
  };
  pages.forEach((page, i) => walk(page, [i]));
}

const logicRuleSchema = z.object({
  id,
  type: z.literal('rule').default('rule'),
  predicate: z.enum(PREDICATES).nullable().default(null),
  triggerId: id.nullable().default(null),
  staticValue: answerValue.nullable().default(null),
  referenceValueId: id.nullable().default(null),
});
const logicGroupSchema = z.object({
  id,
  type: z.literal('group').default('group'),
  operator: z.enum(['AND', 'OR']).default('AND'),
  rules: z.array(logicRuleSchema).max(500),
});
const logicConfigSchema = z.object({
  id,
  element: z.object({ id, type: z.enum(['page', 'section', 'input', 'presentation']) }),
  conditions: z
    .array(
      z.object({
        id,
        expression: z.array(logicGroupSchema).max(100),
        actions: z.array(z.object({ key: z.literal('TOGGLE_VISIBILITY'), value: z.enum(['SHOW', 'HIDE']) })).max(10),
      }),
    )
    .max(100),
});

export const conditionalLogicSchema = z
  .object({
    conditionMap: z.record(z.string(), logicConfigSchema).default({}),
    pageMap: z.record(z.string(), logicConfigSchema).default({}),
  })
  .default({ conditionMap: {}, pageMap: {} }) satisfies z.ZodType<ConditionalLogic, unknown>;

/** The button style's fields as the builder labels them (and as save errors name them). */
export const BUTTON_STYLE_LABELS: Readonly<Record<keyof ButtonStyle, string>> = {
  submitTextContent: 'Button text',
  textSize: 'Text size',
  textColor: 'Text colour',
  bodyColor: 'Background colour',
  textHoverColor: 'Text hover colour',
  bodyHoverColor: 'Background hover colour',
  cornerRadius: 'Corner radius',
};

const cssLength = (key: keyof ButtonStyle) =>
  z
    .string()
    .trim()
    .regex(/^\d+(\.\d+)?(px|rem|em|%)$/, FORM_RULE_MESSAGES.cssLength(BUTTON_STYLE_LABELS[key]))
    .default(DEFAULT_BUTTON_STYLE[key]);
const cssColour = (key: keyof ButtonStyle) =>
  z
    .string()
    .trim()
    .regex(/^#([0-9a-fA-F]{3}|[0-9a-fA-F]{6}|[0-9a-fA-F]{8})$/, FORM_RULE_MESSAGES.cssColour(BUTTON_STYLE_LABELS[key]))
    .default(DEFAULT_BUTTON_STYLE[key]);
const BUTTON_TEXT_MAX = 100;

export const buttonStyleSchema = z.object({
  submitTextContent: z
    .string()
    .trim()
    .min(1, FORM_RULE_MESSAGES.buttonTextRequired)
    .max(BUTTON_TEXT_MAX, FORM_RULE_MESSAGES.buttonTextTooLong(BUTTON_TEXT_MAX))
    .default(DEFAULT_BUTTON_STYLE.submitTextContent),
  textSize: cssLength('textSize'),
  textColor: cssColour('textColor'),
  bodyColor: cssColour('bodyColor'),
  textHoverColor: cssColour('textHoverColor'),
  bodyHoverColor: cssColour('bodyHoverColor'),
  cornerRadius: cssLength('cornerRadius'),
}) satisfies z.ZodType<ButtonStyle, unknown>;

export const formStyleSchema = z
  .object({ button: buttonStyleSchema.default({ ...DEFAULT_BUTTON_STYLE }) })
  .default({ button: { ...DEFAULT_BUTTON_STYLE } }) satisfies z.ZodType<FormStyle, unknown>;
