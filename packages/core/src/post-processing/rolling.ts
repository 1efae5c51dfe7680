import { z } from 'zod';
import { quantile, variance } from './aggregators';
import { mapColumns } from './append-columns';
import { defineOperation } from './define-operation';
import { numericColumns, type Frame } from './frame';
import { columnMapping } from './options';
import { PostProcessingError } from './post-processing-error';

export const ROLLING_TYPES = [
  'count',
  'max',
  'mean',
  'median',
  'min',
  'std',
  'sum',
  'var',
  'quantile',
] as const;

export const rollingOptions = z
  .object({
    rolling_type: z.string().min(1).max(64),
    columns: columnMapping.optional(),
    window: z.number().int().nonnegative().nullable().optional(),
    min_periods: z.number().int().nonnegative().nullable().optional(),
    center: z.boolean().nullable().optional(),
    win_type: z.string().nullable().optional(),
    rolling_type_options: z.record(z.string(), z.unknown()).nullable().optional(),
    is_pivot_df: z.boolean().optional(),
  })
  .loose();
export type RollingOptions = z.input<typeof rollingOptions>;

type WindowFunction = (values: number[]) => number | null;

function windowFunction(type: string, options: Record<string, unknown>): WindowFunction {
  switch (type) {
    case 'count':
      return (xs) => xs.length;
    case 'sum':
      return (xs) => xs.reduce((a, b) => a + b, 0);
    case 'mean':
      return (xs) => (xs.length === 0 ? null : xs.reduce((a, b) => a + b, 0) / xs.length);
    case 'min':
      return (xs) => (xs.length === 0 ? null : Math.min(...xs));
    case 'max':
      return (xs) => (xs.length === 0 ? null : Math.max(...xs));
    case 'median':
      return (xs) =>
        quantile(
          [...xs].sort((a, b) => a - b),
          0.5,
        );
    case 'quantile': {
      const q = options.quantile;
      if (typeof q !== 'number' || q < 0 || q > 1) {
        throw new PostProcessingError(`Invalid options for quantile: ${JSON.stringify(options)}`);
      }
      return (xs) =>
        quantile(
          [...xs].sort((a, b) => a - b),
          q,
        );
    }
    case 'var':
      return (xs) => variance(xs);
    case 'std':
      return (xs) => {
        const v = variance(xs);
        return v === null ? null : Math.sqrt(v);
      };
    default:
      throw new PostProcessingError(`Invalid rolling_type: ${type}`);
  }
}

/** Sliding sums for sum/mean/count, so a long series costs one pass whatever the window. */
function runningWindow(
  values: (number | null)[],
  window: number,
  minPeriods: number,
  type: string,
): (number | null)[] {
  const out: (number | null)[] = new Array<number | null>(values.length);
  let total = 0;
  let count = 0;
  for (let i = 0; i < values.length; i += 1) {
    const entering = values[i];
    if (entering !== null && entering !== undefined) {
      total += entering;
      count += 1;
    }
    const leaving = i - window >= 0 ? values[i - window] : null;
    if (leaving !== null && leaving !== undefined) {
      total -= leaving;
      count -= 1;
    }
    if (count < minPeriods) out[i] = null;
    else if (type === 'count') out[i] = count;
    else if (type === 'sum') out[i] = count === 0 ? 0 : total;
    else out[i] = count === 0 ? null : total / count;
  }
  return out;
}

function rollingValues(
  values: (number | null)[],
  window: number,
  minPeriods: number,
  center: boolean,
  type: string,
  fn: WindowFunction,
): (number | null)[] {
  // Centered windows are labelled at their middle: the window for i ends at i + window - 1 - ⌊window/2⌋.
  const lead = center ? window - 1 - Math.floor(window / 2) : 0;
  let raw: (number | null)[];
  if (type === 'sum' || type === 'mean' || type === 'count') {
    const padded = lead > 0 ? [...values, ...new Array<null>(lead).fill(null)] : values;
    raw = runningWindow(padded, window, minPeriods, type).slice(lead);
  } else {
    raw = values.map((_, i) => {
      const end = i + lead;
      const inWindow: number[] = [];
      for (let j = Math.max(0, end - window + 1); j <= Math.min(end, values.length - 1); j += 1) {
        const value = values[j];
        if (value !== null && value !== undefined) inWindow.push(value);
      }
      return inWindow.length < minPeriods ? null : fn(inWindow);
    });
  }
  return raw.map((value) => (value === null || Number.isFinite(value) ? value : null));
}

/**
 * `rolling` (pandas DataFrame.rolling): for each `{source: target}` column, the `rolling_type` over the last
 * `window` rows (nulls skipped; fewer than `min_periods` values — default `window` — gives null). As in
 * Superset, a set min_periods then drops the first min_periods rows of the frame.
 */
export const rollingOperation = defineOperation('rolling', rollingOptions, (frame, options) => {
  const window = options.window;
  if (window === null || window === undefined)
    throw new PostProcessingError('Undefined window for rolling operation');
  if (window === 0) throw new PostProcessingError('Window must be > 0');
  if (options.win_type) throw new PostProcessingError(`Unsupported win_type: ${options.win_type}`);
  const fn = windowFunction(options.rolling_type, options.rolling_type_options ?? {});
  const minPeriods = options.min_periods ?? window;
  const mapping =
    options.columns ?? Object.fromEntries(numericColumns(frame).map((column) => [column, column] as const));
  const result = mapColumns(frame, mapping, (values) =>
    rollingValues(values, window, minPeriods, options.center ?? false, options.rolling_type, fn),
  );
  return options.min_periods ? { ...result, rows: result.rows.slice(options.min_periods) } : result;
});

export const rolling = (frame: Frame, options: RollingOptions): Frame =>
  rollingOperation.apply(frame, options);
