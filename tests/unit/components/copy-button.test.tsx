import { act, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { COPIED_POPOVER_MS, CopyButton } from '../../../src/components/copy-button';

// Flushes the awaited clipboard promise and React's update without real time passing.
async function clickAndSettle(button: HTMLElement) {
  await act(async () => {
    fireEvent.click(button);
  });
}

async function advance(ms: number) {
  await act(async () => {
    vi.advanceTimersByTime(ms);
  });
}

describe('CopyButton', () => {
  const originalClipboard = Object.getOwnPropertyDescriptor(navigator, 'clipboard');

  beforeEach(() => {
    vi.useFakeTimers();
  });

  afterEach(() => {
    vi.useRealTimers();
    vi.restoreAllMocks();
    if (originalClipboard) Object.defineProperty(navigator, 'clipboard', originalClipboard);
    else Reflect.deleteProperty(navigator, 'clipboard');
    Reflect.deleteProperty(document, 'execCommand');
  });

  function mockClipboard(writeText: (text: string) => Promise<void>) {
    Object.defineProperty(navigator, 'clipboard', { configurable: true, value: { writeText } });
  }

  it("copies with the Clipboard API and shows 'Copied!' for 2000 ms", async () => {
    const writeText = vi.fn<(text: string) => Promise<void>>().mockResolvedValue(undefined);
    mockClipboard(writeText);
    render(<CopyButton value="https://example.test/f/abc" />);

    await clickAndSettle(screen.getByRole('button', { name: 'Copy' }));
    expect(writeText).toHaveBeenCalledWith('https://example.test/f/abc');
    expect(screen.getByRole('status')).toHaveTextContent('Copied!');

    await advance(COPIED_POPOVER_MS - 1);
    expect(screen.getByText('Copied!')).toBeInTheDocument();
    await advance(1);
    // At 2000 ms the popover starts fading out; let the fade's fallback timers finish.
    await act(() => vi.runAllTimersAsync());
    expect(screen.queryByText('Copied!')).not.toBeInTheDocument();
    expect(COPIED_POPOVER_MS).toBe(2000);
  });

  it('falls back to the legacy copy and logs why when the Clipboard API fails', async () => {
    mockClipboard(() => Promise.reject(new Error('denied')));
    const execCommand = vi.fn().mockReturnValue(true);
    Object.defineProperty(document, 'execCommand', { configurable: true, value: execCommand });
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    render(<CopyButton value="embed code" label="Copy embed code" />);

    await clickAndSettle(screen.getByRole('button', { name: 'Copy embed code' }));
    expect(warn).toHaveBeenCalledWith('Copy failed due to browser support');
    expect(execCommand).toHaveBeenCalledWith('copy');
    expect(screen.getByText('Copied!')).toBeInTheDocument();
  });

  it('uses the legacy copy when the browser has no Clipboard API', async () => {
    Object.defineProperty(navigator, 'clipboard', { configurable: true, value: undefined });
    const execCommand = vi.fn().mockReturnValue(true);
    Object.defineProperty(document, 'execCommand', { configurable: true, value: execCommand });
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    render(<CopyButton value="x" />);

    await clickAndSettle(screen.getByRole('button', { name: 'Copy' }));
    expect(warn).toHaveBeenCalledWith('Copy failed due to browser support');
    expect(execCommand).toHaveBeenCalledWith('copy');
  });
});
