import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { DEFAULT_SUBMIT_MESSAGE, FormRenderer, SUBMIT_FAILED_MESSAGE, SUBMITTED_TITLE } from '../../../../src/components/form-renderer/form-renderer';
import type { FormRendererProps } from '../../../../src/components/form-renderer/form-renderer';
import { defaultFormStyle, emptyConditionalLogic } from '../../../../src/domain/form-document';
import type { FormDocument, InputElement, InputSubtype, PageChild, SectionElement } from '../../../../src/domain/form-document';

function input(subtype: InputSubtype, id: string, parentId: string, overrides: Partial<InputElement> = {}): InputElement {
  return {
    type: 'input',
    subtype,
    id,
    parentId,
    label: id,
    dataName: id,
    placeholder: '',
    helpText: '',
    default: { staticValue: null, referenceValueId: null },
    options: ['radio', 'checkbox', 'dropdown'].includes(subtype)
      ? [
          { id: `${id}-a`, text: 'Alpha' },
          { id: `${id}-b`, text: 'Beta' },
        ]
      : [],
    minValue: null,
    maxValue: null,
    stepValue: null,
    minLength: null,
    maxLength: null,
    required: false,
    ...overrides,
  };
}

function section(id: string, parentId: string, children: SectionElement['children'], overrides: Partial<SectionElement> = {}): SectionElement {
  return { type: 'section', id, parentId, title: `Section ${id}`, description: '', collapsible: false, collapsed: false, children, ...overrides };
}

const page = (id: string, title: string, children: PageChild[]) => ({ type: 'page' as const, id, title, children });

const threePages: FormDocument = [
  page('p1', 'About you', [
    { type: 'presentation', subtype: 'heading', id: 'h1', parentId: 'p1', content: '<h2>Welcome</h2>' },
    input('textInput', 'full_name', 'p1', { label: 'Full name', required: true, helpText: 'As on your ID' }),
  ]),
  page('p2', 'Contact', [input('email', 'email', 'p2', { label: 'Email' })]),
  page('p3', 'Your matter', [input('textarea', 'details', 'p3', { label: 'Details' })]),
];

function renderForm(props: Partial<FormRendererProps> = {}) {
  const user = userEvent.setup();
  const result = render(
    <FormRenderer document={threePages} logic={emptyConditionalLogic()} style={defaultFormStyle()} {...props} />,
  );
  return { user, ...result };
}

