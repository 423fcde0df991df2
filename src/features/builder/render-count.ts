import { useEffect } from 'react';

/**
 * Development and test builds count canvas renders (committed), so tests can hold the builder to its budget: one
 * keystroke re-renders at most the edited element, a drag none, and starting a drag not even the canvas itself.
 * Production builds do nothing.
 */
export const canvasRenderStats = { elementRenders: 0, canvasRenders: 0 };

type Counted = keyof typeof canvasRenderStats;

function useCountRenders(counted: Counted): void {
  useEffect(() => {
    canvasRenderStats[counted] += 1;
  });
}

function useNothing(_counted: Counted): void {}

export const useRenderCount: (counted: Counted) => void = import.meta.env.DEV ? useCountRenders : useNothing;
