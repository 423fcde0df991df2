import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { FormRenderer, SUBMIT_FAILED_MESSAGE } from '../../../../src/components/form-renderer/form-renderer';
import { SubmitError } from '../../../../src/components/form-renderer/submit-error';
import { defaultFormStyle, emptyConditionalLogic } from '../../../../src/domain/form-document';
import type { FormDocument } from '../../../../src/domain/form-document';
import { input } from '../../../fixtures/form-factories';

const text = (id: string, label: string, parentId: string) => input(id, parentId, { label });

const twoPages: FormDocument = [
  { type: 'page', id: 'p1', title: 'One', children: [text('a', 'First', 'p1')] },
  { type: 'page', id: 'p2', title: 'Two', children: [text('b', 'Second', 'p2')] },
];

describe('FormRenderer with errors from the server (SubmitError)', () => {
  it('shows the message, puts field errors under their inputs and goes to the first one', async () => {
    const user = userEvent.setup();
    const onSubmit = () => Promise.reject(new SubmitError('Some answers need attention.', { a: ['Already registered', 'Try another'] }));
    render(<FormRenderer document={twoPages} logic={emptyConditionalLogic()} style={defaultFormStyle()} onSubmit={onSubmit} />);
    await user.type(screen.getByRole('textbox', { name: 'First' }), 'x');
    await user.click(screen.getByRole('button', { name: 'Next' }));
    await user.click(screen.getByRole('button', { name: 'Submit' }));
    const first = await screen.findByRole('textbox', { name: 'First' });
    expect(first).toHaveFocus();
    expect(first).toHaveAttribute('aria-invalid', 'true');
    const errorBox = document.getElementById(first.getAttribute('aria-describedby')!)!;
    expect([...errorBox.querySelectorAll('.fr-error-line')].map((line) => line.textContent)).toEqual(['Already registered', 'Try another']);
    expect(screen.getByRole('alert')).toHaveTextContent('Some answers need attention.');
    expect(first).toHaveValue('x');
  });

  it('shows a SubmitError’s message without field errors, and the generic one for other failures', async () => {
    const user = userEvent.setup();
    const doc: FormDocument = [twoPages[0]];
    const { unmount } = render(
      <FormRenderer document={doc} logic={emptyConditionalLogic()} style={defaultFormStyle()} onSubmit={() => Promise.reject(new SubmitError('Too many submissions.'))} />,
    );
    await user.click(screen.getByRole('button', { name: 'Submit' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Too many submissions.');
    unmount();
    render(<FormRenderer document={doc} logic={emptyConditionalLogic()} style={defaultFormStyle()} onSubmit={() => Promise.reject(new Error('boom'))} />);
    await user.click(screen.getByRole('button', { name: 'Submit' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(SUBMIT_FAILED_MESSAGE);
  });
});
