import type { ControlDeclaration } from '../../plugin-api';
import { toNumber } from '../../query/values';

/** The sort-series values of spec 001 §9, in its order. */
export const SORT_SERIES_TYPES = ['name', 'sum', 'min', 'max', 'avg'] as const;
export type SortSeriesType = (typeof SORT_SERIES_TYPES)[number];

const SORT_SERIES_LABELS: Record<SortSeriesType, string> = {
  name: 'Category name',
  sum: 'Total value',
  min: 'Minimum value',
  max: 'Maximum value',
  avg: 'Average value',
};

export const sortSeriesTypeControl: ControlDeclaration = {
  name: 'sort_series_type',
  type: 'SelectControl',
  label: 'Sort series by',
  description: 'The value the series (and their legend entries) are ordered by.',
  default: 'sum',
  renderTrigger: true,
  choices: SORT_SERIES_TYPES.map((value) => ({ value, label: SORT_SERIES_LABELS[value] })),
};

export const sortSeriesAscendingControl: ControlDeclaration = {
  name: 'sort_series_ascending',
  type: 'CheckboxControl',
  label: 'Sort series ascending',
  default: false,
  renderTrigger: true,
};

const isSortSeriesType = (value: unknown): value is SortSeriesType =>
  SORT_SERIES_TYPES.some((type) => type === value);

/** One series' sort key: its name, or the sum, minimum, maximum or mean of its numbers (none: null). */
function sortKey(type: SortSeriesType, name: string, values: readonly unknown[]): string | number | null {
  if (type === 'name') return name;
  const numbers = values.map(toNumber).filter((value): value is number => value !== null);
  if (numbers.length === 0) return null;
  const sum = numbers.reduce((total, value) => total + value, 0);
  if (type === 'sum') return sum;
  if (type === 'min') return Math.min(...numbers);
  if (type === 'max') return Math.max(...numbers);
  return sum / numbers.length;
}

function compareKeys(a: string | number, b: string | number): number {
  if (typeof a === 'number' && typeof b === 'number') return a - b;
  return String(a).localeCompare(String(b), undefined, { numeric: true });
}

/**
 * The series names in the order `sort_series_type` and `sort_series_ascending` ask for; the query's
 * order when the chart names no sort (saved before the control, or a chart without it). Series without
 * a number go last either way; ties keep their order.
 */
export function sortSeriesNames(
  names: readonly string[],
  rows: readonly Record<string, unknown>[],
  type: unknown,
  ascending: unknown,
): string[] {
  if (!isSortSeriesType(type)) return [...names];
  const by = type;
  const direction = ascending === true ? 1 : -1;
  const keyed = names.map((name, index) => ({
    name,
    index,
    key: sortKey(
      by,
      name,
      rows.map((row) => row[name]),
    ),
  }));
  keyed.sort((a, b) => {
    if (a.key === null || b.key === null) {
      if (a.key === b.key) return a.index - b.index;
      return a.key === null ? 1 : -1;
    }
    return direction * compareKeys(a.key, b.key) || a.index - b.index;
  });
  return keyed.map((entry) => entry.name);
}
