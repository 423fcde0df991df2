import { describe, expect, it } from 'vitest';
import { customDataNamesOf } from '../../../src/domain/custom-data-names';
import type { FormDocument } from '../../../src/domain/form-document';
import { normaliseForm } from '../../../src/domain/form-tree';
import { input, sampleDocument } from './form-fixtures';

const page = (...children: FormDocument[number]['children']): FormDocument => [{ type: 'page', id: 'p1', title: 'Page', children }];

describe('customDataNamesOf', () => {
  it('finds none when every dataName is what its label generates', () => {
    expect(customDataNamesOf(normaliseForm(sampleDocument()))).toEqual({});
  });

  it('finds an input whose dataName differs from its label’s', () => {
    const doc = page(input('i1', 'p1', { label: 'Full name', dataName: 'client_name' }), input('i2', 'p1', { label: 'Email', dataName: 'email' }));
    expect(customDataNamesOf(normaliseForm(doc))).toEqual({ i1: true });
  });

  it('counts a numbered name the builder would have made to avoid another input as generated', () => {
    const doc = page(input('i1', 'p1', { label: 'Name', dataName: 'name' }), input('i2', 'p1', { label: 'Name', dataName: 'name_2' }));
    expect(customDataNamesOf(normaliseForm(doc))).toEqual({});
  });

  it('counts a name two inputs share as set by hand for both (the builder never makes one)', () => {
    const doc = page(input('i1', 'p1', { label: 'Name', dataName: 'name' }), input('i2', 'p1', { label: 'Name', dataName: 'name' }));
    expect(customDataNamesOf(normaliseForm(doc))).toEqual({ i1: true, i2: true });
  });

  it('ignores everything but inputs', () => {
    const doc = page({ type: 'presentation', subtype: 'heading', id: 'h1', parentId: 'p1', content: '<h2>Hello</h2>' });
    expect(customDataNamesOf(normaliseForm(doc))).toEqual({});
  });
});
