/**
 * The form document (FORM-DOCUMENT.md): types, defaults and the zod schemas that every boundary
 * (server routes, SPA loading a saved form) validates with. Pure: no React, no DOM, no Node.
 */
import { z } from 'zod';

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

export const CHOICE_SUBTYPES: readonly InputSubtype[] = ['radio', 'checkbox', 'dropdown'];
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

const id = z.string().trim().min(1, 'must not be empty').max(100, 'is too long');
const shortText = z.string().max(FORM_LIMITS.shortText, `must be at most ${FORM_LIMITS.shortText} characters`);
const richText = z.string().max(FORM_LIMITS.richText, `must be at most ${FORM_LIMITS.richText} characters`);
const finite = z.number().finite();
/**
 * One answer (FORM-DOCUMENT.md "Answers"): the one definition used by rule values here, by the server's submit and
 * prefill routes and by the contract. `.nullable()` where null means "no answer".
 */
export const answerValueSchema = z.union([z.string().max(FORM_LIMITS.richText), finite, z.array(z.string().max(200)).max(FORM_LIMITS.options)], {
  error: 'must be text, a number, or a list of option ids',
});
const answerValue = answerValueSchema;

export const dropdownOptionSchema = z.object({ id, text: shortText });

export const inputElementSchema = z.object({
  type: z.literal('input'),
  subtype: z.enum(INPUT_SUBTYPES, { error: `must be one of ${INPUT_SUBTYPES.join(', ')}` }),
  id,
  parentId: id,
  label: shortText,
  dataName: z.string().regex(/^[a-z0-9_]{1,100}$/, 'must be 1–100 characters of a–z, 0–9 and _'),
  placeholder: shortText.default(''),
  helpText: shortText.default(''),
  default: z
    .object({ staticValue: answerValue.nullable().default(null), referenceValueId: id.nullable().default(null) })
    .default({ staticValue: null, referenceValueId: null }),
  options: z.array(dropdownOptionSchema).max(FORM_LIMITS.options).default([]),
  minValue: finite.nullable().default(null),
  maxValue: finite.nullable().default(null),
  stepValue: finite.positive('must be greater than 0').nullable().default(null),
  minLength: z.number().int().min(0).nullable().default(null),
  maxLength: z.number().int().min(1).nullable().default(null),
  required: z.boolean().default(false),
}) satisfies z.ZodType<InputElement, unknown>;

export const presentationElementSchema = z.object({
  type: z.literal('presentation'),
  subtype: z.enum(PRESENTATION_SUBTYPES, { error: 'must be heading or paragraph' }),
  id,
  parentId: id,
  content: richText,
}) satisfies z.ZodType<PresentationElement, unknown>;

const leafSchema = z.discriminatedUnion('type', [inputElementSchema, presentationElementSchema], {
  error: 'must be an input or a presentation element (sections and pages cannot be nested here)',
});

export const sectionElementSchema = z.object({
  type: z.literal('section'),
  id,
  parentId: id,
  title: shortText,
  description: richText.default(''),
  collapsible: z.boolean().default(false),
  collapsed: z.boolean().default(false),
  children: z.array(leafSchema),
}) satisfies z.ZodType<SectionElement, unknown>;

const pageChildSchema = z.discriminatedUnion('type', [sectionElementSchema, inputElementSchema, presentationElementSchema], {
  error: 'must be a section, an input or a presentation element (pages cannot be nested)',
});

export const pageElementSchema = z.object({
  type: z.literal('page'),
  id,
  title: shortText,
  children: z.array(pageChildSchema),
}) satisfies z.ZodType<PageElement, unknown>;

/** Human description of an element for error messages: `input "i2" (Practice area)`. */
export function describeElement(element: { type: string; id: string; label?: string; title?: string }): string {
  const name = element.label || element.title;
  return `${element.type} "${element.id}"${name ? ` (${name})` : ''}`;
}

/**
 * Whole-document rules that shapes alone cannot say: unique ids, consistent parentIds, unique dataNames,
 * well-formed options, sane ranges. Each issue's path points at the bad element and its message names it.
 */
