import type { NativeFilter, QueryFilter } from '@tessera/contracts';
import type { FilterOptionsQueryInput } from '@tessera/core';
import { targetColumn, targetDatasetId } from './filter-mask';

/** One value of a filter's column. */
export type OptionValue = string | number | boolean | null;

/**
 * What a select filter's options query needs apart from the page and the search (core's
 * `filterOptionsQueryContext` builds the body): its target, its sort, its pre-filter (adhoc filters, and
 * a time range on its time column) and the cascade parents' filters. Null when the target is unpaired.
 */
export function optionsQueryInput(
  filter: NativeFilter,
  parentFilters: readonly QueryFilter[],
): FilterOptionsQueryInput | null {
  const column = targetColumn(filter);
  const datasetId = targetDatasetId(filter);
  if (column === null || datasetId === null) return null;
  const controls = filter.controlValues ?? {};
  return {
    datasetId,
    column,
    parentFilters,
    sortAscending: controls.sortAscending !== false,
    sortMetric: controls.sortMetric ?? filter.sortMetric ?? null,
    ...(filter.adhoc_filters === undefined ? {} : { adhocFilters: filter.adhoc_filters }),
    ...(filter.time_range === undefined ? {} : { timeRange: filter.time_range }),
    ...(filter.granularity_sqla === undefined ? {} : { granularitySqla: filter.granularity_sqla }),
  };
}

/** The values of the column in a page of rows, in order, nulls kept once. */
export function optionValues(rows: readonly Record<string, unknown>[], column: string): OptionValue[] {
  const values: OptionValue[] = [];
  for (const row of rows) {
    const value = row[column];
    if (
      value === null ||
      typeof value === 'string' ||
      typeof value === 'number' ||
      typeof value === 'boolean'
    )
      values.push(value);
  }
  return values;
}

/**
 * How many values the select may count on after a page read from `offset`: the query has no total, so
 * a full page promises at least one more and a short one closes the list.
 */
export function knownTotal(offset: number, pageLength: number, pageSize: number): number {
  const seen = offset + pageLength;
  return pageLength === pageSize ? seen + 1 : seen;
}
