import { expect, test, type Page } from '@playwright/test';
import { expectAccessible } from './accessibility';
import { acmeId, lawyer, signIn } from './helpers';

/**
 * Issue 13, defects 2 and 3: a form respondents could not use is refused with a message on each element (the
 * canvas, its properties, the summary above the canvas, the toast), in words a person can act on; once fixed, it saves.
 */
const element = (page: Page, name: string) => page.getByRole('group', { name, exact: true });
const properties = (page: Page) => page.getByRole('region', { name: 'Properties' });
const summary = (page: Page) => page.getByRole('region', { name: /^Not saved/ });

const LABEL_REQUIRED = 'Type a label. Without one, respondents see a box with no question.';
const OPTION_BLANK = 'Option 1 is blank. Type its text or delete it.';
const OPTION_REPEATED = 'Options 2 and 3 both read “Divorce”. Respondents could not tell them apart: rename or delete one.';
const PAGE_EMPTY = 'This page has nothing for respondents to read or answer. Add an element to it, or delete the page.';

test('a broken form is refused with a message on each element, then fixed and saved', async ({ page }) => {
  // With axe-core at two of its screens.
  test.setTimeout(90_000);
  await signIn(page, lawyer(), '/');
  await expect(page).toHaveURL(new RegExp(`/${acmeId()}$`));
  await page.getByRole('button', { name: 'New form' }).first().click();
  await page.getByRole('dialog').getByLabel('Name').fill('Divorce intake');
  await page.getByRole('dialog').getByRole('button', { name: 'Create form' }).click();
  await expect(element(page, 'Page: Page 1')).toBeVisible();

  // Build it broken, as issue 13 found forms: an unlabelled box, options "", "Divorce", "Divorce", an empty page.
  const palette = page.getByRole('region', { name: 'Add elements' });
  await palette.getByRole('button', { name: 'Short Answer', exact: true }).click();
  await properties(page).getByLabel('Label', { exact: true }).fill('');
  await expect(element(page, 'Short Answer')).toBeVisible();
  await palette.getByRole('button', { name: 'Dropdown', exact: true }).click();
  await properties(page).getByLabel('Label', { exact: true }).fill('Matter type');
  await properties(page).getByRole('textbox', { name: 'Option 1' }).fill('');
  await properties(page).getByRole('textbox', { name: 'Option 2' }).fill('Divorce');
  await properties(page).getByRole('button', { name: 'Add option' }).click();
  await properties(page).getByRole('textbox', { name: 'Option 3' }).fill('Divorce');
  await palette.getByRole('button', { name: 'Page', exact: true }).click();
  await expect(element(page, 'Page: Page 2')).toBeVisible();

  await page.getByRole('button', { name: 'Save', exact: true }).click();
  await expect(
    page.getByText(
      `Unable to update form. The unlabelled Short Answer on page 1: ${LABEL_REQUIRED} And 3 more problems, listed above the form.`,
    ),
  ).toBeVisible();
  await expect(summary(page).getByRole('listitem')).toHaveText([
    `The unlabelled Short Answer on page 1: ${LABEL_REQUIRED}`,
    `“Matter type”: ${OPTION_BLANK}`,
    `“Matter type”: ${OPTION_REPEATED}`,
    `Page 2: ${PAGE_EMPTY}`,
  ]);
  // Still unsaved: nothing was sent.
  await expect(page.getByText('Unsaved changes')).toBeVisible();
  await expectAccessible(page, 'builder, save refused (summary, marked elements and field)');

  // On the canvas, each element carries its own messages.
  await expect(element(page, 'Short Answer')).toHaveAccessibleDescription(LABEL_REQUIRED);
  await expect(element(page, 'Dropdown: Matter type').getByText(OPTION_REPEATED)).toBeVisible();
  await expect(element(page, 'Page: Page 2').getByText(PAGE_EMPTY)).toBeVisible();

  // The first is selected: its Label field says what to do. Typing a label clears it everywhere.
  const label = properties(page).getByLabel('Label', { exact: true });
  await expect(label).toHaveAttribute('aria-invalid', 'true');
  await expect(label).toHaveAccessibleDescription(LABEL_REQUIRED);
  await label.fill('Full name');
  await expect(label).not.toHaveAttribute('aria-invalid');
  await expect(element(page, 'Short Answer: Full name').getByText(LABEL_REQUIRED)).toHaveCount(0);
  await expect(summary(page).getByRole('listitem')).toHaveCount(3);

  // The summary leads to the dropdown; its options carry their own messages.
  await summary(page).getByRole('button', { name: '“Matter type”' }).first().click();
  const option1 = properties(page).getByRole('textbox', { name: 'Option 1' });
  const option3 = properties(page).getByRole('textbox', { name: 'Option 3' });
  await expect(option1).toHaveAccessibleDescription(OPTION_BLANK);
  await expect(option1).toBeFocused();
  await expect(option3).toHaveAccessibleDescription(OPTION_REPEATED);
  await expectAccessible(page, 'builder, save refused (options marked)');
  await option1.fill('Separation');
  await option3.fill('Custody');
  await expect(properties(page).getByText(OPTION_REPEATED)).toHaveCount(0);

  // The empty page goes.
  await element(page, 'Page: Page 2').click();
  await expect(properties(page).getByRole('alert')).toHaveText(PAGE_EMPTY);
  await element(page, 'Page: Page 2').getByRole('button', { name: 'Remove' }).click();
  await page.getByRole('button', { name: 'Yes', exact: true }).click();
  await expect(summary(page)).toHaveCount(0);

  await page.getByRole('button', { name: 'Save', exact: true }).click();
  await expect(page.getByText('Form updated successfully')).toBeVisible();
  await expect(page.getByText('Unsaved changes')).toHaveCount(0);
  await page.reload();
  await expect(element(page, 'Dropdown: Matter type')).toBeVisible();
  await expect(element(page, 'Short Answer: Full name')).toBeVisible();

  // An invalid button style names the field, on the Button style tab.
  await page.getByRole('tab', { name: 'Button style' }).click();
  const background = page.getByRole('textbox', { name: 'Background colour' });
  await background.fill('dark blue');
  await page.getByRole('tab', { name: 'Element' }).click();
  await page.getByRole('button', { name: 'Save', exact: true }).click();
  const styleProblem = 'Button style: The background colour must be a hex colour such as #111928.';
  await expect(page.getByText(`Unable to update form. ${styleProblem}`)).toBeVisible();
  await expect(page.getByRole('tab', { name: 'Button style' })).toHaveAttribute('aria-selected', 'true');
  await expect(summary(page).getByRole('listitem')).toHaveText([styleProblem]);
  await background.fill('#1F3A8A');
  await expect(summary(page)).toHaveCount(0);
  await page.getByRole('button', { name: 'Save', exact: true }).click();
  await expect(page.getByText('Form updated successfully')).toBeVisible();
});
