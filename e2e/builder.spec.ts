import { expect, test, type Page } from '@playwright/test';
import { expectAccessible } from './accessibility';
import { acmeId, lawyer, signIn } from './helpers';

const SUBTYPES = ['Short Answer', 'Long Answer', 'Multiple Choice', 'Checkbox', 'Dropdown', 'Integer', 'Phone Number', 'Email'];

/** The canvas elements' accessible names, in document order. */
async function canvasNames(page: Page): Promise<string[]> {
  return page.locator('[data-testid^="canvas-element-"]').evaluateAll((nodes) => nodes.map((node) => node.getAttribute('aria-label') ?? ''));
}

const element = (page: Page, name: string) => page.getByRole('group', { name, exact: true });

test('build a two-page form, reorder with the keyboard, clone, remove, save, reload, archive', async ({ page }) => {
  // A long journey, with axe-core at four of its screens.
  test.setTimeout(120_000);
  await signIn(page, lawyer(), '/');
  await expect(page).toHaveURL(new RegExp(`/${acmeId()}$`));

  // Create the form from the list.
  await page.getByRole('button', { name: 'New form' }).first().click();
  const dialog = page.getByRole('dialog');
  await dialog.getByRole('button', { name: 'Create form' }).click();
  await expect(dialog.getByText('Form name is required')).toBeVisible();
  await expectAccessible(page, 'new form dialog, name missing');
  await dialog.getByLabel('Name').fill('E2E Intake');
  await dialog.getByRole('button', { name: 'Create form' }).click();
  await expect(page).toHaveURL(new RegExp(`/${acmeId()}/build/[0-9a-f-]{36}$`));
  const buildUrl = page.url();
  await expect(element(page, 'Page: Page 1')).toBeVisible();

  // A heading and one input of each subtype on page 1, from the palette.
  const palette = page.getByRole('region', { name: 'Add elements' }).or(page.locator('.builder-palette'));
  await palette.getByRole('button', { name: 'Heading', exact: true }).click();
  for (const subtype of SUBTYPES) await palette.getByRole('button', { name: subtype, exact: true }).click();
  for (const subtype of SUBTYPES) await expect(element(page, `${subtype}: ${subtype}`)).toBeVisible();

  // A second page with a section holding a paragraph (a page with nothing for respondents cannot be saved).
  await palette.getByRole('button', { name: 'Page', exact: true }).click();
  await expect(element(page, 'Page: Page 2')).toBeVisible();
  await element(page, 'Page: Page 2').click();
  await palette.getByRole('button', { name: 'Section', exact: true }).click();
  await palette.getByRole('button', { name: 'Paragraph', exact: true }).click();

  // Rename the first input through the property editor.
  await element(page, 'Short Answer: Short Answer').click();
  await page.getByLabel('Label', { exact: true }).fill('Full name');
  await expect(element(page, 'Short Answer: Full name')).toBeVisible();
  await expect(page.getByLabel('Data name', { exact: true })).toHaveValue('full_name');
  await expectAccessible(page, 'builder, input selected');

  // Reorder with the keyboard: pick up "Full name", move it down one place, drop it.
  const before = await canvasNames(page);
  const from = before.indexOf('Short Answer: Full name');
  expect(before[from + 1]).toBe('Long Answer: Long Answer');
  await page.getByRole('button', { name: 'Drag Short Answer: Full name' }).focus();
  // dnd-kit measures the droppables after pick-up: let a frame or two pass between keys, as a person would.
  await page.keyboard.press('Space');
  await page.waitForTimeout(300);
  await page.keyboard.press('ArrowDown');
  await page.waitForTimeout(300);
  await page.keyboard.press('Space');
  await expect.poll(async () => (await canvasNames(page)).indexOf('Short Answer: Full name')).toBe(from + 1);
  expect((await canvasNames(page))[from]).toBe('Long Answer: Long Answer');

  // Clone, then remove the clone.
  await element(page, 'Integer: Integer').click();
  await element(page, 'Integer: Integer').getByRole('button', { name: 'Clone' }).click();
  const copy = element(page, 'Integer: Integer-COPY');
  await expect(copy).toBeVisible();
  const names = await canvasNames(page);
  expect(names.indexOf('Integer: Integer-COPY')).toBe(names.indexOf('Integer: Integer') + 1);
  await copy.click();
  await copy.getByRole('button', { name: 'Remove' }).click();
  await page.getByRole('button', { name: 'Yes', exact: true }).click();
  await expect(copy).toHaveCount(0);

  // Save, reload, and find everything as it was.
  await expect(page.getByText('Unsaved changes')).toBeVisible();
  await page.getByRole('button', { name: 'Save', exact: true }).click();
  await expect(page.getByText('Form updated successfully')).toBeVisible();
  await expect(page.getByText('Unsaved changes')).toHaveCount(0);
  await expectAccessible(page, 'builder, saved (toast shown)');
  const saved = await canvasNames(page);
  await page.reload();
  await expect(element(page, 'Page: Page 2')).toBeVisible();
  expect(await canvasNames(page)).toEqual(saved);
  expect(saved).toEqual(expect.arrayContaining(['Page: Page 1', 'Page: Page 2', 'Short Answer: Full name', ...SUBTYPES.slice(1).map((s) => `${s}: ${s}`)]));
  expect(saved.filter((n) => n.startsWith('Section:'))).toHaveLength(2);
  expect(saved.some((n) => n.startsWith('Heading:'))).toBe(true);
  expect(saved.some((n) => n.startsWith('Paragraph:'))).toBe(true);

  // Archive it from the list; opening it then shows the Archived Form page.
  await page.getByRole('link', { name: 'Back to All Forms' }).click();
  const actions = page.getByRole('group', { name: 'Actions for E2E Intake' }).first();
  await actions.getByRole('button', { name: 'Archive' }).click();
  await page.getByRole('button', { name: 'Yes, archive' }).click();
  await expect(page.getByText('Form archived successfully')).toBeVisible();
  await page.goto(buildUrl);
  await expect(page.getByRole('heading', { name: 'Archived Form' })).toBeVisible();
  await expect(page.getByText('This form must be unarchived before editing')).toBeVisible();
  await expectAccessible(page, 'archived form page');
  await expect(page.getByRole('link', { name: 'Back to All Forms' }).or(page.getByRole('button', { name: 'Back to All Forms' }))).toBeVisible();
});

test('the built-in mapping form cannot be built', async ({ page }) => {
  await signIn(page, lawyer(), `/${acmeId()}/build/contact-export-form`);
  await expect(page.getByRole('heading', { name: 'Page Not Found' })).toBeVisible();
});
