import { expect, test } from '@playwright/test';
import { expectAccessible } from './accessibility';
import { createNewFormBody } from './form-fixtures';
import { acmeId, api, lawyer, signIn } from './helpers';

test('prefill edits are not lost by leaving: Back to Prefills asks first; the prefilled link shows whole', async ({ page }) => {
  test.setTimeout(120_000);
  await signIn(page, lawyer(), '/');
  await expect(page).toHaveURL(new RegExp(`/${acmeId()}$`));
  const form = await api(page, 'POST', `/api/${acmeId()}/form-templates/`, createNewFormBody('Guarded prefill'));
  const prefill = await api(page, 'POST', `/api/${acmeId()}/form-prefills/`, { form_template: form.id, name: 'Referral from a long-named partner firm', data: {} });
  const detailPath = `/${acmeId()}/build/${form.id}/share/prefills/${prefill.id}`;
  await page.goto(detailPath);

  // The whole link is on screen, in the narrow details column: nothing scrolled out of sight.
  const link = page.getByLabel('Prefilled link');
  await expect(link).toHaveValue(new RegExp(`/f/${form.id}\\?prefill=${prefill.id}$`));
  const fits = await link.evaluate((field) => field.scrollWidth <= field.clientWidth && field.scrollHeight <= field.clientHeight + 1);
  expect(fits, 'the prefilled link is not cut off').toBe(true);
  await expectAccessible(page, 'prefill detail');

  // An edit, then Back to Prefills: asked first; staying keeps the edit.
  await page.getByLabel('Client name').fill('Jane Roe');
  await expect(page.getByText('Unsaved changes')).toBeVisible();
  await page.getByRole('link', { name: 'Back to Prefills' }).click();
  const confirm = page.getByRole('dialog', { name: 'Leave without saving?' });
  await expect(confirm).toBeVisible();
  await expectAccessible(page, 'prefill detail, leave confirmation');
  await confirm.getByRole('button', { name: 'Stay on this page' }).click();
  await expect(page).toHaveURL(new RegExp(`${detailPath}$`));
  await expect(page.getByLabel('Client name')).toHaveValue('Jane Roe');

  // Leaving on purpose loses the edit, and says so before.
  await page.getByRole('link', { name: 'Back to Prefills' }).click();
  await confirm.getByRole('button', { name: 'Leave without saving' }).click();
  await expect(page.getByRole('heading', { level: 1, name: /^Prefills:/ })).toBeVisible();
  const stored = await api(page, 'GET', `/api/${acmeId()}/form-prefills/${prefill.id}/`);
  expect(stored.data).toEqual({});

  // Saved edits leave without a question.
  await page.goto(detailPath);
  await page.getByLabel('Client name').fill('John Smith');
  await page.getByRole('button', { name: 'Save', exact: true }).click();
  await expect(page.getByText('All changes saved')).toBeVisible();
  await page.getByRole('link', { name: 'Back to Prefills' }).click();
  await expect(page.getByRole('heading', { level: 1, name: /^Prefills:/ })).toBeVisible();
});

test('the embed screens and the JSON view pass axe-core', async ({ page }) => {
  await signIn(page, lawyer(), '/');
  await expect(page).toHaveURL(new RegExp(`/${acmeId()}$`));
  const form = await api(page, 'POST', `/api/${acmeId()}/form-templates/`, createNewFormBody('Embed screens'));
  await page.goto(`/${acmeId()}/build/${form.id}/share/embed`);
  await expect(page.getByRole('heading', { level: 1, name: 'Embed: Embed screens' })).toBeVisible();
  await expectAccessible(page, 'embed');
  await page.goto(`/${acmeId()}/build/${form.id}/share/embed/docs`);
  await expect(page.getByRole('heading', { level: 1, name: 'Embed Documentation: Embed screens' })).toBeVisible();
  await expectAccessible(page, 'embed documentation');
  await page.goto(`/${acmeId()}/build/${form.id}/json-view`);
  await expect(page.getByRole('heading', { level: 1, name: 'JSON View' })).toBeVisible();
  await expectAccessible(page, 'JSON view');
});
