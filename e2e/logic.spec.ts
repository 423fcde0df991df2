import { expect, test } from '@playwright/test';
import { accidentForm } from './form-fixtures';
import { expectAccessible } from './accessibility';
import { acmeId, api, lawyer, signIn } from './helpers';

test('a rule made in the logic editor works on the public page', async ({ page, browser }) => {
  await signIn(page, lawyer(), '/');
  await expect(page).toHaveURL(new RegExp(`/${acmeId()}$`));
  // The same form as the other journeys, but without logic: the rule is made here, in the editor.
  const form = accidentForm('Logic editor journey');
  const created = await api(page, 'POST', `/api/${acmeId()}/form-templates/`, {
    ...form.body,
    jsonConditionalLogic: { conditionMap: {}, pageMap: {} },
  });
  await page.goto(`/${acmeId()}/build/${created.id}`);

  await page.getByRole('group', { name: 'Long Answer: Injury details', exact: true }).click();
  await page.getByRole('tab', { name: 'Logic' }).click();
  const panel = page.getByRole('region', { name: 'Logic' });
  await panel.getByRole('button', { name: 'Add condition' }).click();
  await expect(panel.getByRole('combobox', { name: 'Action' })).toHaveValue(/.+/);
  await panel.getByRole('combobox', { name: 'Action' }).selectOption({ label: 'Show this element when…' });
  await panel.getByRole('combobox', { name: 'Rule 1 when' }).selectOption({ label: 'Were you injured' });
  // Only the predicates allowed for a Multiple Choice input are offered.
  const predicates = await panel.getByRole('combobox', { name: 'Rule 1 condition' }).locator('option').allTextContents();
  expect(predicates.filter((text) => text.trim() !== '' && !/choose|select/i.test(text))).toEqual(['equals', 'does not equal', 'is empty', 'is not empty']);
  await panel.getByRole('combobox', { name: 'Rule 1 condition' }).selectOption({ label: 'equals' });
  await panel.getByRole('combobox', { name: 'Rule 1 value' }).selectOption({ label: 'Yes' });
  await expect(page.getByRole('group', { name: 'Long Answer: Injury details', exact: true })).toHaveAccessibleDescription(/Has conditional logic/);
  await expectAccessible(page, 'builder, logic tab');

  // The preview applies it live.
  await page.getByRole('button', { name: 'Save', exact: true }).click();
  await expect(page.getByText('Form updated successfully')).toBeVisible();
  await page.getByRole('link', { name: 'Preview' }).click();
  await expect(page.getByLabel('Injury details')).toHaveCount(0);
  await page.getByRole('radio', { name: 'Yes' }).check();
  await expect(page.getByLabel('Injury details')).toBeVisible();
  await expectAccessible(page, 'preview');

  // And so does the public page.
  const respondent = await (await browser.newContext()).newPage();
  await respondent.goto(`/f/${created.id}`);
  await respondent.getByLabel('Full name').fill('Rita Rule');
  await expect(respondent.getByLabel('Injury details')).toHaveCount(0);
  await respondent.getByRole('radio', { name: 'Yes' }).check();
  await expect(respondent.getByLabel('Injury details')).toBeVisible();
  await respondent.getByRole('radio', { name: 'No' }).check();
  await expect(respondent.getByLabel('Injury details')).toHaveCount(0);
  await respondent.waitForTimeout(3000);
  await respondent.getByRole('button', { name: 'Send to the firm' }).click();
  await expect(respondent.getByText('Thank you — a lawyer will call you within one business day.')).toBeVisible();

  // The saved logic has the documented shape.
  const saved = await api(page, 'GET', `/api/${acmeId()}/form-templates/${created.id}/`);
  const config = saved.jsonConditionalLogic.conditionMap[form.ids.details];
  expect(config.element).toEqual({ id: form.ids.details, type: 'input' });
  expect(config.conditions[0].actions).toEqual([{ key: 'TOGGLE_VISIBILITY', value: 'SHOW' }]);
  expect(config.conditions[0].expression[0]).toMatchObject({ type: 'group', operator: 'AND', rules: [{ type: 'rule', predicate: 'EQ', triggerId: form.ids.injured, staticValue: form.ids.yes, referenceValueId: null }] });
});
