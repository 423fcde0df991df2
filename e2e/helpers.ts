import { expect, type Page } from '@playwright/test';

export const admin = () => ({ email: process.env.E2E_ADMIN_EMAIL!, password: process.env.E2E_ADMIN_PASSWORD! });
export const lawyer = () => ({ email: process.env.E2E_USER_EMAIL!, password: process.env.E2E_USER_PASSWORD! });
export const acmeId = () => process.env.E2E_ACME_ID!;
/** The server's SUPPORT_EMAIL in the journeys (playwright.config.ts): where 'Contact Support' mails. */
export const E2E_SUPPORT_EMAIL = 'help@acme-law.test';

/** Signs in through the real sign-in page, starting from `path` (the SPA sends us there). */
export async function signIn(page: Page, who: { email: string; password: string }, path = '/'): Promise<void> {
  await page.goto(path);
  await expect(page.getByRole('heading', { name: 'Sign in' })).toBeVisible();
  await page.getByLabel('Email').fill(who.email);
  await page.getByLabel('Password').fill(who.password);
  await page.getByRole('button', { name: 'Sign in' }).click();
}

/** Calls our API as the signed-in user of `page` (cookies shared with the browser, CSRF header from its cookie). */
export async function api(page: Page, method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE', path: string, data?: unknown) {
  const cookies = await page.context().cookies();
  const csrf = cookies.find((cookie) => cookie.name === 'csrftoken')?.value ?? '';
  const response = await page.request.fetch(path, { method, data, headers: { 'x-csrftoken': csrf } });
  if (!response.ok()) throw new Error(`${method} ${path} → ${response.status()}: ${await response.text()}`);
  return response.status() === 204 ? null : response.json();
}
