import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { InputElement } from '../../../../src/domain/form-document';
import { HttpResponse, http, server, startMswServer } from '../../app/msw-server';
import { TEMPLATE_URL, renderBuilder, templateJson } from './builder-fixtures';

startMswServer();

function nodeOf(store: ReturnType<typeof renderBuilder>['store'], id: string) {
  return store.getState().form.tree.nodes[id] as InputElement;
}

async function openElement(name: string) {
  server.use(http.get(TEMPLATE_URL, () => HttpResponse.json(templateJson())));
  const rendered = renderBuilder();
  await rendered.user.click(await screen.findByRole('group', { name }));
  return rendered;
}

describe('property editor: label and data name', () => {
  it('regenerates the data name from the label until the data name is edited by hand', async () => {
    const { user, store } = await openElement('Short Answer: Full name');
    const label = screen.getByLabelText('Label');
    const dataName = screen.getByLabelText('Data name');

    await user.clear(label);
    await user.type(label, 'Client’s e-mail address');
    expect(dataName).toHaveValue('client_s_e_mail_address');
    expect(screen.getByRole('group', { name: 'Short Answer: Client’s e-mail address' })).toBeInTheDocument();

    await user.clear(dataName);
    await user.type(dataName, 'email');
    await user.clear(label);
    await user.type(label, 'Email');
    expect(dataName).toHaveValue('email');
    expect(nodeOf(store, 'i1')).toMatchObject({ label: 'Email', dataName: 'email' });

    // Back to following the label.
    await user.click(screen.getByRole('button', { name: 'Make it from the label again' }));
    await user.type(label, ' at work');
    expect(dataName).toHaveValue('email_at_work');
  });

  it('keeps generated data names unique', async () => {
    const { user } = await openElement('Short Answer: Full name');
    const label = screen.getByLabelText('Label');
    await user.clear(label);
    await user.type(label, 'Practice area');
    expect(screen.getByLabelText('Data name')).toHaveValue('practice_area_2');
  });

  it('flags a hand-made data name that is malformed or taken', async () => {
    const { user } = await openElement('Short Answer: Full name');
    const dataName = screen.getByLabelText('Data name');
    await user.clear(dataName);
    await user.type(dataName, 'Bad Name');
    expect(dataName).toHaveAttribute('aria-invalid', 'true');
    expect(screen.getByText('Use only lowercase letters (a–z), digits and _ in the data name (at most 100 characters).')).toBeInTheDocument();
    await user.clear(dataName);
    await user.type(dataName, 'practice_area');
    // The input that has it is named, as the save and the server name it.
    expect(screen.getByText('The data name “practice_area” is already used by “Practice area”. Change one of them.')).toBeInTheDocument();
  });

  it('edits placeholder and help text, and toggles Required (shown on the canvas)', async () => {
    const { user, store } = await openElement('Short Answer: Full name');
    await user.type(screen.getByLabelText('Placeholder'), 'Jane Doe');
    await user.type(screen.getByLabelText('Help text'), 'As on your ID');
    const required = screen.getByLabelText('Required');
    expect(required).not.toBeChecked();
    await user.click(required);
    expect(required).toBeChecked();
    expect(nodeOf(store, 'i1')).toMatchObject({ placeholder: 'Jane Doe', helpText: 'As on your ID', required: true });
    const element = screen.getByRole('group', { name: 'Short Answer: Full name' });
    expect(within(element).getByText('*')).toBeInTheDocument();
    await user.click(required);
    expect(nodeOf(store, 'i1').required).toBe(false);
  });
});

