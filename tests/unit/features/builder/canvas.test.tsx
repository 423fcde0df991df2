import { act, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { DRAG_ERRORS } from '../../../../src/domain/drag-rules';
import { dropDragged } from '../../../../src/features/builder/element-actions';
import { canvasRenderStats } from '../../../../src/features/builder/render-count';
import { HttpResponse, http, server, startMswServer } from '../../app/msw-server';
import { TEMPLATE_URL, renderBuilder, sampleDocument, templateJson } from './builder-fixtures';

startMswServer();

async function loaded(template = templateJson()) {
  server.use(http.get(TEMPLATE_URL, () => HttpResponse.json(template)));
  const rendered = renderBuilder();
  await screen.findByRole('group', { name: 'Page: About you' });
  return rendered;
}

const childIds = (store: ReturnType<typeof renderBuilder>['store'], id: string) => store.getState().form.tree.childIds[id];

describe('canvas: clone and remove', () => {
  it('clones the selected element just after it, with -COPY and a new data name, and selects the copy', async () => {
    const { user, store } = await loaded();
    const original = screen.getByRole('group', { name: 'Short Answer: Full name' });
    await user.click(original);
    await user.click(within(original).getByRole('button', { name: 'Clone' }));

    const copy = screen.getByRole('group', { name: 'Short Answer: Full name-COPY' });
    expect(copy).toHaveAttribute('aria-current', 'true');
    const ids = childIds(store, 'p1');
    expect(ids).toHaveLength(3);
    expect(ids[0]).toBe('i1');
    const clone = store.getState().form.tree.nodes[ids[1]];
    expect(clone).toMatchObject({ type: 'input', label: 'Full name-COPY', dataName: 'full_name_copy', parentId: 'p1' });
    expect(screen.getByLabelText('Label')).toHaveValue('Full name-COPY');
    expect(screen.getByText('Unsaved changes')).toBeInTheDocument();
  });

  it('clones a section with its children', async () => {
    const { user, store } = await loaded();
    const section = screen.getByRole('group', { name: 'Section: Matter' });
    await user.click(within(section).getByText('Matter'));
    await user.click(within(section).getAllByRole('button', { name: 'Clone' })[0]);
    const copy = screen.getByRole('group', { name: 'Section: Matter-COPY' });
    expect(within(copy).getByRole('group', { name: 'Dropdown: Practice area' })).toBeInTheDocument();
    expect(Object.keys(store.getState().form.tree.nodes)).toHaveLength(10);
  });

  it('removes an element after confirmation, with its children', async () => {
    const { user, store } = await loaded();
    const section = screen.getByRole('group', { name: 'Section: Matter' });
    await user.click(within(section).getByText('Matter'));
    await user.click(within(section).getByRole('button', { name: 'Remove' }));
    // Nothing happens until confirmed.
    expect(store.getState().form.tree.nodes.s1).toBeDefined();
    await user.click(await screen.findByRole('button', { name: 'Yes' }));

    expect(screen.queryByRole('group', { name: 'Section: Matter' })).not.toBeInTheDocument();
    expect(screen.queryByRole('group', { name: 'Dropdown: Practice area' })).not.toBeInTheDocument();
    const { nodes } = store.getState().form.tree;
    expect(nodes.s1).toBeUndefined();
    expect(nodes.i2).toBeUndefined();
    expect(nodes.i3).toBeUndefined();
    expect(childIds(store, 'p1')).toEqual(['i1']);
    expect(store.getState().form.selectedElementId).toBeNull();
  });

  it('removing an input drops the logic that depended on it', async () => {
    const rule = { id: 'r1', type: 'rule', predicate: 'NOT_EMPTY', triggerId: 'i1', staticValue: null, referenceValueId: null };
    const logic = {
      conditionMap: {
        i2: {
          id: 'cfg',
          element: { id: 'i2', type: 'input' },
          conditions: [
            { id: 'c1', expression: [{ id: 'g1', type: 'group', operator: 'AND', rules: [rule] }], actions: [{ key: 'TOGGLE_VISIBILITY', value: 'SHOW' }] },
          ],
        },
      },
      pageMap: {},
    };
    const { user, store } = await loaded(templateJson({ jsonConditionalLogic: logic }));
    const element = screen.getByRole('group', { name: 'Short Answer: Full name' });
    await user.click(element);
    await user.click(within(element).getByRole('button', { name: 'Remove' }));
    await user.click(await screen.findByRole('button', { name: 'Yes' }));
    expect(store.getState().form.logic.conditionMap).toEqual({});
  });

  it('cannot remove the only page', async () => {
    const doc = sampleDocument().slice(0, 1);
    const { user } = await loaded(templateJson({ jsonForm: doc }));
    const page = screen.getByRole('group', { name: 'Page: About you' });
    await user.click(within(page).getByText('About you'));
    expect(within(page).getByRole('button', { name: 'Remove' })).toBeDisabled();
  });
});

describe('canvas: moving and adding', () => {
  it('moves the selected element with Move up / Move down, out of a section at its edge', async () => {
    const { user, store } = await loaded();
    const area = screen.getByRole('group', { name: 'Dropdown: Practice area' });
    await user.click(area);
    await user.click(within(area).getByRole('button', { name: 'Move down' }));
    expect(childIds(store, 's1')).toEqual(['i3', 'i2']);
    // At the end of the section it steps out, after the section.
    await user.click(within(screen.getByRole('group', { name: 'Dropdown: Practice area' })).getByRole('button', { name: 'Move down' }));
    expect(childIds(store, 's1')).toEqual(['i3']);
    expect(childIds(store, 'p1')).toEqual(['i1', 's1', 'i2']);
    const moved = screen.getByRole('group', { name: 'Dropdown: Practice area' });
    expect(within(moved).getByRole('button', { name: 'Move up' })).not.toHaveAttribute('aria-disabled');
  });

  it('adds palette elements after the selection, or at the end of the current page', async () => {
    const { user, store } = await loaded();
    const palette = screen.getByRole('region', { name: 'Add elements' });
    await user.click(screen.getByRole('group', { name: 'Short Answer: Full name' }));
    await user.click(within(palette).getByRole('button', { name: 'Email' }));
    const ids = childIds(store, 'p1');
    expect(ids).toHaveLength(3);
    expect(store.getState().form.tree.nodes[ids[1]]).toMatchObject({ type: 'input', subtype: 'email', label: 'Email', dataName: 'email' });
    // The new element is selected, so the next one follows it.
    expect(screen.getByRole('group', { name: 'Email: Email' })).toHaveAttribute('aria-current', 'true');
    await user.click(within(palette).getByRole('button', { name: 'Paragraph' }));
    expect(store.getState().form.tree.nodes[childIds(store, 'p1')[2]]).toMatchObject({ type: 'presentation', subtype: 'paragraph' });

    // A section goes after the section holding the selection.
    await user.click(screen.getByRole('group', { name: 'Integer: Number of children' }));
    await user.click(within(palette).getByRole('button', { name: 'Section' }));
    expect(childIds(store, 'p1')[childIds(store, 'p1').indexOf('s1') + 1]).toBe(store.getState().form.selectedElementId);
  });

  it('names every palette item by its spec label', async () => {
    await loaded();
    const palette = screen.getByRole('region', { name: 'Add elements' });
    const names = within(palette)
      .getAllByRole('button')
      .map((button) => button.textContent);
    expect(names).toEqual([
      'Page',
      'Section',
      'Heading',
      'Paragraph',
      'Short Answer',
      'Long Answer',
      'Multiple Choice',
      'Checkbox',
      'Dropdown',
      'Integer',
      'Phone Number',
      'Email',
    ]);
  });

  it('gives every element a drag handle named after it', async () => {
    await loaded();
    expect(screen.getByRole('button', { name: 'Drag Short Answer: Full name' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Drag Page: About you' })).toBeInTheDocument();
  });

  it('refuses a drop that breaks a drag rule and shows the rule’s message', async () => {
    const { store } = await loaded();
    const before = store.getState().form.tree;
    // A section dropped into another section's list.
    act(() => {
      store.dispatch(dropDragged({ kind: 'element', id: 's2' }, { kind: 'container', id: 's1', index: 0 }));
    });
    expect(await screen.findByText(DRAG_ERRORS.sectionOutsidePage)).toBeInTheDocument();
    expect(store.getState().form.tree).toBe(before);

    // A new Short Answer let go outside every page.
    act(() => {
      store.dispatch(dropDragged({ kind: 'palette', paletteKind: 'textInput' }, { kind: 'root', index: 1 }));
    });
    expect(await screen.findByText(DRAG_ERRORS.elementOutsideForm)).toBeInTheDocument();
    expect(store.getState().form.tree).toBe(before);
  });
});

describe('canvas: render budget', () => {
  it('re-renders at most two canvas elements per keystroke in the property editor', async () => {
    const doc = sampleDocument();
    // ~120 more inputs across the pages.
    for (let index = 0; index < 120; index += 1) {
      const page = doc[index % 2];
      page.children.push({
        type: 'input',
        subtype: 'textInput',
        id: `extra-${index}`,
        parentId: page.id,
        label: `Question ${index}`,
        dataName: `question_${index}`,
        placeholder: '',
        helpText: '',
        default: { staticValue: null, referenceValueId: null },
        options: [],
        minValue: null,
        maxValue: null,
        stepValue: null,
        minLength: null,
        maxLength: null,
        required: false,
      });
    }
    const { user } = await loaded(templateJson({ jsonForm: doc }));
    await user.click(screen.getByRole('group', { name: 'Short Answer: Question 7' }));
    const label = screen.getByLabelText('Label');

    const before = canvasRenderStats.elementRenders;
    await user.type(label, ' (spouse)');
    const perKeystroke = (canvasRenderStats.elementRenders - before) / ' (spouse)'.length;
    // The edited element does re-render (its name changes); nothing else does.
    expect(perKeystroke).toBeGreaterThanOrEqual(1);
    expect(perKeystroke).toBeLessThanOrEqual(2);
    expect(screen.getByRole('group', { name: 'Short Answer: Question 7 (spouse)' })).toBeInTheDocument();
  });
});
