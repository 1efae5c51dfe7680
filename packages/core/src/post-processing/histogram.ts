import { z } from 'zod';
import { defineOperation } from './define-operation';
import { isNumericColumn, requireColumns, toNumber, type Frame, type Row } from './frame';
import { groupRows } from './group-rows';
import { columnName } from './options';
import { PostProcessingError } from './post-processing-error';

export const histogramOptions = z
  .object({
    column: columnName,
    groupby: z.array(columnName).nullable().default([]),
    bins: z.number().int().min(1).max(10_000).default(5),
    cumulative: z.boolean().default(false),
    normalize: z.boolean().default(false),
  })
  .loose();
export type HistogramOptions = z.input<typeof histogramOptions>;

/** Superset names bins by the integer parts of their edges (Python's int(): toward zero). */
const edgeLabel = (value: number): string => String(Math.trunc(value) || 0);

/**
 * `histogram`: `bins` equal-width bins over the column's range (numpy histogram_bin_edges; a single value v
 * gives [v − 0.5, v + 0.5]), one column per bin named '<low> - <high>' (integer parts), one row per `groupby` group (or one
 * row); counts, running totals with `cumulative`, and with `normalize` each cell over the sum of all cells.
 */
export const histogramOperation = defineOperation('histogram', histogramOptions, (frame, options) => {
  const groupby = options.groupby ?? [];
  requireColumns(frame, [options.column, ...groupby]);
  if (!isNumericColumn({ ...frame, index: [], temporal: [] }, options.column)) {
    throw new PostProcessingError(`The column '${options.column}' must be numeric.`);
  }
  const all = frame.rows.map((row) => toNumber(row[options.column])).filter((v): v is number => v !== null);
  let low = all.length > 0 ? Infinity : 0;
  let high = all.length > 0 ? -Infinity : 1;
  for (const value of all) {
    if (value < low) low = value;
    if (value > high) high = value;
  }
  if (low === high) {
    low -= 0.5;
    high += 0.5;
  }
  const { bins } = options;
  const edges = Array.from({ length: bins + 1 }, (_, i) =>
    i === bins ? high : low + ((high - low) * i) / bins,
  );
  const names = edges
    .slice(0, -1)
    .map((edge, i) => `${edgeLabel(edge)} - ${edgeLabel(edges[i + 1] ?? high)}`);
  const counts = (rows: Row[]): number[] => {
    const result = new Array<number>(bins).fill(0);
    for (const row of rows) {
      const value = toNumber(row[options.column]);
      if (value === null || value < low || value > high) continue;
      let bin = Math.min(bins - 1, Math.floor(((value - low) / (high - low)) * bins));
      // Bins are [edge, next edge) except the last; correct what floating point division misplaced.
      while (bin > 0 && value < (edges[bin] ?? low)) bin -= 1;
      while (bin < bins - 1 && value >= (edges[bin + 1] ?? high)) bin += 1;
      result[bin] = (result[bin] ?? 0) + 1;
    }
    if (options.cumulative)
      for (let i = 1; i < bins; i += 1) result[i] = (result[i] ?? 0) + (result[i - 1] ?? 0);
    return result;
  };
  const groups = groupby.length > 0 ? groupRows(frame, groupby) : [{ keys: [], rows: frame.rows }];
  const perGroup = groups.map((group) => counts(group.rows));
  const total = perGroup.flat().reduce((a, b) => a + b, 0);
  const rows = groups.map((group, g) => {
    const row: Row = {};
    groupby.forEach((column, i) => (row[column] = group.keys[i] ?? null));
    names.forEach((name, i) => {
      const count = perGroup[g]?.[i] ?? 0;
      row[name] = options.normalize ? (total === 0 ? null : count / total) : count;
    });
    return row;
  });
  return { columns: [...groupby, ...names], rows };
});

export const histogram = (frame: Frame, options: HistogramOptions): Frame =>
  histogramOperation.apply(frame, options);
