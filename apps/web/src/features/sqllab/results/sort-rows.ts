import type { ResultRow } from '../state';

export type SortDirection = 'asc' | 'desc';

export interface SortState {
  column: string;
  direction: SortDirection;
}

const collator = new Intl.Collator(undefined, { numeric: true, sensitivity: 'base' });

function rank(value: unknown): number {
  if (value === null || value === undefined) return 3;
  if (typeof value === 'number' || typeof value === 'bigint') return 0;
  if (typeof value === 'boolean') return 1;
  return 2;
}

/** Numbers by value, booleans false first, everything else by text; NULLs always last. */
export function compareCells(a: unknown, b: unknown): number {
  const rankA = rank(a);
  const rankB = rank(b);
  if (rankA !== rankB) return rankA - rankB;
  if (rankA === 0) {
    const x = Number(a);
    const y = Number(b);
    return x < y ? -1 : x > y ? 1 : 0;
  }
  if (rankA === 1) return Number(a) - Number(b);
  if (rankA === 3) return 0;
  return collator.compare(
    typeof a === 'string' ? a : JSON.stringify(a),
    typeof b === 'string' ? b : JSON.stringify(b),
  );
}

/**
 * Row indexes in display order; ties keep their original order. NULLs stay at the end either way, so
 * descending order does not bury the values under them.
 */
export function sortRowIndexes(rows: readonly ResultRow[], sort: SortState | null): number[] {
  const indexes = rows.map((_row, index) => index);
  if (sort === null) return indexes;
  const { column, direction } = sort;
  const sign = direction === 'asc' ? 1 : -1;
  const values = rows.map((row) => row[column]);
  return indexes.sort((i, j) => {
    const a = values[i];
    const b = values[j];
    const aNull = a === null || a === undefined;
    const bNull = b === null || b === undefined;
    if (aNull || bNull) return aNull === bNull ? i - j : aNull ? 1 : -1;
    return sign * compareCells(a, b) || i - j;
  });
}

/** Header clicks cycle: ascending, descending, unsorted. */
export function nextSort(current: SortState | null, column: string): SortState | null {
  if (current?.column !== column) return { column, direction: 'asc' };
  return current.direction === 'asc' ? { column, direction: 'desc' } : null;
}
