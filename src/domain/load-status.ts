/**
 * The one load-status union: the builder's and the user's slices, and every screen showing server data (through
 * loadStatusOf, from RTK Query's flags). 'idle' is a slice's state before anything was asked.
 */
export type LoadStatus = 'idle' | 'loading' | 'loaded' | 'failed';

/** What a screen shows for a query: its data, its failure, or a spinner (also while a new argument loads). */
export type ScreenStatus = Exclude<LoadStatus, 'idle'>;

/**
 * A query's flags as a screen status. `isFetching` without data of the current argument is loading too, so a list
 * never shows one filter's rows under another while the new ones load.
 */
export function loadStatusOf(query: { isError: boolean; isFetching: boolean; currentData?: unknown }): ScreenStatus {
  if (query.currentData !== undefined) return 'loaded';
  if (query.isError && !query.isFetching) return 'failed';
  return 'loading';
}