describe('property editor: options', () => {
  it('adds, renames, reorders and removes options', async () => {
    const { user, store } = await openElement('Dropdown: Practice area');
    const options = screen.getByRole('group', { name: 'Options' });
    expect(within(options).getByLabelText('Option 1')).toHaveValue('Family');

    await user.click(within(options).getByRole('button', { name: 'Add option' }));
    const third = within(options).getByLabelText('Option 3');
    expect(third).toHaveValue('Option 3');
    expect(third).toHaveFocus();

    await user.clear(third);
    await user.type(third, 'Employment');
    await user.clear(within(options).getByLabelText('Option 1'));
    await user.type(within(options).getByLabelText('Option 1'), 'Family law');
    expect(nodeOf(store, 'i2').options.map((option) => option.text)).toEqual(['Family law', 'Injury', 'Employment']);

    await user.click(within(options).getByRole('button', { name: 'Move option 3 up' }));
    expect(nodeOf(store, 'i2').options.map((option) => option.text)).toEqual(['Family law', 'Employment', 'Injury']);

    await user.click(within(options).getByRole('button', { name: 'Delete option 1' }));
    expect(nodeOf(store, 'i2').options.map((option) => option.text)).toEqual(['Employment', 'Injury']);
    expect(nodeOf(store, 'i2').options[1].id).toBe('o2');
  });

  it('adds an option below with Enter and never deletes the last one', async () => {
    const { user, store } = await openElement('Dropdown: Practice area');
    const options = screen.getByRole('group', { name: 'Options' });
    await user.type(within(options).getByLabelText('Option 1'), '{Enter}');
    expect(nodeOf(store, 'i2').options.map((option) => option.text)).toEqual(['Family', 'Option 3', 'Injury']);
    await user.click(within(options).getByRole('button', { name: 'Delete option 3' }));
    await user.click(within(options).getByRole('button', { name: 'Delete option 2' }));
    expect(within(options).getByRole('button', { name: 'Delete option 1' })).toBeDisabled();
  });

  it('clears a default answer that pointed at a deleted option', async () => {
    const { user, store } = await openElement('Dropdown: Practice area');
    await user.selectOptions(screen.getByLabelText('Default value'), 'A fixed answer');
    await user.selectOptions(screen.getByLabelText('Default answer'), 'Injury');
    expect(nodeOf(store, 'i2').default).toEqual({ staticValue: 'o2', referenceValueId: null });
    await user.click(within(screen.getByRole('group', { name: 'Options' })).getByRole('button', { name: 'Delete option 2' }));
    expect(nodeOf(store, 'i2').default.staticValue).toBeNull();
  });
});

describe('property editor: numbers and defaults', () => {
  it('edits an integer’s minimum, maximum and step, and flags a minimum above the maximum', async () => {
    const { user, store } = await openElement('Integer: Number of children');
    const min = screen.getByLabelText('Minimum value');
    const max = screen.getByLabelText('Maximum value');
    expect(min).toHaveValue('0');
    await user.clear(min);
    await user.type(min, '5');
    await user.type(max, '2');
    expect(nodeOf(store, 'i3')).toMatchObject({ minValue: 5, maxValue: 2 });
    expect(max).toHaveAttribute('aria-invalid', 'true');
    expect(screen.getByText('The maximum value is less than the minimum value. Raise the maximum or lower the minimum.')).toBeInTheDocument();

    await user.type(screen.getByLabelText('Step'), '0');
    expect(screen.getByText('The step must be greater than 0. Leave it empty to allow any number.')).toBeInTheDocument();
    await user.clear(max);
    expect(nodeOf(store, 'i3').maxValue).toBeNull();
    // Text fields have no number limits, numbers no length limits.
    expect(screen.queryByLabelText('Minimum length')).not.toBeInTheDocument();
  });

  it('keeps a half-typed number in the field without storing it', async () => {
    const { user, store } = await openElement('Integer: Number of children');
    const max = screen.getByLabelText('Maximum value');
    await user.type(max, '-');
    expect(max).toHaveValue('-');
    expect(screen.getByText('Enter a number')).toBeInTheDocument();
    expect(nodeOf(store, 'i3').maxValue).toBeNull();
    await user.type(max, '3');
    expect(nodeOf(store, 'i3').maxValue).toBe(-3);
  });

  it('edits the length limits of a text input', async () => {
    const { user, store } = await openElement('Short Answer: Full name');
    await user.type(screen.getByLabelText('Minimum length'), '2');
    await user.type(screen.getByLabelText('Maximum length'), '80');
    expect(nodeOf(store, 'i1')).toMatchObject({ minLength: 2, maxLength: 80 });
    expect(screen.queryByLabelText('Step')).not.toBeInTheDocument();
  });

  it('sets a default from another input’s answer', async () => {
    const { user, store } = await openElement('Short Answer: Full name');
    await user.selectOptions(screen.getByLabelText('Default value'), 'The answer to another input');
    await user.selectOptions(screen.getByLabelText('Copy the answer from'), 'Dropdown: Practice area');
    expect(nodeOf(store, 'i1').default).toEqual({ staticValue: null, referenceValueId: 'i2' });
  });
});

