import { expect, test, type Browser, type Page } from '@playwright/test';
import { accidentForm } from './form-fixtures';
import { expectAccessible } from './accessibility';
import { acmeId, api, lawyer, signIn } from './helpers';

/** The stand-in's seeded Clio user, as the server words the connection ("{name} · {email}"). */
const CLIO_USER = 'Avery Counsel · avery.counsel@example-law.test';

/**
 * Reads the Clio stand-in (started by playwright.config.ts) the way a firm would look in Clio: over its v4 API with its
 * user's token. Requests are validated against Clio's OpenAPI document like the server's.
 */
async function clioGet(page: Page, path: string, query: Record<string, string>): Promise<Record<string, unknown>[]> {
  const url = `${process.env.E2E_CLIO_BASE_URL}/api/v4/${path}?${new URLSearchParams(query).toString()}`;
  const response = await page.request.get(url, { headers: { authorization: `Bearer ${process.env.E2E_CLIO_TOKEN}`, 'x-api-version': '4.0.9' } });
  expect(response.status(), await response.text()).toBe(200);
  return ((await response.json()) as { data: Record<string, unknown>[] }).data;
}

/** A respondent fills the public form in their own browser context and sends it. */
async function submitPublicForm(browser: Browser, formId: string, name: string, email: string, details: string): Promise<void> {
  const context = await browser.newContext();
  const respondent = await context.newPage();
  await respondent.goto(`/f/${formId}`);
  await respondent.getByLabel('Full name').fill(name);
  await respondent.getByRole('radio', { name: 'Yes' }).check();
  await respondent.getByLabel('Injury details').fill(details);
  await respondent.getByLabel('Email').fill(email);
  // The server files a form filled faster than SUBMIT_MIN_FILL_MS as spam, and spam is not pushed.
  await respondent.waitForTimeout(3000);
  await respondent.getByRole('button', { name: 'Send to the firm' }).click();
  await expect(respondent.getByRole('status')).toContainText('Thank you');
  await context.close();
}

/** Picks an option of a react-select picker by keyboard: type to filter, Enter takes the first match. */
async function choose(page: Page, label: string, text: string): Promise<void> {
  const picker = page.getByRole('combobox', { name: label });
  await picker.click();
  await picker.pressSequentially(text);
  await page.keyboard.press('Enter');
}

