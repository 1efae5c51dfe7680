/** Aggregate functions of the pivot table (Superset's `aggregateFunction` choices). */
export const AGGREGATE_FUNCTIONS = [
  'Count',
  'Count Unique Values',
  'List Unique Values',
  'Sum',
  'Average',
  'Median',
  'Sample Variance',
  'Sample Standard Deviation',
  'Minimum',
  'Maximum',
  'First',
  'Last',
  'Sum as Fraction of Total',
  'Sum as Fraction of Rows',
  'Sum as Fraction of Columns',
  'Count as Fraction of Total',
  'Count as Fraction of Rows',
  'Count as Fraction of Columns',
] as const;
export type AggregateFunction = (typeof AGGREGATE_FUNCTIONS)[number];

const sum = (values: readonly number[]) => values.reduce((total, value) => total + value, 0);

function variance(values: readonly number[]): number | null {
  if (values.length < 2) return null;
  const mean = sum(values) / values.length;
  return sum(values.map((value) => (value - mean) ** 2)) / (values.length - 1);
}

/** Aggregates a cell's values; fractions are finished by the caller, which knows the row/column totals. */
export function aggregate(
  fn: AggregateFunction,
  values: readonly unknown[],
  numbers: readonly number[],
): number | string | null {
  switch (fn) {
    case 'Count':
    case 'Count as Fraction of Total':
    case 'Count as Fraction of Rows':
    case 'Count as Fraction of Columns':
      return values.length;
    case 'Count Unique Values':
      return new Set(values.map(String)).size;
    case 'List Unique Values':
      return [...new Set(values.map(String))].join(', ');
    case 'Average':
      return numbers.length === 0 ? null : sum(numbers) / numbers.length;
    case 'Median': {
      if (numbers.length === 0) return null;
      const sorted = [...numbers].sort((a, b) => a - b);
      const middle = Math.floor(sorted.length / 2);
      return sorted.length % 2 === 1
        ? (sorted[middle] ?? null)
        : ((sorted[middle - 1] ?? 0) + (sorted[middle] ?? 0)) / 2;
    }
    case 'Sample Variance':
      return variance(numbers);
    case 'Sample Standard Deviation': {
      const v = variance(numbers);
      return v === null ? null : Math.sqrt(v);
    }
    case 'Minimum':
      return numbers.length === 0 ? null : Math.min(...numbers);
    case 'Maximum':
      return numbers.length === 0 ? null : Math.max(...numbers);
    case 'First':
      return numbers[0] ?? null;
    case 'Last':
      return numbers.at(-1) ?? null;
    default:
      return numbers.length === 0 ? null : sum(numbers);
  }
}

export function fractionOf(fn: AggregateFunction): 'total' | 'rows' | 'columns' | undefined {
  if (fn.endsWith('Fraction of Total')) return 'total';
  if (fn.endsWith('Fraction of Rows')) return 'rows';
  if (fn.endsWith('Fraction of Columns')) return 'columns';
  return undefined;
}
