import { act, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { showErrorToast, showSuccessToast } from '../../../../src/app/app-slice';
import { TOAST_AUTOHIDE_MS, Toasts } from '../../../../src/app/layouts/toasts';
import { renderWithProviders } from '../../test-utils';

describe('Toasts', () => {
  it('shows nothing while the toast is hidden', () => {
    renderWithProviders(<Toasts />);
    expect(screen.queryByRole('status')).not.toBeInTheDocument();
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });

  it('shows a success toast politely, with its title and variant', () => {
    const { store } = renderWithProviders(<Toasts />);
    act(() => {
      store.dispatch(showSuccessToast('Form created'));
    });
    const toast = screen.getByRole('status');
    expect(toast).toHaveTextContent('Success');
    expect(toast).toHaveTextContent('Form created');
    expect(toast).toHaveClass('bg-success');
    expect(toast).toHaveAttribute('aria-live', 'polite');
  });

  it('shows an error toast as an alert', () => {
    renderWithProviders(<Toasts />, {
      preloadedState: { app: { toast: { show: true, title: 'Error', message: 'Unable to load account list', variant: 'danger' } } },
    });
    const toast = screen.getByRole('alert');
    expect(toast).toHaveTextContent('Error');
    expect(toast).toHaveTextContent('Unable to load account list');
    expect(toast).toHaveClass('bg-danger');
    expect(toast).toHaveAttribute('aria-live', 'assertive');
  });

  it('clears the toast when closed', async () => {
    const { store, user } = renderWithProviders(<Toasts />);
    act(() => {
      store.dispatch(showErrorToast());
    });
    expect(screen.getByRole('alert')).toHaveTextContent('Contact support for help.');
    await user.click(screen.getByRole('button', { name: 'Close notification' }));
    expect(store.getState().app.toast).toEqual({ show: false, title: '', message: '', variant: '' });
  });

  describe('auto-hide', () => {
    beforeEach(() => {
      vi.useFakeTimers();
    });
    afterEach(() => {
      vi.useRealTimers();
    });

    it('clears the toast after 5000 ms', async () => {
      const { store } = renderWithProviders(<Toasts />);
      act(() => {
        store.dispatch(showSuccessToast());
      });
      expect(screen.getByRole('status')).toHaveTextContent('Action completed successfully');

      act(() => {
        vi.advanceTimersByTime(TOAST_AUTOHIDE_MS - 1);
      });
      expect(store.getState().app.toast.show).toBe(true);

      act(() => {
        vi.advanceTimersByTime(1);
      });
      expect(store.getState().app.toast.show).toBe(false);
      expect(TOAST_AUTOHIDE_MS).toBe(5000);
      // The message stays readable while fading, then the toast leaves the page.
      expect(screen.getByText('Action completed successfully')).toBeInTheDocument();
      await act(() => vi.runAllTimersAsync());
      expect(screen.queryByText('Action completed successfully')).not.toBeInTheDocument();
    });
  });
});
