import type { PostProcessingStep, QueryObject } from '@tessera/contracts';
import type { FormData } from './form-data';
import { columnLabels, getXAxisLabel, metricLabels } from './buildQueryContext';
import { asArray, asNumber, asOptionalString } from './values';

/**
 * Post-processing steps built the way Superset's chart-controls operators build them; the server
 * (chartdata engine) runs them with pandas' semantics. Each returns undefined when it does not apply.
 */

/** The comparison values of spec 001 §9, as the control offers and form data stores them. */
export const COMPARISON_TYPES = ['values', 'absolute', 'percentage', 'ratio'] as const;

/**
 * The chart-data `compare` operation's `compare_type` for a form data comparison: 'absolute' is the
 * difference; Superset's newer charts stored 'difference' itself, which still reads the same. Undefined
 * for 'values' and anything else (no compare step).
 */
export function compareTypeOf(formData: FormData): 'difference' | 'percentage' | 'ratio' | undefined {
  const type = asOptionalString(formData.comparison_type);
  if (type === 'absolute' || type === 'difference') return 'difference';
  if (type === 'percentage' || type === 'ratio') return type;
  return undefined;
}

export function timeCompareOffsets(formData: FormData): string[] {
  return asArray(formData.time_compare).filter((v): v is string => typeof v === 'string' && v !== '');
}

export function isTimeComparison(formData: FormData): boolean {
  const comparing = formData.comparison_type === 'values' || compareTypeOf(formData) !== undefined;
  return timeCompareOffsets(formData).length > 0 && comparing;
}

/** `{metric}__{offset}`: the column name the server gives a time-shifted metric. */
export const offsetLabel = (metric: string, offset: string): string => `${metric}__${offset}`;

function timeOffsetColumns(formData: FormData, queryObject: QueryObject): string[] {
  if (!isTimeComparison(formData) || formData.comparison_type !== 'values') return [];
  return metricLabels(queryObject).flatMap((metric) =>
    timeCompareOffsets(formData).map((offset) => offsetLabel(metric, offset)),
  );
}

/** The pivot index: the x axis, or `__timestamp` for legacy timeseries queries without one. */
function pivotIndex(formData: FormData, queryObject: QueryObject): string | undefined {
  return getXAxisLabel(formData) ?? (queryObject.is_timeseries === true ? '__timestamp' : undefined);
}

export function pivotOperator(formData: FormData, queryObject: QueryObject): PostProcessingStep | undefined {
  const index = pivotIndex(formData, queryObject);
  const metrics = [...metricLabels(queryObject), ...timeOffsetColumns(formData, queryObject)];
  if (index === undefined || metrics.length === 0) return undefined;
  return {
    operation: 'pivot',
    options: {
      index: [index],
      columns: columnLabels(queryObject.series_columns ?? []),
      aggregates: Object.fromEntries(metrics.map((metric) => [metric, { operator: 'mean' }])),
      drop_missing_columns: formData.show_empty_columns !== true,
    },
  };
}

/** The pivot used with time comparison: the shifted metric columns ride along with the originals. */
export function timeComparePivotOperator(
  formData: FormData,
  queryObject: QueryObject,
): PostProcessingStep | undefined {
  if (!isTimeComparison(formData)) return undefined;
  const index = pivotIndex(formData, queryObject);
  if (index === undefined) return undefined;
  const metrics = metricLabels(queryObject);
  const shifted = metrics.flatMap((metric) =>
    timeCompareOffsets(formData).map((o) => offsetLabel(metric, o)),
  );
  return {
    operation: 'pivot',
    options: {
      index: [index],
      columns: columnLabels(queryObject.series_columns ?? []),
      aggregates: Object.fromEntries(
        [...metrics, ...shifted].map((metric) => [metric, { operator: 'mean' }]),
      ),
      drop_missing_columns: formData.show_empty_columns !== true,
    },
  };
}

/**
 * Rolling window or cumulative sum over the pivoted metric columns; with a time comparison over the
 * shifted columns too ('values') or over the compared columns (`{type}__{metric}__{metric}__{offset}`).
 */
export function rollingWindowOperator(
  formData: FormData,
  queryObject: QueryObject,
): PostProcessingStep | undefined {
  const rollingType = asOptionalString(formData.rolling_type);
  if (rollingType === undefined || rollingType === 'None') return undefined;
  const metrics = metricLabels(queryObject);
  const offsets = timeCompareOffsets(formData);
  const compareType = compareTypeOf(formData);
  let labels = metrics;
  if (isTimeComparison(formData)) {
    const shifted = metrics.flatMap((metric) =>
      offsets.map((offset) => [metric, offsetLabel(metric, offset)] as const),
    );
    labels =
      compareType === undefined
        ? [...shifted.map(([metric]) => metric), ...shifted.map(([, label]) => label)]
        : shifted.map(([metric, label]) => `${compareType}__${metric}__${label}`);
  }
  const columns = Object.fromEntries(labels.map((label) => [label, label]));
  if (rollingType === 'cumsum')
    return { operation: 'cum', options: { operator: 'sum', columns, is_pivot_df: true } };
  if (!['sum', 'mean', 'std'].includes(rollingType)) return undefined;
  return {
    operation: 'rolling',
    options: {
      rolling_type: rollingType,
      window: Math.trunc(asNumber(formData.rolling_periods, 1)),
      min_periods: Math.trunc(asNumber(formData.min_periods, 0)),
      columns,
      is_pivot_df: true,
    },
  };
}