export function checkDocumentIntegrity(pages: FormDocument, addIssue: (path: (string | number)[], message: string) => void): void {
  const seenIds = new Map<string, string>();
  const seenDataNames = new Map<string, string>();
  let elementCount = 0;
  const visit = (element: FormElement, path: (string | number)[], parentId: string | null) => {
    elementCount += 1;
    const who = describeElement(element);
    const previous = seenIds.get(element.id);
    if (previous) addIssue([...path, 'id'], `${who}: id is already used by another element at ${previous}`);
    else seenIds.set(element.id, path.join('.'));
    if (element.type !== 'page' && element.parentId !== parentId) {
      addIssue([...path, 'parentId'], `${who}: parentId must be "${parentId}", the id of the page or section that contains it`);
    }
    if (element.type === 'input') {
      const owner = seenDataNames.get(element.dataName);
      if (owner) addIssue([...path, 'dataName'], `${who}: dataName "${element.dataName}" is already used by ${owner}`);
      else seenDataNames.set(element.dataName, who);
      if (isChoiceSubtype(element.subtype)) {
        if (element.options.length === 0) addIssue([...path, 'options'], `${who}: a ${INPUT_SUBTYPE_LABELS[element.subtype]} input needs at least one option`);
        const optionIds = new Set<string>();
        element.options.forEach((option, index) => {
          if (optionIds.has(option.id)) addIssue([...path, 'options', index, 'id'], `${who}: option id "${option.id}" is repeated`);
          optionIds.add(option.id);
        });
      }
      if (element.minValue !== null && element.maxValue !== null && element.minValue > element.maxValue) {
        addIssue([...path, 'minValue'], `${who}: minValue must not be greater than maxValue`);
      }
      if (element.minLength !== null && element.maxLength !== null && element.minLength > element.maxLength) {
        addIssue([...path, 'minLength'], `${who}: minLength must not be greater than maxLength`);
      }
    }
    if (element.type === 'page' || element.type === 'section') {
      element.children.forEach((child, index) => visit(child, [...path, 'children', index], element.id));
    }
  };
  pages.forEach((page, index) => visit(page, [index], null));
  if (elementCount > FORM_LIMITS.elements) addIssue([], `a form may have at most ${FORM_LIMITS.elements} elements`);
  // Default references must point at inputs of this form.
  const inputIds = new Set<string>();
  forEachElement(pages, (element) => {
    if (element.type === 'input') inputIds.add(element.id);
  });
  forEachElement(pages, (element, path) => {
    if (element.type === 'input' && element.default.referenceValueId && !inputIds.has(element.default.referenceValueId)) {
      addIssue([...path, 'default', 'referenceValueId'], `${describeElement(element)}: default refers to "${element.default.referenceValueId}", which is not an input of this form`);
    }
  });
}

export const formDocumentSchema = z
  .array(pageElementSchema)
  .min(1, 'a form needs at least one page')
  .max(FORM_LIMITS.pages, `a form may have at most ${FORM_LIMITS.pages} pages`)
  .superRefine((pages, ctx) => {
    checkDocumentIntegrity(pages as FormDocument, (path, message) => ctx.addIssue({ code: 'custom', path, message }));
  });

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

const cssLength = z.string().trim().regex(/^\d+(\.\d+)?(px|rem|em|%)$/, 'must be a CSS length such as 1rem or 16px');
const cssColor = z.string().trim().regex(/^#([0-9a-fA-F]{3}|[0-9a-fA-F]{6}|[0-9a-fA-F]{8})$/, 'must be a hex colour such as #111928');

export const buttonStyleSchema = z.object({
  submitTextContent: z.string().trim().min(1, 'must not be empty').max(100, 'must be at most 100 characters').default(DEFAULT_BUTTON_STYLE.submitTextContent),
  textSize: cssLength.default(DEFAULT_BUTTON_STYLE.textSize),
  textColor: cssColor.default(DEFAULT_BUTTON_STYLE.textColor),
  bodyColor: cssColor.default(DEFAULT_BUTTON_STYLE.bodyColor),
  textHoverColor: cssColor.default(DEFAULT_BUTTON_STYLE.textHoverColor),
  bodyHoverColor: cssColor.default(DEFAULT_BUTTON_STYLE.bodyHoverColor),
  cornerRadius: cssLength.default(DEFAULT_BUTTON_STYLE.cornerRadius),
}) satisfies z.ZodType<ButtonStyle, unknown>;

export const formStyleSchema = z
  .object({ button: buttonStyleSchema.default({ ...DEFAULT_BUTTON_STYLE }) })
  .default({ button: { ...DEFAULT_BUTTON_STYLE } }) satisfies z.ZodType<FormStyle, unknown>;
