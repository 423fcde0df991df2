/**
 * A refused save as the user sees it: each problem beside its field in the properties pane, on its canvas element and
 * in the summary above the canvas, in the one wording of its rule (the server's too); gone as it is fixed.
 */
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { FormDocument, InputElement, SectionElement } from '../../../../src/domain/form-document';
import { FORM_RULE_MESSAGES } from '../../../../src/domain/form-rule-messages';
import { HttpResponse, http, server, startMswServer } from '../../app/msw-server';
import { TEMPLATE_URL, renderBuilder, sampleDocument, savableDocument, templateJson } from './builder-fixtures';

startMswServer();

/**
 * The sample form, broken as issue 13 found forms: 'Full name' has no label, 'Practice area' offers "", "Divorce",
 * "Divorce", and page 2 ('Details') holds only an empty section.
 */
function brokenDocument(): FormDocument {
  const doc = sampleDocument();
  (doc[0].children[0] as InputElement).label = '';
  ((doc[0].children[1] as SectionElement).children[0] as InputElement).options = [
    { id: 'o1', text: '' },
    { id: 'o2', text: 'Divorce' },
    { id: 'o3', text: 'Divorce' },
  ];
  return doc;
}

/** Serves `jsonForm`; counts the PUTs, which answer with what was sent. */
function serve(jsonForm: FormDocument) {
  const sent: Record<string, unknown>[] = [];
  server.use(
    http.get(TEMPLATE_URL, () => HttpResponse.json(templateJson({ jsonForm }))),
    http.put(TEMPLATE_URL, async ({ request }) => {
      const body = (await request.json()) as Record<string, unknown>;
      sent.push(body);
      return HttpResponse.json(templateJson({ jsonForm: body.jsonForm, updatedAt: '2024-06-01T08:00:00.000Z' }));
    }),
  );
  return sent;
}

/** The builder on the served form, once its canvas shows (the first render of a file loads the page's modules). */
async function openBuilder() {
  const rendered = renderBuilder();
  await screen.findByRole('group', { name: 'Page: About you' }, { timeout: 10_000 });
  return rendered;
}

const summary = () => screen.getByRole('region', { name: /^Not saved/ });
const properties = () => screen.getByRole('region', { name: 'Properties' });

