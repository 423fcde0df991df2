/**
 * What a form must be to be saved (and so published), beyond what every stored form already is (formDocumentSchema):
 * respondents never meet an unlabelled box, a blank or repeated choice, or a step with nothing on it. Forms saved
 * before these rules keep loading and taking responses (the restore step and the submit path do not apply them); the
 * next save asks for the fix. Shared by the builder (before sending) and the server (the request's contract).
 */
import type { FormDocument, FormElement } from './form-document';
import { INPUT_SUBTYPE_LABELS, clipName, formDocumentSchema, isChoiceSubtype } from './form-document';
import { FORM_RULE_MESSAGES } from './form-rule-messages';
import { isRichTextEmpty, richTextToPlainText } from './rich-text';

type AddIssue = (path: (string | number)[], message: string) => void;

/** Options are told apart by what respondents read: case and surrounding spaces do not count. */
const optionKey = (text: string) => text.trim().toLocaleLowerCase();

/** Something a respondent reads or answers: an input, or a heading or paragraph with text. */
function showsSomething(element: FormElement): boolean {
  switch (element.type) {
    case 'input':
      return true;
    case 'presentation':
      return !isRichTextEmpty(element.content);
    case 'section':
    case 'page':
      return element.children.some(showsSomething);
  }
}

/**
 * The rules of a form that is saved from now on. An empty page is refused only when another page shows something: a
 * new form (spec §4: a first page holding one empty section) is saved before it is built, and that must stay possible.
 */
export function checkSaveRules(pages: FormDocument, addIssue: AddIssue): void {
  const visit = (element: FormElement, path: (string | number)[]) => {
    if (element.type === 'input') {
      if (element.label.trim() === '') addIssue([...path, 'label'], FORM_RULE_MESSAGES.labelRequired);
      if (isChoiceSubtype(element.subtype)) {
        const firstOf = new Map<string, number>();
        element.options.forEach((option, index) => {
          const key = optionKey(option.text);
          if (key === '') {
            addIssue([...path, 'options', index, 'text'], FORM_RULE_MESSAGES.optionBlank(index + 1));
            return;
          }
          const first = firstOf.get(key);
          if (first === undefined) firstOf.set(key, index);
          else addIssue([...path, 'options', index, 'text'], FORM_RULE_MESSAGES.optionRepeated(option.text.trim(), first + 1, index + 1));
        });
      }
    }
    if (element.type === 'page' || element.type === 'section') {
      element.children.forEach((child, index) => visit(child, [...path, 'children', index]));
    }
  };
  pages.forEach((page, index) => visit(page, [index]));
  // A one-page form has no other page to show something (and its rich text need not be read here).
  if (pages.length < 2) return;
  const shown = pages.map(showsSomething);
  if (shown.some(Boolean)) {
    shown.forEach((something, index) => {
      if (!something) addIssue([index], FORM_RULE_MESSAGES.pageEmpty);
    });
  }
}

/** The document of a form being saved: what every stored form is, and the rules of checkSaveRules. */
export const savedFormDocumentSchema = formDocumentSchema.superRefine((pages, ctx) => {
  checkSaveRules(pages as FormDocument, (path, message) => ctx.addIssue({ code: 'custom', path, message }));
});

const PRESENTATION_NAMES = { heading: 'heading', paragraph: 'paragraph' } as const;

/**
 * How a message names an element, as its author knows it: an input by its label, a page or section by its title, a
 * heading or paragraph by its text; without those, by its kind and its page (`page` is 1-based; null when unknown).
 * Starts in lower case where it is not a name (`the unlabelled Short Answer on page 2`): see upperFirst.
 */
export function elementSubject(element: FormElement, page: number | null): string {
  const onPage = page === null ? '' : ` on page ${page}`;
  switch (element.type) {
    case 'page': {
      const title = element.title.trim();
      const number = page === null ? 'the page' : `page ${page}`;
      return title && title !== `Page ${page}` ? `${number} “${clipName(title)}”` : number;
    }
    case 'section': {
      const title = element.title.trim();
      return title ? `section “${clipName(title)}”` : `the untitled section${onPage}`;
    }
    case 'presentation': {
      const text = richTextToPlainText(element.content);
      const kind = PRESENTATION_NAMES[element.subtype] ?? 'heading';
      return text ? `${kind} “${clipName(text)}”` : `the empty ${kind}${onPage}`;
    }
    case 'input': {
      const label = element.label.trim();
      return label ? `“${clipName(label)}”` : `the unlabelled ${INPUT_SUBTYPE_LABELS[element.subtype] ?? 'input'}${onPage}`;
    }
  }
}

export const upperFirst = (text: string) => text.charAt(0).toUpperCase() + text.slice(1);
