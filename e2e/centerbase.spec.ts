import { expect, test } from '@playwright/test';
import { E2E_CENTERBASE } from './centerbase-firm';
import { accidentForm } from './form-fixtures';
import { expectAccessible } from './accessibility';
import { acmeId, api, lawyer, signIn } from './helpers';

test('Centerbase: a wrong API key is refused on its field; the right one connects, shows the firm and loads record types', async ({ page }) => {
  await signIn(page, lawyer(), '/');
  const created = await api(page, 'POST', `/api/${acmeId()}/form-templates/`, accidentForm('Centerbase journey').body);
  await page.goto(`/${acmeId()}/build/${created.id}/integrations/centerbase`);
  await expect(page.getByRole('link', { name: 'Back to All Integrations' })).toBeVisible();

  const credentials = page.getByRole('form', { name: 'Centerbase credentials' });
  await credentials.getByLabel('Subdomain').fill(E2E_CENTERBASE.subdomain);
  await credentials.getByLabel('API key').fill('not-the-firms-key');
  await credentials.getByRole('button', { name: 'Connect to Centerbase' }).click();
  // Centerbase refused it: the error sits on the key's field, and nothing is connected.
  await expect(credentials.getByLabel('API key')).toHaveAttribute('aria-invalid', 'true');
  await expect(page.getByText(E2E_CENTERBASE.companyName)).toHaveCount(0);
  await expectAccessible(page, 'Centerbase, wrong API key');

  await credentials.getByLabel('API key').fill(E2E_CENTERBASE.apiKey);
  await credentials.getByRole('button', { name: 'Connect to Centerbase' }).click();
  await expect(page.getByText(E2E_CENTERBASE.companyName)).toBeVisible();
  // The key is never shown back.
  await expect(page.getByText(E2E_CENTERBASE.apiKey)).toHaveCount(0);

  await page.getByRole('button', { name: 'Next' }).click();
  const recordTypes = page.getByRole('listitem').filter({ hasText: /\d+ fields?/ });
  await expect(recordTypes.filter({ hasText: 'Contact' }).first()).toBeVisible();
  await expect(recordTypes.filter({ hasText: 'Matter' }).first()).toBeVisible();
});
