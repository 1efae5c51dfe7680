import { getColumnLabel, parseColumn, parseColumns, type DrillFilter, type FormData } from '@tessera/charts';
import type { ExploreDatasource, QueryContext, QueryFilter, QueryObject } from '@tessera/contracts';
import type { ExploreFormData } from '@tessera/core';

/** Rows per page of the drill to detail table (Superset's drill detail pane pages by 50). */
export const DRILL_DETAIL_PAGE_SIZE = 50;

/** The count query's metric label: the modal reads the total under this key. */
export const DRILL_COUNT_LABEL = 'drill_row_count';

export function toQueryFilter(filter: DrillFilter): QueryFilter {
  return filter.op === 'IS NULL'
    ? { col: filter.col, op: 'IS NULL' }
    : { col: filter.col, op: '==', val: filter.val ?? null };
}

function firstQuery(base: QueryContext): QueryObject {
  const query = base.queries[0];
  if (query === undefined) throw new Error('The chart has no query to drill into');
  return query;
}

/**
 * The chart's time range as a filter: drill_detail answers drop the query's time_range and granularity
 * (they belong to grouped queries), yet Superset's drill keeps the chart's time window.
 */
function timeRangeFilter(query: QueryObject): QueryFilter[] {
  const column = query.granularity ?? query.granularity_sqla ?? null;
  const range = query.time_range ?? null;
  if (typeof column !== 'string' || column === '' || range === null || range === '' || range === 'No filter')
    return [];
  const covered = (query.filters ?? []).some(
    (filter) => filter.op === 'TEMPORAL_RANGE' && filter.col === column,
  );
  return covered ? [] : [{ col: column, op: 'TEMPORAL_RANGE', val: range }];
}

function withFilters(query: QueryObject, filters: readonly DrillFilter[]): QueryObject {
  return {
    ...query,
    filters: [...(query.filters ?? []), ...timeRangeFilter(query), ...filters.map(toQueryFilter)],
  };
}

/**
 * One page of drill to detail: the chart's first query (its filters, the dashboard's native filters and
 * cross-filters already in it) with the drilled values added, answered as the dataset's own rows
 * (result_type drill_detail: the server swaps the columns and drops metrics and grouping).
 */
export function drillDetailQueryContext(
  base: QueryContext,
  filters: readonly DrillFilter[],
  page: number,
  pageSize = DRILL_DETAIL_PAGE_SIZE,
): QueryContext {
  const query = withFilters(firstQuery(base), filters);
  return {
    ...base,
    queries: [{ ...query, row_limit: pageSize, row_offset: page * pageSize }],
    result_type: 'drill_detail',
    result_format: 'json',
    force: false,
  };
}

/**
 * The number of rows drill to detail pages through: COUNT(*) under the same filters, without the time
 * range and grouping the drill_detail query leaves out too, so the two always agree.
 */
export function drillCountQueryContext(base: QueryContext, filters: readonly DrillFilter[]): QueryContext {
  const query = withFilters(firstQuery(base), filters);
  return {
    ...base,
    queries: [
      {
        ...query,
        columns: [],
        metrics: [{ expressionType: 'SQL', sqlExpression: 'COUNT(*)', label: DRILL_COUNT_LABEL }],
        orderby: [],
        is_timeseries: false,
        granularity: null,
        time_range: null,
        series_columns: [],
        series_limit: 0,
        timeseries_limit: 0,
        time_offsets: [],
        post_processing: [],
        row_limit: 1,
        row_offset: 0,
      },
    ],
    result_type: 'full',
    result_format: 'json',
    force: false,
  };
}

/** Form-data keys that hold the dimensions a chart groups by. */
const GROUPING_KEYS = ['groupby', 'columns', 'series', 'entity', 'groupbyRows', 'groupbyColumns'] as const;

/** The columns the chart already groups by (x axis included): drill by offers the others. */
export function groupedColumns(formData: FormData): Set<string> {
  const names = new Set<string>();
  for (const key of GROUPING_KEYS) {
    const value = formData[key];
    for (const column of parseColumns(Array.isArray(value) ? value : value === undefined ? [] : [value]))
      names.add(getColumnLabel(column));
  }
  const xAxis = parseColumn(formData.x_axis);
  if (xAxis !== undefined) names.add(getColumnLabel(xAxis));
  return names;
}

export interface DrillByColumn {
  name: string;
  label: string;
}

/** The dataset's groupable columns the chart does not group by yet, in the dataset's order. */
export function drillByColumns(datasource: ExploreDatasource, formData: FormData): DrillByColumn[] {
  const grouped = groupedColumns(formData);
  return datasource.columns
    .filter((column) => column.groupby && !grouped.has(column.column_name))
    .map((column) => ({ name: column.column_name, label: column.verbose_name ?? column.column_name }));
}

function isTemporalColumn(datasource: ExploreDatasource, name: unknown): boolean {
  if (typeof name !== 'string') return true;
  return datasource.columns.find((column) => column.column_name === name)?.is_dttm ?? true;
}

/** Which dimension drill by replaces: the series (groupby), else a category x axis, else adds a groupby. */
export function drillByField(datasource: ExploreDatasource, formData: FormData): 'groupby' | 'x_axis' {
  const groupby = formData.groupby;
  if (Array.isArray(groupby) && groupby.length > 0) return 'groupby';
  if (formData.x_axis !== undefined && !isTemporalColumn(datasource, formData.x_axis)) return 'x_axis';
  return 'groupby';
}

function adhocFilterOf(filter: DrillFilter): Record<string, unknown> {
  return {
    expressionType: 'SIMPLE',
    clause: 'WHERE',
    subject: filter.col,
    operator: filter.op,
    ...(filter.op === '==' ? { comparator: filter.val ?? null } : {}),
  };
}

/**
 * The chart drill by draws: the same type and query, its dimension replaced by `column` and the clicked
 * point's values as filters. It is a new, unsaved chart (no slice id), drawn in a modal.
 */
export function drillByFormData(
  formData: ExploreFormData,
  datasource: ExploreDatasource,
  column: string,
  filters: readonly DrillFilter[],
): ExploreFormData {
  const field = drillByField(datasource, { ...formData, viz_type: '', datasource: '' });
  const adhoc: unknown[] = Array.isArray(formData.adhoc_filters) ? formData.adhoc_filters : [];
  return {
    ...formData,
    slice_id: undefined,
    [field]: field === 'x_axis' ? column : [column],
    adhoc_filters: [...adhoc, ...filters.map(adhocFilterOf)],
  };
}

/** The menu's and tag's text for a filter: 'gender = boy'. */
export function drillFilterText(filter: DrillFilter): string {
  return filter.op === 'IS NULL' ? `${filter.col} IS NULL` : `${filter.col} = ${filter.formattedVal}`;
}
