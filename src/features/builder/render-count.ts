import { useEffect } from 'react';

/**
 * Development and test builds count canvas element renders (committed), so tests can hold the builder to its
 * budget: one keystroke re-renders at most the edited element. Production builds do nothing.
 * `elementRenders` counts CanvasElement (the element: heading, toolbar, preview); `sortableRenders` counts the thin
 * SortableShell around each one, the only part dnd-kit's context changes re-render.
 */
export const canvasRenderStats = { elementRenders: 0, sortableRenders: 0 };

function useCountRenders(): void {
  useEffect(() => {
    canvasRenderStats.elementRenders += 1;
  });
}

function useCountSortableRenders(): void {
  useEffect(() => {
    canvasRenderStats.sortableRenders += 1;
  });
}

function useNothing(): void {}

export const useRenderCount: () => void = import.meta.env.DEV ? useCountRenders : useNothing;
export const useSortableRenderCount: () => void = import.meta.env.DEV ? useCountSortableRenders : useNothing;
