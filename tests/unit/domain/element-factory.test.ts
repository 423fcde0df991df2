import { describe, expect, it } from 'vitest';
import {
  createInput,
  createNewFormDocument,
  createNewFormSnapshot,
  createPage,
  createPresentation,
  createSection,
  nextPageTitle,
} from '../../../src/domain/element-factory';
import { isUntitledPage, isUntitledSection } from '../../../src/domain/form-constants';
import { DEFAULT_BUTTON_STYLE, INPUT_SUBTYPES, formDocumentSchema, inputElementSchema } from '../../../src/domain/form-document';
import { normaliseForm } from '../../../src/domain/form-tree';
import { counterIds } from './form-fixtures';

describe('createPage / createSection', () => {
  it('makes an empty page', () => {
    expect(createPage('p9', 'Page 3')).toEqual({ type: 'page', id: 'p9', title: 'Page 3', children: [] });
    expect(createPage('p9').title).toBe('Page 1');
  });

  it("makes a section titled 'Section', neither collapsible nor collapsed", () => {
    expect(createSection('s9', 'p1')).toEqual({
      type: 'section',
      id: 's9',
      parentId: 'p1',
      title: 'Section',
      description: '',
      collapsible: false,
      collapsed: false,
      children: [],
    });
  });
});

describe('createInput', () => {
  it('labels a short answer with its palette name and derives the dataName', () => {
    const element = createInput('textInput', 'i9', 's1', new Set());
    expect(element).toEqual({
      type: 'input',
      subtype: 'textInput',
      id: 'i9',
      parentId: 's1',
      label: 'Short Answer',
      dataName: 'short_answer',
      placeholder: '',
      helpText: '',
      default: { staticValue: null, referenceValueId: null },
      options: [],
      minValue: null,
      maxValue: null,
      stepValue: null,
      minLength: null,
      maxLength: null,
      required: false,
    });
  });

  it.each([
    ['textarea', 'Long Answer', 'long_answer'],
    ['radio', 'Multiple Choice', 'multiple_choice'],
    ['checkbox', 'Checkbox', 'checkbox'],
    ['dropdown', 'Dropdown', 'dropdown'],
    ['integer', 'Integer', 'integer'],
    ['phoneNumber', 'Phone Number', 'phone_number'],
    ['email', 'Email', 'email'],
  ] as const)('%s → label %j, dataName %j', (subtype, label, dataName) => {
    const element = createInput(subtype, 'x', 'p1', new Set());
    expect(element.label).toBe(label);
    expect(element.dataName).toBe(dataName);
  });

  it('keeps dataNames unique against the taken set', () => {
    expect(createInput('email', 'x', 'p1', new Set(['email'])).dataName).toBe('email_2');
  });

  it.each(['radio', 'checkbox', 'dropdown'] as const)('gives %s two options with new ids', (subtype) => {
    const element = createInput(subtype, 'x', 'p1', new Set(), counterIds('opt'));
    expect(element.options).toEqual([
      { id: 'opt-1', text: 'Option 1' },
      { id: 'opt-2', text: 'Option 2' },
    ]);
  });

  it('uses real unique ids for options by default', () => {
    const [a, b] = createInput('radio', 'x', 'p1', new Set()).options;
    expect(a.id).not.toBe(b.id);
    expect(a.id).toMatch(/^[0-9a-f-]{36}$/);
  });

  it("gives a dropdown the placeholder 'Select an Option' and no other subtype one", () => {
    expect(createInput('dropdown', 'x', 'p1', new Set()).placeholder).toBe('Select an Option');
    expect(createInput('radio', 'x', 'p1', new Set()).placeholder).toBe('');
  });

  it('gives an integer a minimum of 0 (spec §5)', () => {
    expect(createInput('integer', 'x', 'p1', new Set()).minValue).toBe(0);
  });

  it.each(INPUT_SUBTYPES)('makes a valid %s element', (subtype) => {
    expect(inputElementSchema.safeParse(createInput(subtype, 'x', 'p1', new Set())).success).toBe(true);
  });
});

describe('createPresentation', () => {
  it('makes a heading and a paragraph with default content', () => {
    expect(createPresentation('heading', 'h9', 'p1')).toEqual({ type: 'presentation', subtype: 'heading', id: 'h9', parentId: 'p1', content: '<h2>Heading</h2>' });
    expect(createPresentation('paragraph', 'h9', 's1').content).toBe('<p>Paragraph</p>');
  });
});

describe('createNewFormDocument', () => {
  it("has a first page 'Page 1' with one empty section", () => {
    const doc = createNewFormDocument(counterIds());
    expect(doc).toEqual([
      {
        type: 'page',
        id: 'new-1',
        title: 'Page 1',
        children: [{ type: 'section', id: 'new-2', parentId: 'new-1', title: 'Section', description: '', collapsible: false, collapsed: false, children: [] }],
      },
    ]);
  });

  it('is a valid document with fresh ids each time', () => {
    const a = createNewFormDocument();
    const b = createNewFormDocument();
    expect(formDocumentSchema.safeParse(a).success).toBe(true);
    expect(a[0].id).not.toBe(b[0].id);
  });
});

describe('createNewFormSnapshot', () => {
  it('is the named form with empty texts, the new-form document, no logic and the default button style', () => {
    expect(createNewFormSnapshot('Estate planning', counterIds())).toEqual({
      name: 'Estate planning',
      displayName: '',
      description: '',
      customSubmitMessage: '',
      jsonForm: createNewFormDocument(counterIds()),
      jsonConditionalLogic: { conditionMap: {}, pageMap: {} },
      jsonFormStyle: { button: { ...DEFAULT_BUTTON_STYLE } },
    });
    expect(createNewFormSnapshot().name).toBe('');
  });
});

describe('nextPageTitle', () => {
  it("numbers pages after the count and skips titles in use", () => {
    const tree = normaliseForm([createPage('a', 'Page 1'), createPage('b', 'Page 3')]);
    expect(nextPageTitle(tree)).toBe('Page 4');
    expect(nextPageTitle(normaliseForm([createPage('a', 'Intro')]))).toBe('Page 2');
  });
});

describe('untitled scaffolding', () => {
  it('recognises the titles the builder gives, and only those', () => {
    expect(isUntitledPage('Page 1')).toBe(true);
    expect(isUntitledPage(' Page 12 ')).toBe(true);
    expect(isUntitledPage('')).toBe(true);
    expect(isUntitledPage('page 1')).toBe(false);
    expect(isUntitledPage('Page 1: About you')).toBe(false);
    expect(isUntitledPage('About you')).toBe(false);
    expect(isUntitledSection('Section')).toBe(true);
    expect(isUntitledSection('  ')).toBe(true);
    expect(isUntitledSection('Section A')).toBe(false);
    expect(isUntitledSection('section')).toBe(false);
  });

  it('calls every new page and section something it recognises as untitled', () => {
    const [first] = createNewFormDocument();
    expect(isUntitledPage(first!.title)).toBe(true);
    expect(isUntitledSection((first!.children[0] as { title: string }).title)).toBe(true);
  });
});