describe('property editor: pages, sections, form settings and button style', () => {
  it('edits a section’s title and its collapsible / collapsed flags', async () => {
    const { user, store } = await openElement('Section: Matter');
    await user.clear(screen.getByLabelText('Title'));
    await user.type(screen.getByLabelText('Title'), 'Your matter');
    const collapsed = screen.getByLabelText('Collapsed');
    expect(collapsed).toBeDisabled();
    await user.click(screen.getByLabelText('Collapsible'));
    await user.click(collapsed);
    expect(store.getState().form.tree.nodes.s1).toMatchObject({ title: 'Your matter', collapsible: true, collapsed: true });
    const section = screen.getByRole('group', { name: 'Section: Your matter' });
    expect(within(section).getByText('Collapsed')).toBeInTheDocument();
    expect(screen.getByRole('textbox', { name: 'Description' })).toBeInTheDocument();
  });

  it('edits the form settings and the button style, and resets the style', async () => {
    const { user, store } = await openElement('Page: About you');
    await user.clear(screen.getByLabelText('Title'));
    await user.type(screen.getByLabelText('Title'), 'Start');
    expect(screen.getByRole('group', { name: 'Page: Start' })).toBeInTheDocument();

    await user.click(screen.getByRole('tab', { name: 'Form settings' }));
    await user.clear(screen.getByLabelText('Form name'));
    await user.type(screen.getByLabelText('Form name'), 'Intake 2');
    await user.clear(screen.getByLabelText('Display name'));
    await user.type(screen.getByLabelText('Display name'), 'Welcome');
    expect(screen.getByRole('heading', { level: 1, name: 'Intake 2' })).toBeInTheDocument();
    expect(store.getState().form).toMatchObject({ name: 'Intake 2', displayName: 'Welcome' });

    await user.click(screen.getByRole('tab', { name: 'Button style' }));
    const text = screen.getByLabelText('Button text');
    expect(text).toHaveValue('Submit');
    await user.clear(text);
    await user.type(text, 'Send');
    const colour = screen.getByLabelText('Background colour');
    await user.clear(colour);
    await user.type(colour, 'blue');
    expect(screen.getByText('The background colour must be a hex colour such as #111928.')).toBeInTheDocument();
    await user.clear(colour);
    await user.type(colour, '#1F3A8A');
    for (const label of ['Text size', 'Text colour', 'Text hover colour', 'Background hover colour', 'Corner radius']) {
      expect(screen.getByLabelText(label)).toBeInTheDocument();
    }
    expect(store.getState().form.style.button).toMatchObject({ submitTextContent: 'Send', bodyColor: '#1F3A8A' });
    expect(screen.getByText('Send')).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Reset to defaults' }));
    await user.click(await screen.findByRole('button', { name: 'Yes' }));
    expect(store.getState().form.style.button).toMatchObject({ submitTextContent: 'Submit', bodyColor: '#111928' });
  });
});
