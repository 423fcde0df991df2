import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { ConditionalLogic, FormDocument } from '../../../../src/domain/form-document';
import { describeLogicCycle } from '../../../../src/domain/logic';
import { HttpResponse, http, server, startMswServer } from '../../app/msw-server';
import { TEMPLATE_URL, renderBuilder, sampleDocument, templateJson } from './builder-fixtures';

startMswServer();

const INCOMPLETE = 'Incomplete — this rule will be dropped when you save';
const anyId = expect.any(String);

const input = (overrides: Record<string, unknown>) => ({
  type: 'input',
  subtype: 'textInput',
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
  ...overrides,
});

/**
 * The sample form (p1: Full name, section Matter [Practice area (dropdown), Number of children (integer)]; p2
 * Details: section Contact) with a checkbox and an email input added on page 2.
 */
function logicDocument(): FormDocument {
  const document = sampleDocument();
  document[1].children.push(
    input({ id: 'i4', parentId: 'p2', subtype: 'checkbox', label: 'Documents', dataName: 'documents', options: [{ id: 'd1', text: 'Passport' }] }) as never,
    input({ id: 'i5', parentId: 'p2', subtype: 'email', label: 'Email', dataName: 'email' }) as never,
  );
  return document;
}

function serve(logic: ConditionalLogic = { conditionMap: {}, pageMap: {} }) {
  server.use(http.get(TEMPLATE_URL, () => HttpResponse.json(templateJson({ jsonForm: logicDocument(), jsonConditionalLogic: logic }))));
}

/** Opens the builder on the form, selects the element named `name` and shows its Logic tab. */
async function openLogic(name: string, logic?: ConditionalLogic) {
  serve(logic);
  const rendered = renderBuilder();
  // The first render loads the whole builder: give a busy machine time.
  await rendered.user.click(await screen.findByRole('group', { name }, { timeout: 5000 }));
  await rendered.user.click(screen.getByRole('tab', { name: 'Logic' }));
  return rendered;
}

type Rendered = Awaited<ReturnType<typeof openLogic>>;

const logicOf = (store: Rendered['store']) => store.getState().form.logic;
const condition = (n: number) => screen.getByRole('group', { name: `Condition ${n}` });
const group = (n: number, inCondition = 1) => within(condition(inCondition)).getByRole('group', { name: `Group ${n}` });
const optionTexts = (select: HTMLElement) => within(select).getAllByRole('option').map((option) => option.textContent);

async function addCondition(user: Rendered['user']) {
  await user.click(screen.getByRole('button', { name: 'Add condition' }));
}

/** Fills rule `n` of group 1 of condition 1: trigger, condition and (optionally) a typed value. */
async function fillRule(user: Rendered['user'], n: number, trigger: string, predicate: string, value?: string) {
  const scope = within(group(1));
  await user.selectOptions(scope.getByRole('combobox', { name: `Rule ${n} when` }), trigger);
  await user.selectOptions(scope.getByRole('combobox', { name: `Rule ${n} condition` }), predicate);
  if (value !== undefined) await user.type(scope.getByRole('textbox', { name: `Rule ${n} value` }), value);
}

