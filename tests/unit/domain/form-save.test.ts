import { describe, expect, it } from 'vitest';
import type { FormSnapshot } from '../../../src/domain/form-compare';
import { createNewFormDocument } from '../../../src/domain/element-factory';
import { DEFAULT_BUTTON_STYLE, defaultFormStyle, emptyConditionalLogic, formDocumentSchema } from '../../../src/domain/form-document';
import type { ConditionalLogic, FormDocument, InputElement, PageElement, SectionElement } from '../../../src/domain/form-document';
import { restoreFormDocument } from '../../../src/domain/form-restore';
import { FORM_RULE_MESSAGES } from '../../../src/domain/form-rule-messages';
import { savedFormDocumentSchema } from '../../../src/domain/form-rules';
import {
  checkFormBeforeSave,
  formToSave,
  invalidFormDetail,
  locateSaveIssue,
  recheckForm,
  saveIssueSummary,
  saveIssuesFromErrors,
} from '../../../src/domain/form-save';
import { config, counterIds, input, rule, sampleDocument, sampleLogic } from './form-fixtures';

function snapshot(overrides: Partial<FormSnapshot> = {}): FormSnapshot {
  return {
    name: 'Intake',
    displayName: 'Client intake',
    description: '',
    customSubmitMessage: '',
    jsonForm: sampleDocument(),
    jsonConditionalLogic: sampleLogic(),
    jsonFormStyle: defaultFormStyle(),
    ...overrides,
  };
}

// sampleDocument: p1 'About you' [h1, i1 'Full name', s1 'Your matter' [i2 dropdown 'Practice area', i3 textarea 'Details']],
// p2 'Contact' [i4 radio 'Contact by', s2 'Email' [i5 email 'Email']].
const section1 = (doc: FormDocument) => doc[0].children[2] as SectionElement;
const practiceArea = (doc: FormDocument) => section1(doc).children[0] as InputElement;
const details = (doc: FormDocument) => section1(doc).children[1] as InputElement;

/** i1 shows when i3 is filled, i3 shows when i1 is filled. */
function circularLogic(): ConditionalLogic {
  return {
    conditionMap: {
      i1: config('cfg-i1', 'i1', 'input', [[rule('r1', 'i3', 'NOT_EMPTY')]]),
      i3: config('cfg-i3', 'i3', 'input', [[rule('r2', 'i1', 'NOT_EMPTY')]]),
    },
    pageMap: {},
  };
}

/** The summary lines of a document's problems (the wording shown in the builder's summary and the server's detail). */
function problemsOf(edit: (doc: FormDocument) => void): string[] {
  const jsonForm = sampleDocument();
  edit(jsonForm);
  return checkFormBeforeSave(formToSave(snapshot({ jsonForm }))).map(saveIssueSummary);
}

describe('formToSave', () => {
  it('trims the name and leaves the other settings as typed', () => {
    const sent = formToSave(snapshot({ name: '  Intake ', displayName: ' Client intake ' }));
    expect(sent.name).toBe('Intake');
    expect(sent.displayName).toBe(' Client intake ');
  });

  it('drops incomplete rules, and the configs they leave empty (spec §5)', () => {
    const logic: ConditionalLogic = {
      ...sampleLogic(),
      conditionMap: { ...sampleLogic().conditionMap, i4: config('cfg-i4', 'i4', 'input', [[rule('r9', 'i1', null)]]) },
    };
    const sent = formToSave(snapshot({ jsonConditionalLogic: logic }));
    expect(sent.jsonConditionalLogic).toEqual(sampleLogic());
  });

  it('keeps the document and the style as they are', () => {
    const form = snapshot();
    const sent = formToSave(form);
    expect(sent.jsonForm).toBe(form.jsonForm);
    expect(sent.jsonFormStyle).toBe(form.jsonFormStyle);
  });
});

