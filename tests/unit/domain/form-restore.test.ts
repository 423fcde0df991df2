import { describe, expect, it } from 'vitest';
import { DEFAULT_BUTTON_STYLE, formDocumentSchema } from '../../../src/domain/form-document';
import type { InputElement, SectionElement } from '../../../src/domain/form-document';
import {
  FormRestoreError,
  restoreConditionalLogic,
  restoreFormDocument,
  restoreFormSnapshot,
  restoreFormStyle,
} from '../../../src/domain/form-restore';
import { sampleDocument, sampleLogic } from './form-fixtures';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

function restoreError(run: () => unknown): FormRestoreError {
  try {
    run();
  } catch (error) {
    if (error instanceof FormRestoreError) return error;
    throw error;
  }
  throw new Error('expected a FormRestoreError');
}

describe('restoreFormDocument', () => {
  it('passes a current document through unchanged', () => {
    const doc = sampleDocument();
    const snapshot = JSON.parse(JSON.stringify(doc));
    expect(restoreFormDocument(doc)).toEqual(doc);
    expect(doc).toEqual(snapshot);
  });

  it('accepts the document as JSON text', () => {
    expect(restoreFormDocument(JSON.stringify(sampleDocument()))).toEqual(sampleDocument());
  });

  it.each([
    ['undefined', undefined],
    ['null', null],
    ['an empty list', []],
    ['an empty object', {}],
    ['empty pages', { pages: [] }],
    ['empty text', ''],
  ])('turns %s into a new form (page 1 with an empty section)', (_what, raw) => {
    const doc = restoreFormDocument(raw);
    expect(doc).toHaveLength(1);
    expect(doc[0]).toMatchObject({ type: 'page', title: 'Page 1', children: [{ type: 'section', title: 'Section', children: [] }] });
    expect(doc[0].children[0]).toMatchObject({ parentId: doc[0].id });
  });

  it('(a) unwraps { pages: [...] }', () => {
    expect(restoreFormDocument({ pages: sampleDocument() })).toEqual(sampleDocument());
  });

  it('(b) reads elements instead of children', () => {
    const legacy = JSON.parse(JSON.stringify(sampleDocument()).replaceAll('"children"', '"elements"'));
    expect(restoreFormDocument(legacy)).toEqual(sampleDocument());
  });

  it('(c) fills missing parentIds from the container', () => {
    const legacy = JSON.parse(JSON.stringify(sampleDocument()).replaceAll(/"parentId":"[^"]*",/g, ''));
    expect(JSON.stringify(legacy)).not.toContain('parentId');
    expect(restoreFormDocument(legacy)).toEqual(sampleDocument());
  });

  it('(d) gives inputs without subtype textInput and presentations heading', () => {
    const doc = restoreFormDocument([
      {
        type: 'page',
        id: 'p1',
        title: 'P',
        children: [
          { type: 'input', id: 'i1', label: 'Name', dataName: 'name' },
          { type: 'presentation', id: 'h1', content: '<h3>Hi</h3>' },
        ],
      },
    ]);
    expect(doc[0].children[0]).toMatchObject({ subtype: 'textInput' });
    expect(doc[0].children[1]).toEqual({ type: 'presentation', subtype: 'heading', id: 'h1', parentId: 'p1', content: '<h3>Hi</h3>' });
  });

  it('(e) turns string options into { id, text } with new ids', () => {
    const doc = restoreFormDocument([
      { type: 'page', id: 'p1', title: 'P', children: [{ type: 'input', subtype: 'radio', id: 'i1', label: 'Pick', dataName: 'pick', options: ['Yes', 'No'] }] },
    ]);
    const options = (doc[0].children[0] as InputElement).options;
    expect(options.map((option) => option.text)).toEqual(['Yes', 'No']);
    for (const option of options) expect(option.id).toMatch(UUID);
    expect(options[0].id).not.toBe(options[1].id);
  });

  it('(f) fills missing optional fields with defaults', () => {
    const doc = restoreFormDocument([
      {
        type: 'page',
        id: 'p1',
        children: [
          { type: 'input', subtype: 'integer', id: 'i1', label: 'Age', dataName: 'age', minValue: '18' },
          { type: 'section', id: 's1', title: 'S', children: [{ type: 'input', subtype: 'dropdown', id: 'i2', label: 'Pick', options: [{ id: 'o1', text: 'A' }] }] },
        ],
      },
    ]);
    expect(doc[0].title).toBe('Page 1');
    expect(doc[0].children[0]).toEqual({
      type: 'input',
      subtype: 'integer',
      id: 'i1',
      parentId: 'p1',
      label: 'Age',
      dataName: 'age',
      placeholder: '',
      helpText: '',
      default: { staticValue: null, referenceValueId: null },
      options: [],
      minValue: 18,
      maxValue: null,
      stepValue: null,
      minLength: null,
      maxLength: null,
      required: false,
    });
    const section = doc[0].children[1] as SectionElement;
    expect(section).toMatchObject({ description: '', collapsible: false, collapsed: false });
    // missing dataName made from the label; dropdown placeholder default
    expect(section.children[0]).toMatchObject({ dataName: 'pick', placeholder: 'Select an Option', parentId: 's1' });
  });

  it.each([
    ['text', 'textInput'],
    ['paragraphText', 'textarea'],
    ['longText', 'textarea'],
    ['select', 'dropdown'],
    ['number', 'integer'],
    ['phone', 'phoneNumber'],
  ])("(g) migrates the legacy subtype '%s' to %s", (legacy, current) => {
    const options = current === 'dropdown' ? [{ id: 'o1', text: 'A' }] : [];
    const doc = restoreFormDocument([{ type: 'page', id: 'p1', title: 'P', children: [{ type: 'input', subtype: legacy, id: 'i1', label: 'L', dataName: 'l', options }] }]);
    expect(doc[0].children[0]).toMatchObject({ subtype: current });
  });

  it('repairs dataNames that are invalid or repeated, keeping valid ones', () => {
    const doc = restoreFormDocument([
      {
        type: 'page',
        id: 'p1',
        title: 'P',
        children: [
          { type: 'input', id: 'i1', label: 'First Name', dataName: 'First Name' },
          { type: 'input', id: 'i2', label: 'Other', dataName: 'first_name' },
          { type: 'input', id: 'i3', label: 'Again', dataName: 'first_name' },
        ],
      },
    ]);
    expect(doc[0].children.map((child) => (child as InputElement).dataName)).toEqual(['first_name_2', 'first_name', 'first_name_3']);
  });

  it('clears default references to inputs that no longer exist', () => {
    const doc = restoreFormDocument([
      { type: 'page', id: 'p1', title: 'P', children: [{ type: 'input', id: 'i1', label: 'A', dataName: 'a', default: { staticValue: null, referenceValueId: 'gone' } }] },
    ]);
    expect((doc[0].children[0] as InputElement).default.referenceValueId).toBeNull();
  });

  it('gathers elements found outside any page onto a page', () => {
    const doc = restoreFormDocument([{ type: 'input', id: 'i1', label: 'Name', dataName: 'name' }]);
    expect(doc).toHaveLength(1);
    expect(doc[0].title).toBe('Page 1');
    expect(doc[0].children[0]).toMatchObject({ id: 'i1', parentId: doc[0].id });
  });

  it('produces documents that pass the schema', () => {
    const legacy = { pages: [{ title: 'Old', elements: [{ subtype: 'select', label: 'Area', options: ['A', 'B'] }, { content: '<p>x</p>', subtype: 'paragraph' }] }] };
    const doc = restoreFormDocument(legacy);
    expect(formDocumentSchema.safeParse(doc).success).toBe(true);
    expect(doc[0].children[0]).toMatchObject({ type: 'input', subtype: 'dropdown', dataName: 'area' });
    expect(doc[0].children[1]).toMatchObject({ type: 'presentation', subtype: 'paragraph' });
  });

  it('throws FormRestoreError naming every remaining problem', () => {
    const error = restoreError(() =>
      restoreFormDocument([
        {
          type: 'page',
          id: 'p1',
          title: 'P',
          children: [
            { type: 'input', subtype: 'slider', id: 'i1', label: 'A', dataName: 'a' },
            { type: 'input', id: 'i1', label: 'B', dataName: 'b' },
          ],
        },
      ]),
    );
    expect(error.name).toBe('FormRestoreError');
    expect(error.issues).toEqual(
      expect.arrayContaining([expect.stringMatching(/^0\.children\.0\.subtype: The input type must be one of textInput/)]),
    );
    expect(error.message).toContain('The form cannot be opened');
  });

  it('throws on text that is not JSON and on shapes that are not documents', () => {
    expect(restoreError(() => restoreFormDocument('{oops')).issues).toEqual(['is not valid JSON']);
    expect(restoreError(() => restoreFormDocument(42)).issues).toEqual(['must be a list of pages']);
    expect(restoreError(() => restoreFormDocument({ foo: 1 })).issues).toEqual(['must be a list of pages']);
  });
});

describe('restoreConditionalLogic', () => {
  it('passes current logic through', () => {
    expect(restoreConditionalLogic(sampleLogic())).toEqual(sampleLogic());
  });

  it.each([undefined, null, '', {}, []])('gives empty maps for %j', (raw) => {
    expect(restoreConditionalLogic(raw)).toEqual({ conditionMap: {}, pageMap: {} });
  });

  it('fills ids, types and the AND operator, upper-cases old values', () => {
    const logic = restoreConditionalLogic({
      conditionMap: {
        i3: {
          conditions: [{ groups: [{ operator: 'or', rules: [{ predicate: 'eq', triggerId: 'i2', staticValue: 'o1' }] }], actions: [{ value: 'show' }] }],
        },
      },
    });
    const config = logic.conditionMap.i3;
    expect(config.element).toEqual({ id: 'i3', type: 'input' });
    expect(config.id).toMatch(UUID);
    const group = config.conditions[0].expression[0];
    expect(group).toMatchObject({ type: 'group', operator: 'OR' });
    expect(group.rules[0]).toMatchObject({ type: 'rule', predicate: 'EQ', triggerId: 'i2', staticValue: 'o1', referenceValueId: null });
    expect(config.conditions[0].actions).toEqual([{ key: 'TOGGLE_VISIBILITY', value: 'SHOW' }]);
    expect(logic.pageMap).toEqual({});
  });

  it('defaults the group operator to AND and unknown predicates to null', () => {
    const logic = restoreConditionalLogic({ pageMap: { p2: { id: 'c', conditions: [{ id: 'x', expression: [{ id: 'g', rules: [{ id: 'r', predicate: 'BETWEEN' }] }], actions: [] }] } } });
    expect(logic.pageMap.p2.element).toEqual({ id: 'p2', type: 'page' });
    expect(logic.pageMap.p2.conditions[0].expression[0]).toEqual({
      id: 'g',
      type: 'group',
      operator: 'AND',
      rules: [{ id: 'r', type: 'rule', predicate: null, triggerId: null, staticValue: null, referenceValueId: null }],
    });
  });

  it('throws FormRestoreError when still invalid', () => {
    const error = restoreError(() => restoreConditionalLogic({ conditionMap: { i1: { conditions: [{ expression: [], actions: [{ value: 'BLINK' }] }] } } }));
    expect(error.issues.some((issue) => issue.startsWith('conditionMap.i1.conditions.0.actions.0.value'))).toBe(true);
    expect(restoreError(() => restoreConditionalLogic(7)).issues).toEqual(['must be an object with conditionMap and pageMap']);
  });
});

describe('restoreFormStyle', () => {
  it.each([undefined, null, {}, { button: {} }, 'not json'])('gives the spec defaults for %j', (raw) => {
    expect(restoreFormStyle(raw)).toEqual({ button: { ...DEFAULT_BUTTON_STYLE } });
  });

  it('keeps set values and fills the rest', () => {
    expect(restoreFormStyle({ button: { bodyColor: '#ff0000', submitTextContent: 'Send' } })).toEqual({
      button: { ...DEFAULT_BUTTON_STYLE, bodyColor: '#ff0000', submitTextContent: 'Send' },
    });
  });

  it('accepts a bare button style and replaces unusable values by defaults', () => {
    expect(restoreFormStyle({ textColor: 'red', cornerRadius: '4px', textSize: null })).toEqual({
      button: { ...DEFAULT_BUTTON_STYLE, cornerRadius: '4px' },
    });
  });
});

describe('restoreFormSnapshot', () => {
  const stored = {
    name: 'Intake',
    displayName: 'New client intake',
    description: 'For new clients',
    customSubmitMessage: 'Thanks',
    jsonForm: JSON.stringify(sampleDocument()),
    jsonConditionalLogic: null,
    jsonFormStyle: { backgroundColor: '#123456' },
  };

  it('keeps the settings and restores the document, logic and style the way each restore step does', () => {
    expect(restoreFormSnapshot(stored)).toEqual({
      name: 'Intake',
      displayName: 'New client intake',
      description: 'For new clients',
      customSubmitMessage: 'Thanks',
      jsonForm: restoreFormDocument(stored.jsonForm),
      jsonConditionalLogic: { conditionMap: {}, pageMap: {} },
      jsonFormStyle: restoreFormStyle(stored.jsonFormStyle),
    });
  });

  it('refuses a document that cannot be restored', () => {
    expect(() => restoreFormSnapshot({ ...stored, jsonForm: 'not json' })).toThrow(FormRestoreError);
  });
});
