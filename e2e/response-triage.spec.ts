import { randomUUID } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import { expect, test, type Browser, type Page } from '@playwright/test';
import { expectAccessible } from './accessibility';
import { accidentForm } from './form-fixtures';
import { api, signIn } from './helpers';
import { manage } from './manage';

/**
 * A firm's day with its responses: the time zone its browser gave the new account (and the setting to change it), a
 * client who only confirms a prefilled form (not spam, however fast) beside a bot (spam, hidden by default), the form
 * list's counts and shortcuts, Previous/Next through a filtered list, email as a link, and the CSV's local times.
 */

/** A firm of its own (made with the CLI, as operators do), so the browser's time zone is the first it gets. */
function newFirm(name: string) {
  const accountId = manage('create-account', '--name', name);
  // Unique per attempt: a retried test makes its firm again.
  const email = `${name.toLowerCase().replace(/\W+/g, '-')}-${randomUUID().slice(0, 8)}@firm.test`;
  manage('create-user', '--email', email, '--password', 'triage-password-1', '--account', accountId, '--first-name', 'Tess', '--last-name', 'Triage');
  return { accountId, who: { email, password: 'triage-password-1' } };
}

async function respondentPage(browser: Browser): Promise<Page> {
  return (await browser.newContext()).newPage();
}

