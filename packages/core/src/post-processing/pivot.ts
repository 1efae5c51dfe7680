import { z } from 'zod';
import { resolveAggregates } from './aggregate';
import { defineOperation } from './define-operation';
import {
  flatName,
  labelOf,
  NULL_STRING,
  pickColumns,
  requireColumns,
  tupleKey,
  type Frame,
  type Row,
} from './frame';
import { compareTuples, groupRows } from './group-rows';
import { aggregatesOption, columnName } from './options';
import { PostProcessingError } from './post-processing-error';

export const pivotOptions = z
  .object({
    index: z.array(columnName).default([]),
    columns: z.array(columnName).nullable().default([]),
    aggregates: aggregatesOption.default({}),
    metric_fill_value: z.union([z.number(), z.string()]).nullable().optional(),
    column_fill_value: z.string().nullable().default(NULL_STRING),
    drop_missing_columns: z.boolean().nullable().default(true),
    combine_value_with_metric: z.boolean().default(false),
    marginal_distributions: z.boolean().nullable().optional(),
    marginal_distribution_name: z.string().nullable().optional(),
  })
  .loose();
export type PivotOptions = z.input<typeof pivotOptions>;

interface Series {
  /** The pivot column values as labels ('<NULL>' for missing). */
  labels: string[];
  key: unknown;
}

/**
 * `pivot` (pandas pivot_table): one row per `index` tuple (sorted), one column per metric × observed
 * combination of `columns` values, labelled [metric, value…] (or [value…, metric] with
 * combine_value_with_metric) and named by joining the labels with ', ' — the names flatten gives and the
 * chart plugins read. drop_missing_columns drops rows with a null index and columns that end up all null.
 */
export const pivotOperation = defineOperation('pivot', pivotOptions, (frame, options) => {
  if (options.index.length === 0)
    throw new PostProcessingError('Pivot operation requires at least one index');
  if (Object.keys(options.aggregates).length === 0) {
    throw new PostProcessingError('Pivot operation must include at least one aggregate');
  }
  if (options.marginal_distributions)
    throw new PostProcessingError('Pivot marginal distributions are not supported');
  const seriesColumns = options.columns ?? [];
  requireColumns(frame, [...options.index, ...seriesColumns]);
  const dropMissing = options.drop_missing_columns ?? true;
  // Pivot values are keyed by their source column, as Superset's pivot_table call does.
  const metrics = new Map(resolveAggregates(frame, options.aggregates).map((agg) => [agg.column, agg]));
  const metricNames = [...metrics.keys()].sort();
  const temporal = new Set(frame.temporal ?? []);

  const series = new Map<unknown, Series>();
  const seriesOf = (row: Row): Series | undefined => {
    const labels: string[] = [];
    for (const column of seriesColumns) {
      const value = row[column] ?? null;
      if (value === null && options.column_fill_value === null) return undefined;
      labels.push(
        value === null ? (options.column_fill_value ?? NULL_STRING) : labelOf(value, temporal.has(column)),
      );
    }
    const key = tupleKey(labels);
    let found = series.get(key);
    if (!found) {
      found = { labels, key };
      series.set(key, found);
    }
    return found;
  };

  const groups = groupRows(frame, options.index, !dropMissing);
  // cell values per group: series key → metric → values
  const cells = groups.map((group) => {
    const bySeries = new Map<unknown, Map<string, unknown[]>>();
    for (const row of group.rows) {
      const s = seriesOf(row);
      if (!s) continue;
      let byMetric = bySeries.get(s.key);
      if (!byMetric) {
        byMetric = new Map(metricNames.map((metric) => [metric, []]));
        bySeries.set(s.key, byMetric);
      }
      for (const metric of metricNames) byMetric.get(metric)?.push(row[metric]);
    }
    return bySeries;
  });

  const orderedSeries = [...series.values()].sort((a, b) => compareTuples(a.labels, b.labels));
  const output: { column: string; levels: (string | null)[]; metric: string; series: Series }[] = [];
  const pairs = options.combine_value_with_metric
    ? orderedSeries.flatMap((s) => metricNames.map((metric) => ({ metric, series: s })))
    : metricNames.flatMap((metric) => orderedSeries.map((s) => ({ metric, series: s })));
  for (const { metric, series: s } of pairs) {
    const levels =
      seriesColumns.length === 0
        ? [metric]
        : options.combine_value_with_metric
          ? [...s.labels, metric]
          : [metric, ...s.labels];
    output.push({ column: flatName(levels), levels, metric, series: s });
  }

  const fill = options.metric_fill_value ?? null;
  const rows: Row[] = groups.map((group, i) => {
    const row: Row = {};
    options.index.forEach((column, level) => (row[column] = group.keys[level] ?? null));
    const bySeries = cells[i];
    for (const cell of output) {
      const values = bySeries?.get(cell.series.key)?.get(cell.metric);
      const agg = metrics.get(cell.metric);
      const value = values && agg ? agg.aggregator(values, agg.options) : null;
      row[cell.column] = value === null || Number.isNaN(value) ? fill : value;
    }
    return row;
  });

  const kept = dropMissing ? output.filter((cell) => rows.some((row) => row[cell.column] !== null)) : output;
  const result: Frame = {
    columns: [...options.index, ...kept.map((cell) => cell.column)],
    rows:
      kept.length === output.length
        ? rows
        : pickColumns(rows, [...options.index, ...kept.map((c) => c.column)]),
    index: [...options.index],
    levels: Object.fromEntries(kept.map((cell) => [cell.column, cell.levels])),
    levelNames: options.combine_value_with_metric ? [...seriesColumns, null] : [null, ...seriesColumns],
  };
  const temporalIndex = options.index.filter((column) => temporal.has(column));
  if (temporalIndex.length > 0) result.temporal = temporalIndex;
  return result;
});

export const pivot = (frame: Frame, options: PivotOptions): Frame => pivotOperation.apply(frame, options);
