import { render } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { InputPreview } from '../../../../src/features/builder/element-preview';
import { input } from '../../../fixtures/form-factories';

const choice = (subtype: 'radio' | 'checkbox', texts: string[]) =>
  input('i1', 'p1', { subtype, label: 'Were you injured', options: texts.map((text, index) => ({ id: `o${index}`, text })) });

describe('canvas preview of choice inputs', () => {
  it.each(['radio', 'checkbox'] as const)('draws %s options as a preview, not as disabled controls that read as unavailable', (subtype) => {
    const { container } = render(<InputPreview node={choice(subtype, ['Yes', '', 'No'])} />);
    // Bootstrap fades a disabled control and its label to half opacity: none here.
    expect(container.querySelectorAll('input, .form-check-input')).toHaveLength(0);
    const options = [...container.querySelectorAll('.builder-choice')];
    expect(options.map((option) => option.textContent)).toEqual(['Yes', 'Untitled option', 'No']);
    const marks = container.querySelectorAll(`.builder-choice-mark.${subtype === 'radio' ? 'is-radio' : 'is-checkbox'}`);
    expect(marks).toHaveLength(3);
    // Still a preview: hidden from assistive technology and inert (the element's name says what it is).
    const preview = container.querySelector('.builder-input-preview');
    expect(preview).toHaveAttribute('aria-hidden', 'true');
    expect(preview).toHaveAttribute('inert');
  });
});

describe('canvas preview of fields', () => {
  it.each([
    ['textInput', 'Jane Doe'],
    ['email', 'you@example.com'],
    ['phoneNumber', ''],
    ['integer', '0'],
    ['textarea', 'Tell us what happened'],
    ['dropdown', 'Select an Option'],
  ] as const)('draws a %s as a box with its placeholder, not as a disabled control', (subtype, placeholder) => {
    const { container } = render(<InputPreview node={input('i1', 'p1', { subtype, label: 'Field', placeholder })} />);
    // Form controls cost the browser a clip and a scroller each on every frame of a long form: none in a preview.
    expect(container.querySelectorAll('input, textarea, select')).toHaveLength(0);
    const box = container.querySelector('.builder-field-preview');
    expect(box).toHaveClass(subtype === 'dropdown' ? 'form-select' : 'form-control');
    expect(box).toHaveTextContent(placeholder);
    expect(container.querySelectorAll('.builder-field-preview')).toHaveLength(1);
  });
});
