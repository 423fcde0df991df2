import { expect, test, type Browser, type Page } from '@playwright/test';
import { accidentForm } from './form-fixtures';
import { expectAccessible } from './accessibility';
import { acmeId, api, lawyer, signIn } from './helpers';
import { HookReceiver, subscribeZapHook, type ReceivedDelivery } from './zapier';

/** Whether a delivery carries this answer (the payload's `answers` are keyed by data name). */
const carries = (delivery: ReceivedDelivery, answer: string) => Object.values((delivery.payload.answers ?? {}) as Record<string, unknown>).includes(answer);

/** A respondent fills the public form in their own browser context and sends it. */
async function submitPublicForm(browser: Browser, formId: string, name: string): Promise<void> {
  const context = await browser.newContext();
  const respondent = await context.newPage();
  await respondent.goto(`/f/${formId}`);
  await respondent.getByLabel('Full name').fill(name);
  await respondent.getByRole('radio', { name: 'No' }).check();
  // The server files a form filled faster than SUBMIT_MIN_FILL_MS as spam, and spam is not pushed.
  await respondent.waitForTimeout(3000);
  await respondent.getByRole('button', { name: 'Send to the firm' }).click();
  await expect(respondent.getByRole('status')).toContainText('Thank you');
  await context.close();
}

/** Opens the response of `name` from the form's responses list; answers its Deliveries panel. */
async function openResponse(page: Page, formId: string, name: string) {
  await page.goto(`/${acmeId()}/responses?form=${formId}`);
  await page.getByRole('link', { name: new RegExp(name) }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Response', exact: true })).toBeVisible();
  return page.getByRole('region', { name: 'Deliveries' });
}

test('Zapier: generate a key, subscribe with the Zapier app, a submission is delivered; an outage is retried and Send unsent delivers it', async ({ page, browser }) => {
  test.setTimeout(120_000);
  const receiver = await HookReceiver.start();
  try {
    await signIn(page, lawyer(), '/');
    const created = await api(page, 'POST', `/api/${acmeId()}/form-templates/`, accidentForm('Zapier journey').body);

    // The form's integrations: all three, none set up yet.
    await page.goto(`/${acmeId()}/build/${created.id}/integrations`);
    const cards = page.getByRole('list', { name: 'Integrations' });
    for (const name of ['Centerbase', 'Zapier', 'Clio']) await expect(cards.getByRole('heading', { name })).toBeVisible();
    await expectAccessible(page, 'integrations list');

    // Zapier's stepper: generate the API key, shown once.
    await page.goto(`/${acmeId()}/build/${created.id}/integrations/zapier`);
    await expect(page.getByRole('link', { name: 'Back to All Integrations' })).toBeVisible();
    await page.getByRole('button', { name: 'Generate API key' }).click();
    const apiKey = (await page.getByLabel('Your new API key').textContent())!.trim();
    expect(apiKey).toMatch(/^fbk_[\w-]{43}$/);
    await expect(page.getByRole('button', { name: 'Copy API key' })).toBeVisible();
    await expectAccessible(page, 'Zapier, API key shown');

    // In Zapier: the app subscribes a hook for this form with that key (zapier-platform-core's app tester).
    await subscribeZapHook({ apiKey, formId: created.id, receiver });

    // A client submits: the Zap receives it, signed, and the response shows it delivered.
    await submitPublicForm(browser, created.id, 'Dana Delivered');
    const first = await receiver.waitFor((delivery) => carries(delivery, 'Dana Delivered'));
    expect(first.count).toBe(1);
    const deliveries = await openResponse(page, created.id, 'Dana Delivered');
    await expect(deliveries.getByText('Delivered', { exact: true })).toBeVisible();

    // Zapier is down: the next submission's attempts fail, and the response says so with the next try.
    receiver.stop();
    await submitPublicForm(browser, created.id, 'Otto Outage');
    // Two attempts (at once, then after about 5 s): the next automatic one is then about 30 s away.
    await expect.poll(() => receiver.refused, { timeout: 20_000 }).toBeGreaterThanOrEqual(2);
    const failing = await openResponse(page, created.id, 'Otto Outage');
    await expect(failing.getByText('Waiting to retry', { exact: true })).toBeVisible();
    await expect(failing.getByText('Next try')).toBeVisible();
    await expect(failing.getByText(/HTTP 503/).first()).toBeVisible();
    await expectAccessible(page, 'response detail, waiting to retry');

    // Zapier is back: Send unsent on the integrations page sends it now, long before the next automatic try.
    receiver.restart();
    await page.goto(`/${acmeId()}/build/${created.id}/integrations`);
    // Other journeys may have set up Clio or Centerbase on this account too: Zapier's own card.
    await page.getByRole('list', { name: 'Integrations' }).getByRole('listitem', { name: 'Zapier' }).getByRole('button', { name: 'Send unsent' }).click();
    await expect(page.getByText('Sending unsent responses')).toBeVisible();
    await expect(page.getByText('All responses have been sent successfully')).toBeVisible({ timeout: 20_000 });
    const resent = await receiver.waitFor((delivery) => carries(delivery, 'Otto Outage'), 10_000);
    expect(resent.count).toBe(1);
    const delivered = await openResponse(page, created.id, 'Otto Outage');
    await expect(delivered.getByText('Delivered', { exact: true })).toBeVisible();
    // Every webhook-id arrived exactly once.
    expect([...receiver.deliveries.values()].every((delivery) => delivery.count === 1)).toBe(true);
    expect(receiver.rejected).toBe(0);
  } finally {
    await receiver.close();
  }
});