export function timeCompareOperator(
  formData: FormData,
  queryObject: QueryObject,
): PostProcessingStep | undefined {
  const compareType = compareTypeOf(formData);
  if (!isTimeComparison(formData) || compareType === undefined) return undefined;
  const offsets = timeCompareOffsets(formData);
  const metrics = metricLabels(queryObject);
  return {
    operation: 'compare',
    options: {
      source_columns: metrics.flatMap((metric) => offsets.map(() => metric)),
      compare_columns: metrics.flatMap((metric) => offsets.map((offset) => offsetLabel(metric, offset))),
      compare_type: compareType,
      drop_original_columns: true,
    },
  };
}

export function resampleOperator(formData: FormData): PostProcessingStep | undefined {
  const method = asOptionalString(formData.resample_method);
  const rule = asOptionalString(formData.resample_rule);
  if (method === undefined || rule === undefined) return undefined;
  const zerofill = method === 'zerofill';
  return {
    operation: 'resample',
    options: { method: zerofill ? 'asfreq' : method, rule, fill_value: zerofill ? 0 : null },
  };
}

/**
 * Drops or renames the metric level of the pivoted columns, with Superset's conditions: there is an x axis
 * and a metric, and either a time comparison (shifted columns are named after their offset) or
 * dimensions (or several offsets) with `truncate_metric` on; then a single metric's level is dropped.
 */
export function renameOperator(formData: FormData, queryObject: QueryObject): PostProcessingStep | undefined {
  const metrics = metricLabels(queryObject);
  const columns = queryObject.series_columns ?? queryObject.columns ?? [];
  const offsets = timeCompareOffsets(formData);
  const comparing = isTimeComparison(formData);
  const compareType = compareTypeOf(formData);
  const truncate = formData.truncate_metric !== undefined && Boolean(formData.truncate_metric);
  if (metrics.length === 0 || getXAxisLabel(formData) === undefined) return undefined;
  if (!comparing && !((columns.length > 0 || offsets.length > 1) && truncate)) return undefined;
  const pairs: [string, string | null][] = [];
  if (comparing) {
    for (const metric of metrics) {
      for (const offset of offsets) {
        const shifted = offsetLabel(metric, offset);
        const source = compareType === undefined ? shifted : `${compareType}__${metric}__${shifted}`;
        pairs.push([source, metrics.length > 1 ? `${metric}, ${offset}` : offset]);
      }
    }
  }
  const [only] = metrics;
  if (only !== undefined && compareType === undefined && metrics.length === 1 && pairs.length === 0)
    pairs.push([only, null]);
  if (pairs.length === 0) return undefined;
  return { operation: 'rename', options: { columns: Object.fromEntries(pairs), level: 0, inplace: true } };
}

export function contributionOperator(formData: FormData): PostProcessingStep | undefined {
  const mode = asOptionalString(formData.contributionMode);
  if (mode !== 'row' && mode !== 'column') return undefined;
  return {
    operation: 'contribution',
    options: {
      orientation: mode,
      time_shifts: isTimeComparison(formData) ? timeCompareOffsets(formData) : [],
    },
  };
}

/** Sorts the x axis by a column or metric when the user chose one (categorical x axes). */
export function sortOperator(formData: FormData): PostProcessingStep | undefined {
  const by = asOptionalString(formData.x_axis_sort);
  if (by === undefined) return undefined;
  return { operation: 'sort', options: { by, ascending: formData.x_axis_sort_asc !== false } };
}

export function flattenOperator(): PostProcessingStep {
  return { operation: 'flatten' };
}

export function boxplotOperator(
  formData: FormData,
  queryObject: QueryObject,
): PostProcessingStep | undefined {
  const groupby = columnLabels(queryObject.series_columns ?? []);
  const metrics = metricLabels(queryObject);
  if (metrics.length === 0) return undefined;
  const whiskerType = asOptionalString(formData.whiskerOptions) ?? 'Tukey';
  const percentiles = /^(\d+)\/(\d+) percentiles$/.exec(whiskerType);
  const base = { groupby, metrics };
  if (whiskerType === 'Tukey') return { operation: 'boxplot', options: { ...base, whisker_type: 'tukey' } };
  if (whiskerType === 'Min/max (no outliers)') {
    return { operation: 'boxplot', options: { ...base, whisker_type: 'min/max' } };
  }
  if (percentiles) {
    return {
      operation: 'boxplot',
      options: {
        ...base,
        whisker_type: 'percentile',
        percentiles: [Number(percentiles[1]), Number(percentiles[2])],
      },
    };
  }
  return { operation: 'boxplot', options: { ...base, whisker_type: 'tukey' } };
}

export function histogramOperator(formData: FormData, column: string, groupby: string[]): PostProcessingStep {
  return {
    operation: 'histogram',
    options: {
      column,
      groupby,
      bins: Math.trunc(asNumber(formData.bins, 5)),
      cumulative: formData.cumulative === true,
      normalize: formData.normalize === true,
    },
  };
}

/** Drops the undefined entries of a step list. */
export function steps(...candidates: (PostProcessingStep | undefined)[]): PostProcessingStep[] {
  return candidates.filter((step): step is PostProcessingStep => step !== undefined);
}
