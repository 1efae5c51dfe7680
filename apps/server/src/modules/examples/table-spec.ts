import type { Rng } from './prng';

/** The DuckDB column types the example tables use. */
export type ColumnType =
  'VARCHAR' | 'INTEGER' | 'BIGINT' | 'DOUBLE' | 'DATE' | 'TIMESTAMP' | 'DECIMAL(10,2)' | 'DECIMAL(12,2)';

/**
 * One cell as a generator yields it. Numbers are interpreted by the column type: INTEGER, BIGINT
 * and DOUBLE as themselves, DATE and TIMESTAMP as whole days since 1970-01-01 (every example
 * timestamp is a midnight), DECIMAL(p,2) as an integer count of hundredths so that money is
 * exact integer arithmetic all the way into the file.
 */
export type Cell = string | number | null;

export interface ColumnSpec {
  readonly name: string;
  readonly type: ColumnType;
  /** Columns are NOT NULL unless this is set. */
  readonly nullable?: boolean;
}

export interface TableSpec {
  readonly name: string;
  readonly columns: readonly ColumnSpec[];
  /**
   * The columns rows carry, in order, when a wide table is mostly NULL: the other columns are
   * created and left NULL, which loads far faster than appending a NULL per cell. Every column
   * not listed must be nullable. Defaults to all columns.
   */
  readonly filled?: readonly string[];
  /** Yields rows in load order; each row has one cell per filled column. */
  readonly rows: (rng: Rng) => Iterable<readonly Cell[]>;
}

/** Days since 1970-01-01 of a calendar date (month 1-12), computed without reading the clock. */
export function epochDay(year: number, month: number, day: number): number {
  return Math.round(Date.UTC(year, month - 1, day) / 86_400_000);
}

/** The calendar parts of an epoch day; weekday 0 is Sunday. */
export function calendarOf(days: number): { year: number; month: number; day: number; weekday: number } {
  const date = new Date(days * 86_400_000);
  return {
    year: date.getUTCFullYear(),
    month: date.getUTCMonth() + 1,
    day: date.getUTCDate(),
    weekday: date.getUTCDay(),
  };
}

/** Round to a fixed number of decimals so DOUBLE columns print tidily. */
export function roundTo(value: number, decimals: number): number {
  const factor = 10 ** decimals;
  return Math.round(value * factor) / factor;
}
