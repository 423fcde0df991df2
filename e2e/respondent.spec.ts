import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { expect, test } from '@playwright/test';
import { accidentForm } from './form-fixtures';
import { expectAccessible } from './accessibility';
import { acmeId, api, lawyer, signIn } from './helpers';

test.describe('respondent side', () => {
  test('the public link: logic shows and hides an input as the respondent answers, validation, submit message', async ({ page, browser }) => {
    // A 3 s fill-time wait and axe-core at four screens.
    test.setTimeout(90_000);
    await signIn(page, lawyer(), '/');
    await expect(page).toHaveURL(new RegExp(`/${acmeId()}$`));
    const form = accidentForm('Public accident intake');
    const created = await api(page, 'POST', `/api/${acmeId()}/form-templates/`, form.body);

    // The builder's Share link leads to the public link.
    await page.goto(`/${acmeId()}/build/${created.id}`);
    await page.getByRole('link', { name: 'Share', exact: true }).click();
    await expect(page).toHaveURL(new RegExp(`/build/${created.id}/share$`));
    const link = page.getByLabel('Form link');
    await expect(link).toHaveValue(new RegExp(`/f/${created.id}$`));
    const publicUrl = await link.inputValue();
    await expectAccessible(page, 'share');

    // A respondent (no session at all) opens it.
    const respondent = await (await browser.newContext()).newPage();
    await respondent.goto(publicUrl);
    await expect(respondent.getByRole('heading', { name: 'Public accident intake' })).toBeVisible();
    await expectAccessible(respondent, 'public form');
    await expect(respondent.getByLabel('Injury details')).toHaveCount(0);
    await respondent.getByRole('radio', { name: 'Yes' }).check();
    await expect(respondent.getByLabel('Injury details')).toBeVisible();
    await respondent.getByRole('radio', { name: 'No' }).check();
    await expect(respondent.getByLabel('Injury details')).toHaveCount(0);
    await respondent.getByRole('radio', { name: 'Yes' }).check();

    // Required fields are enforced with messages; focus goes to the first error.
    await respondent.getByRole('button', { name: 'Send to the firm' }).click();
    await expect(respondent.getByText('This field is required').first()).toBeVisible();
    await expect(respondent.getByLabel('Full name')).toBeFocused();
    await respondent.getByLabel('Full name').fill('Jane Roe');
    await respondent.getByLabel('Injury details').fill('Broken wrist after a fall in a shop.');
    await respondent.getByLabel('Email').fill('jane@example');
    await respondent.getByRole('button', { name: 'Send to the firm' }).click();
    await expect(respondent.getByText('Enter a valid email address')).toBeVisible();
    await expectAccessible(respondent, 'public form, with errors');
    await respondent.getByLabel('Email').fill('jane@example.com');
    // The spam check treats a form filled in under 3 seconds as a bot; a person takes longer.
    await respondent.waitForTimeout(3000);
    await respondent.getByRole('button', { name: 'Send to the firm' }).click();
    await expect(respondent.getByText('Thank you — a lawyer will call you within one business day.')).toBeVisible();
    // A clear confirmation under the form's title, with the firm's own message.
    await expect(respondent.getByRole('status').getByRole('heading', { name: 'Your response has been sent' })).toBeVisible();
    await expect(respondent.getByRole('heading', { level: 1, name: 'Public accident intake' })).toBeVisible();
    await expectAccessible(respondent, 'public form, thank-you');

    const responses = await api(page, 'GET', `/api/${acmeId()}/form-responses/?form_template=${created.id}`);
    expect(responses.count).toBe(1);
    expect(responses.results[0].isSpam).toBe(false);
  });

  test('a prefill link opens the form with its values', async ({ page, browser }) => {
    await signIn(page, lawyer(), '/');
    await expect(page).toHaveURL(new RegExp(`/${acmeId()}$`));
    const form = accidentForm('Prefilled intake');
    const created = await api(page, 'POST', `/api/${acmeId()}/form-templates/`, form.body);
    const prefill = await api(page, 'POST', `/api/${acmeId()}/form-prefills/`, {
      form_template: created.id,
      name: 'Referral from Smith & Co',
      data: { [form.ids.fullName]: 'John Smith', [form.ids.injured]: form.ids.yes },
    });

    // The prefill list shows it with a copyable link.
    await page.goto(`/${acmeId()}/build/${created.id}/share/prefills`);
    await expect(page.getByText('Referral from Smith & Co')).toBeVisible();
    await expectAccessible(page, 'prefills list');

    const respondent = await (await browser.newContext()).newPage();
    await respondent.goto(`/f/${created.id}?prefill=${prefill.id}&email=john@example.com`);
    await expect(respondent.getByLabel('Full name')).toHaveValue('John Smith');
    await expect(respondent.getByRole('radio', { name: 'Yes' })).toBeChecked();
    await expect(respondent.getByLabel('Injury details')).toBeVisible();
    await expect(respondent.getByLabel('Email')).toHaveValue('john@example.com');
  });

  test('embedded on another origin: resizes to its content, submits, and tells the host page', async ({ page, browser }) => {
    await signIn(page, lawyer(), '/');
    await expect(page).toHaveURL(new RegExp(`/${acmeId()}$`));
    const form = accidentForm('Embedded intake');
    const created = await api(page, 'POST', `/api/${acmeId()}/form-templates/`, form.body);
    const appOrigin = new URL(page.url()).origin; // http://127.0.0.1:PORT

    // The firm's website: another origin (127.0.0.2), with the embed snippet.
    const host: Server = createServer((_request, response) => {
      response.setHeader('content-type', 'text/html; charset=utf-8');
      response.end(`<!doctype html><html lang="en"><head><title>Smith & Co LLP</title></head><body>
        <main><h1>Contact Smith &amp; Co</h1>
        <div id="intake" data-formbuilder-form="${created.id}"></div>
        <p id="status">waiting</p></main>
        <script>document.addEventListener('formbuilder:submitted', (e) => { document.getElementById('status').textContent = 'submitted ' + e.detail.responseId; });</script>
        <script src="${appOrigin}/embed.js" async></script>
      </body></html>`);
    });
    await new Promise<void>((resolve) => host.listen(0, '127.0.0.2', resolve));
    const hostUrl = `http://127.0.0.2:${(host.address() as AddressInfo).port}/`;
    try {
      const visitor = await (await browser.newContext()).newPage();
      await visitor.goto(hostUrl);
      const iframe = visitor.locator('#intake iframe');
      await expect(iframe).toHaveCount(1);
      const frame = visitor.frameLocator('#intake iframe');
      await expect(frame.getByLabel('Full name')).toBeVisible();
      // Screen readers name the iframe after the form (the page tells the loader its title), not just "Form".
      await expect(iframe).toHaveAttribute('title', 'Embedded intake');

      // The iframe follows its content's height.
      const heightOf = async () => (await iframe.boundingBox())?.height ?? 0;
      await expect.poll(heightOf).toBeGreaterThan(300);
      const before = await heightOf();
      await frame.getByRole('radio', { name: 'Yes' }).check();
      await expect(frame.getByLabel('Injury details')).toBeVisible();
      await expect.poll(heightOf).toBeGreaterThan(before + 40);
      await expectAccessible(visitor, 'embedded form on a firm\'s page');

      await frame.getByLabel('Full name').fill('Embedded Person');
      await frame.getByLabel('Injury details').fill('Whiplash.');
      await visitor.waitForTimeout(3000);
      await frame.getByRole('button', { name: 'Send to the firm' }).click();
      await expect(frame.getByText('Thank you — a lawyer will call you within one business day.')).toBeVisible();
      await expect(visitor.locator('#status')).toHaveText(/^submitted [0-9a-f-]{36}$/);

      // The staff app itself refuses to be framed; the respondent page may be.
      const framing = await visitor.request.get(`${appOrigin}/${acmeId()}`);
      expect(framing.headers()['x-frame-options']).toBe('DENY');
    } finally {
      await new Promise((resolve) => host.close(resolve));
    }
  });
});
