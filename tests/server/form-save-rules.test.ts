/**
 * The rules a form must meet to be saved (issue 13: no unlabelled inputs, blank or repeated options, or empty pages),
 * as the server answers them: 400 naming the element by its label and the field by its path, in the builder's words.
 * Forms saved before the rules keep loading and taking responses.
 */
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createNewFormSnapshot } from '../../src/domain/element-factory.js';
import type { FormDocument, InputElement, SectionElement } from '../../src/domain/form-document.js';
import { FORM_RULE_MESSAGES } from '../../src/domain/form-rule-messages.js';
import { savedFormDocumentSchema } from '../../src/domain/form-rules.js';
import { createRivalFirms, createTestContext, json, type TestClient, type TestContext } from './helpers.js';
import { sampleDocument, startToken, templateBody } from './form-fixtures.js';

let ctx: TestContext;
let acme: number;
let lawyer: TestClient;

beforeAll(async () => {
  ctx = await createTestContext({ SUBMIT_RATE_LIMIT: '1000' });
  ({ acme, lawyer } = await createRivalFirms(ctx, 'Other Firm'));
});
afterAll(() => ctx.close());

// sampleDocument: page 'About you' [heading, 'Full name', section 'Your matter' ['Practice area' (Family, Injury)]],
// page 'Contact' ['Email address'].
const fullName = (doc: FormDocument) => doc[0].children[1] as InputElement;
const practiceArea = (doc: FormDocument) => (doc[0].children[2] as SectionElement).children[0] as InputElement;

function create(jsonForm: unknown, overrides: Record<string, unknown> = {}) {
  return lawyer.request({ method: 'POST', url: `/api/${acme}/form-templates/`, ...json(templateBody({ jsonForm, ...overrides })) });
}

function broken(edit: (doc: FormDocument) => void): FormDocument {
  const doc = sampleDocument();
  edit(doc);
  return doc;
}

describe('saving refuses what respondents should never meet', () => {
  it('an input without a label: 400 naming it by kind and page, and the field', async () => {
    const response = await create(broken((doc) => (fullName(doc).label = '  ')));
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({
      detail: 'The unlabelled Short Answer on page 1: Type a label. Without one, respondents see a box with no question.',
      errors: { 'jsonForm.0.children.1.label': [FORM_RULE_MESSAGES.labelRequired] },
    });
  });

  it('blank and repeated options ("", "Divorce", "Divorce"), each at its option, the input named by its label', async () => {
    const response = await create(
      broken((doc) => {
        practiceArea(doc).options = [
          { id: randomUUID(), text: '' },
          { id: randomUUID(), text: 'Divorce' },
          { id: randomUUID(), text: 'Divorce' },
        ];
      }),
    );
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({
      detail: '“Practice area”: Option 1 is blank. Type its text or delete it.',
      errors: {
        'jsonForm.0.children.2.children.0.options.0.text': [FORM_RULE_MESSAGES.optionBlank(1)],
        'jsonForm.0.children.2.children.0.options.2.text': [FORM_RULE_MESSAGES.optionRepeated('Divorce', 2, 3)],
      },
    });
  });

  it('a page with nothing for respondents, named by its number and title', async () => {
    const response = await create(
      broken((doc) => {
        const id = randomUUID();
        doc.push({ type: 'page', id, title: 'Next steps', children: [{ type: 'section', id: randomUUID(), parentId: id, title: 'Section', description: '', collapsible: false, collapsed: false, children: [] }] });
      }),
    );
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({
      detail: 'Page 3 “Next steps”: This page has nothing for respondents to read or answer. Add an element to it, or delete the page.',
      errors: { 'jsonForm.2': [FORM_RULE_MESSAGES.pageEmpty] },
    });
  });

  it('a minimum above its maximum, in words instead of field names', async () => {
    const response = await create(broken((doc) => Object.assign(fullName(doc), { minLength: 10, maxLength: 5 })));
    expect(response.statusCode).toBe(400);
    expect(response.json().detail).toBe('“Full name”: The maximum length is less than the minimum length. Raise the maximum or lower the minimum.');
    expect(response.json().errors).toEqual({ 'jsonForm.0.children.1.maxLength': [FORM_RULE_MESSAGES.lengthRange] });
  });

  it('still lets a new form be created as spec §4 makes it: one page holding one empty section', async () => {
    const snapshot = createNewFormSnapshot('Blank intake');
    const response = await create(snapshot.jsonForm, { name: 'Blank intake' });
    expect(response.statusCode).toBe(201);
  });

  it('the built-in form meets the rules', async () => {
    const builtIn = await lawyer.get(`/api/${acme}/form-templates/contact-export-form/`);
    expect(savedFormDocumentSchema.safeParse(builtIn.json().jsonForm).success).toBe(true);
  });
});

