import { MISSING_COLUMNS_MESSAGE, PostProcessingError } from './post-processing-error';

export type Row = Record<string, unknown>;

/**
 * The small dataframe the operations work on: rows as the chart data API returns them (timestamps as
 * epoch milliseconds). `index` names the columns pandas would hold in the index (pivot's index, the x-axis);
 * `levels` keeps the column labels of a pivoted frame, level 0 being the metric; `temporal` marks columns
 * whose numbers are timestamps, so no arithmetic touches them.
 */
export interface Frame {
  columns: string[];
  rows: Row[];
  index?: string[];
  levels?: Record<string, (string | null)[]>;
  /** Names of the column levels (level 0, the metric level, has none), used by flatten's drop_levels. */
  levelNames?: (string | null)[];
  temporal?: string[];
}

/** Superset's FLAT_COLUMN_SEPARATOR: how pivoted column labels join once flattened. */
export const FLAT_COLUMN_SEPARATOR = ', ';
/** What a missing pivot column value becomes (Superset's NULL_STRING). */
export const NULL_STRING = '<NULL>';

export function createFrame(
  columns: string[],
  rows: Row[],
  extra: Pick<Frame, 'index' | 'temporal'> = {},
): Frame {
  return { columns, rows, ...extra };
}

/** Labels are joined with ', '; a ',' inside a label is escaped as '\,' so the join stays unambiguous. */
export function flatName(levels: readonly (string | null)[]): string {
  if (levels.length === 1) return levels[0] ?? '';
  return joinLabels(levels);
}

/** Always escapes, as flatten does for every label of a multi-level column. */
export function joinLabels(levels: readonly (string | null)[]): string {
  return levels
    .filter((level): level is string => level !== null)
    .map((level) => level.replaceAll(',', '\\,'))
    .join(FLAT_COLUMN_SEPARATOR);
}

export function levelsOf(frame: Frame, column: string): (string | null)[] {
  return frame.levels?.[column] ?? [column];
}

export function isIndexColumn(frame: Frame, column: string): boolean {
  return frame.index?.includes(column) ?? false;
}

export function valueColumns(frame: Frame): string[] {
  return frame.index ? frame.columns.filter((column) => !isIndexColumn(frame, column)) : frame.columns;
}

/**
 * The columns a name in the options refers to: the column itself, or, in a pivoted frame, every column whose
 * top label (the metric) is that name — as selecting a top-level key of pandas MultiIndex columns does.
 */
export function resolveColumn(frame: Frame, name: string): string[] {
  if (frame.columns.includes(name) && levelsOf(frame, name).length === 1) return [name];
  const matches = frame.levels ? frame.columns.filter((column) => frame.levels?.[column]?.[0] === name) : [];
  if (matches.length === 0 && frame.columns.includes(name)) return [name];
  return matches;
}

export function requireColumns(frame: Frame, names: readonly string[]): string[][] {
  const resolved = names.map((name) => resolveColumn(frame, name));
  if (resolved.some((columns) => columns.length === 0))
    throw new PostProcessingError(MISSING_COLUMNS_MESSAGE);
  return resolved;
}

/** A number for arithmetic: finite numbers, bigints and numeric strings (DECIMAL columns arrive as text). */
export function toNumber(value: unknown): number | null {
  if (typeof value === 'number') return Number.isNaN(value) ? null : value;
  if (typeof value === 'bigint') return Number(value);
  if (typeof value === 'string' && value.trim() !== '') {
    const parsed = Number(value);
    return Number.isNaN(parsed) ? null : parsed;
  }
  return null;
}

/** JSON cannot carry NaN or ±Infinity: results that are not finite become null, as Superset's encoder does. */
export function finiteOrNull(value: number): number | null {
  return Number.isFinite(value) ? value : null;
}

export function isNumericColumn(frame: Frame, column: string): boolean {
  if (isIndexColumn(frame, column) || frame.temporal?.includes(column)) return false;
  for (const row of frame.rows) {
    const value = row[column];
    if (value !== null && value !== undefined && toNumber(value) === null) return false;
  }
  return true;
}

