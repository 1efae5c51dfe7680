import { PostProcessingError } from './post-processing-error';
import { toNumber } from './frame';

/**
 * The numpy functions Superset lets an aggregate name (its NUMPY_FUNCTIONS), over the non-null numbers of a
 * group, with pandas' meaning inside groupby/pivot_table: NaN is skipped, std/var use ddof = 1, a sum of
 * nothing is 0 and a mean of nothing is null.
 */
export type Aggregator = (values: readonly unknown[], options: Record<string, unknown>) => number | null;

function numbers(values: readonly unknown[]): number[] {
  const result: number[] = [];
  for (const value of values) {
    const number = toNumber(value);
    if (number !== null) result.push(number);
  }
  return result;
}

export function quantile(sorted: readonly number[], fraction: number): number | null {
  if (sorted.length === 0) return null;
  const position = (sorted.length - 1) * fraction;
  const lower = Math.floor(position);
  const upper = Math.ceil(position);
  const low = sorted[lower] ?? Number.NaN;
  const high = sorted[upper] ?? Number.NaN;
  return low + (high - low) * (position - lower);
}

export function sortedNumbers(values: readonly unknown[]): number[] {
  return numbers(values).sort((a, b) => a - b);
}

const sum = (xs: number[]): number => {
  let total = 0;
  for (const x of xs) total += x;
  return total;
};
const mean = (xs: number[]): number | null => (xs.length === 0 ? null : sum(xs) / xs.length);
export function variance(xs: readonly number[], ddof = 1): number | null {
  if (xs.length - ddof <= 0) return null;
  const m = sum([...xs]) / xs.length;
  let squares = 0;
  for (const x of xs) squares += (x - m) ** 2;
  return squares / (xs.length - ddof);
}
const minimum = (xs: number[]): number | null =>
  xs.length === 0 ? null : xs.reduce((a, b) => (b < a ? b : a));
const maximum = (xs: number[]): number | null =>
  xs.length === 0 ? null : xs.reduce((a, b) => (b > a ? b : a));

function percentileOption(options: Record<string, unknown>): number {
  const q = toNumber(options.q ?? 50);
  if (q === null || q < 0 || q > 100)
    throw new PostProcessingError('Percentile "q" must be between 0 and 100');
  return q / 100;
}

const percentile: Aggregator = (values, options) =>
  quantile(sortedNumbers(values), percentileOption(options));
const median: Aggregator = (values) => quantile(sortedNumbers(values), 0.5);
const std: Aggregator = (values, options) => {
  const result = variance(numbers(values), toNumber(options.ddof) ?? 1);
  return result === null ? null : Math.sqrt(result);
};
const product: Aggregator = (values) => numbers(values).reduce((a, b) => a * b, 1);

export const AGGREGATORS: Record<string, Aggregator> = {
  average: (values) => mean(numbers(values)),
  count: (values) => values.filter((value) => value !== null && value !== undefined).length,
  count_nonzero: (values) => numbers(values).filter((x) => x !== 0).length,
  max: (values) => maximum(numbers(values)),
  mean: (values) => mean(numbers(values)),
  median,
  min: (values) => minimum(numbers(values)),
  nanmax: (values) => maximum(numbers(values)),
  nanmean: (values) => mean(numbers(values)),
  nanmedian: median,
  nanmin: (values) => minimum(numbers(values)),
  nanpercentile: percentile,
  nanstd: std,
  nansum: (values) => sum(numbers(values)),
  nanvar: (values, options) => variance(numbers(values), toNumber(options.ddof) ?? 1),
  percentile,
  prod: product,
  product,
  std,
  sum: (values) => sum(numbers(values)),
  var: (values, options) => variance(numbers(values), toNumber(options.ddof) ?? 1),
};

export function requireAggregator(operator: string): Aggregator {
  const aggregator = Object.hasOwn(AGGREGATORS, operator) ? AGGREGATORS[operator] : undefined;
  if (!aggregator) throw new PostProcessingError(`Invalid numpy function: ${operator}`);
  return aggregator;
}
