import './rich-text-jsdom';
import { act, createEvent, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { StrictMode, useState } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { isFieldHistoryChange, isHistoryKeyFree } from '../../../src/components/field-history';
import { RichTextField } from '../../../src/components/rich-text/rich-text-field';
import type { RichTextFieldProps } from '../../../src/components/rich-text/rich-text-field';

type HostProps = Omit<RichTextFieldProps, 'value' | 'onChange' | 'ariaLabel'> & {
  initial?: string;
  ariaLabel?: string;
  onChange?: (html: string) => void;
};

/** A controlled parent, like the builder's property editor. */
function Host({ initial = '', onChange, ariaLabel = 'Content', ...rest }: HostProps) {
  const [value, setValue] = useState(initial);
  return (
    <>
      <RichTextField
        {...rest}
        ariaLabel={ariaLabel}
        value={value}
        onChange={(html) => {
          setValue(html);
          onChange?.(html);
        }}
      />
      <output data-testid="value">{value}</output>
      <button type="button" onClick={() => setValue('<p>From outside</p>')}>
        Replace
      </button>
      <input aria-label="Elsewhere" />
    </>
  );
}

/** Waits for the lazy ProseMirror chunk (the first test loads it: a busy machine needs a while) and returns the editable element. */
async function editor(name = 'Content'): Promise<HTMLElement> {
  await waitFor(() => expect(screen.getByRole('textbox', { name })).toHaveAttribute('contenteditable', 'true'), { timeout: 5000 });
  return screen.getByRole('textbox', { name });
}

const currentValue = () => screen.getByTestId('value').textContent;

describe('RichTextField', () => {
  it('shows a labelled read-only box while the editor loads, then the editor', async () => {
    render(<Host initial="<p>Hello <strong>there</strong></p>" id="desc" />);
    const fallback = screen.getByRole('textbox', { name: 'Content' });
    expect(fallback).toHaveAttribute('aria-busy', 'true');
    expect(fallback).toHaveTextContent('Hello there');
    const box = await editor();
    expect(box).toHaveAttribute('id', 'desc');
    expect(box).toHaveAttribute('aria-multiline', 'true');
    expect(box.innerHTML).toContain('<p>Hello <strong>there</strong></p>');
  });

  it('emits sanitised HTML as the user types', async () => {
    const onChange = vi.fn();
    const user = userEvent.setup();
    render(<Host onChange={onChange} />);
    const box = await editor();
    await user.click(box);
    await user.keyboard('Hi');
    expect(onChange).toHaveBeenLastCalledWith('<p>Hi</p>');
    expect(currentValue()).toBe('<p>Hi</p>');
  });

  it('single-line mode blocks Enter and keeps one paragraph', async () => {
    const onChange = vi.fn();
    const user = userEvent.setup();
    render(<Host singleLine onChange={onChange} />);
    const box = await editor();
    expect(box).toHaveAttribute('aria-multiline', 'false');
    await user.click(box);
    await user.keyboard('ab');
    const notPrevented = fireEvent.keyDown(box, { key: 'Enter', code: 'Enter', keyCode: 13 });
    expect(notPrevented).toBe(false);
    fireEvent.keyDown(box, { key: 'Enter', code: 'Enter', keyCode: 13, shiftKey: true });
    await user.keyboard('c');
    expect(box.querySelectorAll('p')).toHaveLength(1);
    expect(box.querySelector('br:not(.ProseMirror-trailingBreak)')).toBeNull();
    expect(currentValue()).toBe('<p>abc</p>');
  });

  it('multi-line mode lets Enter start a new paragraph', async () => {
    const user = userEvent.setup();
    render(<Host />);
    const box = await editor();
    await user.click(box);
    await user.keyboard('a{Enter}b');
    expect(currentValue()).toBe('<p>a</p><p>b</p>');
  });

  it('emits an empty string when only markup and whitespace are left', async () => {
    const onChange = vi.fn();
    const user = userEvent.setup();
    render(<Host initial="<p>Some text</p>" onChange={onChange} />);
    const box = await editor();
    await user.click(box);
    await user.keyboard('{Control>}a{/Control}{Backspace}');
    expect(onChange).toHaveBeenLastCalledWith('');
    await user.keyboard('   ');
    expect(currentValue()).toBe('');
    expect(onChange).not.toHaveBeenCalledWith(expect.stringContaining('<p> '));
  });

  it('shows the placeholder when empty and blurred, and clears it on focus', async () => {
    const user = userEvent.setup();
    render(<Host placeholder="Write a description" />);
    const box = await editor();
    const placeholder = () => box.querySelector('[data-placeholder]');
    expect(box).toHaveAttribute('aria-placeholder', 'Write a description');
    expect(placeholder()).toHaveAttribute('data-placeholder', 'Write a description');
    expect(box.textContent).toBe(''); // painted by CSS, never content
    await user.click(box);
    expect(placeholder()).toBeNull();
    await user.click(screen.getByRole('textbox', { name: 'Elsewhere' }));
    expect(placeholder()).not.toBeNull();
    await user.click(box);
    await user.keyboard('x');
    await user.click(screen.getByRole('textbox', { name: 'Elsewhere' }));
    expect(placeholder()).toBeNull();
  });

  it('edits a heading at the given level and re-levels it when the level changes', async () => {
    const onChange = vi.fn();
    const user = userEvent.setup();
    const { rerender } = render(<Host headingLevel={2} singleLine onChange={onChange} />);
    const box = await editor();
    await user.click(box);
    await user.keyboard('Welcome');
    expect(onChange).toHaveBeenLastCalledWith('<h2>Welcome</h2>');
    expect(fireEvent.keyDown(box, { key: 'Enter', code: 'Enter', keyCode: 13 })).toBe(false);
    expect(box.querySelectorAll('h2')).toHaveLength(1);

    rerender(<Host headingLevel={5} singleLine onChange={onChange} />);
    expect(onChange).toHaveBeenLastCalledWith('<h5>Welcome</h5>');
    expect(box.querySelector('h5')).toHaveTextContent('Welcome');
    expect(box.querySelector('h2')).toBeNull();
  });

  it('loads a heading at the requested level whatever level the HTML had', async () => {
    render(<Host initial="<h1>Title</h1>" headingLevel={3} singleLine />);
    const box = await editor();
    expect(box.querySelector('h3')).toHaveTextContent('Title');
    expect(box.querySelector('h1')).toBeNull();
  });

  it('applies bold, italic and underline with the keyboard', async () => {
    const user = userEvent.setup();
    render(<Host />);
    const box = await editor();
    await user.click(box);
    await user.keyboard('a{Control>}b{/Control}B{Control>}b{/Control}{Control>}i{/Control}I{Control>}i{/Control}');
    await user.keyboard('{Control>}u{/Control}U{Control>}u{/Control}z');
    expect(currentValue()).toBe('<p>a<strong>B</strong><em>I</em><u>U</u>z</p>');
  });

  it('toggles bold from the toolbar and shows its state', async () => {
    const user = userEvent.setup();
    render(<Host />);
    const box = await editor();
    await user.click(box);
    await user.keyboard('plain{Control>}a{/Control}');
    const bold = screen.getByRole('button', { name: 'Bold' });
    expect(bold).toHaveAttribute('aria-pressed', 'false');
    await user.click(bold);
    expect(currentValue()).toBe('<p><strong>plain</strong></p>');
    expect(bold).toHaveAttribute('aria-pressed', 'true');
    await user.click(bold);
    expect(currentValue()).toBe('<p>plain</p>');
  });

  it('makes the toolbar one tab stop with arrow-key movement', async () => {
    const user = userEvent.setup();
    render(<Host />);
    await editor();
    const toolbar = screen.getByRole('toolbar', { name: 'Content formatting' });
    const tabbable = within(toolbar)
      .getAllByRole('button')
      .filter((button) => button.tabIndex === 0);
    expect(tabbable.map((button) => button.getAttribute('aria-label'))).toEqual(['Bold']);
    screen.getByRole('button', { name: 'Bold' }).focus();
    await user.keyboard('{ArrowRight}');
    expect(screen.getByRole('button', { name: 'Italic' })).toHaveFocus();
    expect(screen.getByRole('button', { name: 'Italic' })).toHaveAttribute('tabindex', '0');
    expect(screen.getByRole('button', { name: 'Bold' })).toHaveAttribute('tabindex', '-1');
    await user.keyboard('{End}');
    // 'Add link' is disabled without a selection, so End stops at the last enabled button.
    expect(screen.getByRole('button', { name: 'Numbered list' })).toHaveFocus();
    await user.keyboard('{ArrowRight}');
    expect(screen.getByRole('button', { name: 'Bold' })).toHaveFocus();
    await user.keyboard('{ArrowLeft}');
    expect(screen.getByRole('button', { name: 'Numbered list' })).toHaveFocus();
  });

  it('makes bulleted and numbered lists from the toolbar', async () => {
    const user = userEvent.setup();
    render(<Host />);
    const box = await editor();
    await user.click(box);
    await user.keyboard('one');
    await user.click(screen.getByRole('button', { name: 'Bulleted list' }));
    await user.keyboard('{Enter}two');
    expect(currentValue()).toBe('<ul><li><p>one</p></li><li><p>two</p></li></ul>');
    await user.click(screen.getByRole('button', { name: 'Numbered list' }));
    expect(currentValue()).toBe('<ol><li><p>one</p></li><li><p>two</p></li></ol>');
    // Enter on an empty last item leaves the list.
    await user.keyboard('{Enter}{Enter}after');
    expect(currentValue()).toBe('<ol><li><p>one</p></li><li><p>two</p></li></ol><p>after</p>');
  });

  it('adds a safe link to the selection and refuses unsafe ones', async () => {
    const user = userEvent.setup();
    render(<Host initial="<p>site</p>" />);
    const box = await editor();
    await user.click(box);
    expect(screen.getByRole('button', { name: 'Add link' })).toBeDisabled();
    await user.keyboard('{Control>}a{/Control}');
    await user.click(screen.getByRole('button', { name: 'Add link' }));
    const address = screen.getByRole('textbox', { name: 'Link address' });
    await user.type(address, 'javascript:alert(1){Enter}');
    expect(screen.getByText('Enter a web address (https://…) or an email address')).toBeInTheDocument();
    await user.clear(address);
    await user.type(address, 'example.com{Enter}');
    expect(currentValue()).toBe('<p><a href="https://example.com" rel="noopener noreferrer nofollow" target="_blank">site</a></p>');
    await user.keyboard('{Control>}a{/Control}');
    await user.click(screen.getByRole('button', { name: 'Remove link' }));
    expect(currentValue()).toBe('<p>site</p>');
  });

  it('takes a new value from outside without echoing it back', async () => {
    const onChange = vi.fn();
    const user = userEvent.setup();
    render(<Host initial="<p>Before</p>" onChange={onChange} />);
    const box = await editor();
    await user.click(screen.getByRole('button', { name: 'Replace' }));
    expect(box.innerHTML).toContain('From outside');
    expect(onChange).not.toHaveBeenCalled();
  });

  it('sanitises what it is given', async () => {
    render(<Host initial={'<p onclick="x()">Safe<script>alert(1)</script><img src=x onerror=alert(1)></p>'} />);
    const box = await editor();
    expect(box.innerHTML).not.toMatch(/script|onerror|onclick|img/);
    expect(box).toHaveTextContent('Safe');
  });

  it('marks the field invalid and describes it', async () => {
    render(
      <>
        <Host invalid ariaDescribedBy="err" />
        <p id="err">Content is required</p>
      </>,
    );
    const box = await editor();
    expect(box).toHaveAttribute('aria-invalid', 'true');
    expect(box).toHaveAccessibleDescription('Content is required');
  });

  it('works under StrictMode (effects mounted twice) with a single editor', async () => {
    const user = userEvent.setup();
    render(
      <StrictMode>
        <Host />
      </StrictMode>,
    );
    const box = await editor();
    expect(document.querySelectorAll('.ProseMirror')).toHaveLength(1);
    await user.click(box);
    await user.keyboard('ok');
    expect(currentValue()).toBe('<p>ok</p>');
  });

  it('undoes typing with Mod-z', async () => {
    const user = userEvent.setup();
    render(<Host initial="<p>Start</p>" />);
    const box = await editor();
    await user.click(box);
    await user.keyboard('{Control>}a{/Control}more');
    expect(currentValue()).toBe('<p>more</p>');
    await act(async () => {
      fireEvent.keyDown(box, { key: 'z', code: 'KeyZ', keyCode: 90, ctrlKey: true });
    });
    expect(currentValue()).toBe('<p>Start</p>');
  });

  it('tells its own undo and redo apart from typing (the builder walks back with them)', async () => {
    const calls: [string, boolean][] = [];
    const user = userEvent.setup();
    render(<Host initial="<p>Start</p>" onChange={(html) => calls.push([html, isFieldHistoryChange()])} />);
    const box = await editor();
    await user.click(box);
    await user.keyboard('{Control>}a{/Control}more');
    expect(calls.at(-1)).toEqual(['<p>more</p>', false]);
    await act(async () => {
      fireEvent.keyDown(box, { key: 'z', code: 'KeyZ', keyCode: 90, ctrlKey: true });
    });
    expect(calls.at(-1)).toEqual(['<p>Start</p>', true]);
    await act(async () => {
      fireEvent.keyDown(box, { key: 'z', code: 'KeyZ', keyCode: 90, ctrlKey: true, shiftKey: true });
    });
    expect(calls.at(-1)).toEqual(['<p>more</p>', true]);
    expect(isFieldHistoryChange()).toBe(false);
  });

  it('leaves Mod-z to the page when it has nothing of its own to undo, also after a change from outside', async () => {
    const user = userEvent.setup();
    render(<Host initial="<p>Start</p>" />);
    const box = await editor();
    const ctrlZ = () => {
      const event = createEvent.keyDown(box, { key: 'z', code: 'KeyZ', keyCode: 90, ctrlKey: true });
      act(() => {
        fireEvent(box, event);
      });
      return event;
    };
    // Nothing typed yet: the page's undo may have the key (ProseMirror still keeps the browser's undo out).
    const first = ctrlZ();
    expect(first.defaultPrevented).toBe(true);
    expect(isHistoryKeyFree(first)).toBe(true);
    await user.click(box);
    await user.keyboard('{Control>}a{/Control}typed');
    // Typing of its own: the field takes the key.
    expect(isHistoryKeyFree(ctrlZ())).toBe(false);
    expect(currentValue()).toBe('<p>Start</p>');
    await user.keyboard('{Control>}a{/Control}typed');
    // A change from outside (the builder's undo) starts the field's own history afresh: the old typing is gone from it.
    await user.click(screen.getByRole('button', { name: 'Replace' }));
    expect(box.innerHTML).toContain('From outside');
    expect(isHistoryKeyFree(ctrlZ())).toBe(true);
    expect(currentValue()).toBe('<p>From outside</p>');
  });

  it('draws the list and link tools as SVG icons, named for screen readers', async () => {
    const user = userEvent.setup();
    render(<Host initial="<p>site</p>" />);
    const box = await editor();
    for (const name of ['Bulleted list', 'Numbered list', 'Add link']) {
      const tool = screen.getByRole('button', { name });
      expect(tool.querySelector('svg')).not.toBeNull();
      // No emoji or other glyph a font may lack: the name comes from the label, the picture from the svg.
      expect(tool).toHaveTextContent(/^$/);
    }
    await user.click(box);
    await user.keyboard('{Control>}a{/Control}');
    await user.click(screen.getByRole('button', { name: 'Add link' }));
    await user.type(screen.getByRole('textbox', { name: 'Link address' }), 'example.com{Enter}');
    await user.keyboard('{Control>}a{/Control}');
    const remove = screen.getByRole('button', { name: 'Remove link' });
    expect(remove.querySelector('svg')).not.toBeNull();
    expect(remove).toHaveTextContent(/^$/);
  });
});
