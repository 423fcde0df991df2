import { describe, expect, it } from 'vitest';
import type { FormSnapshot } from '../../../src/domain/form-compare';
import { deepEqual, hasUnsavedChanges } from '../../../src/domain/form-compare';
import { defaultFormStyle } from '../../../src/domain/form-document';
import { denormaliseForm, normaliseForm, updateNode } from '../../../src/domain/form-tree';
import { sampleDocument, sampleLogic } from './form-fixtures';

function snapshot(overrides: Partial<FormSnapshot> = {}): FormSnapshot {
  return {
    name: 'Intake',
    displayName: 'Client intake',
    description: '',
    customSubmitMessage: 'Thanks',
    jsonForm: sampleDocument(),
    jsonConditionalLogic: sampleLogic(),
    jsonFormStyle: defaultFormStyle(),
    ...overrides,
  };
}

describe('hasUnsavedChanges', () => {
  it('is true for a never-saved form', () => {
    expect(hasUnsavedChanges(null, snapshot())).toBe(true);
  });

  it('is false for an equal copy built from separate objects', () => {
    expect(hasUnsavedChanges(snapshot(), snapshot())).toBe(false);
  });

  it('is false after a normalise/denormalise round trip (the builder state)', () => {
    const current = snapshot({ jsonForm: denormaliseForm(normaliseForm(sampleDocument())) });
    expect(hasUnsavedChanges(snapshot(), current)).toBe(false);
  });

  it('ignores key order', () => {
    const published = snapshot();
    const reordered = snapshot({ jsonFormStyle: { button: Object.fromEntries(Object.entries(defaultFormStyle().button).reverse()) as never } });
    expect(hasUnsavedChanges(published, reordered)).toBe(false);
  });

  it('treats a key holding undefined like a missing key', () => {
    const current = { ...snapshot(), extra: undefined } as FormSnapshot;
    expect(hasUnsavedChanges(snapshot(), current)).toBe(false);
  });

  it.each([
    ['name', { name: 'Intake 2' }],
    ['display name', { displayName: '' }],
    ['description', { description: 'New' }],
    ['submit message', { customSubmitMessage: 'Thank you' }],
    ['button style', { jsonFormStyle: { button: { ...defaultFormStyle().button, bodyColor: '#000000' } } }],
    ['logic', { jsonConditionalLogic: { ...sampleLogic(), pageMap: {} } }],
  ] as const)('is true when the %s differs', (_what, overrides) => {
    expect(hasUnsavedChanges(snapshot(), snapshot(overrides as Partial<FormSnapshot>))).toBe(true);
  });

  it('is true when an element changed, was reordered or removed', () => {
    const edited = denormaliseForm(updateNode(normaliseForm(sampleDocument()), 'i3', { required: true }));
    expect(hasUnsavedChanges(snapshot(), snapshot({ jsonForm: edited }))).toBe(true);
    expect(hasUnsavedChanges(snapshot(), snapshot({ jsonForm: sampleDocument().reverse() }))).toBe(true);
    expect(hasUnsavedChanges(snapshot(), snapshot({ jsonForm: sampleDocument().slice(0, 1) }))).toBe(true);
  });
});

describe('deepEqual', () => {
  it('compares JSON-like values', () => {
    expect(deepEqual({ a: [1, { b: null }] }, { a: [1, { b: null }] })).toBe(true);
    expect(deepEqual({ a: null }, {})).toBe(false);
    expect(deepEqual([1, 2], [2, 1])).toBe(false);
    expect(deepEqual({ a: 1 }, { a: '1' })).toBe(false);
    expect(deepEqual([], {})).toBe(false);
    expect(deepEqual({ a: 1, b: 2 }, { a: 1 })).toBe(false);
    expect(deepEqual({ a: 1 }, { a: 1, b: 2 })).toBe(false);
    expect(deepEqual(Number.NaN, Number.NaN)).toBe(true);
  });
});
