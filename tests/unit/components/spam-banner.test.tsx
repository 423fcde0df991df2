import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { SpamBanner } from '../../../src/components/spam-banner';

describe('SpamBanner', () => {
  it('tells the user the activity is spam and offers the way back', async () => {
    const onMarkNotSpam = vi.fn();
    render(<SpamBanner onMarkNotSpam={onMarkNotSpam} />);
    const banner = screen.getByRole('region', { name: 'Spam status' });
    expect(banner).toHaveTextContent('This activity is marked as Spam');
    await userEvent.click(screen.getByRole('button', { name: 'Mark as Not Spam' }));
    expect(onMarkNotSpam).toHaveBeenCalledOnce();
  });

  it('locks the button while the change is saving', () => {
    render(<SpamBanner onMarkNotSpam={() => {}} loading />);
    expect(screen.getByRole('button', { name: 'Loading...' })).toBeDisabled();
    expect(screen.queryByRole('button', { name: 'Mark as Not Spam' })).not.toBeInTheDocument();
  });
});
