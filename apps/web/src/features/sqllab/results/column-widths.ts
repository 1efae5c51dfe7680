import type { ResultRow } from '../state';
import { formatCell } from './cell-format';

export const MIN_COLUMN_WIDTH = 72;
export const MAX_COLUMN_WIDTH = 360;
/** Rows measured to size a column; enough to see typical values without walking 100,000 rows. */
const SAMPLE_ROWS = 200;
const CHAR_WIDTH = 7.5;
const CELL_PADDING = 24;
/** Room for the sort arrow in the header. */
const HEADER_EXTRA = 20;

/** A width per column from its header and a sample of its values, clamped to a readable range. */
export function columnWidths(columns: readonly string[], rows: readonly ResultRow[]): number[] {
  const sample = rows.slice(0, SAMPLE_ROWS);
  return columns.map((column) => {
    let longest = column.length * CHAR_WIDTH + HEADER_EXTRA;
    for (const row of sample) {
      longest = Math.max(longest, formatCell(row[column]).text.length * CHAR_WIDTH);
    }
    return Math.round(Math.min(MAX_COLUMN_WIDTH, Math.max(MIN_COLUMN_WIDTH, longest + CELL_PADDING)));
  });
}
