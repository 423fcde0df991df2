/**
 * The palette: every element the builder adds, as buttons named by their spec label. Click or Enter adds after the
 * selection (or at the end of the current page); with the mouse, an item can also be dragged onto the canvas.
 */
import { useDraggable } from '@dnd-kit/core';
import { memo, useId, useMemo } from 'react';
import type { PointerEventHandler } from 'react';
import { useStore } from 'react-redux';
import { useAppDispatch } from '../../app/hooks';
import type { RootState } from '../../app/store';
import type { PaletteDragData } from './dnd-ids';
import { paletteDraggableId } from './dnd-ids';
import { KindIcon } from './builder-icons';
import { addElementFromPalette } from './element-actions';
import { positionText } from './element-toolbar';
import { announce } from './live-announcer';
import type { PaletteKind } from './palette-kinds';
import { PALETTE_GROUPS, PALETTE_LABELS } from './palette-kinds';

const PaletteItem = memo(function PaletteItem({ kind, hintId }: { kind: PaletteKind; hintId: string }) {
  const dispatch = useAppDispatch();
  const store = useStore<RootState>();
  const data = useMemo<PaletteDragData>(() => ({ kind: 'palette', paletteKind: kind }), [kind]);
  const { setNodeRef, listeners, isDragging } = useDraggable({ id: paletteDraggableId(kind), data });
  const label = PALETTE_LABELS[kind];

  const add = () => {
    const id = dispatch(addElementFromPalette(kind));
    if (id) announce(`Added ${label} at ${positionText(store.getState().form.tree, id)}. It is selected.`);
  };

  return (
    <button
      type="button"
      ref={setNodeRef}
      className={`builder-palette-item${isDragging ? ' is-dragging' : ''}`}
      onClick={add}
      // Pointer only: on the keyboard, Enter and Space add (the canvas handles keyboard moves).
      onPointerDown={listeners?.onPointerDown as PointerEventHandler<HTMLButtonElement> | undefined}
      aria-describedby={hintId}
    >
      <KindIcon kind={kind} />
      <span>{label}</span>
    </button>
  );
});

export const Palette = memo(function Palette() {
  const hintId = useId();
  const headingId = useId();
  return (
    <section className="builder-palette" aria-labelledby={headingId}>
      <h2 id={headingId} className="builder-pane-title">
        Add elements
      </h2>
      <p id={hintId} className="builder-pane-hint">
        Click to add after the selected element, or drag onto the form.
      </p>
      {PALETTE_GROUPS.map((group) => (
        <div key={group.title} role="group" aria-label={group.title} className="builder-palette-group">
          <h3 className="builder-palette-group-title" aria-hidden="true">
            {group.title}
          </h3>
          <div className="builder-palette-items">
            {group.kinds.map((kind) => (
              <PaletteItem key={kind} kind={kind} hintId={hintId} />
            ))}
          </div>
        </div>
      ))}
    </section>
  );
});
