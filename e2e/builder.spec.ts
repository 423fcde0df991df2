import { expect, test, type Page } from '@playwright/test';
import { expectAccessible } from './accessibility';
import { longTwoPageForm } from './form-fixtures';
import { acmeId, api, lawyer, signIn } from './helpers';

const SUBTYPES = ['Short Answer', 'Long Answer', 'Multiple Choice', 'Checkbox', 'Dropdown', 'Integer', 'Phone Number', 'Email'];

/** The canvas elements' accessible names, in document order. */
async function canvasNames(page: Page): Promise<string[]> {
  return page.locator('[data-testid^="canvas-element-"]').evaluateAll((nodes) => nodes.map((node) => node.getAttribute('aria-label') ?? ''));
}

const element = (page: Page, name: string) => page.getByRole('group', { name, exact: true });

test('build a two-page form, reorder with the keyboard, clone, remove, save, reload, archive', async ({ page }) => {
  // A long journey, with axe-core at four of its screens.
  test.setTimeout(120_000);
  await signIn(page, lawyer(), '/');
  await expect(page).toHaveURL(new RegExp(`/${acmeId()}$`));

  // Create the form from the list.
  await page.getByRole('button', { name: 'New form' }).first().click();
  const dialog = page.getByRole('dialog');
  await dialog.getByRole('button', { name: 'Create form' }).click();
  await expect(dialog.getByText('Form name is required')).toBeVisible();
  await expectAccessible(page, 'new form dialog, name missing');
  await dialog.getByLabel('Name').fill('E2E Intake');
  await dialog.getByRole('button', { name: 'Create form' }).click();
  await expect(page).toHaveURL(new RegExp(`/${acmeId()}/build/[0-9a-f-]{36}$`));
  const buildUrl = page.url();
  await expect(element(page, 'Page: Page 1')).toBeVisible();

  // A heading and one input of each subtype on page 1, from the palette.
  const palette = page.getByRole('region', { name: 'Add elements' }).or(page.locator('.builder-palette'));
  await palette.getByRole('button', { name: 'Heading', exact: true }).click();
  for (const subtype of SUBTYPES) await palette.getByRole('button', { name: subtype, exact: true }).click();
  for (const subtype of SUBTYPES) await expect(element(page, `${subtype}: ${subtype}`)).toBeVisible();

  // A second page with a section holding a paragraph (a page with nothing for respondents cannot be saved).
  await palette.getByRole('button', { name: 'Page', exact: true }).click();
  await expect(element(page, 'Page: Page 2')).toBeVisible();
  await element(page, 'Page: Page 2').click();
  await palette.getByRole('button', { name: 'Section', exact: true }).click();
  await palette.getByRole('button', { name: 'Paragraph', exact: true }).click();

  // Rename the first input through the property editor.
  await element(page, 'Short Answer: Short Answer').click();
  await page.getByLabel('Label', { exact: true }).fill('Full name');
  await expect(element(page, 'Short Answer: Full name')).toBeVisible();
  await expect(page.getByLabel('Data name', { exact: true })).toHaveValue('full_name');
  await expectAccessible(page, 'builder, input selected');

  // Reorder with the keyboard: pick up "Full name", move it down one place, drop it.
  const before = await canvasNames(page);
  const from = before.indexOf('Short Answer: Full name');
  expect(before[from + 1]).toBe('Long Answer: Long Answer');
  await page.getByRole('button', { name: 'Drag Short Answer: Full name' }).focus();
  // dnd-kit measures the droppables after pick-up: let a frame or two pass between keys, as a person would.
  await page.keyboard.press('Space');
  await page.waitForTimeout(300);
  await page.keyboard.press('ArrowDown');
  await page.waitForTimeout(300);
  await page.keyboard.press('Space');
  await expect.poll(async () => (await canvasNames(page)).indexOf('Short Answer: Full name')).toBe(from + 1);
  expect((await canvasNames(page))[from]).toBe('Long Answer: Long Answer');

  // Clone, then remove the clone.
  await element(page, 'Integer: Integer').click();
  await element(page, 'Integer: Integer').getByRole('button', { name: 'Clone' }).click();
  const copy = element(page, 'Integer: Integer-COPY');
  await expect(copy).toBeVisible();
  const names = await canvasNames(page);
  expect(names.indexOf('Integer: Integer-COPY')).toBe(names.indexOf('Integer: Integer') + 1);
  await copy.click();
  await copy.getByRole('button', { name: 'Remove' }).click();
  await page.getByRole('button', { name: 'Yes', exact: true }).click();
  await expect(copy).toHaveCount(0);

  // Save, reload, and find everything as it was.
  await expect(page.getByText('Unsaved changes')).toBeVisible();
  await page.getByRole('button', { name: 'Save', exact: true }).click();
  await expect(page.getByText('Form updated successfully')).toBeVisible();
  await expect(page.getByText('Unsaved changes')).toHaveCount(0);
  await expectAccessible(page, 'builder, saved (toast shown)');
  const saved = await canvasNames(page);
  await page.reload();
  await expect(element(page, 'Page: Page 2')).toBeVisible();
  expect(await canvasNames(page)).toEqual(saved);
  expect(saved).toEqual(expect.arrayContaining(['Page: Page 1', 'Page: Page 2', 'Short Answer: Full name', ...SUBTYPES.slice(1).map((s) => `${s}: ${s}`)]));
  expect(saved.filter((n) => n.startsWith('Section:'))).toHaveLength(2);
  expect(saved.some((n) => n.startsWith('Heading:'))).toBe(true);
  expect(saved.some((n) => n.startsWith('Paragraph:'))).toBe(true);

  // Archive it from the list; opening it then shows the Archived Form page.
  await page.getByRole('link', { name: 'Back to All Forms' }).click();
  const actions = page.getByRole('group', { name: 'Actions for E2E Intake' }).first();
  await actions.getByRole('button', { name: 'Archive' }).click();
  await page.getByRole('button', { name: 'Yes, archive' }).click();
  await expect(page.getByText('Form archived successfully')).toBeVisible();
  await page.goto(buildUrl);
  await expect(page.getByRole('heading', { name: 'Archived Form' })).toBeVisible();
  await expect(page.getByText('This form must be unarchived before editing')).toBeVisible();
  await expectAccessible(page, 'archived form page');
  await expect(page.getByRole('link', { name: 'Back to All Forms' }).or(page.getByRole('button', { name: 'Back to All Forms' }))).toBeVisible();
});