describe('a form saved before the rules', () => {
  /** Stored as an older version of the server would have stored it: no check of today's rules. */
  async function storedBrokenForm() {
    const document = broken((doc) => {
      fullName(doc).label = '';
      practiceArea(doc).options = [
        { id: randomUUID(), text: 'Divorce' },
        { id: randomUUID(), text: 'Divorce' },
      ];
      doc.push({ type: 'page', id: randomUUID(), title: 'Page 3', children: [] });
    });
    const row = await ctx.db
      .insertInto('form_templates')
      .values({
        group_id: randomUUID(),
        account_id: acme,
        name: 'Old intake',
        json_form: JSON.stringify(document),
        json_conditional_logic: JSON.stringify({ conditionMap: {}, pageMap: {} }),
        json_form_style: JSON.stringify({ button: {} }),
      })
      .returning(['id', 'updated_at'])
      .executeTakeFirstOrThrow();
    return { id: row.id, document };
  }

  it('still opens, is still published, and still takes responses', async () => {
    const { id, document } = await storedBrokenForm();
    const read = await lawyer.get(`/api/${acme}/form-templates/${id}/`);
    expect(read.statusCode).toBe(200);
    expect(read.json().jsonForm).toEqual(document);
    expect((await ctx.app.inject({ method: 'GET', url: `/api/public/forms/${id}/` })).statusCode).toBe(200);

    const answer = { [fullName(document).id]: 'Jane Doe', [practiceArea(document).id]: practiceArea(document).options[1].id };
    const submitted = await ctx.app.inject({
      method: 'POST',
      url: '/api/form-submit/',
      payload: JSON.stringify({ form_id: id, submission_key: randomUUID(), start_token: startToken(ctx.config, id), hp: '', data: answer }),
      headers: { 'content-type': 'application/json' },
    });
    expect(submitted.statusCode).toBe(201);
  });

  it('can be renamed, and is saved again once fixed', async () => {
    const { id, document } = await storedBrokenForm();
    const renamed = await lawyer.request({ method: 'PATCH', url: `/api/${acme}/form-templates/${id}/`, ...json({ id, name: 'Older intake' }) });
    expect(renamed.statusCode).toBe(200);

    const put = (jsonForm: FormDocument, updatedAt: string) =>
      lawyer.request({ method: 'PUT', url: `/api/${acme}/form-templates/${id}/`, ...json({ ...templateBody({ jsonForm }), updated_at: updatedAt }) });
    const refused = await put(document, renamed.json().updatedAt);
    expect(refused.statusCode).toBe(400);
    expect(Object.keys(refused.json().errors)).toEqual(['jsonForm.0.children.1.label', 'jsonForm.0.children.2.children.0.options.1.text', 'jsonForm.2']);

    fullName(document).label = 'Full name';
    practiceArea(document).options[1].text = 'Injury';
    document.pop();
    expect((await put(document, renamed.json().updatedAt)).statusCode).toBe(200);
  });
});