describe('logic editor: conditions and rules', () => {
  it('adds a condition with a complete rule: the form holds the FORM-DOCUMENT.md shape, and the canvas shows a badge', async () => {
    const { user, store } = await openLogic('Dropdown: Practice area');
    const element = screen.getByRole('group', { name: 'Dropdown: Practice area' });
    expect(element).not.toHaveAccessibleDescription(expect.stringContaining('conditional logic'));
    expect(screen.getByText('No conditions: this element is always shown.')).toBeInTheDocument();

    await addCondition(user);
    const action = within(condition(1)).getByRole('combobox', { name: 'Action' });
    expect(action).toHaveFocus();
    expect(action).toHaveDisplayValue('Show this element when…');
    expect(within(group(1)).getByRole('combobox', { name: 'Match' })).toHaveDisplayValue('All of');
    expect(within(group(1)).getByText(INCOMPLETE)).toBeInTheDocument();

    await fillRule(user, 1, 'Full name', 'is not empty');
    expect(screen.queryByText(INCOMPLETE)).not.toBeInTheDocument();
    expect(logicOf(store)).toEqual({
      conditionMap: {
        i2: {
          id: anyId,
          element: { id: 'i2', type: 'input' },
          conditions: [
            {
              id: anyId,
              expression: [
                {
                  id: anyId,
                  type: 'group',
                  operator: 'AND',
                  rules: [{ id: anyId, type: 'rule', predicate: 'NOT_EMPTY', triggerId: 'i1', staticValue: null, referenceValueId: null }],
                },
              ],
              actions: [{ key: 'TOGGLE_VISIBILITY', value: 'SHOW' }],
            },
          ],
        },
      },
      pageMap: {},
    });
    expect(element).toHaveAccessibleDescription('Has conditional logic');
    expect(within(element).getByText('Logic')).toBeInTheDocument();

    await user.selectOptions(action, 'Hide this element when…');
    expect(logicOf(store).conditionMap.i2.conditions[0].actions).toEqual([{ key: 'TOGGLE_VISIBILITY', value: 'HIDE' }]);
  });

  it('offers as triggers every other input, by page, but none inside the element itself', async () => {
    const { user, store } = await openLogic('Section: Matter');
    await addCondition(user);
    const when = within(group(1)).getByRole('combobox', { name: 'Rule 1 when' });
    expect(optionTexts(when)).toEqual(['Choose an input…', 'Full name', 'Documents', 'Email']);
    expect(within(when).getByRole('group', { name: 'Page 1: About you' })).toBeInTheDocument();
    expect(within(when).getByRole('group', { name: 'Page 2: Details' })).toBeInTheDocument();
    // A section's logic goes to conditionMap under its own type.
    await fillRule(user, 1, 'Email', 'is empty');
    expect(screen.queryByText(INCOMPLETE)).not.toBeInTheDocument();
    expect(logicOf(store).conditionMap.s1.element).toEqual({ id: 's1', type: 'section' });
  });

  it('offers only the conditions the trigger’s type allows', async () => {
    const { user } = await openLogic('Section: Contact');
    await addCondition(user);
    const scope = within(group(1));
    const predicate = scope.getByRole('combobox', { name: 'Rule 1 condition' });
    expect(predicate).toBeDisabled();

    const when = scope.getByRole('combobox', { name: 'Rule 1 when' });
    await user.selectOptions(when, 'Full name');
    expect(optionTexts(predicate)).toEqual(['Choose a condition…', 'equals', 'does not equal', 'contains', 'does not contain', 'is empty', 'is not empty']);
    await user.selectOptions(when, 'Number of children');
    expect(optionTexts(predicate)).toEqual([
      'Choose a condition…',
      'equals',
      'does not equal',
      'is greater than',
      'is less than',
      'is greater than or equal to',
      'is less than or equal to',
      'is empty',
      'is not empty',
    ]);
    await user.selectOptions(when, 'Documents');
    expect(optionTexts(predicate)).toEqual(['Choose a condition…', 'is set', 'is not set']);
    await user.selectOptions(when, 'Practice area');
    expect(optionTexts(predicate)).toEqual(['Choose a condition…', 'equals', 'does not equal', 'is empty', 'is not empty']);
  });

  it('resets a condition (and a value) the new trigger does not allow, and keeps what it does', async () => {
    const { user, store } = await openLogic('Section: Contact');
    await addCondition(user);
    await fillRule(user, 1, 'Full name', 'contains', 'smith');
    const rule = () => logicOf(store).conditionMap.s2.conditions[0].expression[0].rules[0];
    expect(rule()).toMatchObject({ triggerId: 'i1', predicate: 'CONTAIN', staticValue: 'smith' });

    const scope = within(group(1));
    await user.selectOptions(scope.getByRole('combobox', { name: 'Rule 1 when' }), 'Email');
    expect(rule()).toMatchObject({ triggerId: 'i5', predicate: 'CONTAIN', staticValue: 'smith' });
    expect(scope.getByRole('textbox', { name: 'Rule 1 value' })).toHaveValue('smith');

    await user.selectOptions(scope.getByRole('combobox', { name: 'Rule 1 when' }), 'Number of children');
    expect(rule()).toMatchObject({ triggerId: 'i3', predicate: null, staticValue: null });
    expect(scope.getByRole('combobox', { name: 'Rule 1 condition' })).toHaveDisplayValue('Choose a condition…');
    expect(scope.queryByRole('textbox', { name: 'Rule 1 value' })).not.toBeInTheDocument();
    expect(scope.getByText(INCOMPLETE)).toBeInTheDocument();
  });

  it('edits the value with the widget of the trigger’s type', async () => {
    const { user, store } = await openLogic('Section: Contact');
    await addCondition(user);
    const scope = within(group(1));
    const rule = () => logicOf(store).conditionMap.s2.conditions[0].expression[0].rules[0];

    // Text: a text box.
    await fillRule(user, 1, 'Full name', 'equals', 'Jane');
    expect(rule().staticValue).toBe('Jane');

    // Integer: a number; what is not a number is flagged and not stored.
    await user.selectOptions(scope.getByRole('combobox', { name: 'Rule 1 when' }), 'Number of children');
    await user.selectOptions(scope.getByRole('combobox', { name: 'Rule 1 condition' }), 'is greater than');
    const number = scope.getByRole('textbox', { name: 'Rule 1 value' });
    expect(number).toHaveAttribute('inputmode', 'decimal');
    await user.type(number, '2x');
    expect(number).toHaveAccessibleDescription('Enter a number');
    expect(rule().staticValue).toBe(2);
    await user.type(number, '{Backspace}5');
    expect(rule()).toMatchObject({ predicate: 'GT', staticValue: 25 });
    expect(scope.queryByText(INCOMPLETE)).not.toBeInTheDocument();

    // Dropdown: one of its options.
    await user.selectOptions(scope.getByRole('combobox', { name: 'Rule 1 when' }), 'Practice area');
    await user.selectOptions(scope.getByRole('combobox', { name: 'Rule 1 condition' }), 'equals');
    const option = scope.getByRole('combobox', { name: 'Rule 1 value' });
    expect(optionTexts(option)).toEqual(['Choose an option…', 'Family', 'Injury']);
    await user.selectOptions(option, 'Injury');
    expect(rule()).toMatchObject({ triggerId: 'i2', predicate: 'EQ', staticValue: 'o2' });

    // Checkbox: set / not set take no value.
    await user.selectOptions(scope.getByRole('combobox', { name: 'Rule 1 when' }), 'Documents');
    await user.selectOptions(scope.getByRole('combobox', { name: 'Rule 1 condition' }), 'is set');
    expect(scope.queryByRole('combobox', { name: 'Rule 1 compare with' })).not.toBeInTheDocument();
    expect(scope.queryByRole('combobox', { name: 'Rule 1 value' })).not.toBeInTheDocument();
    expect(rule()).toMatchObject({ triggerId: 'i4', predicate: 'SET', staticValue: null, referenceValueId: null });
  });

  it('compares with another input’s answer', async () => {
    const { user, store } = await openLogic('Section: Contact');
    await addCondition(user);
    await fillRule(user, 1, 'Full name', 'equals', 'x');
    const scope = within(group(1));
    const rule = () => logicOf(store).conditionMap.s2.conditions[0].expression[0].rules[0];

    await user.selectOptions(scope.getByRole('combobox', { name: 'Rule 1 compare with' }), 'Another input’s answer');
    expect(rule()).toMatchObject({ staticValue: null, referenceValueId: null });
    expect(scope.getByText(INCOMPLETE)).toBeInTheDocument();
    const other = scope.getByRole('combobox', { name: 'Rule 1 other input' });
    // Not the trigger itself, and no checkbox (its answer is a list).
    expect(optionTexts(other)).toEqual(['Choose an input…', 'Practice area', 'Number of children', 'Email']);
    await user.selectOptions(other, 'Email');
    expect(rule()).toMatchObject({ triggerId: 'i1', predicate: 'EQ', staticValue: null, referenceValueId: 'i5' });
    expect(scope.queryByText(INCOMPLETE)).not.toBeInTheDocument();

    await user.selectOptions(scope.getByRole('combobox', { name: 'Rule 1 compare with' }), 'A value');
    expect(rule()).toMatchObject({ staticValue: null, referenceValueId: null });
    expect(scope.getByRole('textbox', { name: 'Rule 1 value' })).toHaveValue('');
  });

  it('writes each rule out in full above its fields, where the narrow pane cuts long names short', async () => {
    const { user } = await openLogic('Section: Contact');
    await addCondition(user);
    const scope = within(group(1));
    const sentence = () => group(1).querySelector('.logic-rule-summary');
    expect(sentence()).toBeNull();
    await user.selectOptions(scope.getByRole('combobox', { name: 'Rule 1 when' }), 'Practice area');
    expect(sentence()).toHaveTextContent('When “Practice area” …');
    await user.selectOptions(scope.getByRole('combobox', { name: 'Rule 1 condition' }), 'equals');
    expect(sentence()).toHaveTextContent('When “Practice area” equals …');
    await user.selectOptions(scope.getByRole('combobox', { name: 'Rule 1 value' }), 'Injury');
    expect(sentence()).toHaveTextContent('When “Practice area” equals “Injury”');
    // The fields say it to assistive technology already.
    expect(sentence()).toHaveAttribute('aria-hidden', 'true');

    await user.selectOptions(scope.getByRole('combobox', { name: 'Rule 1 when' }), 'Full name');
    await user.selectOptions(scope.getByRole('combobox', { name: 'Rule 1 condition' }), 'contains');
    await user.clear(scope.getByRole('textbox', { name: 'Rule 1 value' }));
    await user.type(scope.getByRole('textbox', { name: 'Rule 1 value' }), 'Smith');
    expect(sentence()).toHaveTextContent('When “Full name” contains “Smith”');
    await user.selectOptions(scope.getByRole('combobox', { name: 'Rule 1 compare with' }), 'Another input’s answer');
    await user.selectOptions(scope.getByRole('combobox', { name: 'Rule 1 other input' }), 'Email');
    expect(sentence()).toHaveTextContent('When “Full name” contains the answer to “Email”');
  }, 15_000);

  it('joins rules with OR, focusing each new rule', async () => {
    const { user, store } = await openLogic('Short Answer: Full name');
    await addCondition(user);
    const scope = within(group(1));
    await user.click(scope.getByRole('button', { name: 'Add rule' }));
    expect(scope.getByRole('combobox', { name: 'Rule 2 when' })).toHaveFocus();
    expect(scope.getAllByText('and')).toHaveLength(1);

    await user.selectOptions(scope.getByRole('combobox', { name: 'Match' }), 'Any of');
    expect(logicOf(store).conditionMap.i1.conditions[0].expression[0]).toMatchObject({ operator: 'OR' });
    expect(scope.getAllByText('or')).toHaveLength(1);
    expect(logicOf(store).conditionMap.i1.conditions[0].expression[0].rules).toHaveLength(2);
  });

  it('removes rules, groups and conditions (asking first when a condition has rules), moving focus sensibly', async () => {
    const { user, store } = await openLogic('Short Answer: Full name');
    await addCondition(user);
    expect(screen.getByText('Unsaved changes')).toBeInTheDocument();
    await fillRule(user, 1, 'Practice area', 'is empty');
    await user.click(within(group(1)).getByRole('button', { name: 'Add rule' }));
    await fillRule(user, 2, 'Number of children', 'is not empty');
    const config = () => logicOf(store).conditionMap.i1;

    await user.click(within(group(1)).getByRole('button', { name: 'Remove rule 1' }));
    expect(config().conditions[0].expression[0].rules.map((rule) => rule.predicate)).toEqual(['NOT_EMPTY']);
    expect(within(group(1)).getByRole('combobox', { name: 'Rule 1 when' })).toHaveFocus();
    expect(within(group(1)).getByRole('combobox', { name: 'Rule 1 when' })).toHaveDisplayValue('Number of children');

    // A second group: every group must hold.
    await user.click(within(condition(1)).getByRole('button', { name: 'Add group' }));
    expect(within(group(2)).getByRole('combobox', { name: 'Match' })).toHaveFocus();
    expect(within(condition(1)).getByText('and also')).toBeInTheDocument();
    expect(config().conditions[0].expression).toHaveLength(2);
    await user.click(within(group(2)).getByRole('button', { name: 'Remove group' }));
    expect(config().conditions[0].expression).toHaveLength(1);
    expect(within(group(1)).getByRole('combobox', { name: 'Match' })).toHaveFocus();

    // A second, untouched condition goes without asking.
    await addCondition(user);
    await user.click(within(condition(2)).getByRole('button', { name: 'Remove condition' }));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(config().conditions).toHaveLength(1);

    // One with rules asks first; its element's logic goes with it.
    await user.click(within(condition(1)).getByRole('button', { name: 'Remove condition' }));
    const dialog = await screen.findByRole('dialog', { name: 'Remove condition 1 and its rules?' });
    await user.click(within(dialog).getByRole('button', { name: 'Yes' }));
    expect(logicOf(store).conditionMap).toEqual({});
    expect(screen.queryByRole('group', { name: 'Condition 1' })).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Add condition' })).toHaveFocus();
    expect(screen.getByRole('group', { name: 'Short Answer: Full name' })).not.toHaveAccessibleDescription(expect.stringContaining('conditional logic'));
    // Back where it started: nothing to save.
    expect(screen.queryByText('Unsaved changes')).not.toBeInTheDocument();
  });

  it('keeps page logic in pageMap, reading only inputs outside the page', async () => {
    const { user, store } = await openLogic('Page: Details');
    await addCondition(user);
    const when = within(group(1)).getByRole('combobox', { name: 'Rule 1 when' });
    expect(optionTexts(when)).toEqual(['Choose an input…', 'Full name', 'Practice area', 'Number of children']);
    await fillRule(user, 1, 'Number of children', 'is greater than or equal to', '1');
    expect(logicOf(store)).toEqual({
      conditionMap: {},
      pageMap: {
        p2: {
          id: anyId,
          element: { id: 'p2', type: 'page' },
          conditions: [
            {
              id: anyId,
              expression: [
                { id: anyId, type: 'group', operator: 'AND', rules: [{ id: anyId, type: 'rule', predicate: 'GTE', triggerId: 'i3', staticValue: 1, referenceValueId: null }] },
              ],
              actions: [{ key: 'TOGGLE_VISIBILITY', value: 'SHOW' }],
            },
          ],
        },
      },
    });
    expect(screen.getByRole('group', { name: 'Page: Details' })).toHaveAccessibleDescription('Has conditional logic');
  });

  it('opens from the element toolbar’s Edit logic, focusing the Logic tab', async () => {
    serve();
    const { user } = renderBuilder();
    await user.click(await screen.findByRole('group', { name: 'Short Answer: Full name' }));
    expect(screen.getByRole('tab', { name: 'Element' })).toHaveAttribute('aria-selected', 'true');
    await user.click(screen.getByRole('button', { name: 'Edit logic' }));
    const tab = screen.getByRole('tab', { name: 'Logic' });
    expect(tab).toHaveAttribute('aria-selected', 'true');
    expect(tab).toHaveFocus();
    expect(screen.getByRole('button', { name: 'Add condition' })).toBeInTheDocument();
  });
});