// Whole journeys through the builder: slower than the default 5 s on a busy machine.
describe('a refused save, shown where each problem is', { timeout: 30_000 }, () => {
  it('refuses a broken form before sending, marks the elements and fields, and saves once they are fixed', async () => {
    const sent = serve(brokenDocument());
    const { user } = await openBuilder();
    await user.click(screen.getByRole('button', { name: 'Save' }));

    // The toast keeps spec §8's words and says what is wrong.
    expect(
      await screen.findByText(
        'Unable to update form. The unlabelled Short Answer on page 1: Type a label. Without one, respondents see a box with no question. ' +
          'And 3 more problems, listed above the form.',
      ),
    ).toBeInTheDocument();
    expect(sent).toHaveLength(0);

    // The summary lists every problem: whom it is about, then the rule's sentence.
    expect(within(summary()).getByRole('heading', { name: 'Not saved: fix 4 problems, then save again' })).toBeInTheDocument();
    expect(within(summary()).getAllByRole('listitem').map((item) => item.textContent)).toEqual([
      `The unlabelled Short Answer on page 1: ${FORM_RULE_MESSAGES.labelRequired}`,
      `“Practice area”: ${FORM_RULE_MESSAGES.optionBlank(1)}`,
      `“Practice area”: ${FORM_RULE_MESSAGES.optionRepeated('Divorce', 2, 3)}`,
      `Page 2 “Details”: ${FORM_RULE_MESSAGES.pageEmpty}`,
    ]);

    // Each canvas element is marked with its own problems.
    const fullName = screen.getByRole('group', { name: 'Short Answer' });
    expect(fullName).toHaveClass('has-errors');
    expect(fullName).toHaveAccessibleDescription(FORM_RULE_MESSAGES.labelRequired);
    const practiceArea = screen.getByRole('group', { name: 'Dropdown: Practice area' });
    expect(within(practiceArea).getByText(FORM_RULE_MESSAGES.optionBlank(1))).toBeInTheDocument();
    expect(within(screen.getByRole('group', { name: 'Page: Details' })).getByText(FORM_RULE_MESSAGES.pageEmpty)).toBeInTheDocument();

    // The first is selected, and its properties show the message beside the field.
    expect(fullName).toHaveAttribute('aria-current', 'true');
    const label = within(properties()).getByLabelText('Label');
    expect(label).toHaveAttribute('aria-invalid', 'true');
    expect(label).toHaveAccessibleDescription(FORM_RULE_MESSAGES.labelRequired);

    // Fixing it takes it off the element, the field and the summary at once.
    await user.type(label, 'Full name');
    expect(label).not.toHaveAttribute('aria-invalid');
    expect(screen.getByRole('group', { name: 'Short Answer: Full name' })).not.toHaveClass('has-errors');
    expect(within(summary()).getAllByRole('listitem')).toHaveLength(3);

    // The summary takes you to an element: the options' problems are under the options they are about.
    await user.click(within(summary()).getAllByRole('button', { name: '“Practice area”' })[0]);
    expect(practiceArea).toHaveAttribute('aria-current', 'true');
    const option1 = within(properties()).getByRole('textbox', { name: 'Option 1' });
    const option3 = within(properties()).getByRole('textbox', { name: 'Option 3' });
    expect(option1).toHaveAccessibleDescription(FORM_RULE_MESSAGES.optionBlank(1));
    // The field with the problem gets focus, which brings it into view.
    await waitFor(() => expect(option1).toHaveFocus());
    expect(option3).toHaveAttribute('aria-invalid', 'true');
    expect(option3).toHaveAccessibleDescription(FORM_RULE_MESSAGES.optionRepeated('Divorce', 2, 3));
    expect(within(properties()).getByRole('textbox', { name: 'Option 2' })).not.toHaveAttribute('aria-invalid');
    await user.type(option1, 'Family');
    await user.clear(option3);
    await user.type(option3, 'Injury');
    expect(option3).not.toHaveAttribute('aria-invalid');
    expect(practiceArea).not.toHaveClass('has-errors');

    // The empty page: its properties say so above its fields; deleting it is one way to fix it.
    const details = screen.getByRole('group', { name: 'Page: Details' });
    await user.click(within(summary()).getByRole('button', { name: 'Page 2 “Details”' }));
    expect(within(properties()).getByRole('alert')).toHaveTextContent(FORM_RULE_MESSAGES.pageEmpty);
    await user.click(within(details).getByRole('button', { name: 'Remove' }));
    await user.click(await screen.findByRole('button', { name: 'Yes' }));
    await waitFor(() => expect(screen.queryByRole('region', { name: /^Not saved/ })).not.toBeInTheDocument());

    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Form updated successfully')).toBeInTheDocument();
    expect(sent).toHaveLength(1);
  });

  it('shows a 400 of the server the same way: beside the field, on the element, in the summary and the toast', async () => {
    server.use(
      http.get(TEMPLATE_URL, () => HttpResponse.json(templateJson({ jsonForm: savableDocument() }))),
      http.put(TEMPLATE_URL, () =>
        HttpResponse.json(
          {
            detail: '“Full name”: The data name “full_name” is already used by “Email”. Change one of them.',
            errors: { 'jsonForm.0.children.0.dataName': ['The data name “full_name” is already used by “Email”. Change one of them.'] },
          },
          { status: 400 },
        ),
      ),
    );
    const { user } = await openBuilder();
    await user.click(screen.getByRole('group', { name: 'Short Answer: Full name' }));
    await user.type(within(properties()).getByLabelText('Help text'), 'As on your passport');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    const line = '“Full name”: The data name “full_name” is already used by “Email”. Change one of them.';
    expect(await screen.findByText(`Unable to update form. ${line}`)).toBeInTheDocument();
    expect(within(summary()).getByRole('listitem')).toHaveTextContent(line);
    const element = screen.getByRole('group', { name: 'Short Answer: Full name' });
    expect(element).toHaveClass('has-errors');
    expect(within(properties()).getByLabelText('Data name')).toHaveAccessibleDescription(
      expect.stringContaining('The data name “full_name” is already used by “Email”. Change one of them.'),
    );
  });

  it('names the button style field that is wrong, and opens the button style', async () => {
    const sent = serve(savableDocument());
    const { user } = await openBuilder();
    await user.click(screen.getByRole('tab', { name: 'Button style' }));
    const background = screen.getByRole('textbox', { name: 'Background colour' });
    await user.clear(background);
    await user.type(background, 'red');
    await user.click(screen.getByRole('tab', { name: 'Element' }));
    await user.click(screen.getByRole('button', { name: 'Save' }));

    const line = 'Button style: The background colour must be a hex colour such as #111928.';
    expect(await screen.findByText(`Unable to update form. ${line}`)).toBeInTheDocument();
    expect(sent).toHaveLength(0);
    expect(screen.getByRole('tab', { name: 'Button style' })).toHaveAttribute('aria-selected', 'true');
    expect(screen.getByRole('textbox', { name: 'Background colour' })).toHaveAccessibleDescription(
      expect.stringContaining('The background colour must be a hex colour such as #111928.'),
    );
    expect(within(summary()).getByRole('listitem')).toHaveTextContent(line);
  });
});