describe('checkFormBeforeSave: what stops a save, one sentence per rule', () => {
  it('finds nothing wrong with a complete form', () => {
    expect(checkFormBeforeSave(formToSave(snapshot()))).toEqual([]);
    expect(checkFormBeforeSave(formToSave(snapshot({ jsonConditionalLogic: emptyConditionalLogic() })))).toEqual([]);
  });

  it('lets a new form be saved before it is built (spec §4: a page holding one empty section)', () => {
    expect(checkFormBeforeSave(formToSave(snapshot({ jsonForm: createNewFormDocument(counterIds()), jsonConditionalLogic: emptyConditionalLogic() })))).toEqual([]);
  });

  it('requires a name, also when it was only spaces, with spec §8’s words', () => {
    expect(checkFormBeforeSave(formToSave(snapshot({ name: '   ' })))).toEqual([
      { key: 'name', target: { kind: 'setting', setting: 'name' }, subject: null, message: 'Form name is required' },
    ]);
  });

  it('refuses an input without a label, named by its kind and page', () => {
    const issues = checkFormBeforeSave(formToSave(snapshot({ jsonForm: edited((doc) => (details(doc).label = '   ')) })));
    expect(issues).toEqual([
      {
        key: 'jsonForm.0.children.2.children.1.label',
        target: { kind: 'element', elementId: 'i3', field: 'label', optionIndex: null },
        subject: 'The unlabelled Long Answer on page 1',
        message: 'Type a label. Without one, respondents see a box with no question.',
      },
    ]);
  });

  it('refuses blank and repeated options ("", "Divorce", "Divorce"), each on its option', () => {
    const jsonForm = edited((doc) => {
      practiceArea(doc).options = [
        { id: 'o1', text: '' },
        { id: 'o2', text: 'Divorce' },
        { id: 'o9', text: ' divorce ' },
      ];
    });
    const issues = checkFormBeforeSave(formToSave(snapshot({ jsonForm, jsonConditionalLogic: emptyConditionalLogic() })));
    expect(issues.map((issue) => [issue.key, issue.target])).toEqual([
      ['jsonForm.0.children.2.children.0.options.0.text', { kind: 'element', elementId: 'i2', field: 'options', optionIndex: 0 }],
      ['jsonForm.0.children.2.children.0.options.2.text', { kind: 'element', elementId: 'i2', field: 'options', optionIndex: 2 }],
    ]);
    expect(issues.map(saveIssueSummary)).toEqual([
      '“Practice area”: Option 1 is blank. Type its text or delete it.',
      '“Practice area”: Options 2 and 3 both read “divorce”. Respondents could not tell them apart: rename or delete one.',
    ]);
  });

  it('refuses a page with nothing for respondents (an empty section, an empty heading) once another page has something', () => {
    const emptyPage: PageElement = {
      type: 'page',
      id: 'p3',
      title: 'Next steps',
      children: [
        { type: 'section', id: 's3', parentId: 'p3', title: 'Section', description: '', collapsible: false, collapsed: false, children: [] },
        { type: 'presentation', subtype: 'heading', id: 'h3', parentId: 'p3', content: '<h2> </h2>' },
      ],
    };
    const untitled: PageElement = { type: 'page', id: 'p4', title: 'Page 4', children: [] };
    expect(problemsOf((doc) => doc.push(emptyPage, untitled))).toEqual([
      'Page 3 “Next steps”: This page has nothing for respondents to read or answer. Add an element to it, or delete the page.',
      'Page 4: This page has nothing for respondents to read or answer. Add an element to it, or delete the page.',
    ]);
    // A paragraph with text is something to read.
    const withText: PageElement = { ...emptyPage, children: [{ type: 'presentation', subtype: 'paragraph', id: 'h3', parentId: 'p3', content: '<p>We will call you.</p>' }] };
    expect(problemsOf((doc) => doc.push(withText))).toEqual([]);
  });

  it('names the input that already has a data name by its label', () => {
    expect(problemsOf((doc) => (details(doc).dataName = 'full_name'))).toEqual([
      '“Details”: The data name “full_name” is already used by “Full name”. Change one of them.',
    ]);
  });

  it('says how a data name may be written, and that it is needed', () => {
    expect(problemsOf((doc) => (details(doc).dataName = 'Client Name'))).toEqual([`“Details”: ${FORM_RULE_MESSAGES.dataNameFormat}`]);
    expect(problemsOf((doc) => (details(doc).dataName = ''))).toEqual(['“Details”: Type a data name. Integrations and exports use it.']);
  });

  it('puts a minimum above its maximum on the maximum, saying what to do', () => {
    const jsonForm = edited((doc) => Object.assign(details(doc), { minLength: 10, maxLength: 5 }));
    const [issue] = checkFormBeforeSave(formToSave(snapshot({ jsonForm })));
    expect(issue.key).toBe('jsonForm.0.children.2.children.1.maxLength');
    expect(saveIssueSummary(issue)).toBe('“Details”: The maximum length is less than the minimum length. Raise the maximum or lower the minimum.');
    expect(problemsOf((doc) => Object.assign(details(doc), { subtype: 'integer', minValue: 10, maxValue: 5 }))).toEqual([
      '“Details”: The maximum value is less than the minimum value. Raise the maximum or lower the minimum.',
    ]);
  });

  it('words the limits of a number and a length', () => {
    expect(problemsOf((doc) => Object.assign(details(doc), { subtype: 'integer', stepValue: 0 }))).toEqual([`“Details”: ${FORM_RULE_MESSAGES.stepNotPositive}`]);
    expect(problemsOf((doc) => (details(doc).maxLength = 0))).toEqual([`“Details”: ${FORM_RULE_MESSAGES.maxLengthTooSmall}`]);
    expect(problemsOf((doc) => (details(doc).label = 'x'.repeat(501)))).toEqual([
      `“${'x'.repeat(60)}…”: Label must be at most 500 characters.`,
    ]);
  });

  it('asks a choice for at least one option', () => {
    const jsonForm = edited((doc) => (practiceArea(doc).options = []));
    const issues = checkFormBeforeSave(formToSave(snapshot({ jsonForm, jsonConditionalLogic: emptyConditionalLogic() })));
    expect(issues.map((issue) => [issue.target, saveIssueSummary(issue)])).toEqual([
      [{ kind: 'element', elementId: 'i2', field: 'options', optionIndex: null }, '“Practice area”: Add at least one option.'],
    ]);
  });

  it('words the problems a builder cannot make but a request can', () => {
    expect(problemsOf((doc) => (details(doc).default = { staticValue: null, referenceValueId: 'gone' }))).toEqual([
      `“Details”: ${FORM_RULE_MESSAGES.defaultReferenceMissing}`,
    ]);
    expect(problemsOf((doc) => (details(doc).id = 'i1'))).toEqual([`“Details”: ${FORM_RULE_MESSAGES.idRepeated}`]);
    expect(problemsOf((doc) => (details(doc).parentId = 'p1'))).toEqual([`“Details”: ${FORM_RULE_MESSAGES.parentMismatch}`]);
  });

  it('names the button style field that is wrong', () => {
    const jsonFormStyle = { button: { ...DEFAULT_BUTTON_STYLE, bodyColor: 'red', cornerRadius: 'round' } };
    const issues = checkFormBeforeSave(formToSave(snapshot({ jsonFormStyle })));
    expect(issues.map((issue) => [issue.key, issue.target, saveIssueSummary(issue)])).toEqual([
      ['jsonFormStyle.button.bodyColor', { kind: 'buttonStyle', field: 'bodyColor' }, 'Button style: The background colour must be a hex colour such as #111928.'],
      ['jsonFormStyle.button.cornerRadius', { kind: 'buttonStyle', field: 'cornerRadius' }, 'Button style: The corner radius must be a size such as 1rem or 16px.'],
    ]);
  });

  it('names a logic cycle by labels, and the first element of it that has logic', () => {
    const jsonConditionalLogic = circularLogic();
    const issues = checkFormBeforeSave(formToSave(snapshot({ jsonConditionalLogic })));
    expect(issues).toEqual([
      {
        key: 'jsonConditionalLogic',
        target: { kind: 'logic', elementId: 'i1' },
        subject: null,
        message: 'Conditional logic goes round in a circle: “Full name” depends on the answer to “Details”, which depends on the answer to “Full name”. Change or remove one of these rules.',
      },
    ]);
  });

  it('reports every problem at once: the name first, the document in document order, then the button style', () => {
    const jsonForm = edited((doc) => {
      (doc[1].children[0] as InputElement).label = '';
      details(doc).dataName = 'Bad Name';
      practiceArea(doc).options = [{ id: 'o1', text: 'Family' }, { id: 'o2', text: '' }];
    });
    const jsonFormStyle = { button: { ...DEFAULT_BUTTON_STYLE, textColor: 'not a colour' } };
    const issues = checkFormBeforeSave(formToSave(snapshot({ name: '', jsonForm, jsonFormStyle, jsonConditionalLogic: emptyConditionalLogic() })));
    expect(issues.map(saveIssueSummary)).toEqual([
      'Form name is required',
      '“Practice area”: Option 2 is blank. Type its text or delete it.',
      `“Details”: ${FORM_RULE_MESSAGES.dataNameFormat}`,
      'The unlabelled Multiple Choice on page 2: Type a label. Without one, respondents see a box with no question.',
      'Button style: The text colour must be a hex colour such as #111928.',
    ]);
  });
});

