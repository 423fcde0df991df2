/** New elements with the defaults of spec §3/§9 and FORM-DOCUMENT.md. */
import { dataNameFromLabel } from './data-name';
import type { FormSnapshot } from './form-compare';
import type {
  FormDocument,
  InputElement,
  InputSubtype,
  PageElement,
  PresentationElement,
  PresentationSubtype,
  SectionElement,
} from './form-document';
import { DEFAULT_DROPDOWN_PLACEHOLDER, INPUT_SUBTYPE_LABELS, defaultFormStyle, emptyConditionalLogic, isChoiceSubtype } from './form-document';
import { DEFAULT_SECTION_TITLE, defaultPageTitle } from './form-constants';
import type { FormTree } from './form-tree';
import { newId } from './ids-factory';

const DEFAULT_PAGE_TITLE = defaultPageTitle(1);
const DEFAULT_OPTION_TEXTS = ['Option 1', 'Option 2'] as const;
const DEFAULT_PRESENTATION_CONTENT: Record<PresentationSubtype, string> = {
  heading: '<h2>Heading</h2>',
  paragraph: '<p>Paragraph</p>',
};

export function createPage(id: string, title: string = DEFAULT_PAGE_TITLE): PageElement {
  return { type: 'page', id, title, children: [] };
}

export function createSection(id: string, parentId: string): SectionElement {
  return { type: 'section', id, parentId, title: DEFAULT_SECTION_TITLE, description: '', collapsible: false, collapsed: false, children: [] };
}

export function createInput(subtype: InputSubtype, id: string, parentId: string, taken: ReadonlySet<string>, makeId: () => string = newId): InputElement {
  const label = INPUT_SUBTYPE_LABELS[subtype];
  return {
    type: 'input',
    subtype,
    id,
    parentId,
    label,
    dataName: dataNameFromLabel(label, taken),
    placeholder: subtype === 'dropdown' ? DEFAULT_DROPDOWN_PLACEHOLDER : '',
    helpText: '',
    default: { staticValue: null, referenceValueId: null },
    options: isChoiceSubtype(subtype) ? DEFAULT_OPTION_TEXTS.map((text) => ({ id: makeId(), text })) : [],
    // Spec §5: a number input's minimum defaults to 0.
    minValue: subtype === 'integer' ? 0 : null,
    maxValue: null,
    stepValue: null,
    minLength: null,
    maxLength: null,
    required: false,
  };
}

export function createPresentation(subtype: PresentationSubtype, id: string, parentId: string): PresentationElement {
  return { type: 'presentation', subtype, id, parentId, content: DEFAULT_PRESENTATION_CONTENT[subtype] };
}

/** Spec §4: a new form has a first page 'Page 1' holding one empty section. */
export function createNewFormDocument(makeId: () => string = newId): FormDocument {
  const page = createPage(makeId(), DEFAULT_PAGE_TITLE);
  page.children.push(createSection(makeId(), page.id));
  return [page];
}

/** Spec §4: the saved fields of a new form: its name, empty texts, the new-form document, no logic, the default style. */
export function createNewFormSnapshot(name = '', makeId: () => string = newId): FormSnapshot {
  return {
    name,
    displayName: '',
    description: '',
    customSubmitMessage: '',
    jsonForm: createNewFormDocument(makeId),
    jsonConditionalLogic: emptyConditionalLogic(),
    jsonFormStyle: defaultFormStyle(),
  };
}

/** Title for a page added to `tree`: 'Page N' with N one past the page count, skipping titles already used. */
export function nextPageTitle(tree: FormTree): string {
  const used = new Set(tree.pageIds.map((id) => (tree.nodes[id] as { title?: string }).title));
  let n = tree.pageIds.length + 1;
  while (used.has(defaultPageTitle(n))) n += 1;
  return defaultPageTitle(n);
}
