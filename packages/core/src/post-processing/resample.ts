import { z } from 'zod';
import { quantile } from './aggregators';
import { defineOperation } from './define-operation';
import { toNumber, valueColumns, type Frame, type Row } from './frame';
import { PostProcessingError } from './post-processing-error';
import { parseResampleRule } from './resample-rule';

export const RESAMPLE_METHODS = ['asfreq', 'bfill', 'ffill', 'linear', 'median', 'mean', 'sum'] as const;

export const resampleOptions = z
  .object({
    rule: z.string().min(1).max(32),
    method: z.string().min(1).max(32),
    fill_value: z.union([z.number(), z.string()]).nullable().optional(),
  })
  .loose();
export type ResampleOptions = z.input<typeof resampleOptions>;

const DAY_MS = 86_400_000;

/** Linear interpolation by position between known values; leading nulls stay, trailing ones repeat the last. */
function interpolate(values: (number | null)[]): (number | null)[] {
  const out = [...values];
  let last = -1;
  for (let i = 0; i < out.length; i += 1) {
    const value = out[i];
    if (value === null || value === undefined) continue;
    const previous = last >= 0 ? out[last] : undefined;
    if (previous !== null && previous !== undefined) {
      for (let j = last + 1; j < i; j += 1)
        out[j] = previous + ((value - previous) * (j - last)) / (i - last);
    }
    last = i;
  }
  const tail = last >= 0 ? out[last] : null;
  for (let j = last + 1; last >= 0 && j < out.length; j += 1) out[j] = tail ?? null;
  return out;
}

/**
 * `resample` (pandas DataFrame.resample on the time index): one row per bin of `rule` from the first to the
 * last timestamp. asfreq takes the row at exactly the bin label (else `fill_value`, else null); ffill/bfill
 * the nearest row before/after; linear interpolates; mean/median/sum aggregate the rows in the bin.
 */
export const resampleOperation = defineOperation('resample', resampleOptions, (frame, options) => {
  const method = RESAMPLE_METHODS.find((name) => name === options.method);
  if (!method) throw new PostProcessingError(`Resample method should be in ${RESAMPLE_METHODS.join(', ')}.`);
  const timeColumn = frame.index?.length === 1 ? frame.index[0] : undefined;
  if (timeColumn === undefined) throw new PostProcessingError('Resample operation requires DatetimeIndex');
  const rule = parseResampleRule(options.rule);
  const points: { ms: number; row: Row }[] = [];
  for (const row of frame.rows) {
    const ms = toNumber(row[timeColumn]);
    if (ms !== null) points.push({ ms, row });
  }
  points.sort((a, b) => a.ms - b.ms);
  const first = points[0];
  const lastPoint = points[points.length - 1];
  if (!first || !lastPoint) {
    if (frame.rows.length > 0) throw new PostProcessingError('Resample operation requires DatetimeIndex');
    return frame;
  }
  const origin = Math.floor(first.ms / DAY_MS) * DAY_MS;
  const lastDay = Math.floor(lastPoint.ms / DAY_MS) * DAY_MS;
  let label = rule.labelOf(first.ms, origin);
  const labels: number[] = [label];
  for (;;) {
    const next = rule.next(label);
    if (rule.closed === 'left' ? next > lastPoint.ms : label >= lastDay) break;
    label = next;
    labels.push(label);
    if (labels.length > 1_000_000)
      throw new PostProcessingError('Resample would produce more than 1,000,000 rows');
  }
  const columns = valueColumns(frame);
  const fill = options.fill_value ?? null;
  let rows: Row[];

  if (method === 'asfreq' || method === 'linear') {
    const exact = new Map<number, Row>();
    for (const point of points) if (!exact.has(point.ms)) exact.set(point.ms, point.row);
    rows = labels.map((label) => {
      const source = exact.get(label);
      const row: Row = { [timeColumn]: label };
      // With a fill value, nulls already in the data are filled too (Superset's zero fill).
      for (const column of columns) row[column] = source?.[column] ?? (method === 'asfreq' ? fill : null);
      return row;
    });
    if (method === 'linear') {
      for (const column of columns) {
        const filled = interpolate(rows.map((row) => toNumber(row[column])));
        rows.forEach((row, i) => (row[column] = filled[i] ?? null));
      }
    }
  } else if (method === 'ffill' || method === 'bfill') {
    // Each label takes the nearest row before (ffill) or after (bfill); the nulls that leaves are then
    // filled the same way, column by column, as Superset does after resampling.
    let p = 0;
    rows = labels.map((label) => {
      let source: Row | undefined;
      if (method === 'ffill') {
        while (p < points.length && (points[p]?.ms ?? Infinity) <= label) p += 1;
        source = points[p - 1]?.row;
      } else {
        while (p < points.length && (points[p]?.ms ?? Infinity) < label) p += 1;
        source = points[p]?.row;
      }
      const row: Row = { [timeColumn]: label };
      for (const column of columns) row[column] = source?.[column] ?? null;
      return row;
    });
    const order = method === 'ffill' ? rows : [...rows].reverse();
    for (const column of columns) {
      let carried: unknown = null;
      for (const row of order) {
        if (row[column] === null) row[column] = carried;
        else carried = row[column];
      }
    }
  } else {
    const bins = new Map<number, Row[]>();
    let labelIndex = 0;
    for (const point of points) {
      if (rule.closed === 'left') {
        while ((labels[labelIndex + 1] ?? Infinity) <= point.ms) labelIndex += 1;
      } else {
        const day = Math.floor(point.ms / DAY_MS) * DAY_MS;
        while ((labels[labelIndex] ?? Infinity) < day && labelIndex + 1 < labels.length) labelIndex += 1;
      }
      const label = labels[labelIndex] ?? 0;
      const bin = bins.get(label) ?? [];
      bin.push(point.row);
      bins.set(label, bin);
    }
    rows = labels.map((label) => {
      const members = bins.get(label) ?? [];
      const row: Row = { [timeColumn]: label };
      for (const column of columns) {
        const values = members
          .map((member) => toNumber(member[column]))
          .filter((v): v is number => v !== null);
        if (method === 'sum') row[column] = values.reduce((a, b) => a + b, 0);
        else if (values.length === 0) row[column] = null;
        else if (method === 'mean') row[column] = values.reduce((a, b) => a + b, 0) / values.length;
        else
          row[column] = quantile(
            values.sort((a, b) => a - b),
            0.5,
          );
      }
      return row;
    });
  }
  return { ...frame, columns: [timeColumn, ...columns], rows };
});

export const resample = (frame: Frame, options: ResampleOptions): Frame =>
  resampleOperation.apply(frame, options);