test.describe('responses triage', () => {
  test.use({ timezoneId: 'America/New_York' });

  test('time zone from the browser, prefilled fast response kept, spam hidden, counts, previous/next, CSV in local time', async ({ page, browser }) => {
    test.setTimeout(150_000);
    const firm = newFirm('Triage Law');
    await signIn(page, firm.who, '/');
    await expect(page).toHaveURL(new RegExp(`/${firm.accountId}$`));
    const form = accidentForm('Triage intake');
    const created = await api(page, 'POST', `/api/${firm.accountId}/form-templates/`, form.body);

    // The account came from the CLI with no time zone: this browser (New York) gave it one.
    await page.getByRole('link', { name: 'Settings' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Settings' })).toBeVisible();
    const zone = page.getByRole('combobox', { name: 'Time zone' });
    await expect(zone).toHaveValue('America/New_York');
    await expectAccessible(page, 'account settings');

    // A prefill the firm made for a client, opened and sent at once: fast, but every answer is the prefill's.
    const prefill = await api(page, 'POST', `/api/${firm.accountId}/form-prefills/`, {
      form_template: created.id,
      name: 'Jane Roe',
      data: { [form.ids.fullName]: 'Jane Roe', [form.ids.injured]: form.ids.yes, [form.ids.details]: 'Slipped on ice', [form.ids.email]: 'jane.roe@example.com' },
    });
    const client = await respondentPage(browser);
    // Before the page asks for the form, so before the server signs its start token.
    const openedAt = Date.now();
    await client.goto(`/f/${created.id}?prefill=${prefill.id}`);
    await expect(client.getByLabel('Full name')).toHaveValue('Jane Roe');
    await client.getByRole('button', { name: 'Send to the firm' }).click();
    const sentAfter = Date.now() - openedAt;
    await expect(client.getByRole('status')).toContainText('Thank you');
    // Faster than the 3 s the bot check asks of a typed form (SUBMIT_MIN_FILL_MS): the case the rule is for.
    expect(sentAfter).toBeLessThan(3000);

    // A bot fills the hidden honeypot: stored, marked as spam.
    const bot = await respondentPage(browser);
    await bot.goto(`/f/${created.id}`);
    await bot.getByLabel('Full name').fill('Cheap pills');
    await bot.getByRole('radio', { name: 'No' }).check();
    await bot.locator('input[name="website"]').fill('http://spam.example', { force: true });
    await bot.getByRole('button', { name: 'Send to the firm' }).click();
    await expect(bot.getByRole('status')).toContainText('Thank you');

    // A second client, typing at a person's pace.
    const second = await respondentPage(browser);
    await second.goto(`/f/${created.id}`);
    await second.getByLabel('Full name').fill('Sam Poe');
    await second.getByRole('radio', { name: 'No' }).check();
    await second.getByLabel('Email').fill('sam.poe@example.com');
    await second.waitForTimeout(3000);
    await second.getByRole('button', { name: 'Send to the firm' }).click();
    await expect(second.getByRole('status')).toContainText('Thank you');

    // The form list: the form's responses (spam left out) and its shortcuts.
    await page.goto(`/${firm.accountId}`);
    const count = page.getByRole('link', { name: '2 responses to Triage intake' });
    await expect(count).toBeVisible();
    const actions = page.getByRole('group', { name: 'Actions for Triage intake' });
    await expect(actions.getByRole('link', { name: 'Share' })).toHaveAttribute('href', `/${firm.accountId}/build/${created.id}/share`);
    await expect(actions.getByRole('link', { name: 'Integrations' })).toHaveAttribute('href', `/${firm.accountId}/build/${created.id}/integrations`);
    await expectAccessible(page, 'form list with response counts');
    await count.click();

    // The list hides the spam, says so, and shows it with one click.
    await expect(page).toHaveURL(new RegExp(`/${firm.accountId}/responses\\?form=${created.id}$`));
    await expect(page.getByText('2 matching responses · 1 spam response hidden')).toBeVisible();
    await expectAccessible(page, 'responses, filtered by form, spam hidden');
    await expect(page.getByRole('link', { name: /Cheap pills/ })).toHaveCount(0);
    await page.getByRole('button', { name: 'Show spam' }).click();
    await expect(page).toHaveURL(/spam=spam/);
    await expect(page.getByRole('link', { name: /Cheap pills/ })).toHaveCount(1);
    await expectAccessible(page, 'responses, spam only');
    await page.getByRole('button', { name: 'Hide spam' }).click();
    await expect(page.getByRole('link', { name: /Cheap pills/ })).toHaveCount(0);

    // Previous and Next through the filtered list, by keyboard; the prefilled client's email is a mailto: link.
    await page.getByRole('link', { name: /Sam Poe/ }).click();
    await expect(page.getByText('Sam Poe', { exact: true })).toBeVisible();
    const neighbours = page.getByRole('navigation', { name: 'Responses in this list' });
    await expect(neighbours.getByRole('button', { name: 'Previous response' })).toBeDisabled();
    await neighbours.getByRole('link', { name: 'Next response' }).focus();
    await page.keyboard.press('Enter');
    await expect(page.getByRole('link', { name: 'jane.roe@example.com' })).toHaveAttribute('href', 'mailto:jane.roe@example.com');
    // Not spam, though it came in under three seconds.
    await expect(page.getByRole('button', { name: 'Mark as spam' })).toBeVisible();
    await expectAccessible(page, 'response detail with previous/next and contact links');
    await expect(neighbours.getByRole('button', { name: 'Next response' })).toBeDisabled();
    await expect(page.getByRole('link', { name: 'Back to Responses' })).toHaveAttribute('href', `/${firm.accountId}/responses?form=${created.id}`);

    // The export says which zone it writes; changing it in Settings changes the CSV's times.
    await page.goto(`/${firm.accountId}/settings`);
    await zone.selectOption('Asia/Tokyo');
    await page.getByRole('button', { name: 'Save' }).click();
    await expect(page.getByText('Exports use Asia/Tokyo.')).toBeVisible();
    await expectAccessible(page, 'account settings, saved');
    await page.goto(`/${firm.accountId}/responses?form=${created.id}`);
    await page.getByRole('button', { name: 'Export CSV' }).click();
    const dialog = page.getByRole('dialog');
    await expect(dialog.getByText('‘Submitted at’ is in Asia/Tokyo.')).toBeVisible();
    const downloadPromise = page.waitForEvent('download');
    await dialog.getByRole('button', { name: 'Download CSV' }).click();
    const csv = await readFile((await (await downloadPromise).path())!, 'utf8');
    const lines = csv.slice(1).trimEnd().split('\r\n');
    expect(lines).toHaveLength(4);
    for (const line of lines.slice(1)) expect(line.split(',')[1]).toMatch(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2} \+09:00$/);
  });

  test('the form list on a phone: counts and shortcuts on each card', async ({ page }) => {
    const firm = newFirm('Phone Law');
    await page.setViewportSize({ width: 390, height: 844 });
    await signIn(page, firm.who, '/');
    await expect(page).toHaveURL(new RegExp(`/${firm.accountId}$`));
    const created = await api(page, 'POST', `/api/${firm.accountId}/form-templates/`, accidentForm('Phone intake').body);
    await page.reload();
    const card = page.getByRole('listitem').filter({ has: page.getByRole('heading', { name: 'Phone intake' }) });
    await expect(card.getByRole('link', { name: '0 responses to Phone intake' })).toBeVisible();
    const actions = card.getByRole('group', { name: 'Actions for Phone intake' });
    for (const [name, path] of [
      ['Responses', `/${firm.accountId}/responses?form=${created.id}`],
      ['Share', `/${firm.accountId}/build/${created.id}/share`],
      ['Integrations', `/${firm.accountId}/build/${created.id}/integrations`],
    ]) {
      await expect(actions.getByRole('link', { name })).toBeVisible();
      await expect(actions.getByRole('link', { name })).toHaveAttribute('href', path);
    }
    await expectAccessible(page, 'form list (phone)');
  });
});
