import { NO_TIME_RANGE } from '@tessera/contracts';
import { isRecord, type ExploreFormData } from './form-data';

/** The part of a datasource the time-range rules read. */
export interface TemporalDatasource {
  columns: readonly { column_name: string; is_dttm: boolean }[];
  main_dttm_col: string | null;
}

export const TEMPORAL_RANGE = 'TEMPORAL_RANGE';

/** Column name → whether it holds times (Superset's `temporal_columns_lookup` form-data key). */
export function temporalColumnsLookup(datasource: TemporalDatasource): Record<string, boolean> {
  return Object.fromEntries(datasource.columns.map((column) => [column.column_name, column.is_dttm]));
}

/** The column a time range applies to: a temporal x-axis, else the main datetime column, else the first one. */
export function defaultTemporalColumn(
  formData: ExploreFormData,
  datasource: TemporalDatasource,
): string | null {
  const temporal = datasource.columns.filter((column) => column.is_dttm).map((column) => column.column_name);
  const xAxis = formData.x_axis;
  if (typeof xAxis === 'string' && temporal.includes(xAxis)) return xAxis;
  if (datasource.main_dttm_col !== null && temporal.includes(datasource.main_dttm_col))
    return datasource.main_dttm_col;
  return temporal[0] ?? null;
}

function isTemporalRangeFilter(filter: unknown): boolean {
  return isRecord(filter) && filter.expressionType !== 'SQL' && filter.operator === TEMPORAL_RANGE;
}

/**
 * Superset's default time filter: a chart on a dataset with a time column gets an adhoc filter
 * `<column> TEMPORAL_RANGE <time range>` (the form's time_range, else 'No filter') unless it has one, so
 * the range is one click away in the Filters control. A form without an adhoc_filters list is left alone.
 */
export function withTemporalRangeFilter(
  formData: ExploreFormData,
  datasource: TemporalDatasource,
): ExploreFormData {
  const filters: unknown = formData.adhoc_filters;
  if (!Array.isArray(filters)) return formData;
  const list: readonly unknown[] = filters;
  if (list.some(isTemporalRangeFilter)) return formData;
  const column = defaultTemporalColumn(formData, datasource);
  if (column === null) return formData;
  const timeRange =
    typeof formData.time_range === 'string' && formData.time_range !== ''
      ? formData.time_range
      : NO_TIME_RANGE;
  return {
    ...formData,
    adhoc_filters: [
      ...list,
      {
        expressionType: 'SIMPLE',
        clause: 'WHERE',
        subject: column,
        operator: TEMPORAL_RANGE,
        comparator: timeRange,
        isExtra: false,
        filterOptionName: `filter_time_range_${column}`,
      },
    ],
  };
}
