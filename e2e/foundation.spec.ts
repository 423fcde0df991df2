import { expect, test } from '@playwright/test';
import { expectAccessible } from './accessibility';
import { acmeId, admin, lawyer, signIn } from './helpers';

test.describe('foundation journeys', () => {
  test('admin signs in, lands on account admin, picks an account, signs out', async ({ page }) => {
    await page.goto('/');
    await page.waitForURL(/\/auth\/login\//);
    await expect(page.getByRole('heading', { name: 'Sign in' })).toBeVisible();
    await expectAccessible(page, 'sign-in page');
    await signIn(page, admin(), '/');
    await expect(page).toHaveURL(/\/account-admin$/);
    await expect(page).toHaveTitle('Form Builder');
    await expect(page.getByRole('heading', { name: 'Accounts' })).toBeVisible();
    await expectAccessible(page, 'account admin');
    // The first-run demo account and the CLI-made one are both listed.
    await expect(page.getByRole('link', { name: /Demo Law Firm/ }).or(page.getByRole('button', { name: /Demo Law Firm/ })).first()).toBeVisible();
    await page.getByLabel('Search accounts').fill('acme');
    await expect(page.getByText('Demo Law Firm')).toHaveCount(0);
    await page.getByRole('link', { name: /Acme Law/ }).or(page.getByRole('button', { name: /Acme Law/ })).first().click();
    await expect(page).toHaveURL(new RegExp(`/${acmeId()}$`));
    await expect(page.getByRole('heading', { name: 'Forms', level: 1 })).toBeVisible();
    const nav = page.getByRole('navigation', { name: 'Main' });
    await expect(nav.getByRole('link', { name: 'Admin' })).toBeVisible();
    await expectAccessible(page, 'forms list (admin)');

    await nav.getByRole('link', { name: 'Logout' }).click();
    await expect(page.getByRole('heading', { name: 'Sign in' })).toBeVisible();
    const me = await page.request.get('/api/me/');
    expect(me.status()).toBe(401);
  });

  test('ordinary user lands on their own account and cannot wander', async ({ page }) => {
    await signIn(page, lawyer(), '/');
    await expect(page).toHaveURL(new RegExp(`/${acmeId()}$`));
    const nav = page.getByRole('navigation', { name: 'Main' });
    await expect(nav.getByRole('link', { name: 'Logout' })).toBeVisible();
    await expect(nav.getByRole('link', { name: 'Admin' })).toHaveCount(0);

    // A foreign account id in the URL redirects to their own account.
    const foreign = String(Number(acmeId()) - 1);
    await page.goto(`/${foreign}/responses`);
    await expect(page).toHaveURL(new RegExp(`/${acmeId()}$`));

    // Admin paths redirect to the base account link.
    await page.goto('/account-admin');
    await expect(page).toHaveURL(new RegExp(`/${acmeId()}$`));

    // A non-numeric account id is a 404 page.
    await page.goto('/not-a-number/responses');
    await expect(page.getByRole('heading', { name: 'Page Not Found' })).toBeVisible();
    await expect(page.getByText('The page you were looking for has been moved or does not exist')).toBeVisible();
    await expectAccessible(page, 'error page (404)');
  });

  test('a deep link survives sign-in (next is kept)', async ({ page }) => {
    await signIn(page, lawyer(), `/${acmeId()}/responses`);
    await expect(page).toHaveURL(new RegExp(`/${acmeId()}/responses$`));
    await expect(page.getByRole('heading', { name: 'Responses', level: 1 })).toBeVisible();
    await expectAccessible(page, 'responses list');
  });

  test('sidebar collapse persists across a reload', async ({ page }) => {
    await signIn(page, lawyer(), '/');
    await expect(page).toHaveURL(new RegExp(`/${acmeId()}$`));
    await page.getByRole('button', { name: 'Collapse sidebar' }).click();
    await expect(page.getByRole('button', { name: 'Expand sidebar' })).toBeVisible();
    await page.reload();
    await expect(page.getByRole('button', { name: 'Expand sidebar' })).toBeVisible();
    await expectAccessible(page, 'forms list, sidebar collapsed');
    const persisted = await page.evaluate(() => localStorage.getItem('persist:starfield'));
    expect(Object.keys(JSON.parse(persisted!)).filter((k) => k !== '_persist').sort()).toEqual(['currentFormId', 'sidebarOpen']);
    await page.getByRole('button', { name: 'Expand sidebar' }).click();
    await expect(page.getByRole('button', { name: 'Collapse sidebar' })).toBeVisible();
  });

  test('an unknown path shows the non-fatal page-not-found message', async ({ page }) => {
    await signIn(page, lawyer(), '/');
    await expect(page).toHaveURL(new RegExp(`/${acmeId()}$`));
    await page.goto(`/${acmeId()}/no/such/page`);
    await expect(page.getByText(`Page not found: /${acmeId()}/no/such/page`)).toBeVisible();
  });

  test('signed-out visitors of a deep link are sent to sign in', async ({ page }) => {
    await page.goto(`/${acmeId()}/responses`);
    await expect(page.getByRole('heading', { name: 'Sign in' })).toBeVisible();
    expect(decodeURIComponent(page.url())).toContain(`/${acmeId()}/responses`);
  });
});
