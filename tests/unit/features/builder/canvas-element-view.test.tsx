/**
 * Canvas elements read their node and status through one shared store listener (element-view.ts): each element must
 * still follow every change of its own node, selection, errors and logic, and only the elements concerned re-render.
 */
import { act, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import {
  elementMoved,
  elementRemoved,
  elementSelected,
  elementUpdated,
  logicConditionAdded,
  settingsChanged,
} from '../../../../src/features/builder/form-slice';
import { FORM_RULE_MESSAGES } from '../../../../src/domain/form-rule-messages';
import { saveForm } from '../../../../src/features/builder/form-thunks';
import { canvasRenderStats } from '../../../../src/features/builder/render-count';
import { HttpResponse, http, server, startMswServer } from '../../app/msw-server';
import { TEMPLATE_URL, renderBuilder, templateJson } from './builder-fixtures';

startMswServer();

async function loaded() {
  server.use(http.get(TEMPLATE_URL, () => HttpResponse.json(templateJson())));
  const rendered = renderBuilder();
  await screen.findByRole('group', { name: 'Page: About you' });
  return rendered;
}

/** Canvas element renders caused by `change`. */
function rendersOf(change: () => void): number {
  const before = canvasRenderStats.elementRenders;
  act(change);
  return canvasRenderStats.elementRenders - before;
}

describe('canvas elements: one store listener for all', () => {
  it('re-renders the element whose node changed, and no other', async () => {
    const { store } = await loaded();
    expect(rendersOf(() => store.dispatch(elementUpdated({ id: 'i3', patch: { label: 'Children' } })))).toBe(1);
    expect(screen.getByRole('group', { name: 'Integer: Children' })).toBeInTheDocument();
    // A change outside the elements (the form's settings) re-renders none.
    expect(rendersOf(() => store.dispatch(settingsChanged({ name: 'Renamed' })))).toBe(0);
  });

  it('follows the selection: the element left and the element selected', async () => {
    const { store } = await loaded();
    expect(rendersOf(() => store.dispatch(elementSelected('i1')))).toBe(1);
    expect(screen.getByRole('group', { name: 'Short Answer: Full name' })).toHaveAttribute('aria-current', 'true');
    expect(rendersOf(() => store.dispatch(elementSelected('i2')))).toBe(2);
    expect(screen.getByRole('group', { name: 'Short Answer: Full name' })).not.toHaveAttribute('aria-current');
    expect(screen.getByRole('group', { name: 'Dropdown: Practice area' })).toHaveAttribute('aria-current', 'true');
  });

  it('after a selection change, edits that change nodes only still wake the element edited and keep every status', async () => {
    const { store } = await loaded();
    act(() => {
      store.dispatch(elementSelected('i1'));
    });
    // Two edits in a row with the statuses unchanged: only the node is compared.
    expect(rendersOf(() => store.dispatch(elementUpdated({ id: 'i2', patch: { label: 'Area' } })))).toBe(1);
    expect(rendersOf(() => store.dispatch(elementUpdated({ id: 'i2', patch: { label: 'Area of law' } })))).toBe(1);
    expect(screen.getByRole('group', { name: 'Short Answer: Full name' })).toHaveAttribute('aria-current', 'true');
    // A selection change and a node edit in one go: both elements follow.
    expect(
      rendersOf(() => {
        store.dispatch(elementSelected('i2'));
        store.dispatch(elementUpdated({ id: 'i1', patch: { label: 'Name' } }));
      }),
    ).toBe(2);
    expect(screen.getByRole('group', { name: 'Short Answer: Name' })).not.toHaveAttribute('aria-current');
    expect(screen.getByRole('group', { name: 'Dropdown: Area of law' })).toHaveAttribute('aria-current', 'true');
  });

  it('follows errors and logic', async () => {
    const { store } = await loaded();
    // A maximum below the minimum (0): the save is refused before any request.
    act(() => {
      store.dispatch(elementUpdated({ id: 'i3', patch: { maxValue: -1 } }));
    });
    await act(async () => {
      await store.dispatch(saveForm());
    });
    const element = screen.getByRole('group', { name: 'Integer: Number of children' });
    expect(element).toHaveClass('has-errors');
    expect(within(element).getByText(FORM_RULE_MESSAGES.valueRange)).toBeInTheDocument();
    // The empty second page is marked too.
    expect(screen.getByRole('group', { name: 'Page: Details' })).toHaveClass('has-errors');
    // After a refused save, a keystroke re-renders the element typed into alone, also when it fixes its problem.
    expect(rendersOf(() => store.dispatch(elementUpdated({ id: 'i3', patch: { label: 'Children' } })))).toBe(1);
    expect(rendersOf(() => store.dispatch(elementUpdated({ id: 'i3', patch: { maxValue: 5 } })))).toBe(1);
    expect(element).not.toHaveClass('has-errors');
    expect(screen.getByRole('group', { name: 'Page: Details' })).toHaveClass('has-errors');

    act(() => {
      store.dispatch(logicConditionAdded('i1'));
    });
    expect(within(screen.getByRole('group', { name: 'Short Answer: Full name' })).getByText('Has conditional logic')).toBeInTheDocument();
  });

  it('keeps following an element moved to another list, and lets a removed one go', async () => {
    const { store } = await loaded();
    act(() => {
      store.dispatch(elementMoved({ id: 'i1', parentId: 's2', index: 0 }));
    });
    const section = screen.getByRole('group', { name: 'Section: Contact' });
    expect(within(section).getByRole('group', { name: 'Short Answer: Full name' })).toBeInTheDocument();
    act(() => {
      store.dispatch(elementUpdated({ id: 'i1', patch: { label: 'Client name' } }));
    });
    expect(within(section).getByRole('group', { name: 'Short Answer: Client name' })).toBeInTheDocument();
    act(() => {
      store.dispatch(elementRemoved('i1'));
    });
    expect(screen.queryByRole('group', { name: 'Short Answer: Client name' })).not.toBeInTheDocument();
  });
});
