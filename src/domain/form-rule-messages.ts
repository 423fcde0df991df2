/**
 * The wording of every rule a form must meet to be saved: one sentence per rule, which names the field it is about and
 * says what to do. The same sentence is shown beside the field in the builder, in the builder's save summary (after the
 * element's name) and in the server's 400 answer, so it lives here once. A leaf module: it imports nothing.
 */

/** Names of the properties as the builder's property editor labels them, in a sentence ("the help text"). */
const FIELD_NAMES = {
  label: 'label',
  placeholder: 'placeholder',
  helpText: 'help text',
  title: 'title',
  option: 'option',
  content: 'content',
  description: 'description',
} as const;
export type TextFieldName = keyof typeof FIELD_NAMES;

const upperFirst = (text: string) => text.charAt(0).toUpperCase() + text.slice(1);

export const FORM_RULE_MESSAGES = {
  // Refused when saving (the builder may hold them while editing; forms saved before these rules still load).
  labelRequired: 'Type a label. Without one, respondents see a box with no question.',
  optionBlank: (position: number) => `Option ${position} is blank. Type its text or delete it.`,
  optionRepeated: (text: string, first: number, position: number) =>
    `Options ${first} and ${position} both read “${text}”. Respondents could not tell them apart: rename or delete one.`,
  pageEmpty: 'This page has nothing for respondents to read or answer. Add an element to it, or delete the page.',

  // Always refused (a saved form never holds them).
  dataNameRequired: 'Type a data name. Integrations and exports use it.',
  dataNameFormat: 'Use only lowercase letters (a–z), digits and _ in the data name (at most 100 characters).',
  /** `owner` names the other input: `“Client name”`, or `an unlabelled Short Answer`. */
  dataNameTaken: (name: string, owner: string) => `The data name “${name}” is already used by ${owner}. Change one of them.`,
  optionsRequired: 'Add at least one option.',
  tooManyOptions: (max: number) => `A choice may have at most ${max} options.`,
  optionIdRepeated: (position: number) => `Option ${position} has the same id as another option. Delete it and add it again.`,
  valueRange: 'The maximum value is less than the minimum value. Raise the maximum or lower the minimum.',
  lengthRange: 'The maximum length is less than the minimum length. Raise the maximum or lower the minimum.',
  stepNotPositive: 'The step must be greater than 0. Leave it empty to allow any number.',
  minLengthInvalid: 'The minimum length must be a whole number, 0 or more.',
  maxLengthTooSmall: 'The maximum length must be a whole number, at least 1. Leave it empty for no limit.',
  defaultInvalid: 'The default value must be text, a number, or a list of options.',
  defaultReferenceMissing: 'The default value copies an input that is no longer in the form. Choose another input, or clear the default.',
  textTooLong: (field: TextFieldName, max: number) => `${upperFirst(FIELD_NAMES[field])} must be at most ${max} characters.`,
  idRequired: 'This element has no id. Remove it and add it again.',
  idTooLong: 'This element’s id is longer than 100 characters. Remove it and add it again.',
  idRepeated: 'This element has the same id as another element. Remove it and add it again.',
  parentMismatch: 'This element is not inside the page or section it names as its parent. Move it again, or reload the form.',
  inputSubtype: (subtypes: readonly string[]) => `The input type must be one of ${subtypes.join(', ')}.`,
  presentationSubtype: 'The presentation type must be heading or paragraph.',
  leafInContainer: 'Only inputs, headings and paragraphs can go here: sections and pages cannot be nested.',
  childOfPage: 'Only sections, inputs, headings and paragraphs can go on a page: pages cannot be nested.',
  pagesRequired: 'A form needs at least one page.',
  tooManyPages: (max: number) => `A form may have at most ${max} pages. Remove some, or split the form in two.`,
  tooManyElements: (max: number) => `A form may have at most ${max} elements. Remove some, or split the form in two.`,

  // The submit button's style (one per kind of value, naming the field).
  buttonTextRequired: 'The button text must not be empty.',
  buttonTextTooLong: (max: number) => `The button text must be at most ${max} characters.`,
  cssLength: (field: string) => `The ${field.toLowerCase()} must be a size such as 1rem or 16px.`,
  cssColour: (field: string) => `The ${field.toLowerCase()} must be a hex colour such as #111928.`,
} as const;