/** Signs in and opens a new "Long intake" form (longTwoPageForm) in the builder. */
async function openLongForm(page: Page, name: string) {
  await signIn(page, lawyer(), '/');
  await expect(page).toHaveURL(new RegExp(`/${acmeId()}$`));
  const created = (await api(page, 'POST', `/api/${acmeId()}/form-templates/`, longTwoPageForm(name))) as { id: string };
  await page.goto(`/${acmeId()}/build/${created.id}`);
  await expect(element(page, 'Section: About the incident')).toBeVisible();
}

test('keyboard moves on a long two-page form go where they are announced, from a handle off-screen too', async ({ page }) => {
  // Smooth scrolling on (Bootstrap animates every scroll of the page then), as for most users.
  await page.emulateMedia({ reducedMotion: 'no-preference' });
  await openLongForm(page, 'Long keyboard journey');
  const heard = (text: string) => expect(page.getByText(text, { exact: true })).toBeAttached();
  const at = async (name: string) => (await canvasNames(page)).indexOf(name);

  // The canvas scrolled to its end, then the handle of "State" (7 of 10 on page 1) focused where it is, off-screen.
  await page.evaluate(() => window.scrollTo({ top: document.documentElement.scrollHeight, behavior: 'instant' }));
  const state = page.getByRole('button', { name: 'Drag Short Answer: State' });
  await state.evaluate((handle) => (handle as HTMLElement).focus({ preventScroll: true }));
  await expect(state).not.toBeInViewport();
  const stateAt = await at('Short Answer: State');

  await page.keyboard.press('Space');
  await heard('Short Answer: State would go to position 7 of 10 in Page: Your details.');
  await page.keyboard.press('ArrowUp');
  await heard('Short Answer: State would go to position 6 of 10 in Page: Your details.');
  // Brought into view at once as it was picked up, and shown taking the place above.
  await expect(state).toBeInViewport();
  await page.keyboard.press('Space');
  await heard('Short Answer: State was dropped at position 6 of 10 in Page: Your details.');
  await expect.poll(() => at('Short Answer: State')).toBe(stateAt - 1);
  expect((await canvasNames(page))[stateAt]).toBe('Short Answer: County');

  // "Email" down every place to page 2: each place is announced, the first of the section included, and the drop
  // lands on the last one announced.
  await page.getByRole('button', { name: 'Drag Short Answer: Email' }).focus();
  await page.keyboard.press('Space');
  await heard('Short Answer: Email would go to position 2 of 10 in Page: Your details.');
  for (let position = 3; position <= 10; position += 1) {
    await page.keyboard.press('ArrowDown');
    await heard(`Short Answer: Email would go to position ${position} of 10 in Page: Your details.`);
  }
  await page.keyboard.press('ArrowDown');
  await heard('Short Answer: Email would go to position 1 of 2 in Page: The incident.');
  await page.keyboard.press('ArrowDown');
  await heard('Short Answer: Email would go to position 1 of 4 in Section: About the incident.');
  await page.keyboard.press('ArrowDown');
  await heard('Short Answer: Email would go to position 2 of 4 in Section: About the incident.');
  await page.keyboard.press('ArrowUp');
  await heard('Short Answer: Email would go to position 1 of 4 in Section: About the incident.');
  await page.keyboard.press('Space');
  await heard('Short Answer: Email was dropped at position 1 of 4 in Section: About the incident.');
  await expect.poll(() => at('Short Answer: Email')).toBe((await at('Section: About the incident')) + 1);
  expect((await canvasNames(page)).slice(-4)).toEqual(['Short Answer: Email', 'Short Answer: Date of the incident', 'Short Answer: Location', 'Short Answer: What happened']);
});

