import { act, createEvent, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { HttpResponse, http, server, startMswServer } from '../../app/msw-server';
import { TEMPLATE_URL, renderBuilder, templateJson } from './builder-fixtures';

startMswServer();

function openBuilder() {
  server.use(http.get(TEMPLATE_URL, () => HttpResponse.json(templateJson())));
  return renderBuilder();
}

/** The canvas element named `name`, once the form has loaded (a busy machine needs a while for the first render). */
const canvasElement = (name: string) => screen.findByRole('group', { name }, { timeout: 5000 });
const liveText = () => screen.getAllByRole('status').map((region) => region.textContent ?? '').join(' ');

/** Ctrl+key on `target`; returns the event (defaultPrevented says whether the page took it from the browser). */
function press(target: Element, key: string, modifiers: { shiftKey?: boolean; metaKey?: boolean } = {}) {
  const event = createEvent.keyDown(target, { key, ctrlKey: !modifiers.metaKey, ...modifiers });
  act(() => {
    fireEvent(target, event);
  });
  return event;
}

describe('builder undo and redo: toolbar buttons and keys', () => {
  it('has labelled Undo and Redo buttons, unavailable until there is something to undo or redo', async () => {
    const { user } = openBuilder();
    await user.click(await canvasElement('Short Answer: Full name'));
    const undo = screen.getByRole('button', { name: 'Undo' });
    const redo = screen.getByRole('button', { name: 'Redo' });
    expect(undo).toHaveAttribute('aria-disabled', 'true');
    expect(redo).toHaveAttribute('aria-disabled', 'true');
    expect(undo).toHaveAttribute('aria-keyshortcuts', 'Control+Z Meta+Z');
    expect(undo).toHaveAttribute('title', 'Undo (Ctrl+Z)');

    await user.type(screen.getByLabelText('Label'), ' Jr');
    expect(undo).not.toHaveAttribute('aria-disabled');
    expect(screen.getByText('Unsaved changes')).toBeInTheDocument();

    await user.click(undo);
    expect(await canvasElement('Short Answer: Full name')).toBeInTheDocument();
    expect(screen.getByLabelText('Label')).toHaveValue('Full name');
    // Back to the saved copy: no unsaved changes.
    expect(screen.queryByText('Unsaved changes')).not.toBeInTheDocument();
    expect(undo).toHaveAttribute('aria-disabled', 'true');
    // Still focused, so a keyboard user is not dropped at the top of the page.
    expect(undo).toHaveFocus();
    await waitFor(() => expect(liveText()).toContain('Undone: changed Short Answer: Full name.'));

    await user.click(redo);
    expect(screen.getByLabelText('Label')).toHaveValue('Full name Jr');
    await waitFor(() => expect(liveText()).toContain('Redone: changed Short Answer: Full name Jr.'));
    // An unavailable button does nothing.
    await user.click(redo);
    expect(screen.getByLabelText('Label')).toHaveValue('Full name Jr');
  }, 15_000);

  it('undoes with Ctrl+Z and ⌘Z, and redoes with Ctrl+Shift+Z and Ctrl+Y, from the canvas', async () => {
    const { user } = openBuilder();
    const element = await canvasElement('Section: Contact');
    await user.click(element);
    await user.click(within(element).getByRole('button', { name: 'Remove' }));
    await user.click(await screen.findByRole('button', { name: 'Yes' }));
    await waitFor(() => expect(screen.queryByRole('group', { name: 'Section: Contact' })).not.toBeInTheDocument());

    const page = screen.getByRole('group', { name: 'Page: Details' });
    expect(press(page, 'z').defaultPrevented).toBe(true);
    // The removed section is back, selected.
    const back = await canvasElement('Section: Contact');
    expect(back).toHaveAttribute('aria-current', 'true');
    await waitFor(() => expect(liveText()).toContain('Undone: removed Section: Contact.'));

    press(document.body, 'z', { shiftKey: true });
    await waitFor(() => expect(screen.queryByRole('group', { name: 'Section: Contact' })).not.toBeInTheDocument());
    press(document.body, 'z', { metaKey: true });
    expect(await canvasElement('Section: Contact')).toBeInTheDocument();
    press(document.body, 'y');
    await waitFor(() => expect(screen.queryByRole('group', { name: 'Section: Contact' })).not.toBeInTheDocument());
  }, 15_000);

  it("leaves Ctrl+Z to a text box holding typing of its own, then undoes the form's last step", async () => {
    const { user } = openBuilder();
    await user.click(await canvasElement('Short Answer: Full name'));
    await user.click(screen.getByLabelText('Required'));
    const label = screen.getByLabelText('Label');
    await user.type(label, ' Jr');
    // The box has typing of its own: the key is the browser's (its own undo), the form stays as it is.
    const own = press(label, 'z');
    expect(own.defaultPrevented).toBe(false);
    expect(label).toHaveValue('Full name Jr');

    // Another box, nothing typed in it since it got focus: the form's undo takes the key.
    const placeholder = screen.getByLabelText('Placeholder');
    await user.click(placeholder);
    expect(press(placeholder, 'z').defaultPrevented).toBe(true);
    await waitFor(() => expect(screen.getByLabelText('Label')).toHaveValue('Full name'));
    expect(press(screen.getByLabelText('Placeholder'), 'z').defaultPrevented).toBe(true);
    await waitFor(() => expect(screen.getByLabelText('Required')).not.toBeChecked());
  }, 15_000);

  it('shows the panel holding what an undo changed', async () => {
    const { user } = openBuilder();
    await user.click(await canvasElement('Short Answer: Full name'));
    await user.click(screen.getByRole('tab', { name: 'Form settings' }));
    await user.type(screen.getByLabelText('Display name'), '!');
    await user.click(screen.getByRole('tab', { name: 'Element' }));
    await user.click(screen.getByRole('button', { name: 'Undo' }));
    expect(screen.getByRole('tab', { name: 'Form settings' })).toHaveAttribute('aria-selected', 'true');
    expect(screen.getByLabelText('Display name')).toHaveValue('Tell us about your matter');
    await waitFor(() => expect(liveText()).toContain('Undone: changed the form settings.'));
  }, 15_000);
});
