import { expect, test, type Locator, type Page } from '@playwright/test';
import { createNewFormBody } from './form-fixtures';
import { acmeId, api, lawyer, signIn } from './helpers';

/** The app's toast (spec §4: titled Success or Error). */
const toast = (page: Page) => page.locator('.toast.show');

/**
 * Fails unless `control` is visible and the topmost element at its centre is the control itself, not the toast. It
 * asks for up to 2 s, so a closing dialog's fade-out (its backdrop is on top while it fades) is not taken for the toast;
 * the toast stays 5 s, and the caller checks it is still there afterwards.
 */
async function expectUncovered(control: Locator, name: string): Promise<void> {
  await expect(control, name).toBeVisible();
  const topmost = () =>
    control.evaluate((element) => {
      const box = element.getBoundingClientRect();
      const hit = document.elementFromPoint(box.left + box.width / 2, box.top + box.height / 2);
      return hit !== null && (element === hit || element.contains(hit));
    });
  await expect.poll(topmost, { message: `${name} is covered`, timeout: 2_000 }).toBe(true);
}

/** The toast is on screen and none of these controls is under it. */
async function expectToastBeside(page: Page, message: string, controls: Record<string, Locator>): Promise<void> {
  await expect(toast(page)).toContainText(message);
  for (const [name, control] of Object.entries(controls)) await expectUncovered(control, name);
  // Still showing: the controls were uncovered while the toast was on screen.
  await expect(toast(page)).toContainText(message);
}

test('toasts leave the primary actions uncovered and stay on the screen they belong to', async ({ page }) => {
  test.setTimeout(120_000);
  await signIn(page, lawyer(), '/');
  await expect(page).toHaveURL(new RegExp(`/${acmeId()}$`));

  // Creating a form opens the builder, and the creation's toast comes along: it is news about this action.
  await page.getByRole('button', { name: 'New form' }).first().click();
  await page.getByRole('dialog').getByLabel('Name').fill('Toast placement');
  await page.getByRole('dialog').getByRole('button', { name: 'Create form' }).click();
  await expect(page).toHaveURL(/\/build\/[0-9a-f-]{36}$/);
  const header = {
    Save: page.getByRole('button', { name: 'Save', exact: true }),
    Share: page.getByRole('link', { name: 'Share', exact: true }),
    Preview: page.getByRole('link', { name: 'Preview' }),
  };
  await expectToastBeside(page, 'Form created successfully', header);

  // Saving: the toast sits clear of Save and Share for its five seconds.
  await page.getByRole('region', { name: 'Add elements' }).or(page.locator('.builder-palette')).getByRole('button', { name: 'Short Answer', exact: true }).click();
  await page.getByRole('button', { name: 'Save', exact: true }).click();
  await expectToastBeside(page, 'Form updated successfully', header);

  // Leaving the screen takes its toast away at once, not five seconds later over the next screen.
  await page.getByRole('link', { name: 'Back to All Forms' }).click();
  await expect(page.getByRole('heading', { name: 'Forms', level: 1 })).toBeVisible();
  await expect(toast(page)).toHaveCount(0, { timeout: 1500 });

  // On the form list, a rename's toast leaves New form alone.
  await page.getByRole('group', { name: 'Actions for Toast placement' }).first().getByRole('button', { name: 'Rename' }).click();
  await page.getByRole('dialog').getByLabel('Name').fill('Toast placement, renamed');
  await page.getByRole('dialog').getByRole('button', { name: /Save|Rename/ }).click();
  await expectToastBeside(page, 'Form updated successfully', { 'New form': page.getByRole('button', { name: 'New form' }).first() });

  // A prefill's Save sits in a bar at the bottom of the screen: the toast rises above it, on a desktop and a phone.
  const created = await api(page, 'POST', `/api/${acmeId()}/form-templates/`, createNewFormBody('Prefilled toast'));
  const prefill = await api(page, 'POST', `/api/${acmeId()}/form-prefills/`, { form_template: created.id, name: 'Toast referral', data: {} });
  for (const viewport of [{ width: 1280, height: 720 }, { width: 390, height: 844 }]) {
    await page.setViewportSize(viewport);
    await page.goto(`/${acmeId()}/build/${created.id}/share/prefills/${prefill.id}`);
    await page.getByLabel('Client name').fill(`Jane ${viewport.width}`);
    await page.getByRole('button', { name: 'Save', exact: true }).click();
    await expectToastBeside(page, 'Prefill updated successfully', { 'the prefill’s Save': page.getByRole('button', { name: 'Save', exact: true }) });
  }
});

test('the sidebar stays in view on a long page, open and collapsed, on a desktop and a phone', async ({ page }) => {
  test.setTimeout(120_000);
  await signIn(page, lawyer(), '/');
  await expect(page).toHaveURL(new RegExp(`/${acmeId()}$`));
  // Enough forms that the list is several screens long in a short window.
  for (let i = 1; i <= 8; i++) await api(page, 'POST', `/api/${acmeId()}/form-templates/`, createNewFormBody(`Sidebar check ${i}`));
  const nav = page.getByRole('navigation', { name: 'Main' });
  const logout = nav.getByRole('link', { name: 'Logout' });

  const expectInView = async (label: string) => {
    await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight));
    await expect.poll(() => page.evaluate(() => window.scrollY), { message: `${label}: the page scrolls` }).toBeGreaterThan(200);
    const viewport = page.viewportSize()!;
    const box = (await logout.boundingBox())!;
    expect(box.y, `${label}: Logout is below the top`).toBeGreaterThanOrEqual(0);
    expect(box.y + box.height, `${label}: Logout is above the bottom`).toBeLessThanOrEqual(viewport.height);
    const side = (await nav.boundingBox())!;
    expect(side.y, `${label}: the sidebar starts at the top of the window`).toBeCloseTo(0, 0);
    expect(side.height, `${label}: the sidebar is as tall as the window`).toBeCloseTo(viewport.height, 0);
  };

  await page.setViewportSize({ width: 1280, height: 420 });
  await page.goto(`/${acmeId()}`);
  await expect(page.getByText('Sidebar check 8')).toBeVisible();
  await expectInView('desktop, open');
  await logout.hover();
  await page.getByRole('button', { name: 'Collapse sidebar' }).click();
  await expectInView('desktop, collapsed');
  // Collapsed, the Forms links still fly out beside the rail, whole.
  await nav.getByRole('button', { name: 'Forms' }).click();
  await expectUncovered(nav.getByRole('link', { name: 'Archived Forms' }), 'Archived Forms');
  await page.keyboard.press('Escape');
  await page.getByRole('button', { name: 'Expand sidebar' }).click();

  await page.setViewportSize({ width: 390, height: 640 });
  await expectInView('phone');
});
