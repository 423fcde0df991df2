import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { LoadingButton } from '../../../src/components/loading-button';

describe('LoadingButton', () => {
  it('shows its label and clicks through when idle', async () => {
    const onClick = vi.fn();
    render(
      <LoadingButton loading={false} variant="primary" onClick={onClick}>
        Save
      </LoadingButton>,
    );
    const button = screen.getByRole('button', { name: 'Save' });
    expect(button).toBeEnabled();
    expect(button).toHaveClass('btn-primary');
    await userEvent.click(button);
    expect(onClick).toHaveBeenCalledOnce();
  });

  it("shows 'Loading...' with a spinner and is disabled while loading", async () => {
    const onClick = vi.fn();
    const { container } = render(
      <LoadingButton loading onClick={onClick}>
        Save
      </LoadingButton>,
    );
    const button = screen.getByRole('button', { name: 'Loading...' });
    expect(button).toBeDisabled();
    expect(button).toHaveAttribute('aria-busy', 'true');
    expect(screen.queryByText('Save')).not.toBeInTheDocument();
    expect(container.querySelector('.spinner-border')).toBeInTheDocument();
    await userEvent.click(button);
    expect(onClick).not.toHaveBeenCalled();
  });
});