test('mouse drags drop where the pointer is: within a page, onto another page, from the palette', async ({ page }) => {
  await openLongForm(page, 'Mouse journey');
  const heard = (text: string) => expect(page.getByText(text, { exact: true })).toBeAttached();
  const names = () => canvasNames(page);

  /** Presses `from`, moves in small steps to `fraction` of the height of `to`, checks what is shown, and drops. */
  async function drag(from: { x: number; y: number }, to: string, fraction: number, whileOver?: () => Promise<void>) {
    await page.mouse.move(from.x, from.y);
    await page.mouse.down();
    await page.mouse.move(from.x + 10, from.y + 10, { steps: 2 });
    await element(page, to).scrollIntoViewIfNeeded();
    const box = (await element(page, to).boundingBox())!;
    await page.mouse.move(box.x + box.width / 2, box.y + box.height * fraction, { steps: 8 });
    await expect(page.locator('.builder-drag-chip')).toBeVisible();
    await whileOver?.();
    await page.mouse.up();
    await expect(page.locator('.builder-drag-chip')).toHaveCount(0);
  }
  const handleOf = async (name: string) => {
    const box = (await page.getByRole('button', { name: `Drag ${name}` }).boundingBox())!;
    return { x: box.x + box.width / 2, y: box.y + box.height / 2 };
  };

  // "Email" (2 of 10) dragged over the lower half of "Street address" (4 of 10): it goes after it, as announced and drawn.
  await drag(await handleOf('Short Answer: Email'), 'Short Answer: Street address', 0.75, async () => {
    await heard('Short Answer: Email would go to position 4 of 10 in Page: Your details.');
    // The line is drawn between "Street address" and "City", where it lands (and not clipped by the element's box).
    await expect(page.locator('[data-drop]')).toHaveCount(1);
    await expect(element(page, 'Short Answer: City')).toHaveAttribute('data-drop', 'before');
    expect(await element(page, 'Short Answer: City').evaluate((node) => getComputedStyle(node).contentVisibility)).toBe('visible');
    await expect(element(page, 'Short Answer: Email')).toHaveAttribute('data-dragging', '');
  });
  await heard('Short Answer: Email was dropped at position 4 of 10 in Page: Your details.');
  expect((await names()).slice(1, 5)).toEqual(['Short Answer: Full name', 'Short Answer: Phone', 'Short Answer: Street address', 'Short Answer: Email']);
  await expect(element(page, 'Short Answer: Email')).not.toHaveAttribute('data-dragging');
  await expect(page.locator('[data-drop]')).toHaveCount(0);

  // "City" dragged over the upper half of "Location" in page 2's section: it goes before it.
  await drag(await handleOf('Short Answer: City'), 'Short Answer: Location', 0.25);
  await heard('Short Answer: City was dropped at position 2 of 4 in Section: About the incident.');
  expect((await names()).slice(-4)).toEqual(['Short Answer: Date of the incident', 'Short Answer: City', 'Short Answer: Location', 'Short Answer: What happened']);

  // A Short Answer from the palette dropped on the lower half of "Zip code".
  await page.evaluate(() => window.scrollTo({ top: 0, behavior: 'instant' }));
  const item = (await page.locator('.builder-palette').getByRole('button', { name: 'Short Answer', exact: true }).boundingBox())!;
  await drag({ x: item.x + item.width / 2, y: item.y + item.height / 2 }, 'Short Answer: Zip code', 0.75);
  const final = await names();
  expect(final[final.indexOf('Short Answer: Zip code') + 1]).toBe('Short Answer: Short Answer');
});

