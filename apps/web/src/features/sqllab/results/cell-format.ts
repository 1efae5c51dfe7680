import type { ResultColumn } from '../state';

export type CellKind = 'null' | 'number' | 'boolean' | 'text';

export interface CellText {
  kind: CellKind;
  text: string;
}

const NULL_CELL: CellText = { kind: 'null', text: 'NULL' };

function pad(value: number, width = 2): string {
  return String(value).padStart(width, '0');
}

/** An epoch-milliseconds timestamp as 'YYYY-MM-DD HH:MM:SS' (UTC), with milliseconds when present. */
export function formatEpochMs(ms: number): string {
  const date = new Date(ms);
  if (Number.isNaN(date.getTime())) return String(ms);
  const base =
    `${date.getUTCFullYear()}-${pad(date.getUTCMonth() + 1)}-${pad(date.getUTCDate())} ` +
    `${pad(date.getUTCHours())}:${pad(date.getUTCMinutes())}:${pad(date.getUTCSeconds())}`;
  const millis = date.getUTCMilliseconds();
  return millis === 0 ? base : `${base}.${pad(millis, 3)}`;
}

/** How one cell reads: NULL stands apart, numbers and booleans keep their kind, objects show as JSON. */
export function formatCell(value: unknown, column?: Pick<ResultColumn, 'is_dttm'>): CellText {
  if (value === null || value === undefined) return NULL_CELL;
  if (typeof value === 'number') {
    return column?.is_dttm === true
      ? { kind: 'text', text: formatEpochMs(value) }
      : { kind: 'number', text: String(value) };
  }
  if (typeof value === 'bigint') return { kind: 'number', text: value.toString() };
  if (typeof value === 'boolean') return { kind: 'boolean', text: String(value) };
  if (typeof value === 'string') return { kind: 'text', text: value };
  return { kind: 'text', text: JSON.stringify(value) };
}

/** Plain text of a cell for copying: NULL becomes an empty field. */
export function cellCopyText(value: unknown, column?: Pick<ResultColumn, 'is_dttm'>): string {
  const cell = formatCell(value, column);
  return cell.kind === 'null' ? '' : cell.text.replace(/[\t\r\n]+/g, ' ');
}
