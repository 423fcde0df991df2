import { expect, test, type Page } from '@playwright/test';
import { accidentForm } from './form-fixtures';
import { acmeId, api, lawyer, signIn } from './helpers';

const element = (page: Page, name: string) => page.getByRole('group', { name, exact: true });
const palette = (page: Page) => page.locator('.builder-palette');

/** A form made through the API, opened in the builder of `page` (signed in). */
async function openNewForm(page: Page, name: string): Promise<string> {
  const created = await api(page, 'POST', `/api/${acmeId()}/form-templates/`, accidentForm(name).body);
  await page.goto(`/${acmeId()}/build/${created.id}`);
  await expect(element(page, 'Email: Email')).toBeVisible();
  return created.id as string;
}

test('undo and redo in the builder: every kind of change, the keys and the buttons, and fields keep their own undo', async ({ page }) => {
  test.setTimeout(120_000);
  await page.setViewportSize({ width: 1366, height: 768 });
  await signIn(page, lawyer(), '/');
  await expect(page).toHaveURL(new RegExp(`/${acmeId()}$`));
  const formId = await openNewForm(page, 'Undo journey');
  const undo = page.getByRole('button', { name: 'Undo' });
  const redo = page.getByRole('button', { name: 'Redo' });
  const unsaved = page.getByText('Unsaved changes');
  await expect(undo).toHaveAttribute('aria-disabled', 'true');
  await expect(redo).toHaveAttribute('aria-disabled', 'true');
  // At 1366 px the four property tabs sit in one row.
  const tabTops = await page.getByRole('tab').evaluateAll((tabs) => new Set(tabs.map((tab) => Math.round(tab.getBoundingClientRect().top))).size);
  expect(tabTops).toBe(1);

  // Add a Short Answer after Email, and name it by typing into its Label.
  await element(page, 'Email: Email').click();
  await palette(page).getByRole('button', { name: 'Short Answer', exact: true }).click();
  await expect(element(page, 'Short Answer: Short Answer')).toBeVisible();
  const label = page.getByLabel('Label', { exact: true });
  await label.click();
  await page.keyboard.press('ControlOrMeta+A');
  await label.pressSequentially('Case number', { delay: 30 });
  await expect(element(page, 'Short Answer: Case number')).toBeVisible();
  await expect(undo).not.toHaveAttribute('aria-disabled');

  // In the Label box, holding typing of its own, Ctrl+Z is the browser's undo of that typing (in its steps), and the
  // canvas follows…
  await page.keyboard.press('Control+Z');
  await expect(label).not.toHaveValue('Case number');
  for (let presses = 1; (await label.inputValue()) !== 'Short Answer'; presses += 1) {
    expect(presses).toBeLessThan(20);
    await expect(element(page, `Short Answer: ${await label.inputValue()}`)).toBeVisible();
    await page.keyboard.press('Control+Z');
  }
  await expect(element(page, 'Short Answer: Short Answer')).toBeVisible();
  // …and once the box has nothing of its own left, the form's: the addition goes, Email is selected again.
  await page.keyboard.press('Control+Z');
  await expect(element(page, 'Short Answer: Short Answer')).toHaveCount(0);
  await expect(element(page, 'Email: Email')).toHaveAttribute('aria-current', 'true');
  await expect(page.getByRole('status').filter({ hasText: 'Undone: added Short Answer: Short Answer.' })).toHaveCount(1);
  // Back to the saved form: nothing unsaved.
  await expect(unsaved).toHaveCount(0);
  await page.keyboard.press('Control+Shift+Z');
  await expect(element(page, 'Short Answer: Short Answer')).toBeVisible();
  await expect(unsaved).toBeVisible();

  // Remove Full name (after its confirmation); Ctrl+Z brings it back, selected.
  const fullName = element(page, 'Short Answer: Full name');
  await fullName.click();
  await fullName.getByRole('button', { name: 'Remove' }).click();
  await page.getByRole('button', { name: 'Yes', exact: true }).click();
  await expect(fullName).toHaveCount(0);
  await page.keyboard.press('Control+Z');
  await expect(fullName).toHaveAttribute('aria-current', 'true');
  await page.keyboard.press('Control+Y');
  await expect(fullName).toHaveCount(0);
  await page.keyboard.press('Control+Z');
  await expect(fullName).toBeVisible();

  // The button style: the Undo button takes it back and shows the Button style tab.
  await page.getByRole('tab', { name: 'Button style' }).click();
  const buttonText = page.getByLabel('Button text', { exact: true });
  await buttonText.fill('Send it');
  await page.getByRole('tab', { name: 'Element' }).click();
  await undo.click();
  await expect(page.getByRole('tab', { name: 'Button style' })).toHaveAttribute('aria-selected', 'true');
  await expect(buttonText).toHaveValue('Send to the firm');
  await redo.click();
  await expect(buttonText).toHaveValue('Send it');

  // A paragraph's rich text: ProseMirror undoes its own typing first, then the form's undo goes on.
  await element(page, 'Email: Email').click();
  await palette(page).getByRole('button', { name: 'Paragraph', exact: true }).click();
  const content = page.getByRole('textbox', { name: 'Content' });
  await expect(element(page, 'Paragraph: Paragraph')).toBeVisible();
  // Select the default text before typing over it. The builder moves the focus to the new element once it has scrolled
  // it into view, which on a loaded machine can come after the click into the editor: click and select again until
  // the editor holds the focus with its text selected, so the typing replaces 'Paragraph' instead of adding to it.
  await expect(async () => {
    await content.click();
    await page.keyboard.press('ControlOrMeta+A');
    expect(await page.evaluate(() => window.getSelection()?.toString())).toBe('Paragraph');
    await expect(content).toBeFocused({ timeout: 200 });
  }).toPass({ timeout: 10_000 });
  await content.pressSequentially('Bring your documents', { delay: 30 });
  await expect(element(page, 'Paragraph: Bring your documents')).toBeVisible();
  await page.keyboard.press('Control+Z');
  await expect(element(page, 'Paragraph: Paragraph')).toBeVisible();
  await page.keyboard.press('Control+Z');
  await expect(element(page, 'Paragraph: Paragraph')).toHaveCount(0);
  await page.keyboard.press('Control+Shift+Z');
  await expect(element(page, 'Paragraph: Paragraph')).toBeVisible();

  // Save: what is saved is what the undo and redo left.
  await page.getByRole('button', { name: 'Save', exact: true }).click();
  await expect(page.getByText('Form updated successfully')).toBeVisible();
  await expect(unsaved).toHaveCount(0);
  const saved = await api(page, 'GET', `/api/${acmeId()}/form-templates/${formId}/`);
  const labels = saved.jsonForm[0].children.map((child: { label?: string; type: string }) => child.label ?? child.type);
  expect(labels).toEqual(['Full name', 'Were you injured', 'Injury details', 'Email', 'presentation', 'Short Answer']);
  expect(saved.jsonFormStyle.button.submitTextContent).toBe('Send it');
  // Undo still reaches past the save, and shows that as a change from what is saved.
  await undo.click();
  await expect(unsaved).toBeVisible();
});

