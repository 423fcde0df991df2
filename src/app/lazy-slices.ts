import type { Reducer } from '@reduxjs/toolkit';

/**
 * Slices whose code loads with their screens instead of with the first page: the builder's draft ('form') brings most
 * of the builder's domain code (restore, logic, tree operations) with it. The builder registers its slice when one of
 * its routes loads; every store then adds the reducer (and tests register it in their setup).
 */
export interface LazySlice {
  key: 'form';
  reducer: Reducer;
  initialState: unknown;
}

const slices = new Map<LazySlice['key'], LazySlice>();
const listeners = new Set<() => void>();

export function registerLazySlice(slice: LazySlice): void {
  if (slices.get(slice.key)?.reducer === slice.reducer) return;
  slices.set(slice.key, slice);
  for (const listener of [...listeners]) listener();
}

export function lazySlices(): readonly LazySlice[] {
  return [...slices.values()];
}

export function onLazySliceRegistered(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}
