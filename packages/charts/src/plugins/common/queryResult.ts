import type { ChartDataResultItem } from '@tessera/contracts';
import type { ChartProps } from '../../plugin-api';

/** Readers of /api/v1/chart/data result items. */

export type DataRow = Record<string, unknown>;

/** GenericDataType of reference §5.3 `coltypes`. */
export const GENERIC_TYPE = { NUMERIC: 0, STRING: 1, TEMPORAL: 2, BOOLEAN: 3 } as const;

export function resultAt(chartProps: Pick<ChartProps, 'queriesData'>, index = 0): ChartDataResultItem {
  return chartProps.queriesData[index] ?? {};
}

export function rowsOf(result: ChartDataResultItem): DataRow[] {
  return result.data ?? [];
}

/** Column names in server order; falls back to the keys of the first row. */
export function columnNamesOf(result: ChartDataResultItem): string[] {
  if (result.colnames && result.colnames.length > 0) return result.colnames;
  const first = result.data?.[0];
  return first ? Object.keys(first) : [];
}

export function columnTypeOf(result: ChartDataResultItem, column: string): number | undefined {
  const index = result.colnames?.indexOf(column) ?? -1;
  return index >= 0 ? result.coltypes?.[index] : undefined;
}

/** Whether a column holds times: by coltype when the server sent one, else by looking at the values. */
export function isTemporalColumn(result: ChartDataResultItem, column: string): boolean {
  const type = columnTypeOf(result, column);
  if (type !== undefined) return type === GENERIC_TYPE.TEMPORAL;
  const sample = result.data?.find((row) => row[column] !== null && row[column] !== undefined)?.[column];
  return typeof sample === 'string' && /^\d{4}-\d{2}-\d{2}([T ]|$)/.test(sample);
}

/** A cell as display text (null → '<NULL>' as Superset shows it). */
export function labelOf(value: unknown): string {
  if (value === null || value === undefined) return '<NULL>';
  if (typeof value === 'string') return value;
  if (typeof value === 'number' || typeof value === 'boolean' || typeof value === 'bigint')
    return String(value);
  return JSON.stringify(value);
}
