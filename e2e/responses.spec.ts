import { readFile } from 'node:fs/promises';
import { expect, test } from '@playwright/test';
import { accidentForm } from './form-fixtures';
import { expectAccessible } from './accessibility';
import { acmeId, api, lawyer, signIn } from './helpers';

test('responses: submit through the public page, list, open, toggle spam, export CSV', async ({ page, browser }) => {
  // Two real submissions (3 s each for the spam check) and axe-core at four screens.
  test.setTimeout(120_000);
  await signIn(page, lawyer(), '/');
  await expect(page).toHaveURL(new RegExp(`/${acmeId()}$`));
  const form = accidentForm('Responses journey');
  const created = await api(page, 'POST', `/api/${acmeId()}/form-templates/`, form.body);

  // Two real submissions through the public page.
  const respondent = await (await browser.newContext()).newPage();
  for (const [name, injured] of [['=Formula Person', 'Yes'], ['Zoë Ñandú', 'No']] as const) {
    await respondent.goto(`/f/${created.id}`);
    await respondent.getByLabel('Full name').fill(name);
    await respondent.getByRole('radio', { name: injured }).check();
    if (injured === 'Yes') await respondent.getByLabel('Injury details').fill('Cut hand, "deep", needed stitches, twice');
    await respondent.waitForTimeout(3000);
    await respondent.getByRole('button', { name: 'Send to the firm' }).click();
    await expect(respondent.getByRole('status')).toContainText('Thank you');
  }

  // The list shows them newest first, filtered by form.
  await page.goto(`/${acmeId()}/responses`);
  await page.getByLabel('Form', { exact: true }).selectOption({ label: 'Responses journey' });
  await expect(page).toHaveURL(/form=/);
  const rows = page.getByRole('link', { name: /Zoë Ñandú|=Formula Person/ });
  await expect(rows).toHaveCount(2);
  await expect(rows.first()).toHaveAccessibleName(/Zoë Ñandú/);
  await expectAccessible(page, 'responses list, filtered by form');

  // Open one: answers labelled, in form order; hidden input not shown as blank.
  await rows.first().click();
  // The list (whose summaries also say 'Full name') stays until the detail screen's code and loader are ready.
  await expect(page.getByRole('heading', { level: 1, name: 'Response', exact: true })).toBeVisible();
  await expect(page.getByText('Full name')).toBeVisible();
  await expect(page.getByText('Zoë Ñandú')).toBeVisible();
  await expect(page.getByText('Injury details')).toHaveCount(0);
  await expectAccessible(page, 'response detail');

  // Mark as spam, then back.
  await page.getByRole('button', { name: 'Mark as spam' }).click();
  await expect(page.getByText('This activity is marked as Spam')).toBeVisible();
  await expectAccessible(page, 'response detail, marked as spam');
  await page.getByRole('button', { name: 'Mark as Not Spam' }).click();
  await expect(page.getByText('This activity is marked as Spam')).toHaveCount(0);
  await expect(page.getByRole('button', { name: 'Mark as spam' })).toBeVisible();

  // Export the form's responses as CSV and read the file.
  await page.goto(`/${acmeId()}/responses?form=${created.id}`);
  await page.getByRole('button', { name: 'Export CSV' }).click();
  const dialog = page.getByRole('dialog');
  await dialog.getByLabel('Last 30 days').check();
  await expectAccessible(page, 'export CSV dialog');
  const downloadPromise = page.waitForEvent('download');
  await dialog.getByRole('button', { name: 'Download CSV' }).click();
  const download = await downloadPromise;
  expect(download.suggestedFilename()).toMatch(/^responses-journey-responses-last-30-days-\d{4}-\d{2}-\d{2}\.csv$/);
  const csv = await readFile((await download.path())!, 'utf8');
  expect(csv.startsWith('\uFEFF')).toBe(true);
  const [header, ...lines] = csv.slice(1).trimEnd().split('\r\n');
  expect(header).toBe('Response ID,Submitted at,Spam,Full name,Were you injured,Injury details,Email');
  expect(lines).toHaveLength(2);
  expect(lines[0]).toContain(`'=Formula Person,Yes,"Cut hand, ""deep"", needed stitches, twice",`);
  expect(lines[1]).toContain('Zoë Ñandú,No,,');
});
