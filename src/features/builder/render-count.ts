import { useEffect } from 'react';

/**
 * Development and test builds count canvas element renders (committed), so tests can hold the builder to its
 * budget: one keystroke re-renders at most the edited element, a drag none. Production builds do nothing.
 */
export const canvasRenderStats = { elementRenders: 0 };

function useCountRenders(): void {
  useEffect(() => {
    canvasRenderStats.elementRenders += 1;
  });
}

function useNothing(): void {}

export const useRenderCount: () => void = import.meta.env.DEV ? useCountRenders : useNothing;
