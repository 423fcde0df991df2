/** Where the drop indicator goes (DOM-free), and that only one node carries it at a time. */
import { afterEach, describe, expect, it } from 'vitest';
import { DRAG_ERRORS } from '../../../../src/domain/drag-rules';
import { normaliseForm } from '../../../../src/domain/form-tree';
import { DropIndicator, indicatorFor } from '../../../../src/features/builder/drop-indicator';
import { sampleDocument } from './builder-fixtures';

// p1: i1, s1 [i2, i3]; p2: s2 []
const tree = normaliseForm(sampleDocument());
const ok = (parentId: string | null, index: number) => ({ ok: true as const, value: { parentId, index } });
const refused = { ok: false as const, message: DRAG_ERRORS.sectionOutsidePage };

describe('indicatorFor', () => {
  it('draws a line before the element the drop goes in front of', () => {
    expect(indicatorFor(tree, { kind: 'container', id: 's1', index: 1 }, ok('s1', 1), null)).toEqual({ target: { kind: 'element', nodeId: 'i3' }, indicator: 'before' });
    expect(indicatorFor(tree, { kind: 'root', index: 0 }, ok(null, 0), null)).toEqual({ target: { kind: 'element', nodeId: 'p1' }, indicator: 'before' });
  });

  it('draws a line after the last element for a drop at the end', () => {
    expect(indicatorFor(tree, { kind: 'element', id: 'i3', position: 'after' }, ok('s1', 2), null)).toEqual({ target: { kind: 'element', nodeId: 'i3' }, indicator: 'after' });
  });

  it('counts the dragged element out of its own list (the drop index does), so a move down is drawn where it lands', () => {
    // i2 after i3: s1 without i2 is [i3], index 1 is its end.
    expect(indicatorFor(tree, { kind: 'element', id: 'i3', position: 'after' }, ok('s1', 1), 'i2')).toEqual({ target: { kind: 'element', nodeId: 'i3' }, indicator: 'after' });
    // i1 after s1 on p1: p1 without i1 is [s1].
    expect(indicatorFor(tree, { kind: 'element', id: 's1', position: 'after' }, ok('p1', 1), 'i1')).toEqual({ target: { kind: 'element', nodeId: 's1' }, indicator: 'after' });
    // i3 up before i2: unchanged by the count.
    expect(indicatorFor(tree, { kind: 'element', id: 'i2', position: 'before' }, ok('s1', 0), 'i3')).toEqual({ target: { kind: 'element', nodeId: 'i2' }, indicator: 'before' });
  });

  it('outlines an empty page or section', () => {
    expect(indicatorFor(tree, { kind: 'container', id: 's2', index: 0 }, ok('s2', 0), null)).toEqual({ target: { kind: 'container', containerId: 's2' }, indicator: 'inside' });
  });

  it('marks what the pointer is over as invalid for a refused drop', () => {
    expect(indicatorFor(tree, { kind: 'element', id: 'i2', position: 'before' }, refused, null)).toEqual({ target: { kind: 'element', nodeId: 'i2' }, indicator: 'invalid' });
    expect(indicatorFor(tree, { kind: 'container', id: 's2', index: 0 }, refused, null)).toEqual({ target: { kind: 'container', containerId: 's2' }, indicator: 'invalid' });
    expect(indicatorFor(tree, { kind: 'root', index: 1 }, refused, null)).toEqual({ target: { kind: 'root' }, indicator: 'invalid' });
  });

  it('shows nothing outside the form, or when nothing would happen', () => {
    expect(indicatorFor(tree, { kind: 'none' }, ok(null, 0), null)).toBeNull();
    expect(indicatorFor(tree, { kind: 'root', index: 0 }, null, null)).toBeNull();
  });
});

describe('DropIndicator', () => {
  afterEach(() => document.body.replaceChildren());

  it('moves one data-drop attribute between the canvas’s nodes and clears it', () => {
    document.body.innerHTML =
      '<div id="canvas-root"><div data-node-id="i2"></div><div data-node-id="i3"></div><div data-container-id="s2"></div></div>';
    const marked = () => Array.from(document.querySelectorAll<HTMLElement>('[data-drop]'), (node) => `${node.dataset.nodeId ?? node.dataset.containerId ?? node.id}:${node.dataset.drop}`);
    const indicator = new DropIndicator();
    indicator.place({ target: { kind: 'element', nodeId: 'i3' }, indicator: 'before' });
    expect(marked()).toEqual(['i3:before']);
    indicator.place({ target: { kind: 'container', containerId: 's2' }, indicator: 'inside' });
    expect(marked()).toEqual(['s2:inside']);
    indicator.place({ target: { kind: 'root' }, indicator: 'invalid' });
    expect(marked()).toEqual(['canvas-root:invalid']);
    indicator.place({ target: { kind: 'element', nodeId: 'missing' }, indicator: 'after' });
    expect(marked()).toEqual([]);
    indicator.place({ target: { kind: 'element', nodeId: 'i2' }, indicator: 'after' });
    indicator.place(null);
    expect(marked()).toEqual([]);
  });
});
