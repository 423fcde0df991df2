/**
 * The form being built: its pages in order. It is the drag and drop's one droppable (a pointer over it is over the
 * form), and it picks an element up when that element's drag handle is pressed (one listener for every handle). It
 * sits outside the DndContext (see BuilderDnd) and reads none of dnd-kit's context.
 */
import { memo } from 'react';
import { useAppDispatch, useAppSelector } from '../../app/hooks';
import { useCanvasDragStart } from './builder-dnd';
import { CANVAS_ROOT_ID } from './dnd-ids';
import { CanvasElement } from './canvas-element';
import { elementSelected } from './form-slice';
import { useRenderCount } from './render-count';
import { selectPageIds } from './form-selectors';
import { SaveSummary } from './save-summary';

export const Canvas = memo(function Canvas() {
  const dispatch = useAppDispatch();
  const pageIds = useAppSelector(selectPageIds);
  const dragStart = useCanvasDragStart();
  useRenderCount('canvasRenders');

  return (
    <section
      ref={dragStart?.setCanvasNode}
      id={CANVAS_ROOT_ID}
      className="builder-canvas"
      aria-label="Form canvas"
      onPointerDown={dragStart?.onPointerDown}
      onKeyDown={dragStart?.onKeyDown}
      // A click outside every page clears the selection.
      onClick={(event) => {
        if (event.target === event.currentTarget) dispatch(elementSelected(null));
      }}
    >
      <SaveSummary />
      {pageIds.map((id) => (
        <CanvasElement key={id} id={id} />
      ))}
    </section>
  );
});
