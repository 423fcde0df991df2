import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { AuthFrame } from '../../../src/components/auth-frame';
import { NotAvailableYet } from '../../../src/components/not-available-yet';
import { PageFrame } from '../../../src/components/page-frame';

describe('AuthFrame', () => {
  it('shows the logo, title, subtitle and body', () => {
    render(
      <AuthFrame title="Sign in" subtitle="Use your firm account">
        <button type="button">Continue</button>
      </AuthFrame>,
    );
    expect(screen.getByRole('img', { name: 'Form Builder' })).toHaveAttribute('src', '/logo.svg');
    expect(screen.getByRole('heading', { level: 1, name: 'Sign in' })).toBeInTheDocument();
    expect(screen.getByText('Use your firm account')).toBeInTheDocument();
    expect(screen.getByRole('main')).toContainElement(screen.getByRole('button', { name: 'Continue' }));
  });

  it('leaves the subtitle out when not given', () => {
    const { container } = render(<AuthFrame title="Signing out" />);
    expect(container.querySelectorAll('p')).toHaveLength(0);
  });
});

describe('PageFrame', () => {
  it('renders the page heading, actions and body', () => {
    render(
      <PageFrame title="Responses" actions={<button type="button">Export</button>}>
        <p>Table</p>
      </PageFrame>,
    );
    expect(screen.getByRole('heading', { level: 1, name: 'Responses' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Export' })).toBeInTheDocument();
    expect(screen.getByText('Table')).toBeInTheDocument();
  });
});

describe('NotAvailableYet', () => {
  it('names the missing feature', () => {
    render(<NotAvailableYet feature="Prefills" />);
    expect(screen.getByText('Prefills is not available yet.')).toBeInTheDocument();
  });
});
