import { z } from 'zod';
import { resolveAggregates, type ResolvedAggregate } from './aggregate';
import { defineOperation } from './define-operation';
import {
  toNumber,
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
  /** Position among the sorted series. */
  position: number;
}

/** Aggregates computed in one pass without keeping the values. */
const STREAMING = new Set([
  'sum',
  'nansum',
  'mean',
  'nanmean',
  'average',
  'count',
  'min',
  'nanmin',
  'max',
  'nanmax',
]);

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
  // Series by the raw value of a single pivot column: one lookup per row instead of building labels.
  const byRawValue = new Map<unknown, Series | undefined>();
  const seriesOf = (row: Row): Series | undefined => {
    if (seriesColumns.length === 1) {
      const raw = row[seriesColumns[0] ?? ''] ?? null;
      if (byRawValue.has(raw)) return byRawValue.get(raw);
      const found = seriesFromLabels(row);
      byRawValue.set(raw, found);
      return found;
    }
    return seriesFromLabels(row);
  };
  const seriesFromLabels = (row: Row): Series | undefined => {
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
      found = { labels, key, position: 0 };
      series.set(key, found);
    }
    return found;
  };

  // Pass 1: every series, so that cells can live in flat arrays indexed by series × metric.
  for (const row of frame.rows) seriesOf(row);
  const orderedSeries = [...series.values()].sort((a, b) => compareTuples(a.labels, b.labels));
  orderedSeries.forEach((s, position) => (s.position = position));
  const metricCount = metricNames.length;
  const cellCount = orderedSeries.length * metricCount;
  const aggregators = metricNames.map((metric) => metrics.get(metric));
  const streaming = aggregators.every((agg) => agg !== undefined && STREAMING.has(agg.operator));
  const present = new Uint8Array(cellCount);
  const counts = new Float64Array(cellCount);
  const nonNull = new Float64Array(cellCount);
  const sums = new Float64Array(cellCount);
  const mins = new Float64Array(cellCount);
  const maxs = new Float64Array(cellCount);
  const lists: unknown[][] = [];
  const groups = groupRows(frame, options.index, !dropMissing);
  const output: {
    column: string;
    levels: (string | null)[];
    metric: string;
    metricIndex: number;
    series: Series;
  }[] = [];
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
    output.push({
      column: flatName(levels),
      levels,
      metric,
      metricIndex: metricNames.indexOf(metric),
      series: s,
    });
  }

  const fill = options.metric_fill_value ?? null;
  const cellValue = (cell: number, agg: ResolvedAggregate): number | null => {
    if (!streaming) return agg.aggregator(lists[cell] ?? [], agg.options);
    switch (agg.operator) {
      case 'count':
        return nonNull[cell] ?? 0;
      case 'sum':
      case 'nansum':
        return sums[cell] ?? 0;
      case 'min':
      case 'nanmin':
        return counts[cell] ? (mins[cell] ?? null) : null;
      case 'max':
      case 'nanmax':
        return counts[cell] ? (maxs[cell] ?? null) : null;
      default:
        return counts[cell] ? (sums[cell] ?? 0) / (counts[cell] ?? 1) : null;
    }
  };
  // Pass 2: per index group, accumulate each series × metric cell, then write the output row.
  const rows: Row[] = groups.map((group) => {
    present.fill(0);
    if (streaming) {
      counts.fill(0);
      nonNull.fill(0);
      sums.fill(0);
      mins.fill(Infinity);
      maxs.fill(-Infinity);
    } else {
      for (let c = 0; c < cellCount; c += 1) lists[c] = [];
    }
    for (const source of group.rows) {
      const s = seriesOf(source);
      if (!s) continue;
      const base = s.position * metricCount;
      for (let m = 0; m < metricCount; m += 1) {
        const cell = base + m;
        const value = source[metricNames[m] ?? ''];
        present[cell] = 1;
        if (!streaming) {
          lists[cell]?.push(value);
          continue;
        }
        if (value === null || value === undefined) continue;
        nonNull[cell] = (nonNull[cell] ?? 0) + 1;
        const number = toNumber(value);
        if (number === null) continue;
        counts[cell] = (counts[cell] ?? 0) + 1;
        sums[cell] = (sums[cell] ?? 0) + number;
        if (number < (mins[cell] ?? Infinity)) mins[cell] = number;
        if (number > (maxs[cell] ?? -Infinity)) maxs[cell] = number;
      }
    }
    const row: Row = {};
    options.index.forEach((column, level) => (row[column] = group.keys[level] ?? null));
    for (const cell of output) {
      const index = cell.series.position * metricCount + cell.metricIndex;
      const agg = aggregators[cell.metricIndex];
      const value = present[index] && agg ? cellValue(index, agg) : null;
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