describe('FormRenderer', () => {
  it('moves through pages with Next and Back and shows progress', async () => {
    const { user } = renderForm();
    expect(screen.getByText('Page 1 of 3')).toBeInTheDocument();
    expect(screen.getByRole('heading', { level: 2, name: 'About you' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Back' })).not.toBeInTheDocument();

    await user.type(screen.getByRole('textbox', { name: 'Full name' }), 'Ann');
    await user.click(screen.getByRole('button', { name: 'Next' }));
    expect(screen.getByText('Page 2 of 3')).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Contact' })).toHaveFocus();

    await user.click(screen.getByRole('button', { name: 'Next' }));
    expect(screen.getByText('Page 3 of 3')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Next' })).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Submit' })).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Back' }));
    await user.click(screen.getByRole('button', { name: 'Back' }));
    expect(screen.getByText('Page 1 of 3')).toBeInTheDocument();
    // Answers survive navigation.
    expect(screen.getByRole('textbox', { name: 'Full name' })).toHaveValue('Ann');
  });

  it('shows the error under the field, marks it invalid and moves focus to it', async () => {
    const { user } = renderForm();
    await user.click(screen.getByRole('button', { name: 'Next' }));
    const name = screen.getByRole('textbox', { name: 'Full name' });
    expect(screen.getByText('Page 1 of 3')).toBeInTheDocument();
    expect(name).toHaveAttribute('aria-invalid', 'true');
    expect(name).toHaveFocus();
    expect(name).toHaveAccessibleDescription('As on your ID This field is required');
    await user.type(name, 'A');
    expect(name).not.toHaveAttribute('aria-invalid');
    expect(screen.queryByText('This field is required')).not.toBeInTheDocument();
  });

  it('treats whitespace-only text as no answer', async () => {
    const { user } = renderForm();
    await user.type(screen.getByRole('textbox', { name: 'Full name' }), '   ');
    await user.click(screen.getByRole('button', { name: 'Next' }));
    expect(screen.getByText('This field is required')).toBeInTheDocument();
  });

  it('shows several errors on separate lines and focuses the first invalid field', async () => {
    const doc: FormDocument = [
      page('p1', 'One', [
        input('textInput', 'a', 'p1', { label: 'First' }),
        input('email', 'b', 'p1', { label: 'Work email', minLength: 12 }),
        input('phoneNumber', 'c', 'p1', { label: 'Phone', required: true }),
      ]),
    ];
    const { user } = renderForm({ document: doc });
    await user.type(screen.getByRole('textbox', { name: 'Work email' }), 'bad');
    await user.click(screen.getByRole('button', { name: 'Submit' }));
    const email = screen.getByRole('textbox', { name: 'Work email' });
    expect(email).toHaveFocus();
    const errorBox = document.getElementById(email.getAttribute('aria-describedby')!)!;
    const lines = errorBox.querySelectorAll('.fr-error-line');
    expect([...lines].map((line) => line.textContent)).toEqual(['Enter a valid email address', 'Enter at least 12 characters']);
    expect(screen.getByRole('textbox', { name: 'Phone' })).toHaveAttribute('aria-invalid', 'true');
  });

  it('does not require inputs that hiddenIds hides, and skips hidden pages', async () => {
    const onSubmit = vi.fn();
    const hiddenIds = (answers: Record<string, unknown>) => (answers.skip === 'skip-a' ? new Set(['needed', 'p2']) : new Set<string>());
    const doc: FormDocument = [
      page('p1', 'One', [
        input('radio', 'skip', 'p1', { label: 'Skip the rest?', options: [{ id: 'skip-a', text: 'Yes' }, { id: 'skip-b', text: 'No' }] }),
        input('textInput', 'needed', 'p1', { label: 'Needed', required: true }),
      ]),
      page('p2', 'Two', [input('textInput', 'later', 'p2', { label: 'Later', required: true })]),
      page('p3', 'Three', []),
    ];
    const { user } = renderForm({ document: doc, hiddenIds, onSubmit });
    expect(screen.getByText('Page 1 of 3')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Next' }));
    expect(screen.getByText('This field is required')).toBeInTheDocument();

    await user.click(screen.getByRole('radio', { name: 'Yes' }));
    expect(screen.queryByRole('textbox', { name: 'Needed' })).not.toBeInTheDocument();
    expect(screen.getByText('Page 1 of 2')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Next' }));
    expect(screen.getByRole('heading', { name: 'Three' })).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Submit' }));
    expect(onSubmit).toHaveBeenCalledWith({ skip: 'skip-a' });
  });

  it('submits the trimmed answers and shows the submit message', async () => {
    const onSubmit = vi.fn();
    const { user } = renderForm({ onSubmit, submitMessage: 'Thanks, we will call you.' });
    await user.type(screen.getByRole('textbox', { name: 'Full name' }), '  Ann Lee  ');
    await user.click(screen.getByRole('button', { name: 'Next' }));
    await user.type(screen.getByRole('textbox', { name: 'Email' }), 'ann@example.com');
    await user.click(screen.getByRole('button', { name: 'Next' }));
    await user.click(screen.getByRole('button', { name: 'Submit' }));
    expect(onSubmit).toHaveBeenCalledWith({ full_name: 'Ann Lee', email: 'ann@example.com' });
    const message = screen.getByRole('status');
    expect(message).toHaveTextContent('Thanks, we will call you.');
    expect(message).toHaveFocus();
    expect(screen.queryByRole('button', { name: 'Submit' })).not.toBeInTheDocument();
  });

  it('thanks the respondent under the form title with a clear confirmation and the custom message', async () => {
    const doc: FormDocument = [page('p1', 'Only', [])];
    const { user } = renderForm({ document: doc, title: 'Accident intake', submitMessage: 'A lawyer will call you within one business day.' });
    await user.click(screen.getByRole('button', { name: 'Submit' }));
    expect(screen.getByRole('heading', { level: 1, name: 'Accident intake' })).toBeInTheDocument();
    const thanks = screen.getByRole('status');
    expect(within(thanks).getByRole('heading', { level: 2, name: SUBMITTED_TITLE })).toBeInTheDocument();
    expect(thanks).toHaveTextContent('A lawyer will call you within one business day.');
    expect(thanks).toHaveFocus();
  });

  it('shows a default message when there is no custom one', async () => {
    const doc: FormDocument = [page('p1', 'Only', [])];
    const { user } = renderForm({ document: doc, submitMessage: '' });
    await user.click(screen.getByRole('button', { name: 'Submit' }));
    expect(screen.getByRole('status')).toHaveTextContent(DEFAULT_SUBMIT_MESSAGE);
  });

  it('keeps the form open when sending fails', async () => {
    const doc: FormDocument = [page('p1', 'Only', [])];
    const { user } = renderForm({ document: doc, onSubmit: () => Promise.reject(new Error('offline')) });
    await user.click(screen.getByRole('button', { name: 'Submit' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(SUBMIT_FAILED_MESSAGE);
    expect(screen.getByRole('button', { name: 'Submit' })).toBeEnabled();
  });

  it('goes back to the page of an error found on submit', async () => {
    const doc: FormDocument = [
      page('p1', 'One', [input('textInput', 'x', 'p1', { label: 'X' })]),
      page('p2', 'Two', [input('textInput', 'y', 'p2', { label: 'Y' })]),
    ];
    // 'x' becomes required only once 'y' is answered: Next passed page one, Submit must bring it back.
    const hiddenIds = (answers: Record<string, unknown>) => new Set<string>(answers.y ? [] : ['x-required']);
    const { user, rerender } = renderForm({ document: doc, hiddenIds });
    await user.click(screen.getByRole('button', { name: 'Next' }));
    await user.type(screen.getByRole('textbox', { name: 'Y' }), 'y');
    const required: FormDocument = [page('p1', 'One', [input('textInput', 'x', 'p1', { label: 'X', required: true })]), doc[1]];
    rerender(<FormRenderer document={required} logic={emptyConditionalLogic()} style={defaultFormStyle()} hiddenIds={hiddenIds} />);
    await user.click(screen.getByRole('button', { name: 'Submit' }));
    expect(screen.getByRole('heading', { name: 'One' })).toBeInTheDocument();
    expect(screen.getByRole('textbox', { name: 'X' })).toHaveFocus();
  });

  it('renders every input subtype accessibly', async () => {
    const doc: FormDocument = [
      page('p1', 'All', [
        input('textInput', 'short', 'p1', { label: 'Short', placeholder: 'Type here', maxLength: 20 }),
        input('textarea', 'long', 'p1', { label: 'Long' }),
        input('radio', 'choice', 'p1', { label: 'Pick one', required: true }),
        input('checkbox', 'many', 'p1', { label: 'Pick some', helpText: 'Any number' }),
        input('dropdown', 'drop', 'p1', { label: 'Drop' }),
        input('integer', 'count', 'p1', { label: 'Count', maxValue: 10, stepValue: 2 }),
        input('phoneNumber', 'phone', 'p1', { label: 'Phone' }),
        input('email', 'mail', 'p1', { label: 'Mail' }),
      ]),
    ];
    const { user } = renderForm({ document: doc });
    expect(screen.getByRole('textbox', { name: 'Short' })).toHaveAttribute('placeholder', 'Type here');
    expect(screen.getByRole('textbox', { name: 'Short' })).toHaveAttribute('maxlength', '20');
    expect(screen.getByRole('textbox', { name: 'Long' })).toHaveAttribute('rows', '4');
    const radios = screen.getByRole('group', { name: 'Pick one (required)' });
    expect(within(radios).getAllByRole('radio')).toHaveLength(2);
    expect(within(radios).getByRole('radio', { name: 'Alpha' })).toBeRequired();
    const checks = screen.getByRole('group', { name: 'Pick some' });
    expect(checks).toHaveAccessibleDescription('Any number');
    const drop = screen.getByRole('combobox', { name: 'Drop' });
    expect(within(drop).getAllByRole('option').map((o) => o.textContent)).toEqual(['Select an Option', 'Alpha', 'Beta']);
    const count = screen.getByRole('spinbutton', { name: 'Count' });
    expect(count).toHaveAttribute('min', '0');
    expect(count).toHaveAttribute('max', '10');
    expect(count).toHaveAttribute('step', '2');
    expect(screen.getByRole('textbox', { name: 'Phone' })).toHaveAttribute('type', 'tel');
    expect(screen.getByRole('textbox', { name: 'Mail' })).toHaveAttribute('type', 'email');

    await user.click(within(checks).getByRole('checkbox', { name: 'Beta' }));
    await user.click(within(checks).getByRole('checkbox', { name: 'Alpha' }));
    await user.selectOptions(drop, 'Beta');
    await user.type(count, '3');
    await user.click(screen.getByRole('button', { name: 'Submit' }));
    expect(within(radios).getByRole('radio', { name: 'Alpha' })).toHaveFocus();
    expect(screen.getByText('Enter a multiple of 2')).toBeInTheDocument();
    expect(count).toHaveAttribute('aria-invalid', 'true');
  });

  it('uses the custom dropdown placeholder when there is one', () => {
    const doc: FormDocument = [page('p1', 'P', [input('dropdown', 'd', 'p1', { label: 'D', placeholder: 'Choose a state' })])];
    renderForm({ document: doc });
    expect(screen.getByRole('option', { name: 'Choose a state' })).toBeInTheDocument();
  });

  it('refuses a decimal in an integer field', async () => {
    const doc: FormDocument = [page('p1', 'P', [input('integer', 'n', 'p1', { label: 'Number' })])];
    const { user } = renderForm({ document: doc });
    await user.type(screen.getByRole('spinbutton', { name: 'Number' }), '1.5');
    await user.click(screen.getByRole('button', { name: 'Submit' }));
    expect(screen.getByText('Enter a whole number')).toBeInTheDocument();
  });

  it('sanitises rich text before rendering it', () => {
    const doc: FormDocument = [
      page('p1', 'P', [
        { type: 'presentation', subtype: 'paragraph', id: 'x', parentId: 'p1', content: '<p onclick="evil()">Hi<script>window.hacked = 1</script><img src=x onerror="evil()"><a href="javascript:evil()">link</a></p>' },
        section('s1', 'p1', [], { description: '<p style="color:red">About <strong>this</strong></p><iframe src="https://evil.test"></iframe>' }),
      ]),
    ];
    const { container } = renderForm({ document: doc });
    const html = container.innerHTML;
    expect(html).not.toMatch(/<script|hacked|onclick|onerror|<img|javascript:|iframe|style="color/);
    expect(container.querySelector('.fr-presentation')).toHaveTextContent('Hilink');
    expect(screen.getByText('this')).toBeInTheDocument();
  });

  it('collapses and expands collapsible sections, and opens one holding an error', async () => {
    const doc: FormDocument = [
      page('p1', 'P', [
        section('s1', 'p1', [input('textInput', 'inside', 's1', { label: 'Inside', required: true })], { title: 'More', collapsible: true, collapsed: true }),
      ]),
    ];
    const { user } = renderForm({ document: doc });
    const toggle = screen.getByRole('button', { name: 'More' });
    expect(toggle).toHaveAttribute('aria-expanded', 'false');
    expect(screen.queryByRole('textbox', { name: 'Inside' })).not.toBeInTheDocument();
    await user.click(toggle);
    expect(toggle).toHaveAttribute('aria-expanded', 'true');
    expect(screen.getByRole('textbox', { name: 'Inside' })).toBeVisible();
    await user.click(toggle);
    await user.click(screen.getByRole('button', { name: 'Submit' }));
    expect(toggle).toHaveAttribute('aria-expanded', 'true');
    expect(screen.getByRole('textbox', { name: 'Inside' })).toHaveFocus();
  });

  it('does not show the builder\'s default titles (Page N, Section) to respondents', async () => {
    const doc: FormDocument = [
      page('p1', 'Page 1', [
        section('s1', 'p1', [input('textInput', 'a', 's1', { label: 'A' })], { title: 'Section' }),
        section('s2', 'p1', [input('textInput', 'b', 's2', { label: 'B' })], { title: '  ', collapsible: true, collapsed: true }),
        section('s3', 'p1', [input('textInput', 'c', 's3', { label: 'C' })], { title: 'Your accident' }),
      ]),
      page('p2', 'Page 2: Contact', []),
    ];
    const { user } = renderForm({ document: doc, title: 'Intake' });
    expect(screen.queryByText('Page 1')).not.toBeInTheDocument();
    expect(screen.queryByText('Section')).not.toBeInTheDocument();
    // The untitled step is named by its progress line; a section the firm named keeps its heading.
    expect(screen.getByRole('heading', { level: 2, name: 'Page 1 of 2' })).toBeInTheDocument();
    expect(screen.getByRole('heading', { level: 3, name: 'Your accident' })).toBeInTheDocument();
    expect(screen.getAllByRole('heading', { level: 3 })).toHaveLength(2);
    // A collapsible untitled section still has words on its toggle.
    expect(screen.getByRole('button', { name: 'Details' })).toHaveAttribute('aria-expanded', 'false');
    await user.click(screen.getByRole('button', { name: 'Next' }));
    // A title the firm wrote is shown, even when it starts like a default one.
    expect(screen.getByRole('heading', { level: 2, name: 'Page 2: Contact' })).toHaveFocus();
    await user.click(screen.getByRole('button', { name: 'Back' }));
    expect(screen.getByRole('heading', { level: 2, name: 'Page 1 of 2' })).toHaveFocus();
  });

  it('shows no page heading on a one-page form whose page is untitled', () => {
    renderForm({ document: [page('p1', 'Page 1', [input('textInput', 'a', 'p1', { label: 'A' })])], title: 'Intake' });
    expect(screen.getAllByRole('heading').map((heading) => heading.textContent)).toEqual(['Intake']);
    expect(screen.queryByText(/Page 1/)).not.toBeInTheDocument();
  });

  it('styles the buttons from the form style', () => {
    const style = defaultFormStyle();
    style.button = { ...style.button, submitTextContent: 'Send it', bodyColor: '#ff0000', textColor: '#00ff00', bodyHoverColor: '#0000ff', textHoverColor: '#111111', textSize: '20px', cornerRadius: '1rem' };
    const doc: FormDocument = [page('p1', 'P', [])];
    const { container } = renderForm({ document: doc, style });
    expect(screen.getByRole('button', { name: 'Send it' })).toHaveClass('fr-button-primary');
    const root = container.querySelector('.fr-form') as HTMLElement;
    expect(root.style.getPropertyValue('--fr-button-bg')).toBe('#ff0000');
    expect(root.style.getPropertyValue('--fr-button-text')).toBe('#00ff00');
    expect(root.style.getPropertyValue('--fr-button-bg-hover')).toBe('#0000ff');
    expect(root.style.getPropertyValue('--fr-button-text-hover')).toBe('#111111');
    expect(root.style.getPropertyValue('--fr-button-font-size')).toBe('20px');
    expect(root.style.getPropertyValue('--fr-button-radius')).toBe('1rem');
  });

  it('works with the keyboard alone: Tab to fields, Space to tick, Enter to go on', async () => {
    const doc: FormDocument = [
      page('p1', 'One', [input('textInput', 'name', 'p1', { label: 'Name', required: true }), input('checkbox', 'agree', 'p1', { label: 'Agree' })]),
      page('p2', 'Two', []),
    ];
    const onSubmit = vi.fn();
    const { user } = renderForm({ document: doc, onSubmit });
    await user.tab();
    expect(screen.getByRole('textbox', { name: 'Name' })).toHaveFocus();
    await user.keyboard('{Enter}');
    expect(screen.getByText('This field is required')).toBeInTheDocument();
    await user.keyboard('Zoe');
    await user.tab();
    await user.keyboard(' ');
    expect(screen.getByRole('checkbox', { name: 'Alpha' })).toBeChecked();
    await user.click(screen.getByRole('textbox', { name: 'Name' }));
    await user.keyboard('{Enter}');
    expect(screen.getByRole('heading', { name: 'Two' })).toHaveFocus();
    await user.tab();
    await user.tab();
    expect(screen.getByRole('button', { name: 'Submit' })).toHaveFocus();
    await user.keyboard('{Enter}');
    expect(onSubmit).toHaveBeenCalledWith({ name: 'Zoe', agree: ['agree-a'] });
  });

  it('starts from initial answers and input defaults', () => {
    const doc: FormDocument = [
      page('p1', 'P', [
        input('textInput', 'a', 'p1', { label: 'A', default: { staticValue: 'from default', referenceValueId: null } }),
        input('textInput', 'b', 'p1', { label: 'B' }),
      ]),
    ];
    renderForm({ document: doc, initialAnswers: { b: 'prefilled' } });
    expect(screen.getByRole('textbox', { name: 'A' })).toHaveValue('from default');
    expect(screen.getByRole('textbox', { name: 'B' })).toHaveValue('prefilled');
  });
});