/** The sample document with `edit` applied. */
function edited(edit: (doc: FormDocument) => void): FormDocument {
  const doc = sampleDocument();
  edit(doc);
  return doc;
}

describe('forms saved before the save rules', () => {
  const broken = () =>
    edited((doc) => {
      details(doc).label = '';
      practiceArea(doc).options = [
        { id: 'o1', text: '' },
        { id: 'o2', text: 'Divorce' },
        { id: 'o9', text: 'Divorce' },
      ];
      doc.push({ type: 'page', id: 'p3', title: 'Page 3', children: [] });
    });

  it('still load (the restore step) but cannot be saved as they are', () => {
    expect(formDocumentSchema.safeParse(broken()).success).toBe(true);
    expect(restoreFormDocument(broken())).toEqual(broken());
    const refused = savedFormDocumentSchema.safeParse(broken());
    expect(refused.success).toBe(false);
    expect(refused.error?.issues.map((issue) => issue.message)).toEqual([
      FORM_RULE_MESSAGES.optionBlank(1),
      FORM_RULE_MESSAGES.optionRepeated('Divorce', 2, 3),
      FORM_RULE_MESSAGES.labelRequired,
      FORM_RULE_MESSAGES.pageEmpty,
    ]);
  });
});

describe('locateSaveIssue: a problem reported at a request path, placed and named', () => {
  it('places the settings, whichever case the key is in', () => {
    expect(locateSaveIssue([], 'display_name', 'm').target).toEqual({ kind: 'setting', setting: 'displayName' });
    expect(locateSaveIssue([], 'custom_submit_message', 'm').target).toEqual({ kind: 'setting', setting: 'customSubmitMessage' });
  });

  it('names pages, sections, headings and paragraphs by their title or text', () => {
    const doc = sampleDocument();
    doc[1].children.push({ type: 'presentation', subtype: 'paragraph', id: 'x1', parentId: 'p2', content: '<p>Call us <b>today</b></p>' });
    doc[1].children.push({ type: 'presentation', subtype: 'heading', id: 'x2', parentId: 'p2', content: '' });
    const subject = (key: string) => locateSaveIssue(doc, key, 'm').subject;
    expect(subject('jsonForm.0.title')).toBe('Page 1 “About you”');
    expect(subject('jsonForm.0.children.0.content')).toBe('Heading “Welcome”');
    expect(subject('jsonForm.0.children.2.title')).toBe('Section “Your matter”');
    expect(subject('jsonForm.1.children.2.content')).toBe('Paragraph “Call us today”');
    expect(subject('jsonForm.1.children.3.content')).toBe('The empty heading on page 2');
  });

  it('never throws on a request that holds anything, and names what it can', () => {
    expect(locateSaveIssue({ pages: 'x' }, 'jsonForm.0.label', 'm')).toEqual({
      key: 'jsonForm.0.label',
      target: { kind: 'element', elementId: null, field: null, optionIndex: null },
      subject: null,
      message: 'm',
    });
    expect(locateSaveIssue([{ type: 'page', title: 7, children: [{ type: 'input', label: 'Age', subtype: 'nope' }] }], 'jsonForm.0.children.0.subtype', 'm').subject).toBe('“Age”');
    expect(locateSaveIssue([null], 'jsonForm.0.children.0', 'm').subject).toBeNull();
  });

  it('places logic problems on the element whose logic it is', () => {
    expect(locateSaveIssue([], 'jsonConditionalLogic.conditionMap.i3.conditions.0', 'm')).toMatchObject({ target: { kind: 'logic', elementId: 'i3' }, subject: 'Conditional logic' });
  });

  it('reads a 400’s errors back onto the document that was sent', () => {
    const issues = saveIssuesFromErrors(sampleDocument(), { name: ['Form name is required'], 'jsonForm.0.children.1.label': ['Type a label.'] });
    expect(issues.map((issue) => [issue.target, saveIssueSummary(issue)])).toEqual([
      [{ kind: 'setting', setting: 'name' }, 'Form name is required'],
      [{ kind: 'element', elementId: 'i1', field: 'label', optionIndex: null }, '“Full name”: Type a label.'],
    ]);
  });

  it('makes the server’s detail for a refused body from its first problem', () => {
    const body = { name: 'Intake', jsonForm: sampleDocument() };
    expect(invalidFormDetail(body, ['jsonForm', 0, 'children', 2, 'children', 0, 'options', 1, 'text'], FORM_RULE_MESSAGES.optionBlank(2))).toBe(
      '“Practice area”: Option 2 is blank. Type its text or delete it.',
    );
    expect(invalidFormDetail(body, ['name'], 'Form name is required')).toBe('Form name is required');
    expect(invalidFormDetail('not an object', ['jsonForm'], 'A form needs at least one page.')).toBe('A form needs at least one page.');
  });
});

