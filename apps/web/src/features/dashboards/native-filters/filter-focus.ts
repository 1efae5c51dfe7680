import { chartInFilterScope } from '@tessera/core';
import { nativeFiltersOf, type NativeFiltersState } from './native-filters.slice';

/** How a chart shows while a filter in the bar is pointed at or focused (spec 001 §4 filter focus, hover). */
export type FilterFocus = 'in-scope' | 'out-of-scope' | null;

/**
 * The pointed-at filter wins over the focused one, so moving over another filter while a select is open
 * shows that filter's charts; with neither, no chart is marked.
 */
export function filterFocusOf(state: NativeFiltersState, chartId: number): FilterFocus {
  const { hoveredFilterId, focusedFilterId, configuration } = state;
  const id = hoveredFilterId ?? focusedFilterId;
  if (id === null) return null;
  const filter = nativeFiltersOf(configuration).find((item) => item.id === id);
  if (filter === undefined) return null;
  return chartInFilterScope(filter, chartId) ? 'in-scope' : 'out-of-scope';
}