test('Clio: declining shows why; connecting through the consent page, mapping the contact and the matter and pushing a web lead delivers it', async ({ page, browser }) => {
  test.setTimeout(150_000);
  await signIn(page, lawyer(), '/');
  const created = await api(page, 'POST', `/api/${acmeId()}/form-templates/`, accidentForm('Clio journey').body);
  const clioPath = `/${acmeId()}/build/${created.id}/integrations/clio`;

  // Declined at Clio: back on the connect step with the reason, and the address no longer carries it.
  await page.goto(clioPath);
  await page.getByLabel('Clio region').selectOption('us');
  await page.getByRole('button', { name: 'Connect to Clio' }).click();
  await page.getByRole('button', { name: 'Deny' }).click();
  await expect(page.getByRole('alert')).toContainText('Access to Clio was not allowed.');
  await expect(page).toHaveURL((url) => url.pathname === clioPath && !url.searchParams.has('clio_error'));
  await expect(page.getByRole('button', { name: 'Connect to Clio' })).toBeVisible();
  await expectAccessible(page, 'Clio, connect step, declined');

  // Allowed: connected as the Clio user; push web leads completes the step.
  await page.getByRole('button', { name: 'Connect to Clio' }).click();
  await page.getByRole('button', { name: 'Allow access' }).click();
  await expect(page.getByText(`Connected as ${CLIO_USER}`)).toBeVisible();
  const steps = page.getByRole('navigation', { name: 'Clio setup' });
  const push = page.getByRole('switch', { name: 'Send new responses to Clio' });
  await push.click();
  await expect(push).toBeChecked();
  await expect(push).toBeEnabled();
  await expect(steps.getByRole('listitem').filter({ hasText: 'Connect' })).toContainText('(complete)');

  // Record types read from Clio at connection, with their fields.
  await page.getByRole('button', { name: 'Next' }).click();
  await expect(page.getByRole('heading', { level: 2, name: 'Record types' })).toBeFocused();
  const types = page.getByRole('list', { name: 'Clio record types' }).getByRole('listitem');
  await expect(types).toHaveCount(2);
  await expect(types.first()).toContainText(/\d+ fields/);
  await expectAccessible(page, 'Clio, record types');

  // Field maps: the contact's required Last name takes Full name; Email takes Email.
  await page.getByRole('button', { name: 'Next' }).click();
  const contact = page.getByRole('region', { name: 'Contact (Person)' });
  await contact.getByRole('button', { name: 'Edit field map' }).click();
  await choose(page, 'Form field for row 1', 'Full name');
  await contact.getByRole('button', { name: 'Add row' }).click();
  await choose(page, 'Form field for row 2', 'Email');
  // Half a row is an error under the side it concerns, and nothing is saved until it is fixed.
  await contact.getByRole('button', { name: 'Save', exact: true }).click();
  const clioSide = page.getByRole('combobox', { name: 'Clio field for row 2' });
  await expect(clioSide).toHaveAccessibleDescription(/Please select a field/);
  await expect(contact.getByText('No field map yet')).toBeVisible();
  await expectAccessible(page, 'Clio, field map editor with an error');
  await choose(page, 'Clio field for row 2', 'Email');
  await contact.getByRole('button', { name: 'Save', exact: true }).click();
  await expect(contact.getByText('2 fields mapped')).toBeVisible();
  await expect(steps.getByRole('listitem').filter({ hasText: 'Record types' })).toContainText('(complete)');
  await contact.getByRole('button', { name: 'Close field map' }).click();

  // The matter opened for the lead: its description takes the injury details.
  const matter = page.getByRole('region', { name: 'Matter' });
  await matter.getByRole('button', { name: 'Edit field map' }).click();
  // No Matter field is required in the stand-in's Clio, so the new map starts with no rows.
  await matter.getByRole('button', { name: 'Add row' }).click();
  await choose(page, 'Form field for row 1', 'Injury details');
  await choose(page, 'Clio field for row 1', 'Description');
  await matter.getByRole('button', { name: 'Save', exact: true }).click();
  await expect(matter.getByText('1 field mapped')).toBeVisible();
  await matter.getByRole('button', { name: 'Close field map' }).click();

  // Save goes back to all integrations, where Clio is switched on.
  await page.getByRole('button', { name: 'Save', exact: true }).click();
  const clioCard = page.getByRole('list', { name: 'Integrations' }).getByRole('listitem').filter({ has: page.getByRole('heading', { name: 'Clio' }) });
  await clioCard.getByRole('switch').click();
  await expect(clioCard.getByRole('switch')).toBeChecked();
  await expect(clioCard.getByText('Enabled')).toBeVisible();

  // A web lead: a contact in Clio with a note of the answers, and the response shows it delivered.
  await submitPublicForm(browser, created.id, 'Nora Newlead', 'nora.newlead@example.test', 'Whiplash after a rear-end collision');
  let contacts: Record<string, unknown>[] = [];
  await expect
    .poll(async () => (contacts = await clioGet(page, 'contacts.json', { query: 'nora.newlead@example.test', fields: 'id,last_name' })).length, { timeout: 20_000 })
    .toBe(1);
  expect(contacts[0]!.last_name).toBe('Nora Newlead');
  const matters = await clioGet(page, 'matters.json', { client_id: String(contacts[0]!.id), fields: 'id,description' });
  expect(matters).toHaveLength(1);
  expect(matters[0]!.description).toContain('Whiplash after a rear-end collision');
  const notes = [
    ...(await clioGet(page, 'notes.json', { type: 'Contact', contact_id: String(contacts[0]!.id), fields: 'id,subject' })),
    ...(await clioGet(page, 'notes.json', { type: 'Matter', matter_id: String(matters[0]!.id), fields: 'id,subject' })),
  ];
  expect(notes).toHaveLength(1);

  await page.goto(`/${acmeId()}/responses?form=${created.id}`);
  await page.getByRole('link', { name: /Nora Newlead/ }).click();
  const deliveries = page.getByRole('region', { name: 'Deliveries' });
  await expect(deliveries.getByText('Clio')).toBeVisible();
  await expect(deliveries.getByText('Delivered', { exact: true })).toBeVisible();
});
