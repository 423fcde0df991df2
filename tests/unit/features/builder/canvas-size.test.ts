/**
 * The first guess at a page's or section's height (canvas-size.ts), which sizes the boxes the browser has not drawn
 * yet on a long form: it grows with what the box holds, and the canvas puts it on pages and sections only.
 */
import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { normaliseForm } from '../../../../src/domain/form-tree';
import { estimatedHeightRem } from '../../../../src/features/builder/canvas-size';
import { HttpResponse, http, server, startMswServer } from '../../app/msw-server';
import { TEMPLATE_URL, renderBuilder, sampleDocument, templateJson } from './builder-fixtures';

startMswServer();

const sampleTree = () => normaliseForm(sampleDocument());

describe('estimatedHeightRem', () => {
  const tree = sampleTree();

  it('sums what a container holds, with each element by its kind', () => {
    const dropdown = estimatedHeightRem(tree, 'i2');
    const integer = estimatedHeightRem(tree, 'i3');
    expect(dropdown).toBeGreaterThan(0);
    expect(integer).toBeGreaterThan(0);
    const section = estimatedHeightRem(tree, 's1');
    expect(section).toBeGreaterThan(dropdown + integer);
    expect(estimatedHeightRem(tree, 'p1')).toBeGreaterThan(section + estimatedHeightRem(tree, 'i1'));
  });

  it('gives an empty section its own chrome, and an unknown id nothing', () => {
    expect(estimatedHeightRem(tree, 's2')).toBeGreaterThan(0);
    expect(estimatedHeightRem(tree, 's2')).toBeLessThan(estimatedHeightRem(tree, 's1'));
    expect(estimatedHeightRem(tree, 'missing')).toBe(0);
  });

  it('grows with the options of a choice input', () => {
    const more = sampleTree();
    const dropdown = more.nodes.i2;
    if (dropdown.type !== 'input') throw new Error('i2 is an input');
    more.nodes.i2 = { ...dropdown, options: [...dropdown.options, { id: 'o3', text: 'Estate' }] };
    expect(estimatedHeightRem(more, 'i2')).toBeGreaterThan(estimatedHeightRem(tree, 'i2'));
  });
});

describe('the canvas', () => {
  it('sizes pages and sections with the guess, and no other element', async () => {
    server.use(http.get(TEMPLATE_URL, () => HttpResponse.json(templateJson())));
    renderBuilder();
    const page = await screen.findByRole('group', { name: 'Page: About you' });
    expect(page.style.containIntrinsicSize).toBe(`auto ${estimatedHeightRem(sampleTree(), 'p1')}rem`);
    expect(screen.getByRole('group', { name: 'Section: Matter' }).style.containIntrinsicSize).toBe(`auto ${estimatedHeightRem(sampleTree(), 's1')}rem`);
    expect(screen.getByRole('group', { name: 'Short Answer: Full name' }).style.containIntrinsicSize).toBe('');
  });
});
