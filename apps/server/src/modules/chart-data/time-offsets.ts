import { TimeRangeError, parseTimeShift, type TimeShift } from '@tessera/core';
import { ChartDataError } from './chart-data-error';
import type { Frame } from './frame';

export type TimeOffset = TimeShift;

/** `"1 year ago"` → a backwards shift; the forms of spec 001 §9 'Time shift'. */
export function parseTimeOffset(offset: string): TimeOffset {
  try {
    return parseTimeShift(offset);
  } catch (error) {
    if (error instanceof TimeRangeError) throw ChartDataError.message(400, error.message);
    throw error;
  }
}

export const offsetLabel = (metric: string, offset: string): string => `${metric}__${offset}`;

/**
 * Joins the metrics of a shifted run onto the main frame: each shifted row's x-axis value is moved
 * forward by the offset, then matched on the x-axis and every other dimension; unmatched rows of
 * the main frame get null. Without an x-axis (a table comparing periods) rows match on the dimensions.
 */
export function joinOffsetFrame(
  main: Frame,
  shifted: Frame,
  offset: TimeOffset,
  xAxis: string | null,
  dimensions: readonly string[],
  metrics: readonly string[],
): Frame {
  const keyOf = (row: Record<string, unknown>, x: unknown): string =>
    JSON.stringify([x, ...dimensions.filter((name) => name !== xAxis).map((name) => row[name] ?? null)]);
  const byKey = new Map<string, Record<string, unknown>>();
  for (const row of shifted.data) {
    const x = xAxis === null ? null : row[xAxis];
    const moved = typeof x === 'number' ? offset.revert(new Date(x)).getTime() : x;
    byKey.set(keyOf(row, moved), row);
  }
  const added = metrics.map((metric) => offsetLabel(metric, offset.label));
  const data = main.data.map((row): Record<string, unknown> => {
    const match = byKey.get(keyOf(row, xAxis === null ? null : row[xAxis]));
    return {
      ...row,
      ...Object.fromEntries<unknown>(
        metrics.map((metric) => [offsetLabel(metric, offset.label), match ? (match[metric] ?? null) : null]),
      ),
    };
  });
  const metricTypes = metrics.map((metric) => main.coltypes[main.colnames.indexOf(metric)] ?? 0);
  return {
    colnames: [...main.colnames, ...added],
    coltypes: [...main.coltypes, ...metricTypes],
    data,
  };
}
