import { NO_TIME_RANGE, isRecord } from '@tessera/contracts';

/** Form data as a chart stores it in `params`. */
export type ChartParams = Record<string, unknown>;

/** Superset's TimeGrain.DAY: the grain a migrated x-axis gets when the chart named none. */
const DEFAULT_TIME_GRAIN = 'P1D';

function isBlank(value: unknown): boolean {
  return (
    value === undefined || value === null || value === '' || (Array.isArray(value) && value.length === 0)
  );
}

/**
 * Charts saved before Superset 0.36 kept their time range as `since`/`until`; today's form data has one
 * `time_range` string `<since> : <until>` (either side may be empty). A chart that already has a time range
 * keeps it; the old fields then mean nothing and stay as they are.
 */
export function upgradeTimeRange(params: ChartParams): ChartParams {
  if (!isBlank(params.time_range)) return params;
  const since = typeof params.since === 'string' ? params.since.trim() : '';
  const until = typeof params.until === 'string' ? params.until.trim() : '';
  if (since === '' && until === '') return params;
  const { since: _since, until: _until, ...rest } = params;
  return { ...rest, time_range: `${since} : ${until}` };
}

/** The adhoc filter Superset's time range became: `<column> TEMPORAL_RANGE <range>`. */
function temporalRangeFilter(column: string, timeRange: string): Record<string, unknown> {
  return {
    expressionType: 'SIMPLE',
    clause: 'WHERE',
    subject: column,
    operator: 'TEMPORAL_RANGE',
    comparator: timeRange,
    isExtra: false,
    filterOptionName: `filter_time_range_${column}`,
  };
}

function filterList(value: unknown): unknown[] {
  if (!Array.isArray(value)) return [];
  const list: readonly unknown[] = value;
  return [...list];
}

export interface TimeColumnOptions {
  /** The target viz has an x-axis control, so the time column becomes its x-axis. */
  hasXAxis: boolean;
  /** Adhoc filter lists that each get the time range (a mixed chart filters both queries). */
  filterKeys: readonly string[];
}

/**
 * Superset's migrations move a legacy chart's time column (`granularity_sqla`) and `time_range` into
 * today's form: the column becomes the x-axis (when the chart has one, with a day grain unless one is
 * set) and the range an adhoc `TEMPORAL_RANGE` filter on it. A chart without a time column keeps its
 * time range as it is (Superset would drop it; a silently lost filter shows more data than saved).
 * A time column given as an adhoc SQL column is only moved to the x-axis: its range keeps working
 * through `granularity_sqla`, which the query still honours.
 */
export function moveTimeColumn(params: ChartParams, options: TimeColumnOptions): ChartParams {
  const column = params.granularity_sqla;
  if (isRecord(column)) {
    if (!options.hasXAxis || !isBlank(params.x_axis)) return params;
    return {
      ...params,
      x_axis: column,
      time_grain_sqla: isBlank(params.time_grain_sqla) ? DEFAULT_TIME_GRAIN : params.time_grain_sqla,
    };
  }
  if (typeof column !== 'string' || column.trim() === '') return params;
  // since/until were read into time_range before; left behind they would become a range again.
  const { granularity_sqla: _column, time_range: timeRange, since: _since, until: _until, ...rest } = params;
  const range = typeof timeRange === 'string' && timeRange.trim() !== '' ? timeRange : NO_TIME_RANGE;
  const result: ChartParams = { ...rest };
  if (options.hasXAxis) {
    if (isBlank(result.x_axis)) result.x_axis = column;
    if (isBlank(result.time_grain_sqla)) result.time_grain_sqla = DEFAULT_TIME_GRAIN;
  }
  for (const key of options.filterKeys) {
    const filters = filterList(result[key]);
    const hasRange = filters.some((filter) => isRecord(filter) && filter.operator === 'TEMPORAL_RANGE');
    result[key] = hasRange ? filters : [...filters, temporalRangeFilter(column, range)];
  }
  return result;
}
