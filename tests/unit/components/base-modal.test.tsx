import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { BaseModal, MODAL_Z_INDEX } from '../../../src/components/base-modal';

describe('BaseModal', () => {
  it('renders an h4 bold title for sm', () => {
    render(
      <BaseModal show onHide={() => {}} size="sm" title="Rename form">
        Body
      </BaseModal>,
    );
    const dialog = screen.getByRole('dialog', { name: 'Rename form' });
    const title = screen.getByRole('heading', { name: 'Rename form' });
    expect(title.tagName).toBe('H4');
    expect(title).toHaveClass('fw-bold');
    expect(dialog.querySelector('#base-modal')).toBeInTheDocument();
    expect(dialog.querySelector('.modal-dialog')).toHaveClass('modal-sm');
  });

  it.each(['md', 'lg'] as const)('renders an h1 title for %s', (size) => {
    render(<BaseModal show onHide={() => {}} size={size} title="Export responses" />);
    expect(screen.getByRole('heading', { name: 'Export responses', level: 1 })).toBeInTheDocument();
  });

  it('shows subtitle, body, footer and the error area; stacks at z-index 1056', () => {
    render(
      <BaseModal
        id="export-modal"
        show
        onHide={() => {}}
        size="lg"
        title="Export"
        subtitle="Pick a range"
        footer={<button type="button">Download</button>}
        error="Unable to download the selected Form Response CSV"
      >
        <p>Choose days</p>
      </BaseModal>,
    );
    const dialog = screen.getByRole('dialog', { name: 'Export' });
    expect(dialog.querySelector('#export-modal')).toBeInTheDocument();
    expect(dialog).toHaveAccessibleDescription('Pick a range');
    expect(dialog).toHaveStyle({ zIndex: String(MODAL_Z_INDEX) });
    expect(MODAL_Z_INDEX).toBe(1056);
    expect(screen.getByText('Choose days')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Download' })).toBeInTheDocument();
    expect(screen.getByRole('alert')).toHaveTextContent('Unable to download the selected Form Response CSV');
  });

  it('hides on the close button, Escape and a backdrop click', async () => {
    const user = userEvent.setup();
    const onHide = vi.fn();
    render(<BaseModal show onHide={onHide} size="md" title="Share" />);
    await user.click(screen.getByRole('button', { name: 'Close' }));
    expect(onHide).toHaveBeenCalledTimes(1);
    await user.keyboard('{Escape}');
    expect(onHide).toHaveBeenCalledTimes(2);
    await user.click(screen.getByRole('dialog'));
    expect(onHide).toHaveBeenCalledTimes(3);
  });

  it('stays open when backdrop close is off', async () => {
    const user = userEvent.setup();
    const onHide = vi.fn();
    render(<BaseModal show onHide={onHide} size="md" title="Saving" backdropClose={false} />);
    await user.keyboard('{Escape}');
    await user.click(screen.getByRole('dialog'));
    expect(onHide).not.toHaveBeenCalled();
    expect(screen.queryByRole('button', { name: 'Close' })).not.toBeInTheDocument();
    expect(screen.getByRole('dialog', { name: 'Saving' })).toBeInTheDocument();
  });

  it('renders nothing while hidden', () => {
    render(<BaseModal show={false} onHide={() => {}} size="md" title="Hidden" />);
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });
});
