import {
  FILTER_SELECT_VIZ_TYPE,
  NO_TIME_RANGE,
  SELECT_PAGE_SIZE,
  queryFilterSchema,
  type QueryContext,
  type QueryFilter,
  type QueryMetric,
} from '@tessera/contracts';

export interface FilterOptionsQueryInput {
  datasetId: number;
  column: string;
  /** Zero-based page of `SELECT_PAGE_SIZE` (100) options; the bar asks for the next past 70 % scrolled. */
  page?: number;
  /** Server-side search: options containing this text, case-insensitive. */
  search?: string;
  /** Sort of the options (default ascending), by `sortMetric` when given, else by the value. */
  sortAscending?: boolean;
  sortMetric?: string | null;
  /** The filter's pre-filter: adhoc filters (SIMPLE ones apply; SQL ones go to WHERE) and time range. */
  adhocFilters?: readonly Record<string, unknown>[];
  timeRange?: string;
  granularitySqla?: string;
  /** Filters from the cascade parents' current masks (their extraFormData.filters). */
  parentFilters?: readonly QueryFilter[];
}

/** Counts rows per option: grouping by the column (one row per distinct value) needs a metric. */
const COUNT_METRIC: QueryMetric = { expressionType: 'SQL', sqlExpression: 'COUNT(*)', label: 'count' };

/**
 * The POST /api/v1/chart/data body a select filter sends for one page of its options (issue #13 scope
 * 2): the distinct values of `column` on the target dataset (GROUP BY through a count metric), a page of
 * 100 with row_offset, search as an `ILIKE '%text%'` filter, narrowed by the pre-filter and the cascade
 * parents. The bench (bench/dashboard-filters.ts) times this exact body.
 */
export function filterOptionsQueryContext(input: FilterOptionsQueryInput): QueryContext {
  const ascending = input.sortAscending ?? true;
  const metric: QueryMetric = input.sortMetric ?? COUNT_METRIC;
  const filters: QueryFilter[] = [...(input.parentFilters ?? [])];
  const where: string[] = [];
  for (const adhoc of input.adhocFilters ?? []) {
    if (adhoc.expressionType === 'SQL' && typeof adhoc.sqlExpression === 'string') {
      where.push(`(${adhoc.sqlExpression})`);
      continue;
    }
    const parsed = queryFilterSchema.safeParse({
      col: adhoc.subject,
      op: adhoc.operator,
      val: adhoc.comparator,
    });
    if (parsed.success) filters.push(parsed.data);
  }
  const search = input.search?.trim() ?? '';
  if (search !== '') filters.push({ col: input.column, op: 'ILIKE', val: `%${search}%` });
  const timeRange = input.timeRange && input.timeRange !== NO_TIME_RANGE ? input.timeRange : undefined;
  return {
    datasource: { id: input.datasetId, type: 'table' },
    // Marks a select filter's options: the server pages and searches them from one cached list.
    form_data: { viz_type: FILTER_SELECT_VIZ_TYPE },
    queries: [
      {
        columns: [input.column],
        metrics: [metric],
        filters,
        orderby: [[input.sortMetric ? metric : input.column, ascending]],
        row_limit: SELECT_PAGE_SIZE,
        row_offset: (input.page ?? 0) * SELECT_PAGE_SIZE,
        ...(timeRange ? { time_range: timeRange, granularity: input.granularitySqla ?? null } : {}),
        ...(where.length > 0 ? { extras: { where: where.join(' AND ') } } : {}),
      },
    ],
    result_format: 'json',
    result_type: 'full',
  };
}