export function numericColumns(frame: Frame): string[] {
  return valueColumns(frame).filter((column) => isNumericColumn(frame, column));
}

export function columnValues(frame: Frame, column: string): unknown[] {
  return frame.rows.map((row) => row[column] ?? null);
}

export function numericValues(frame: Frame, column: string): (number | null)[] {
  return frame.rows.map((row) => toNumber(row[column]));
}

/**
 * Adds or replaces columns. `target` columns that already exist keep their place, new ones go last.
 * Rows are copied once, so the input frame is never changed.
 */
export function withColumns(
  frame: Frame,
  updates: readonly { column: string; values: readonly unknown[]; levels?: (string | null)[] }[],
): Frame {
  const columns = [...frame.columns];
  let levels = frame.levels;
  for (const update of updates) {
    if (!columns.includes(update.column)) columns.push(update.column);
    if (update.levels && update.levels.length > 1) levels = { ...levels, [update.column]: update.levels };
  }
  const rows = frame.rows.map((row, i) => {
    const next: Row = { ...row };
    for (const update of updates) next[update.column] = update.values[i] ?? null;
    return next;
  });
  return { ...frame, columns, rows, ...(levels ? { levels } : {}) };
}

/** The same levels with level 0 replaced, and their flat name. */
export function relabel(
  frame: Frame,
  column: string,
  top: string,
): { column: string; levels?: (string | null)[] } {
  const levels = levelsOf(frame, column);
  if (levels.length === 1) return { column: top };
  const next = [top, ...levels.slice(1)];
  return { column: flatName(next), levels: next };
}

/** Total order for sorting and grouping: numbers and booleans, then strings, then others; null last. */
export function compareValues(a: unknown, b: unknown): number {
  const aNull = a === null || a === undefined || (typeof a === 'number' && Number.isNaN(a));
  const bNull = b === null || b === undefined || (typeof b === 'number' && Number.isNaN(b));
  if (aNull || bNull) return aNull === bNull ? 0 : aNull ? 1 : -1;
  const rank = (value: unknown): number =>
    typeof value === 'number' || typeof value === 'bigint' || typeof value === 'boolean'
      ? 0
      : typeof value === 'string'
        ? 1
        : 2;
  const byRank = rank(a) - rank(b);
  if (byRank !== 0) return byRank;
  if (rank(a) === 0) {
    const x = Number(a);
    const y = Number(b);
    return x < y ? -1 : x > y ? 1 : 0;
  }
  const x = typeof a === 'string' ? a : JSON.stringify(a);
  const y = typeof b === 'string' ? b : JSON.stringify(b);
  return x < y ? -1 : x > y ? 1 : 0;
}

/** A Map key for a tuple of cell values; 1 and '1' stay distinct. */
export function tupleKey(values: readonly unknown[]): unknown {
  if (values.length === 1) return values[0] ?? null;
  let key = '';
  for (const value of values) key += `${typeof value}:${String(value)}\u0001`;
  return key;
}

/** How Python prints a label: booleans as True/False, timestamps as 'YYYY-MM-DD HH:MM:SS'. */
export function labelOf(value: unknown, temporal: boolean): string {
  if (value === null || value === undefined) return NULL_STRING;
  if (typeof value === 'boolean') return value ? 'True' : 'False';
  if (temporal && typeof value === 'number')
    return new Date(value).toISOString().slice(0, 19).replace('T', ' ');
  if (typeof value === 'string') return value;
  if (typeof value === 'number' || typeof value === 'bigint') return String(value);
  return JSON.stringify(value);
}

/** Rows with only `columns`, in that order. */
export function pickColumns(rows: readonly Row[], columns: readonly string[]): Row[] {
  return rows.map((row) => {
    const out: Row = {};
    for (const column of columns) out[column] = row[column];
    return out;
  });
}