describe('logic editor: saving', () => {
  it('drops incomplete rules, empty groups and conditions from what it saves, and from the editor once saved', async () => {
    let body: Record<string, unknown> | null = null;
    server.use(
      http.put(TEMPLATE_URL, async ({ request }) => {
        body = (await request.json()) as Record<string, unknown>;
        return HttpResponse.json(templateJson({ jsonForm: body.jsonForm, jsonConditionalLogic: body.jsonConditionalLogic, updatedAt: '2024-06-01T08:00:00.000Z' }));
      }),
    );
    const { user, store } = await openLogic('Short Answer: Full name');
    await addCondition(user);
    await fillRule(user, 1, 'Practice area', 'is not empty');
    // An unfinished rule beside it, an unfinished group, and a condition with nothing chosen.
    await user.click(within(group(1)).getByRole('button', { name: 'Add rule' }));
    await user.selectOptions(within(group(1)).getByRole('combobox', { name: 'Rule 2 when' }), 'Number of children');
    await user.click(within(condition(1)).getByRole('button', { name: 'Add group' }));
    await addCondition(user);
    expect(screen.getAllByText(INCOMPLETE)).toHaveLength(3);

    // Served again after the save (the re-read), as the server stored it.
    server.use(http.get(TEMPLATE_URL, () => HttpResponse.json(templateJson({ jsonForm: logicDocument(), jsonConditionalLogic: body!.jsonConditionalLogic }))));
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Form updated successfully')).toBeInTheDocument();

    const sent = body as unknown as { jsonConditionalLogic: ConditionalLogic };
    expect(sent.jsonConditionalLogic).toEqual({
      conditionMap: {
        i1: {
          id: anyId,
          element: { id: 'i1', type: 'input' },
          conditions: [
            {
              id: anyId,
              expression: [
                { id: anyId, type: 'group', operator: 'AND', rules: [{ id: anyId, type: 'rule', predicate: 'NOT_EMPTY', triggerId: 'i2', staticValue: null, referenceValueId: null }] },
              ],
              actions: [{ key: 'TOGGLE_VISIBILITY', value: 'SHOW' }],
            },
          ],
        },
      },
      pageMap: {},
    });
    await waitFor(() => expect(screen.queryByText('Unsaved changes')).not.toBeInTheDocument());
    expect(logicOf(store)).toEqual(sent.jsonConditionalLogic);
    expect(screen.queryByText(INCOMPLETE)).not.toBeInTheDocument();
    expect(screen.queryByRole('group', { name: 'Condition 2' })).not.toBeInTheDocument();
  });

  it('warns about circular logic, and refuses to save it with the same message', async () => {
    // Full name is shown when Number of children is answered; Number of children is inside the section Matter.
    const logic: ConditionalLogic = {
      conditionMap: {
        i1: {
          id: 'cfg1',
          element: { id: 'i1', type: 'input' },
          conditions: [
            {
              id: 'c1',
              expression: [{ id: 'g1', type: 'group', operator: 'AND', rules: [{ id: 'r1', type: 'rule', predicate: 'NOT_EMPTY', triggerId: 'i3', staticValue: null, referenceValueId: null }] }],
              actions: [{ key: 'TOGGLE_VISIBILITY', value: 'SHOW' }],
            },
          ],
        },
      },
      pageMap: {},
    };
    let puts = 0;
    server.use(
      http.put(TEMPLATE_URL, () => {
        puts += 1;
        return HttpResponse.json(templateJson());
      }),
    );
    const { user, store } = await openLogic('Section: Matter', logic);
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    await addCondition(user);
    await fillRule(user, 1, 'Full name', 'is not empty');

    // Full name ← Number of children ⊂ Matter ← Full name.
    const message = describeLogicCycle(['i1', 'i3', 's1'], logicDocument());
    expect(message).toMatch(/^Conditional logic goes round in a circle: “Full name” depends on/);
    const editor = () => screen.getByRole('region', { name: 'Logic' });
    const warning = within(editor()).getByRole('alert');
    expect(warning).toHaveTextContent(message);
    expect(warning).toHaveTextContent('The form cannot be saved until this is fixed.');
    expect(store.getState().form.logic.conditionMap.s1).toBeDefined();

    // Saving says why it cannot, and shows the logic of an element on the circle.
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText(`Unable to update form. ${message}`, { selector: '.toast-body' })).toBeInTheDocument();
    expect(puts).toBe(0);
    expect(screen.getByRole('tab', { name: 'Logic' })).toHaveAttribute('aria-selected', 'true');
    expect(screen.getByRole('group', { name: 'Short Answer: Full name' })).toHaveAttribute('aria-current', 'true');
    expect(within(editor()).getByRole('alert')).toHaveTextContent(message);

    // Removing the rule that closes the circle clears the warning.
    await user.click(screen.getByRole('group', { name: 'Section: Matter' }));
    await user.click(within(condition(1)).getByRole('button', { name: 'Remove condition' }));
    await user.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Yes' }));
    expect(within(editor()).queryByRole('alert')).not.toBeInTheDocument();
  });

  it('shows the server’s refusal of the logic and opens the Logic tab', async () => {
    const refusal = 'Conditional logic goes round in a circle: somewhere. Change or remove one of these rules.';
    server.use(http.put(TEMPLATE_URL, () => HttpResponse.json({ detail: refusal, errors: { jsonConditionalLogic: [refusal] } }, { status: 400 })));
    const { user } = await openLogic('Short Answer: Full name');
    await addCondition(user);
    await fillRule(user, 1, 'Practice area', 'is empty');
    await user.click(screen.getByRole('tab', { name: 'Element' }));
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText(`Unable to update form. ${refusal}`)).toBeInTheDocument();
    expect(screen.getByRole('tab', { name: 'Logic' })).toHaveAttribute('aria-selected', 'true');
    expect(screen.getByText('Unsaved changes')).toBeInTheDocument();
  });
});
