import type { DataMaskMap, NativeFilter, QueryFilter } from '@tessera/contracts';
import { maskValue, sameMask } from './filter-mask';
import { isRequired } from './required';

/** The filters of the cascade parents in the given masks: a dependent filter's options narrow by them. */
export function parentFiltersOf(filter: NativeFilter, masks: DataMaskMap): QueryFilter[] {
  const filters: QueryFilter[] = [];
  for (const parentId of filter.cascadeParentIds ?? []) {
    filters.push(...(masks[parentId]?.extraFormData?.filters ?? []));
  }
  return filters;
}

/** Native filter ids whose pending mask differs from the applied one. */
export function pendingChanges(
  filters: readonly NativeFilter[],
  applied: DataMaskMap,
  pending: DataMaskMap,
): string[] {
  return filters.filter((f) => !sameMask(applied[f.id], pending[f.id])).map((f) => f.id);
}

/** Required filters whose pending value is empty: 'Apply filters' waits for them. */
export function missingRequired(filters: readonly NativeFilter[], pending: DataMaskMap): Set<string> {
  const missing = new Set<string>();
  for (const filter of filters) {
    const value = maskValue(pending[filter.id]);
    if (isRequired(filter) && (value === null || (Array.isArray(value) && value.length === 0)))
      missing.add(filter.id);
  }
  return missing;
}

/** Cross-filters: masks keyed by the emitting chart's id. */
export function crossFilterIds(masks: DataMaskMap): number[] {
  return Object.keys(masks)
    .filter((key) => /^\d+$/.test(key) && (masks[key]?.extraFormData?.filters?.length ?? 0) > 0)
    .map(Number);
}
