import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { ConfirmButton } from '../../../src/components/confirm-button';

describe('ConfirmButton', () => {
  it("uses the defaults 'Delete', 'Yes' and 'Cancel'", async () => {
    const user = userEvent.setup();
    render(<ConfirmButton onConfirm={() => {}} />);
    const trigger = screen.getByRole('button', { name: 'Delete' });
    expect(trigger).toHaveAttribute('aria-expanded', 'false');
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();

    await user.click(trigger);
    const popover = await screen.findByRole('dialog', { name: 'Are you sure?' });
    expect(trigger).toHaveAttribute('aria-expanded', 'true');
    expect(popover).toContainElement(screen.getByRole('button', { name: 'Yes' }));
    expect(popover).toContainElement(screen.getByRole('button', { name: 'Cancel' }));
  });

  it('confirming closes the popover and emits confirm', async () => {
    const user = userEvent.setup();
    const onConfirm = vi.fn();
    render(
      <ConfirmButton text="Archive" confirmText="Archive it" cancelText="Keep" prompt="Archive this form?" onConfirm={onConfirm} />,
    );
    await user.click(screen.getByRole('button', { name: 'Archive' }));
    await screen.findByRole('dialog', { name: 'Archive this form?' });
    await user.click(screen.getByRole('button', { name: 'Archive it' }));
    expect(onConfirm).toHaveBeenCalledOnce();
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(screen.getByRole('button', { name: 'Archive' })).toHaveAttribute('aria-expanded', 'false');
  });

  it('cancelling closes the popover without emitting', async () => {
    const user = userEvent.setup();
    const onConfirm = vi.fn();
    render(<ConfirmButton onConfirm={onConfirm} />);
    await user.click(screen.getByRole('button', { name: 'Delete' }));
    await user.click(await screen.findByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(onConfirm).not.toHaveBeenCalled();
    expect(screen.getByRole('button', { name: 'Delete' })).toHaveFocus();
  });

  it('Escape closes the popover and returns focus to the button', async () => {
    const user = userEvent.setup();
    render(<ConfirmButton onConfirm={() => {}} />);
    await user.click(screen.getByRole('button', { name: 'Delete' }));
    await screen.findByRole('dialog');
    await user.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(screen.getByRole('button', { name: 'Delete' })).toHaveFocus();
  });
});