describe('recheckForm: what the builder checks again on each edit after a refused save', () => {
  it('checks the shapes of the flagged elements only, and the rules that compare elements across the form', () => {
    const jsonForm = edited((doc) => {
      details(doc).dataName = 'Bad Name';
      (doc[1].children[0] as InputElement).dataName = 'Also Bad';
      practiceArea(doc).label = '';
    });
    const form = formToSave(snapshot({ jsonForm }));
    const issues = recheckForm(form, { elementIds: new Set(['i3']), logic: false });
    expect(issues.map((issue) => issue.key)).toEqual(['jsonForm.0.children.2.children.0.label', 'jsonForm.0.children.2.children.1.dataName']);
  });

  it('looks for circular logic only when asked', () => {
    const jsonConditionalLogic = circularLogic();
    const form = formToSave(snapshot({ jsonConditionalLogic }));
    expect(recheckForm(form, { elementIds: new Set(), logic: false })).toEqual([]);
    expect(recheckForm(form, { elementIds: new Set(), logic: true }).map((issue) => issue.target)).toEqual([{ kind: 'logic', elementId: 'i1' }]);
  });
});

// The factory's inputs are labelled by id; sanity check that the fixtures themselves meet the save rules.
describe('the fixtures', () => {
  it('meet the save rules', () => {
    expect(savedFormDocumentSchema.safeParse(sampleDocument()).success).toBe(true);
    expect(savedFormDocumentSchema.safeParse([{ type: 'page', id: 'p', title: 'P', children: [input('a', 'p')] }]).success).toBe(true);
  });
});
