import { z } from 'zod';
import { quantile, sortedNumbers } from './aggregators';
import { defineOperation } from './define-operation';
import { requireColumns, type Frame, type Row } from './frame';
import { groupRows } from './group-rows';
import { columnName } from './options';
import { PostProcessingError } from './post-processing-error';

export const boxplotOptions = z
  .object({
    groupby: z.array(columnName).nullable().default([]),
    metrics: z.array(columnName),
    whisker_type: z.enum(['tukey', 'min/max', 'percentile']),
    percentiles: z.array(z.number()).nullable().optional(),
  })
  .loose();
export type BoxplotOptions = z.input<typeof boxplotOptions>;

/** The statistics of each metric, in Superset's column order `<metric>__<stat>` (stat-major). */
export const BOXPLOT_STATS = ['mean', 'median', 'max', 'min', 'q1', 'q3', 'count', 'outliers'] as const;

/**
 * `boxplot`: per `groupby` group and metric: mean, median, whiskers (max/min), quartiles (q1/q3, linear
 * interpolation), count and the outliers beyond the whiskers. Whiskers: tukey = the furthest values within
 * 1.5 IQR of the quartiles; min/max = the extremes (no outliers); percentile = the given [low, high] percentiles.
 */
export const boxplotOperation = defineOperation('boxplot', boxplotOptions, (frame, options) => {
  const groupby = options.groupby ?? [];
  let whiskers: (sorted: number[]) => [number | null, number | null];
  if (options.whisker_type === 'tukey') {
    whiskers = (sorted) => {
      const q1 = quantile(sorted, 0.25);
      const q3 = quantile(sorted, 0.75);
      if (q1 === null || q3 === null) return [null, null];
      const reach = 1.5 * (q3 - q1);
      const low = sorted.find((x) => x >= q1 - reach) ?? null;
      const high = [...sorted].reverse().find((x) => x <= q3 + reach) ?? null;
      return [low, high];
    };
  } else if (options.whisker_type === 'min/max') {
    whiskers = (sorted) => [sorted[0] ?? null, sorted[sorted.length - 1] ?? null];
  } else {
    const [low, high] = options.percentiles ?? [];
    if (
      options.percentiles?.length !== 2 ||
      low === undefined ||
      high === undefined ||
      low < 0 ||
      high > 100 ||
      low >= high
    ) {
      throw new PostProcessingError(
        'percentiles must be a list or tuple with two numeric values, of which the first is lower than the second value',
      );
    }
    whiskers = (sorted) => [quantile(sorted, low / 100), quantile(sorted, high / 100)];
  }
  requireColumns(frame, [...groupby, ...options.metrics]);
  const groups = groupby.length > 0 ? groupRows(frame, groupby) : [{ keys: [], rows: frame.rows }];
  const rows = groups.map((group) => {
    const row: Row = {};
    groupby.forEach((column, i) => (row[column] = group.keys[i] ?? null));
    const stats = new Map(
      options.metrics.map((metric) => {
        const sorted = sortedNumbers(group.rows.map((source) => source[metric]));
        const [min, max] = whiskers(sorted);
        const total = sorted.reduce((a, b) => a + b, 0);
        const values: Record<(typeof BOXPLOT_STATS)[number], unknown> = {
          mean: sorted.length === 0 ? null : total / sorted.length,
          median: quantile(sorted, 0.5),
          max,
          min,
          q1: quantile(sorted, 0.25),
          q3: quantile(sorted, 0.75),
          count: sorted.length,
          outliers: min === null || max === null ? [] : sorted.filter((x) => x < min || x > max),
        };
        return [metric, values] as const;
      }),
    );
    for (const stat of BOXPLOT_STATS) {
      for (const metric of options.metrics) row[`${metric}__${stat}`] = stats.get(metric)?.[stat] ?? null;
    }
    return row;
  });
  const columns = [
    ...groupby,
    ...BOXPLOT_STATS.flatMap((stat) => options.metrics.map((metric) => `${metric}__${stat}`)),
  ];
  return { columns, rows };
});

export const boxplot = (frame: Frame, options: BoxplotOptions): Frame =>
  boxplotOperation.apply(frame, options);