test('a long form is drawn on the page layer: no compositing layer of its own for any part of the canvas', async ({ page }) => {
  // Every layer is laid out, committed and drawn on every frame, keystrokes included: a canvas cut into a layer per
  // piece (what the sticky palette caused when it was painted before the canvas) made typing slower on long forms.
  await openLongForm(page, 'Layer journey');
  await element(page, 'Short Answer: Email').locator('.builder-element-kind').click();
  const label = page.getByLabel('Label', { exact: true });
  await label.click();
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('DOM.getDocument', { depth: -1 });
  // The layer tree as the browser last sent it, read once the typing has changed it.
  const seen: { layers: { layerId: string; backendNodeId?: number }[] | null } = { layers: null };
  cdp.on('LayerTree.layerTreeDidChange', (event) => {
    if (event.layers) seen.layers = event.layers;
  });
  await cdp.send('LayerTree.enable');
  await label.press('End');
  seen.layers = null;
  await label.pressSequentially(' address');
  await expect.poll(() => seen.layers !== null).toBe(true);
  const layers = seen.layers ?? [];
  const inCanvas: string[] = [];
  for (const { backendNodeId } of layers) {
    if (!backendNodeId) continue;
    const { object } = await cdp.send('DOM.resolveNode', { backendNodeId });
    const { result } = await cdp.send('Runtime.callFunctionOn', {
      objectId: object.objectId!,
      functionDeclaration: 'function () { const node = this.nodeType === 1 ? this : this.parentElement; return node?.closest("#canvas-root") ? node.outerHTML.slice(0, 80) : null; }',
      returnByValue: true,
    });
    if (result.value) inCanvas.push(result.value as string);
  }
  await cdp.detach();
  expect(layers.length).toBeGreaterThan(1);
  expect(inCanvas).toEqual([]);
});

test('the built-in mapping form cannot be built', async ({ page }) => {
  await signIn(page, lawyer(), `/${acmeId()}/build/contact-export-form`);
  await expect(page.getByRole('heading', { name: 'Page Not Found' })).toBeVisible();
});