test('an edit conflict between two people: a notice that stays, "Overwrite with mine" and "Reload theirs"', async ({ page, browser }) => {
  test.setTimeout(120_000);
  await signIn(page, lawyer(), '/');
  await expect(page).toHaveURL(new RegExp(`/${acmeId()}$`));
  const formId = await openNewForm(page, 'Conflict journey');
  const buildUrl = page.url();

  // A colleague opens the same form in their own browser.
  const colleagueContext = await browser.newContext();
  const colleague = await colleagueContext.newPage();
  await signIn(colleague, lawyer(), buildUrl);
  await expect(element(colleague, 'Email: Email')).toBeVisible();

  // I rename Full name and save first.
  await element(page, 'Short Answer: Full name').click();
  await page.getByLabel('Label', { exact: true }).fill('Client name');
  await page.getByRole('button', { name: 'Save', exact: true }).click();
  await expect(page.getByText('Form updated successfully')).toBeVisible();

  // The colleague, still on the version they opened, edits Email and saves: refused, and told why, for good.
  await element(colleague, 'Email: Email').click();
  await colleague.getByLabel('Label', { exact: true }).fill('Email address');
  await colleague.getByRole('button', { name: 'Save', exact: true }).click();
  const notice = colleague.getByRole('alert').filter({ hasText: 'Someone else saved this form while you were editing it' });
  await expect(notice).toBeVisible();
  await colleague.waitForTimeout(6000); // longer than a toast stays
  await expect(notice).toBeVisible();
  await expect(colleague.getByText('Unsaved changes')).toBeVisible();
  await expect(colleague.getByLabel('Label', { exact: true })).toHaveValue('Email address');
  // Save again: still refused, the notice still there, nothing lost.
  await colleague.getByRole('button', { name: 'Save', exact: true }).click();
  await expect(notice).toBeVisible();
  await expect(colleague.getByLabel('Label', { exact: true })).toHaveValue('Email address');

  // "Overwrite with mine", confirmed: their (my) version is replaced by the colleague's.
  await notice.getByRole('button', { name: 'Overwrite with mine' }).click();
  await colleague.getByRole('button', { name: 'Yes, overwrite' }).click();
  await expect(colleague.getByText('Form updated successfully')).toBeVisible();
  await expect(notice).toHaveCount(0);
  let saved = await api(colleague, 'GET', `/api/${acmeId()}/form-templates/${formId}/`);
  expect(saved.jsonForm[0].children.map((child: { label: string }) => child.label)).toEqual(['Full name', 'Were you injured', 'Injury details', 'Email address']);

  // Now my next save conflicts; I take theirs ("Reload theirs", confirmed), and Undo gives me mine back.
  await element(page, 'Short Answer: Client name').click();
  await page.getByLabel('Help text', { exact: true }).fill('As on your ID');
  await page.getByRole('button', { name: 'Save', exact: true }).click();
  const myNotice = page.getByRole('alert').filter({ hasText: 'Someone else saved this form while you were editing it' });
  await expect(myNotice).toBeVisible();
  await myNotice.getByRole('button', { name: 'Reload theirs' }).click();
  await page.getByRole('button', { name: 'Yes, reload theirs' }).click();
  await expect(element(page, 'Email: Email address')).toBeVisible();
  await expect(element(page, 'Short Answer: Full name')).toBeVisible();
  await expect(myNotice).toHaveCount(0);
  await expect(page.getByText('Unsaved changes')).toHaveCount(0);
  await page.getByRole('button', { name: 'Undo' }).click();
  await expect(element(page, 'Short Answer: Client name')).toBeVisible();
  await expect(page.getByText('Unsaved changes')).toBeVisible();
  // Nothing was saved over the colleague's version meanwhile.
  saved = await api(page, 'GET', `/api/${acmeId()}/form-templates/${formId}/`);
  expect(saved.jsonForm[0].children[3].label).toBe('Email address');
  await colleagueContext.close();
});
