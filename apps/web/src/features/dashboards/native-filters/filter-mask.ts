import type { DataMask, NativeFilter, QueryFilter } from '@tessera/contracts';

/** The value a filter holds in its mask's filterState (select: values; range: [min, max]; others: a string). */
export type FilterValue =
  (string | number | boolean | null)[] | [number | null, number | null] | string | null;

export function targetColumn(filter: NativeFilter): string | null {
  return filter.targets[0]?.column?.name ?? null;
}

export function targetDatasetId(filter: NativeFilter): number | null {
  return filter.targets[0]?.datasetId ?? null;
}

function isEmptyValue(value: FilterValue): boolean {
  if (value === null || value === '') return true;
  if (Array.isArray(value)) return value.length === 0 || value.every((v) => v === null);
  return false;
}

/** A short text of the applied value, shown in the bar and the applied-filters indicator. */
export function valueLabel(value: unknown): string {
  if (value === null || value === undefined) return '';
  if (Array.isArray(value)) return value.map((v) => (v === null ? '∅' : String(v))).join(', ');
  if (typeof value === 'string' || typeof value === 'number' || typeof value === 'boolean')
    return String(value);
  return '';
}

function rangeFilters(column: string, value: FilterValue): QueryFilter[] {
  if (!Array.isArray(value)) return [];
  const [min, max] = value;
  const filters: QueryFilter[] = [];
  if (typeof min === 'number') filters.push({ col: column, op: '>=', val: min });
  if (typeof max === 'number') filters.push({ col: column, op: '<=', val: max });
  return filters;
}

/**
 * The data mask a native filter gets for a value (spec 001 §3 'Data mask'): select → IN (NOT IN when
 * inverse), range → >= / <=, time range → time_range, time column → granularity_sqla, time grain →
 * time_grain_sqla. An empty value gives an empty extraFormData (the filter narrows nothing).
 */
export function filterMask(filter: NativeFilter, value: FilterValue): DataMask {
  const base: DataMask = { id: filter.id, filterState: { value, label: valueLabel(value) } };
  if (isEmptyValue(value)) return { id: filter.id, extraFormData: {}, filterState: { value: null } };
  const column = targetColumn(filter);
  switch (filter.filterType) {
    case 'filter_select': {
      if (column === null || !Array.isArray(value)) return { ...base, extraFormData: {} };
      const inverse = filter.controlValues?.inverseSelection === true;
      const val = [...value];
      return { ...base, extraFormData: { filters: [{ col: column, op: inverse ? 'NOT IN' : 'IN', val }] } };
    }
    case 'filter_range':
      return { ...base, extraFormData: column === null ? {} : { filters: rangeFilters(column, value) } };
    case 'filter_time':
      return { ...base, extraFormData: typeof value === 'string' ? { time_range: value } : {} };
    case 'filter_timecolumn':
      return { ...base, extraFormData: typeof value === 'string' ? { granularity_sqla: value } : {} };
    case 'filter_timegrain':
      return { ...base, extraFormData: typeof value === 'string' ? { time_grain_sqla: value } : {} };
  }
}

/** The value held in a mask, narrowed to what the bar's controls take. */
export function maskValue(mask: DataMask | undefined): FilterValue {
  const value = mask?.filterState?.value;
  if (value === undefined || value === null) return null;
  if (typeof value === 'string') return value;
  if (Array.isArray(value)) {
    return value.filter(
      (v): v is string | number | boolean | null =>
        v === null || typeof v === 'string' || typeof v === 'number' || typeof v === 'boolean',
    );
  }
  return null;
}

/** Two masks narrow the same way (the bar's pending-changes state compares what would be applied). */
export function sameMask(a: DataMask | undefined, b: DataMask | undefined): boolean {
  return JSON.stringify(a?.extraFormData ?? {}) === JSON.stringify(b?.extraFormData ?? {});
}
