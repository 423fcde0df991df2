import { screen, within } from '@testing-library/react';
import { useState } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { Stepper } from '../../../src/components/stepper/stepper';
import type { StepperItem } from '../../../src/components/stepper/stepper';
import { renderWithProviders } from '../test-utils';

const LIST = '/12/build/11111111-1111-4111-8111-111111111111/integrations';
const ITEMS: StepperItem[] = [
  { name: 'Generate API key', complete: true },
  { name: 'Connect in Zapier', complete: false },
  { name: 'Test', complete: false },
];

function Harness({ items = ITEMS, start = 0, onSave = () => {} }: { items?: StepperItem[]; start?: number; onSave?: () => void }) {
  const [current, setCurrent] = useState(start);
  return (
    <Stepper items={items} current={current} onStepChange={setCurrent} listPath={LIST} onSave={onSave} label="Zapier setup">
      <p>Content of step {current + 1}</p>
    </Stepper>
  );
}

const steps = () => within(screen.getByRole('navigation', { name: 'Zapier setup' })).getAllByRole('listitem');

describe('Stepper', () => {
  it('labels the first step’s way out, then Back, Next and Save on the last step (spec §2)', async () => {
    const onSave = vi.fn();
    const { user } = renderWithProviders(<Harness onSave={onSave} />, { route: `${LIST}/zapier` });

    expect(screen.getByRole('link', { name: 'Back to All Integrations' })).toHaveAttribute('href', LIST);
    expect(screen.queryByRole('button', { name: 'Back' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Save' })).not.toBeInTheDocument();
    expect(screen.getByText('Content of step 1')).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Next' }));
    expect(screen.getByText('Content of step 2')).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'Back to All Integrations' })).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Back' })).toBeInTheDocument();
    // Moving to a step puts focus on its heading, so a screen reader says where the user is.
    expect(screen.getByRole('heading', { level: 2, name: 'Connect in Zapier' })).toHaveFocus();

    await user.click(screen.getByRole('button', { name: 'Next' }));
    expect(screen.queryByRole('button', { name: 'Next' })).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(onSave).toHaveBeenCalledOnce();

    await user.click(screen.getByRole('button', { name: 'Back' }));
    expect(screen.getByText('Content of step 2')).toBeInTheDocument();
  });

  it('goes to the integrations list from the first step', async () => {
    const { user, location } = renderWithProviders(<Harness />, { route: `${LIST}/zapier` });
    await user.click(screen.getByRole('link', { name: 'Back to All Integrations' }));
    expect(location().pathname).toBe(LIST);
  });

  it('shows a step active when current or complete, the others muted, and marks the current one', () => {
    renderWithProviders(<Harness start={1} />);
    const [first, second, third] = steps();
    expect(first).toHaveClass('is-active');
    expect(first).toHaveTextContent(/Step 1:\s*Generate API key\s*\(complete\)$/);
    expect(first).not.toHaveAttribute('aria-current');
    expect(second).toHaveClass('is-active');
    expect(second).toHaveAttribute('aria-current', 'step');
    expect(third).toHaveClass('is-muted');
    expect(third).not.toHaveClass('is-active');
    expect(third).toHaveTextContent(/Step 3:\s*Test$/);
    expect(screen.getByRole('list')).toBeInstanceOf(HTMLOListElement);
  });

  it('moves between steps from the keyboard', async () => {
    const { user } = renderWithProviders(<Harness />, { route: `${LIST}/zapier` });
    await user.tab();
    expect(screen.getByRole('link', { name: 'Back to All Integrations' })).toHaveFocus();
    await user.tab();
    expect(screen.getByRole('button', { name: 'Next' })).toHaveFocus();
    await user.keyboard('{Enter}');
    expect(screen.getByText('Content of step 2')).toBeInTheDocument();
    expect(steps()[1]).toHaveAttribute('aria-current', 'step');
    // Focus is on the new step's heading; Tab goes on to Back, then Next.
    await user.tab();
    expect(screen.getByRole('button', { name: 'Back' })).toHaveFocus();
    await user.keyboard('{Enter}');
    expect(screen.getByText('Content of step 1')).toBeInTheDocument();
  });
});
