/** The form being built: its pages in order (a drop target of its own, outside every page: the top level). */
import { useDroppable } from '@dnd-kit/core';
import { SortableContext, verticalListSortingStrategy } from '@dnd-kit/sortable';
import { memo, useMemo } from 'react';
import { useAppDispatch, useAppSelector } from '../../app/hooks';
import type { RootDropData } from './dnd-ids';
import { CANVAS_ROOT_ID, sortableListId } from './dnd-ids';
import { CanvasElement } from './canvas-element';
import { elementSelected } from './form-slice';
import { selectPageIds } from './form-selectors';
import { SaveSummary } from './save-summary';

export const Canvas = memo(function Canvas() {
  const dispatch = useAppDispatch();
  const pageIds = useAppSelector(selectPageIds);
  const data = useMemo<RootDropData>(() => ({ kind: 'root' }), []);
  const { setNodeRef } = useDroppable({ id: CANVAS_ROOT_ID, data });

  return (
    <section
      ref={setNodeRef}
      id={CANVAS_ROOT_ID}
      className="builder-canvas"
      aria-label="Form canvas"
      // A click outside every page clears the selection.
      onClick={(event) => {
        if (event.target === event.currentTarget) dispatch(elementSelected(null));
      }}
    >
      <SaveSummary />
      <SortableContext id={sortableListId(null)} items={pageIds} strategy={verticalListSortingStrategy}>
        {pageIds.map((id) => (
          <CanvasElement key={id} id={id} parentType={null} />
        ))}
      </SortableContext>
    </section>
  );
});
