import type { ResultColumn, ResultRow } from '../state';
import { cellCopyText } from './cell-format';

/** Tab-separated text of a result (header line, then rows in the given order) for the clipboard. */
export function resultsAsTsv(
  columns: readonly Pick<ResultColumn, 'column_name' | 'is_dttm'>[],
  rows: readonly ResultRow[],
  order?: readonly number[],
): string {
  const header = columns.map((column) => column.column_name).join('\t');
  const indexes = order ?? rows.map((_row, index) => index);
  const lines = indexes.map((index) => {
    const row = rows[index] ?? {};
    return columns.map((column) => cellCopyText(row[column.column_name], column)).join('\t');
  });
  return [header, ...lines].join('\n');
}
