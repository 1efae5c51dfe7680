import type { ResultColumn } from '../types';
import { describeType } from './generic-types';

export function resultColumn(name: string, type: string): ResultColumn {
  return { name, type, ...describeType(type) };
}

/** EXPLAIN output as objects keyed by column name. */
export function rowsToObjects(
  columns: readonly ResultColumn[],
  rows: readonly unknown[][],
): Record<string, unknown>[] {
  return rows.map((row) => {
    const entry: Record<string, unknown> = {};
    columns.forEach((column, i) => {
      entry[column.name] = row[i] ?? null;
    });
    return entry;
  });
}

/** Trailing semicolons would break the statement once it is wrapped in EXPLAIN by some engines. */
export function stripTrailingSemicolons(sql: string): string {
  return sql.replace(/[\s;]+$/, '');
}

/** Rows read to detect truncation: one more than the caller wants, and never negative. */
export function readLimit(maxRows: number): number {
  return Math.max(0, Math.floor(maxRows)) + 1;
}

export const DEFAULT_STREAM_BATCH = 1000;

/** Batch size and row budget of a stream, with the defaults and sane bounds applied. */
export function streamLimits(options: { batchSize?: number; maxRows?: number }): {
  batchSize: number;
  maxRows: number;
} {
  const batchSize = Math.max(1, Math.floor(options.batchSize ?? DEFAULT_STREAM_BATCH));
  const maxRows =
    options.maxRows === undefined ? Number.POSITIVE_INFINITY : Math.max(0, Math.floor(options.maxRows));
  return { batchSize, maxRows };
}
