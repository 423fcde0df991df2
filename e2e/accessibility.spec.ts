import { expect, test } from '@playwright/test';
import { expectAccessible } from './accessibility';
import { createNewFormBody } from './form-fixtures';
import { E2E_SUPPORT_EMAIL, acmeId, api, lawyer, signIn } from './helpers';

// The other journeys check their screens at the desktop size; this one walks the main screens on a phone.
test.use({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });

test('on a phone: every main screen passes axe-core, and the public form shows no untitled scaffolding', async ({ page, browser }) => {
  test.setTimeout(180_000);
  await page.goto('/');
  // The SPA hands a signed-out visitor to the server's sign-in page.
  await page.waitForURL(/\/auth\/login\//);
  await expect(page.getByRole('heading', { name: 'Sign in' })).toBeVisible();
  await expectAccessible(page, 'sign-in page (phone)');
  await signIn(page, lawyer(), '/');
  await expect(page.getByRole('heading', { name: 'Forms', level: 1 })).toBeVisible();
  const form = await api(page, 'POST', `/api/${acmeId()}/form-templates/`, createNewFormBody('Phone intake'));
  await page.reload();
  await expect(page.getByText('Phone intake').first()).toBeVisible();
  await expectAccessible(page, 'forms list (phone)');

  // A client answers on a phone: the form as the builder started it, so no "Page 1" and no "Section" for them.
  const client = await browser.newContext({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });
  const respondent = await client.newPage();
  await respondent.goto(`/f/${form.id}`);
  await expect(respondent.getByRole('heading', { level: 1, name: 'Phone intake' })).toBeVisible();
  await expect(respondent.getByText('Page 1')).toHaveCount(0);
  await expect(respondent.getByText('Section', { exact: true })).toHaveCount(0);
  await expectAccessible(respondent, 'public form (phone)');
  await respondent.getByLabel('Client name').fill('Pat Phone');
  await respondent.getByLabel('Email').fill('pat@example.com');
  await respondent.waitForTimeout(3000);
  await respondent.getByRole('button', { name: 'Submit' }).click();
  // The thank-you screen: the form's title and a clear confirmation, not a bare grey box.
  const thanks = respondent.getByRole('status');
  await expect(thanks.getByRole('heading', { name: 'Your response has been sent' })).toBeVisible();
  await expect(respondent.getByRole('heading', { level: 1, name: 'Phone intake' })).toBeVisible();
  await expectAccessible(respondent, 'public form, thank-you (phone)');
  await client.close();

  const build = `/${acmeId()}/build/${form.id}`;
  const screens: [string, string, RegExp | string][] = [
    ['builder (phone)', build, 'Phone intake'],
    ['preview (phone)', `${build}/preview`, 'Preview: Phone intake'],
    ['share (phone)', `${build}/share`, 'Share: Phone intake'],
    ['embed (phone)', `${build}/share/embed`, 'Embed: Phone intake'],
    ['embed documentation (phone)', `${build}/share/embed/docs`, 'Embed Documentation: Phone intake'],
    ['prefills list (phone)', `${build}/share/prefills`, 'Prefills: Phone intake'],
    ['integrations list (phone)', `${build}/integrations`, 'Integrations: Phone intake'],
    ['responses list (phone)', `/${acmeId()}/responses?form=${form.id}`, 'Responses'],
  ];
  for (const [screen, path, heading] of screens) {
    await page.goto(path);
    await expect(page.getByRole('heading', { level: 1, name: heading })).toBeVisible();
    await expectAccessible(page, screen);
  }

  // The response just sent, opened from the list.
  await page.getByRole('link', { name: /Pat Phone/ }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Response', exact: true })).toBeVisible();
  await expectAccessible(page, 'response detail (phone)');

  // A prefill's page.
  const prefill = await api(page, 'POST', `/api/${acmeId()}/form-prefills/`, { form_template: form.id, name: 'Phone referral', data: {} });
  await page.goto(`${build}/share/prefills/${prefill.id}`);
  await expect(page.getByRole('heading', { level: 1, name: 'Prefill: Phone referral' })).toBeVisible();
  await expectAccessible(page, 'prefill detail (phone)');

  // The error page; its Contact Support mails the server's SUPPORT_EMAIL.
  await page.goto(`/${acmeId()}/no/such/page`);
  await expect(page.getByRole('heading', { level: 1, name: 'Page Not Found' })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Contact Support' })).toHaveAttribute('href', new RegExp(`^mailto:${E2E_SUPPORT_EMAIL}\\?subject=`));
  await expectAccessible(page, 'error page (phone)');
});
